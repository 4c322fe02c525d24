"""Buttons of no game: `<namespace>:<verb>:<payload>`, naming a page, a member or a season
rather than a session (the host answers them as extra verbs, `table.host.Host`). Strict and
bounded like every Redline custom_id: anything else decodes to None."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import ClassVar, Self

from table.ids import MAX_LEN, ButtonId


@dataclass(frozen=True)
class PlainButton(ButtonId):
    """A button of no game. Subclasses name their `PREFIX`, their `VERBS` and the shape of
    their `PAYLOAD` (a regular expression)."""

    VERBS: ClassVar[tuple[str, ...]] = ()
    PAYLOAD: ClassVar[str] = r"\d{1,20}"
    """A Discord id (19 digits today) or a number, by default."""

    @classmethod
    def of(cls, verb: str, payload: object) -> Self:
        return cls(verb, 0, 0, str(payload))

    def encode(self) -> str:
        return f"{self.PREFIX}:{self.verb}:{self.payload}"

    @classmethod
    def decode(cls, custom_id: str) -> Self | None:
        prefix, _, rest = custom_id.partition(":")
        verb, _, payload = rest.partition(":")
        if len(custom_id) > MAX_LEN or prefix != cls.PREFIX or verb not in cls.VERBS:
            return None
        return cls.of(verb, payload) if re.fullmatch(cls.PAYLOAD, payload) else None
