"""Apocalypse Road's session options: the track, the race's length, the extra cards, the pick.

Options stored before issue 26 named the VP pool (12 or 15); they load as the long race option.
"""

from __future__ import annotations

from typing import Any

from pydantic import Field, field_validator, model_validator

from games.apocalypseroad.data import LONG_POOL, RACE_LENGTHS, STANDARD_POOL
from games.apocalypseroad.track import TRACKS
from games.engine import Model


class ArOptions(Model):
    track: str = Field(
        default="oval", description="track: " + ", ".join(TRACKS), examples=list(TRACKS)
    )
    long_race: bool = Field(
        default=False,
        description="the rules' long game: 15 VP to win instead of 12 (" + RACE_LENGTHS + ")",
    )
    work_the_pack: bool = Field(
        default=False,
        description="add the 4 reconstructed Work the Pack cards (+3, moves as Overtake)",
    )
    pick_cars: bool = Field(
        default=True,
        description=(
            "each player picks their 4 or 5 cars of 8 before the race (rule 4); off skips the"
            " pick: every team races the standard set"
        ),
    )

    @model_validator(mode="before")
    @classmethod
    def _from_pool(cls, data: Any) -> Any:
        """Races stored before issue 26 name the VP pool (12 or 15) instead of the option."""
        if isinstance(data, dict) and "pool" in data:
            rest = {k: v for k, v in data.items() if k != "pool"}
            rest.setdefault("long_race", data["pool"] == LONG_POOL)
            return rest
        return data

    @property
    def pool(self) -> int:
        """The VP a team must score to win (the rules' VP pool)."""
        return LONG_POOL if self.long_race else STANDARD_POOL

    @field_validator("track")
    @classmethod
    def _known_track(cls, value: str) -> str:
        if value not in TRACKS:
            raise ValueError(f"unknown track {value!r}; tracks: {', '.join(TRACKS)}")
        return value
