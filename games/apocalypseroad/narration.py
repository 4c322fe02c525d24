"""Apocalypse Road told in words (`GameSpec.narrate`) behind its gate (`GameSpec.audience`).

Events reach here in their stored JSON form. Notes (`kind` "ar") already hold their words: every
log written under rules version 2 is made of them. A move (`ar_moved`) names where each car it
moved ended; the cards drawn into a hand (`ar_drawn`) are told to their owner alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.apocalypseroad.data import RACE_CARDS, card_name
from games.apocalypseroad.text import car_label, where
from games.apocalypseroad.track import GRID_BASE
from games.engine import PlayerId, default_narration


def audience(event: Mapping[str, Any]) -> frozenset[PlayerId] | None:
    """Only the owner reads the cards drawn into their hand; everything else is public (a
    race card once played, a combat card once drawn, every movement event)."""
    if event.get("kind") == "ar_drawn":
        return frozenset({int(event["player"])})
    return None


def narrate(event: Mapping[str, Any], names: Mapping[PlayerId, str]) -> str:
    """One event in words: a note says its text, a move where its cars ended, a draw the cards."""
    kind = event.get("kind")
    if kind == "ar":
        return str(event.get("text") or "")
    if kind == "ar_moved":
        return moved_line(event.get("cars") or ())
    if kind == "ar_drawn":
        who = names.get(int(event["player"]), "a player")
        cards = [card_name(c) for c in event.get("cards") or () if 0 <= c < len(RACE_CARDS)]
        return f"{who} draws {', '.join(cards)}" if cards else f"{who} draws no card"
    return default_narration(event, names)


HOW = {
    "moves": "{car} moves to {spot}",
    "pushed": "pushes {car} to {spot}",
    "follows": "{car} follows to {spot}",
    "displaced": "displaces {car} to {spot}",
}


def moved_line(cars: Sequence[Mapping[str, Any]]) -> str:
    """The move in words, the mover first, then each car it took along, by where it ended:
    "A1 moves to sector 7 lane 1; pushes B1 to sector 8 lane 1; B3 follows to sector 6 lane 1"."""
    return "; ".join(
        HOW.get(str(c.get("how")), HOW["moves"]).format(
            car=car_label(int(c["car"])), spot=spot(int(c["sector"]), int(c["lane"]))
        )
        for c in cars
    )


def spot(sector: int, lane: int) -> str:
    """Where a car on the track or the grid stands, in words."""
    return where("grid" if sector >= GRID_BASE else "track", sector, lane)
