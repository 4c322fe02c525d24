"""Road Wolf bot-vs-bot balance: `python -m bench.rw_balance [--seeds N] [--points 6 10]
[--missions CHASE BREAKOUT ...] [--players P] [--jobs J] [--json]`.

Each game is played from setup to its end by the bot on both sides (`SPEC.policy`), one player
per side, with seeded dice (`Rng.for_step(seed, step)`) as `tests/games/roadwolf/test_playouts`
does. Per mission and points value: how often the first side wins, the second side wins, it is
a draw, or the game has not ended after `MAX_STEPS` actions; the median number of rounds; and the
bot's decision time (the policy call alone), p50 and p99. Missions with fixed points (BREAKOUT,
MONSTERS, THE WAGES OF FEAR, GAUNTLET) ignore the points option: they are played once.
`--players` seats more than two (GAUNTLET and DERAILED then have that many sides, and the table
still shows only the first two: `bench/policies_more.py` reports every side).

Not part of CI and not part of `python -m bench`: it measures how the bots play, not how fast
the bot is. ~100 seeds of every mission at two points values takes tens of minutes on one core.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass

from bench.stats import percentile
from games.engine import Player, Rng
from games.roadwolf import SPEC
from games.roadwolf.data import MISSION_NAMES, MISSIONS
from games.roadwolf.view import winning_sides

MAX_STEPS = 4000
POLICY_SALT = 7919


@dataclass(frozen=True)
class Game:
    mission: str
    points: int
    seed: int
    winner: int | None
    """0 or 1: the side that won; None: a draw; -1: not over after MAX_STEPS; -2: an error."""
    rounds: int
    steps: int
    decisions_ms: tuple[float, ...]
    error: str = ""
    sides_won: tuple[int, ...] = ()
    """Every winning side (a shared win in GAUNTLET or DERAILED lists several); () otherwise."""


def play(mission: str, points: int, seed: int, players: int = 2) -> Game:
    """One bot-vs-bot game to its end (or MAX_STEPS), `players` seated (with more than two,
    a two-sided mission shares them out and GAUNTLET and DERAILED give each one a side)."""
    seated = tuple(Player(id=300 + i, name=f"P{i}") for i in range(players))
    options = SPEC.parse_options({"mission": mission, "points": points})
    state = SPEC.setup(seated, options, Rng.for_step(seed, 0))
    assert SPEC.policy is not None
    times: list[float] = []
    for step in range(1, MAX_STEPS):
        outcome = SPEC.outcome(state)
        if outcome is not None:
            winner = None if outcome.is_draw else state.winner
            won = winning_sides(state)
            return Game(mission, points, seed, winner, state.round, step, tuple(times), "", won)
        actor = min(SPEC.active_players(state))
        began = time.perf_counter()
        action = SPEC.policy(state, actor, Rng(seed * POLICY_SALT + step))
        times.append((time.perf_counter() - began) * 1000)
        state = SPEC.apply(state, actor, action, Rng.for_step(seed, step)).state
    return Game(mission, points, seed, -1, state.round, MAX_STEPS, tuple(times))


def play_safely(mission: str, points: int, seed: int, players: int = 2) -> Game:
    """One game; an exception is recorded as that game's result (the run goes on)."""
    try:
        return play(mission, points, seed, players)
    except Exception as error:  # a bug found is a figure to report
        return Game(mission, points, seed, -2, 0, 0, (), repr(error))


def _play(job: tuple[str, int, int, int]) -> Game:
    return play_safely(*job)


def fixed_points(mission: str) -> bool:
    """Both sides' points are set by the mission (the points option does not apply)."""
    return all(p is not None for p in MISSIONS[mission].points)  # type: ignore[index]


@dataclass(frozen=True)
class Row:
    mission: str
    points: int | None
    games: int
    first: int
    second: int
    draws: int
    unfinished: int
    errors: int
    median_rounds: float
    p50_ms: float
    p99_ms: float


def summarise(mission: str, points: int | None, games: list[Game]) -> Row:
    times = sorted(t for g in games for t in g.decisions_ms)
    return Row(
        mission,
        points,
        len(games),
        sum(1 for g in games if g.winner == 0),
        sum(1 for g in games if g.winner == 1),
        sum(1 for g in games if g.winner is None),
        sum(1 for g in games if g.winner == -1),
        sum(1 for g in games if g.winner == -2),
        statistics.median(g.rounds for g in games if g.winner != -2),
        round(percentile(times, 50), 2) if times else 0.0,
        round(percentile(times, 99), 2) if times else 0.0,
    )


def table(rows: list[Row]) -> str:
    names: dict[str, tuple[str, str]] = {m: MISSIONS[m].sides for m in MISSION_NAMES}
    lines = [
        "| Mission | Points | Games | Side 0 wins | Side 1 wins | Draws | Unfinished | Errors "
        "| Median rounds | Bot ms p50 / p99 |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        first, second = names[r.mission]
        lines.append(
            f"| {r.mission} | {r.points if r.points is not None else 'fixed'} | {r.games} "
            f"| {first} {r.first} | {second} {r.second} | {r.draws} | {r.unfinished} | {r.errors} "
            f"| {r.median_rounds:g} | {r.p50_ms} / {r.p99_ms} |"
        )
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=100)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--points", type=int, nargs="+", default=[6, 10])
    parser.add_argument("--missions", nargs="+", default=list(MISSION_NAMES))
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--players", type=int, default=2, help="seated (2-6)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    plan: list[tuple[str, int | None]] = []
    for mission in args.missions:
        if fixed_points(mission):
            plan.append((mission, None))
        else:
            plan.extend((mission, p) for p in args.points)
    jobs = [
        (m, p if p is not None else args.points[0], s, args.players)
        for m, p in plan
        for s in range(args.first_seed, args.first_seed + args.seeds)
    ]
    began = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(_play, jobs, chunksize=4))
    else:
        games = [_play(j) for j in jobs]
    rows = []
    for mission, points in plan:
        mine = [g for g in games if g.mission == mission and (points is None or g.points == points)]
        rows.append(summarise(mission, points, mine))
    for game in games:
        if game.error:
            print(
                f"error: {game.mission} {game.points} seed {game.seed}: {game.error}",
                file=sys.stderr,
            )
    if args.json:
        print(json.dumps([asdict(r) for r in rows], indent=1))
    else:
        print(table(rows))
        print(f"\n{len(games)} games in {time.perf_counter() - began:.0f} s")


if __name__ == "__main__":
    main()
