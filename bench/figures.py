"""A measured figure, the target it is held to, and its PASS/MISS verdict.

Figures cross a process boundary (the throughput and ready-time runs happen in child
processes so their memory and start-up are their own), hence the plain JSON round trip.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any


@dataclass(frozen=True)
class Target:
    """`value < limit` (or `value >= limit` when `at_least`, `value <= limit` when `at_most`:
    counts held to a budget, "at most 1 post a turn")."""

    limit: float
    at_least: bool = False
    at_most: bool = False

    def is_met(self, value: float) -> bool:
        if math.isnan(value):
            return False
        if self.at_least:
            return value >= self.limit
        return value <= self.limit if self.at_most else value < self.limit

    def describe(self, unit: str) -> str:
        sign = ">=" if self.at_least else "<=" if self.at_most else "<"
        return f"{sign} {_number(self.limit)} {unit}".rstrip()


@dataclass(frozen=True)
class Figure:
    """One line of the report: `section / name  value unit  target  verdict  (note)`."""

    section: str
    name: str
    value: float
    unit: str
    target: Target | None = None
    note: str = ""

    @property
    def verdict(self) -> str:
        if self.target is None:
            return "info"
        return "PASS" if self.target.is_met(self.value) else "MISS"

    def line(self) -> str:
        target = self.target.describe(self.unit) if self.target is not None else "-"
        shown = f"{_number(self.value)} {self.unit}".rstrip()
        text = f"  {self.name:<42} {shown:>14}   target {target:<14} {self.verdict}"
        return f"{text}  {self.note}" if self.note else text

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Figure:
        target = raw.get("target")
        return cls(**{**raw, "target": Target(**target) if target else None})


@dataclass
class Section:
    """A titled group of figures plus free-text lines (context, what limits the figures)."""

    title: str
    figures: list[Figure] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, name: str, value: float, unit: str, **kwargs: Any) -> Figure:
        figure = Figure(self.title, name, value, unit, **kwargs)
        self.figures.append(figure)
        return figure

    def render(self) -> str:
        lines = [f"== {self.title}"]
        lines += [f.line() for f in self.figures]
        lines += [f"  · {n}" for n in self.notes]
        return "\n".join(lines)

    def to_json(self) -> str:
        body = {"title": self.title, "figures": [f.to_json() for f in self.figures]}
        return json.dumps({**body, "notes": self.notes})

    @classmethod
    def from_json(cls, text: str) -> Section:
        raw = json.loads(text)
        figures = [Figure.from_json(f) for f in raw["figures"]]
        return cls(raw["title"], figures, list(raw["notes"]))


def _number(value: float) -> str:
    if math.isnan(value):
        return "n/a"
    if value == int(value) and abs(value) >= 10:
        return f"{int(value):,}"
    if abs(value) >= 100:
        return f"{value:,.0f}"
    return f"{value:.2f}" if abs(value) < 10 else f"{value:.1f}"
