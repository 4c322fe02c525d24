"""Seasons: a series of counted races in one channel, its members and their standing.

A season's standing moves in the same transaction as the race's results
(`storage.queries.ratings.count_game` takes a `SeasonCredit`), so a race adds its points once,
and the season closes itself after its last counted race.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage.db import Db, serialize
from storage.queries.transactions import reading, writing


@dataclass(frozen=True)
class SeasonRow:
    id: int
    guild_id: int
    channel_id: int
    name: str
    game_key: str
    races: int
    points: tuple[int, ...]
    """Points for 1st, 2nd, ...; a place past the list scores nothing."""
    role_id: int | None
    creator_id: int
    options_json: str
    status: str
    races_done: int

    @property
    def is_open(self) -> bool:
        return self.status == "open"


@dataclass(frozen=True)
class SeasonMember:
    user_id: int
    name: str
    points: int
    races: int
    wins: int


@dataclass(frozen=True)
class SeasonCredit:
    """What one counted race gives a season: points by member (members only)."""

    season_id: int
    points: Mapping[int, int]


def _season(row: Any) -> SeasonRow:
    data = dict(row)
    data["points"] = tuple(json.loads(data.pop("points_json")))
    data.pop("created_at", None)
    return SeasonRow(**data)


def create_season(
    db: Db,
    *,
    now: float,
    guild_id: int,
    channel_id: int,
    name: str,
    game_key: str,
    races: int,
    points: tuple[int, ...],
    role_id: int | None,
    creator_id: int,
    creator_name: str,
    options_json: str,
) -> SeasonRow | None:
    """A new open season with its creator as first member; None if the channel has one."""
    with writing(db):
        serialize(db, f"season:{channel_id}")
        if db.execute(
            "SELECT 1 FROM seasons WHERE channel_id = ? AND status = 'open'", (channel_id,)
        ).fetchone():
            return None
        row = db.execute(
            "INSERT INTO seasons (guild_id, channel_id, name, game_key, races, points_json,"
            " role_id, creator_id, options_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " RETURNING *",
            (
                guild_id,
                channel_id,
                name,
                game_key,
                races,
                json.dumps(list(points)),
                role_id,
                creator_id,
                options_json,
                now,
            ),
        ).fetchone()
        db.execute(
            "INSERT INTO season_members (season_id, user_id, name, joined_at) VALUES (?, ?, ?, ?)",
            (row["id"], creator_id, creator_name, now),
        )
    return _season(row)


def open_season(db: Db, *, channel_id: int) -> SeasonRow | None:
    with reading(db):
        row = db.execute(
            "SELECT * FROM seasons WHERE channel_id = ? AND status = 'open'", (channel_id,)
        ).fetchone()
    return None if row is None else _season(row)


def latest_season(db: Db, *, channel_id: int) -> SeasonRow | None:
    """The channel's open season, else its last one."""
    with reading(db):
        row = db.execute(
            "SELECT * FROM seasons WHERE channel_id = ? ORDER BY status = 'open' DESC, id DESC"
            " LIMIT 1",
            (channel_id,),
        ).fetchone()
    return None if row is None else _season(row)


def season_of_session(db: Db, *, session_id: int) -> SeasonRow | None:
    with reading(db):
        row = db.execute(
            "SELECT s.* FROM seasons s JOIN season_races r ON r.season_id = s.id"
            " WHERE r.session_id = ?",
            (session_id,),
        ).fetchone()
    return None if row is None else _season(row)


def join_season(db: Db, *, now: float, season_id: int, user_id: int, name: str) -> bool:
    """False if they are a member already."""
    with writing(db):
        return bool(
            db.execute(
                "INSERT INTO season_members (season_id, user_id, name, joined_at)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (season_id, user_id) DO NOTHING",
                (season_id, user_id, name, now),
            ).rowcount
        )


def season_members(db: Db, *, season_id: int) -> list[SeasonMember]:
    """The standings: most points first, then most wins, then who joined first."""
    with reading(db):
        rows = db.execute(
            "SELECT user_id, name, points, races, wins FROM season_members WHERE season_id = ?"
            " ORDER BY points DESC, wins DESC, joined_at, user_id",
            (season_id,),
        ).fetchall()
    return [SeasonMember(**dict(row)) for row in rows]


def add_race(db: Db, *, season_id: int, session_id: int) -> None:
    with writing(db):
        db.execute(
            "INSERT INTO season_races (session_id, season_id) VALUES (?, ?)",
            (session_id, season_id),
        )


def credit(db: Db, season: SeasonCredit, wins: Mapping[int, bool]) -> None:
    """Inside the counting transaction: a race's points to the season's members, one more
    counted race, and the season over after its last."""
    for user_id, points in season.points.items():
        db.execute(
            "UPDATE season_members SET points = points + ?, races = races + 1,"
            " wins = wins + ? WHERE season_id = ? AND user_id = ?",
            (points, int(wins.get(user_id, False)), season.season_id, user_id),
        )
    db.execute(
        "UPDATE seasons SET races_done = races_done + 1, status = CASE WHEN races_done + 1 >="
        " races THEN 'over' ELSE status END WHERE id = ? AND status = 'open'",
        (season.season_id,),
    )
