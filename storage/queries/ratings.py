"""Ratings and results: a finished game counted once (its ratings moved in the same
transaction), the leaderboard as one index range read, a member's history for `/stats`.

How a game is rated (who counts, in which places, and openskill's arithmetic) is the core's
(`table/ratings.py`): it hands `count_game` a pure `rate` function, which runs inside the
transaction on the ratings it read, so two games ending at once never lose an update.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from storage.db import Db, serialize
from storage.queries.seasons import SeasonCredit, credit
from storage.queries.transactions import reading, writing


@dataclass(frozen=True)
class Skill:
    """A rating: openskill's mu and sigma, and the conservative number shown (`ordinal`)."""

    mu: float
    sigma: float
    ordinal: float


@dataclass(frozen=True)
class Finisher:
    """One human seat of a finished game, as the core placed it."""

    user_id: int
    place: int
    """1 for first; players who tie share a place."""
    won: bool
    rated: bool
    """False: the game counts in their games played and won, their rating stays."""
    moves: int = 0
    move_seconds: float = 0.0


Rate = Callable[[Mapping[int, Skill | None]], Mapping[int, Skill]]
"""The rated finishers' current skills (None: never rated here) -> their new skills."""


@dataclass(frozen=True)
class RatingRow:
    guild_id: int
    game_key: str
    user_id: int
    mu: float
    sigma: float
    ordinal: float
    games: int
    wins: int


@dataclass(frozen=True)
class ResultRow:
    session_id: int
    user_id: int
    guild_id: int
    game_key: str
    place: int
    players: int
    won: bool
    rated: bool
    ordinal_after: float
    moves: int
    move_seconds: float
    finished_at: float


@dataclass(frozen=True)
class Meeting:
    """One game two members both played: where each finished."""

    session_id: int
    game_key: str
    place: int
    their_place: int
    finished_at: float


def _rating(row: Any) -> RatingRow:
    return RatingRow(**{k: row[k] for k in RatingRow.__dataclass_fields__})


def _result(row: Any) -> ResultRow:
    data = {k: row[k] for k in ResultRow.__dataclass_fields__}
    return ResultRow(**{**data, "won": bool(data["won"]), "rated": bool(data["rated"])})


def count_game(
    db: Db,
    *,
    now: float,
    session_id: int,
    guild_id: int,
    game_key: str,
    finishers: Sequence[Finisher],
    default: Skill,
    rate: Rate,
    season: SeasonCredit | None = None,
) -> bool:
    """Count one finished game: its results and, for the rated finishers, their new ratings
    (and a season race's points). False (nothing written) when the session was counted
    already. Reads and writes only the rows of this game's players (and its season): the
    same cost however many games the server has played."""
    with writing(db):
        serialize(db, f"ratings:{guild_id}:{game_key}")
        if db.execute("SELECT 1 FROM results WHERE session_id = ?", (session_id,)).fetchone():
            return False
        current: dict[int, Skill | None] = {}
        for finisher in finishers:
            row = db.execute(
                "SELECT mu, sigma, ordinal FROM ratings"
                " WHERE guild_id = ? AND game_key = ? AND user_id = ?",
                (guild_id, game_key, finisher.user_id),
            ).fetchone()
            current[finisher.user_id] = (
                None if row is None else Skill(row["mu"], row["sigma"], row["ordinal"])
            )
        rated = {f.user_id: current[f.user_id] for f in finishers if f.rated}
        moved = rate(rated) if rated else {}
        for finisher in finishers:
            skill = moved.get(finisher.user_id) or current[finisher.user_id] or default
            db.execute(
                "INSERT INTO ratings (guild_id, game_key, user_id, mu, sigma, ordinal, games,"
                " wins, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)"
                " ON CONFLICT (guild_id, game_key, user_id) DO UPDATE SET mu = excluded.mu,"
                " sigma = excluded.sigma, ordinal = excluded.ordinal,"
                " games = ratings.games + 1, wins = ratings.wins + excluded.wins,"
                " updated_at = excluded.updated_at",
                (
                    guild_id,
                    game_key,
                    finisher.user_id,
                    skill.mu,
                    skill.sigma,
                    skill.ordinal,
                    int(finisher.won),
                    now,
                ),
            )
            db.execute(
                "INSERT INTO results (session_id, user_id, guild_id, game_key, place, players,"
                " won, rated, ordinal_after, moves, move_seconds, finished_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    session_id,
                    finisher.user_id,
                    guild_id,
                    game_key,
                    finisher.place,
                    len(finishers),
                    int(finisher.won),
                    int(finisher.user_id in moved),
                    skill.ordinal,
                    finisher.moves,
                    finisher.move_seconds,
                    now,
                ),
            )
        if season is not None:
            credit(db, season, {f.user_id: f.won for f in finishers})
    return True


