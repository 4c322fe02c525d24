"""Ratings: which finished games count, who is rated, in which places, and by how much.

Ratings are per game and per server, computed with openskill's Weng-Lin Plackett-Luce model
(free-for-all finishing orders of any size, ties, one rating per member). The number shown is
the conservative one, `ordinal` = mu - 3 sigma: it starts at 0 and rises as a member wins and
as the model grows sure of them. A game is counted once, when it ends with an outcome
(`count_finished`, called by the game service), in one transaction with its results; the
rulings below are the words players read in `/help`, and the tests quote them.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Mapping, Sequence
from itertools import pairwise

from openskill.models import PlackettLuce, PlackettLuceRating

from games.engine import Outcome, PlayerId
from storage import (
    Finisher,
    LogEntry,
    Rate,
    Repository,
    SeasonCredit,
    SessionStatus,
    Skill,
)
from table.snapshot import ServiceError, Snapshot

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
"""openskill's defaults: mu 25, sigma 25/3, so a new member's shown rating is 0."""

RULING_ENDED = (
    "A game the host or an admin ends with `/game end` is not counted: it has no finishing "
    "order, so nobody's games, wins or rating change."
)
RULING_MISSED = (
    "A game that ends because a player missed too many turns in a row counts: the others "
    "are placed by the standings at that moment (the leader wins), and the absent player "
    "finishes last."
)
RULING_BOTS = (
    "Bot seats are never rated. A game with bots counts for the people in it, placed among "
    "themselves as they finished (a bot ahead of you costs nothing extra); it moves ratings "
    "only when at least two people played. Alone against bots, it counts in your games "
    "played and won, and your rating stays."
)
RULING_TIES = (
    "Players the game ranks together share the place: in a draw everyone shares it (nobody "
    "wins), and players who win together (one side in Road Wolf) share first place. The "
    "rating treats a shared place as a draw between them."
)
RULING_SUBSTITUTES = (
    "A member who takes over someone's seat (`/game substitute`) plays for them: the result "
    "counts for the seat's player. A seat a bot took over for good counts as a bot's."
)
RATING_RULES = (
    "**Ratings** are per game and per server (openskill): the number shown is a cautious "
    "one (it starts at 0 and rises as you win and as your record grows), beside your games "
    "played. "
    + " ".join((RULING_ENDED, RULING_MISSED, RULING_BOTS, RULING_TIES))
    + " "
    + RULING_SUBSTITUTES
)


def skill_of(rating: PlackettLuceRating) -> Skill:
    return Skill(mu=rating.mu, sigma=rating.sigma, ordinal=rating.ordinal())


DEFAULT_SKILL = skill_of(MODEL.rating())


def placings(outcome: Outcome, seats: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Every seat's place (1 = first) from the game's outcome: a draw puts everyone first;
    winners share first; the others follow the outcome's ranking; a seat the ranking leaves
    out shares the last place."""
    if outcome.is_draw:
        return dict.fromkeys(seats, 1)
    places = dict.fromkeys(outcome.winners, 1)
    for player in outcome.ranking:
        if player not in places:
            places[player] = len(places) + 1
    last = len(places) + 1
    return {seat: places.get(seat, last) for seat in seats}


def placings_by_order(order: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """Places from a finishing order with no ties (a game ended for missed turns)."""
    return {player: place for place, player in enumerate(order, start=1)}


def rate_by(places: Mapping[int, int]) -> Rate:
    """The `Rate` for one game: openskill's update of the rated members, ranked by place."""

    def rate(current: Mapping[int, Skill | None]) -> Mapping[int, Skill]:
        members = list(current)
        teams = [[_rating(current[member])] for member in members]
        rated = MODEL.rate(teams, ranks=[places[member] for member in members])
        return {member: skill_of(team[0]) for member, team in zip(members, rated, strict=True)}

    return rate


def _rating(skill: Skill | None) -> PlackettLuceRating:
    if skill is None:
        return MODEL.rating()
    return MODEL.rating(mu=skill.mu, sigma=skill.sigma)


def finishers(
    snap: Snapshot,
    places: Mapping[PlayerId, int],
    moves: Sequence[LogEntry],
    *,
    draw: bool = False,
) -> list[Finisher]:
    """The game's people (bot seats left out) with their places and their time to move; in
    a `draw` nobody won."""
    people = [p for p in snap.humans if p in places]
    rated = len(people) >= 2
    counted, seconds = _move_times(moves)
    return [
        Finisher(
            user_id=p,
            place=places[p],
            won=places[p] == 1 and not draw,
            rated=rated,
            moves=counted.get(p, 0),
            move_seconds=seconds.get(p, 0.0),
        )
        for p in people
    ]


def _move_times(log_entries: Sequence[LogEntry]) -> tuple[dict[int, int], dict[int, float]]:
    """Per actor: moves made and the seconds from the step before each (the time they took)."""
    counted: dict[int, int] = {}
    seconds: dict[int, float] = {}
    entries = sorted(log_entries, key=lambda e: e.seq)
    for before, entry in pairwise(entries):
        if entry.actor is None:
            continue
        counted[entry.actor] = counted.get(entry.actor, 0) + 1
        seconds[entry.actor] = seconds.get(entry.actor, 0.0) + max(0.0, entry.at - before.at)
    return counted, seconds


async def count_finished(
    repo: Repository, snap: Snapshot, *, absent: PlayerId | None = None
) -> bool:
    """Count a game that just ended (once: False if it was counted already or does not
    count). `absent`: the game ended because this player missed too many turns."""
    record = snap.record
    if record.guild_id is None or record.status is not SessionStatus.FINISHED:
        return False
    seats = [seat.user_id for seat in record.seats]
    if absent is not None:
        order = list(snap.spec.standings(snap.state) if snap.spec.standings else seats)
        places = placings_by_order([p for p in order if p != absent] + [absent])
    elif snap.outcome is not None:
        places = placings(snap.outcome, seats)
    else:
        return False
    draw = absent is None and snap.outcome is not None and snap.outcome.is_draw
    people = finishers(snap, places, await repo.log(record.id, after_seq=-1), draw=draw)
    if not people:
        return False
    season = await repo.season_of_session(record.id)
    credit = None
    if season is not None and season.is_open and season.game_key == record.game_key:
        # Points by place among every seat, bots included (see table/seasons.py's rulings).
        table = season.points
        credit = SeasonCredit(
            season.id,
            {f.user_id: table[f.place - 1] if f.place <= len(table) else 0 for f in people},
        )
    counted = await repo.count_game(
        session_id=record.id,
        guild_id=record.guild_id,
        game_key=record.game_key,
        finishers=people,
        default=DEFAULT_SKILL,
        rate=rate_by({f.user_id: f.place for f in people}),
        season=credit,
    )
    log.info("session %s %s", record.id, "counted" if counted else "was counted already")
    return counted


async def count_missed(repo: Repository, load: Callable[[int], Awaitable[Snapshot]]) -> int:
    """At start-up: count the games that ended while this process could not count them (it
    stopped right after their last move). Games that ended for missed turns are left: which
    player was absent is only in their end reason's words. `load`: a session's snapshot by id
    (the game service's `by_id`). How many were counted."""
    counted = 0
    for session_id in await repo.uncounted_sessions():
        try:
            counted += await count_finished(repo, await load(session_id))
        except ServiceError as refused:  # a damaged game: it cannot be counted
            log.warning("session %s cannot be counted: %s", session_id, refused)
    if counted:
        log.info("counted %s game(s) that had ended uncounted", counted)
    return counted