def leaderboard(
    db: Db, *, guild_id: int, game_key: str, min_games: int, limit: int, offset: int
) -> tuple[list[RatingRow], int]:
    """One page of a server's ranking in one game (best first) and how many qualify in all."""
    with reading(db):
        rows = db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND game_key = ? AND games >= ?"
            " ORDER BY ordinal DESC, user_id LIMIT ? OFFSET ?",
            (guild_id, game_key, min_games, limit, offset),
        ).fetchall()
        total = db.execute(
            "SELECT COUNT(*) AS n FROM ratings WHERE guild_id = ? AND game_key = ? AND games >= ?",
            (guild_id, game_key, min_games),
        ).fetchone()["n"]
    return [_rating(row) for row in rows], int(total)


def ratings_of(db: Db, *, guild_id: int, user_id: int) -> list[RatingRow]:
    """A member's rating in every game they played on this server, most played first."""
    with reading(db):
        rows = db.execute(
            "SELECT * FROM ratings WHERE guild_id = ? AND user_id = ?"
            " ORDER BY games DESC, game_key",
            (guild_id, user_id),
        ).fetchall()
    return [_rating(row) for row in rows]


def results_of(
    db: Db, *, guild_id: int | None, user_id: int, game_key: str | None = None
) -> list[ResultRow]:
    """A member's counted games, oldest first: on one server (or every one: None), in one
    game (or all: None)."""
    where: list[str] = ["user_id = ?"]
    params: list[object] = [user_id]
    if guild_id is not None:
        where.append("guild_id = ?")
        params.append(guild_id)
    if game_key is not None:
        where.append("game_key = ?")
        params.append(game_key)
    with reading(db):
        rows = db.execute(
            f"SELECT * FROM results WHERE {' AND '.join(where)} ORDER BY finished_at, session_id",
            params,
        ).fetchall()
    return [_result(row) for row in rows]


def meetings(
    db: Db, *, guild_id: int, user_id: int, other_id: int, game_key: str | None = None
) -> list[Meeting]:
    """The counted games both members played on this server, oldest first."""
    game = "" if game_key is None else " AND a.game_key = ?"
    with reading(db):
        rows = db.execute(
            "SELECT a.session_id, a.game_key, a.place, b.place AS their_place, a.finished_at"
            " FROM results a JOIN results b ON b.session_id = a.session_id AND b.user_id = ?"
            f" WHERE a.guild_id = ? AND a.user_id = ?{game} ORDER BY a.finished_at",
            (other_id, guild_id, user_id, *(() if game_key is None else (game_key,))),
        ).fetchall()
    return [Meeting(**dict(row)) for row in rows]


def rated_games(db: Db, *, guild_id: int) -> list[tuple[str, int]]:
    """The games played on this server with how many members have a rating in each, most
    first (an index read: `ratings` is keyed by server first)."""
    with reading(db):
        rows = db.execute(
            "SELECT game_key, COUNT(*) AS n FROM ratings WHERE guild_id = ?"
            " GROUP BY game_key ORDER BY n DESC, game_key",
            (guild_id,),
        ).fetchall()
    return [(str(row["game_key"]), int(row["n"])) for row in rows]


def uncounted_sessions(db: Db, *, limit: int) -> list[int]:
    """Finished games of a server since ratings began that were never counted (the process
    stopped between a game's last move and its counting), oldest first."""
    with reading(db):
        rows = db.execute(
            "SELECT s.id FROM sessions s WHERE s.status = 'finished' AND s.guild_id IS NOT NULL"
            " AND s.id >= (SELECT first_session FROM counting_since)"
            " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.session_id = s.id)"
            " ORDER BY s.id LIMIT ?",
            (limit,),
        ).fetchall()
    return [int(row["id"]) for row in rows]
