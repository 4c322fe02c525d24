"""Bot policies against their targets: `python -m bench.policies [--quick] [--json]`.

Every game is played from setup with seeded dice (`Rng.for_step(seed, step)`); the policy plays
its seats and a uniformly random player (`random.Random(seed)` over `legal_actions`) plays the
others. The same functions back the target tests in `tests/games/*/test_policy.py`, which play
fewer games.

- Drag Rage: the bot against a random driver, the bot in each seat half the time.
- Space Truckin': how many truckers leave the shipyard with a serviceable truck, and their VP,
  for the bot and for random play; solo and at a table of 2-4.
- Rush 'n' Crush: the bot against a random driver in 2-car races; bot-only races of 2-6 cars:
  how many end with a car crossing the line (not by wrecks), how many cars are still running.
- Road Wolf: see `bench/policies_more.py` (every mission bot against bot at six players).
- Apocalypse Road: the bot against three uniformly random players in 4-player races (the bot in
  each seat a quarter of the time); decision time from bot-only races of 10 players.
- Decision time of each policy (the policy call alone, legal_actions included), p50 and p99.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Any

from bench import policies_more
from bench.figures import Section, Target
from bench.stats import percentile
from games.engine import Player, PlayerId, Rng
from games.registry import GAMES, AnySpec
from games.rushncrush.course import get_course

MAX_STEPS = 5000
WIN_RATE = Target(0.70, at_least=True)
SERVICEABLE = Target(0.90, at_least=True)
DECISION_P99_MS = Target(50)
AR_WIN_RATE = Target(0.5, at_least=True)
POLICY_SALT = 0x5EED
"""Seeds the policy's own Rng apart from the dice of the same step."""


@dataclass
class Played:
    """One finished game: the final state, its players and the policy's decision times."""

    state: Any
    players: tuple[Player, ...]
    seconds: list[float] = field(default_factory=list)

    def seat(self, index: int) -> PlayerId:
        return self.players[index].id


def play(
    spec: AnySpec,
    count: int,
    seed: int,
    bots: Collection[int],
    options: dict[str, Any] | None = None,
) -> Played:
    """One seeded game from setup; seats (0-based) in `bots` play the policy, others at random."""
    assert spec.policy is not None, f"{spec.key} has no policy"
    rnd = random.Random(seed)
    players = tuple(Player(id=1000 + i, name=f"P{i + 1}") for i in range(count))
    state = spec.setup(players, spec.parse_options(options), Rng.for_step(seed, 0))
    played = Played(state, players)
    by_id = {p.id: i for i, p in enumerate(players)}
    for step in range(1, MAX_STEPS + 1):
        if spec.outcome(state) is not None:
            played.state = state
            return played
        actor = rnd.choice(sorted(spec.active_players(state)))
        if by_id[actor] in bots:
            began = time.perf_counter()
            action = spec.policy(state, actor, Rng.for_step(seed ^ POLICY_SALT, step))
            played.seconds.append(time.perf_counter() - began)
        else:
            action = rnd.choice(list(spec.legal_actions(state, actor)))
        state = spec.apply(state, actor, action, Rng.for_step(seed, step)).state
    raise AssertionError(f"{spec.key} seed {seed}: no outcome after {MAX_STEPS} steps")


# ---------------------------------------------------------------- measures


@dataclass
class Duels:
    """The bot against a random player in two-player games, the bot's seat alternating."""

    wins: int = 0
    games: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else float("nan")


def duels(key: str, games: int, options: dict[str, Any] | None = None) -> Duels:
    spec = GAMES[key]
    found = Duels()
    for seed in range(games):
        bot = seed % 2
        played = play(spec, 2, seed, {bot}, options)
        outcome = spec.outcome(played.state)
        assert outcome is not None
        found.games += 1
        found.wins += outcome.winners == (played.seat(bot),)
        found.seconds += played.seconds
    return found


@dataclass
class Trucks:
    """Space Truckin': truckers leaving the shipyard serviceable, and their final VP."""

    serviceable: int = 0
    truckers: int = 0
    vp: list[int] = field(default_factory=list)
    wins: int = 0
    games: int = 0
    seconds: list[float] = field(default_factory=list)

    @property
    def rate(self) -> float:
        return self.serviceable / self.truckers if self.truckers else float("nan")


def trucks(games: int, count: int = 1, *, bot: bool = True, first_seed: int = 0) -> Trucks:
    """`games` seeded Space Truckin' games of `count` truckers, all bots or all random."""
    spec = GAMES["spacetruckin"]
    found = Trucks()
    for seed in range(first_seed, first_seed + games):
        played = play(spec, count, seed, range(count) if bot else ())
        outcome = spec.outcome(played.state)
        assert outcome is not None
        found.games += 1
        found.wins += bool(outcome.winners)
        found.seconds += played.seconds
        for sheet in played.state.sheets:
            found.truckers += 1
            found.serviceable += not sheet.reason.startswith("unserviceable")
            found.vp.append(sheet.vp)
    return found


@dataclass
class Races:
    """Rush 'n' Crush bot-only races: how they end and how the field fares."""

    races: int = 0
    crossed: int = 0
    cars: int = 0
    running: int = 0
    progress: list[float] = field(default_factory=list)
    """Share of the course each car that did not win had covered when the race ended."""
    seconds: list[float] = field(default_factory=list)


def races(count: int, games: int, course: str = "normal") -> Races:
    spec = GAMES["rushncrush"]
    finish = get_course(course).finish_row
    found = Races()
    for seed in range(games):
        played = play(spec, count, seed, range(count), {"course": course})
        state = played.state
        found.races += 1
        found.crossed += state.end_reason == "first across the finish line"
        found.seconds += played.seconds
        for car in state.cars:
            found.cars += 1
            found.running += not car.destroyed
            if car.player != state.winner:
                found.progress.append(min(car.row / finish, 1.0))
    return found


def apocalypse(section: Section, races: int, big_races: int) -> list[float]:
    """The bot against random players; returns the decision seconds of 10-player races."""
    spec = GAMES["apocalypseroad"]
    wins = 0
    four: list[float] = []
    for seed in range(races):
        bot = seed % 4
        played = play(spec, 4, seed, {bot})
        outcome = spec.outcome(played.state)
        assert outcome is not None
        wins += outcome.winners == (played.seat(bot),)
        four += played.seconds
    section.add(
        "Apocalypse Road: bot wins vs 3 random",
        wins / races,
        "",
        target=AR_WIN_RATE,
        note=f"{wins}/{races} 4-player races, the bot in each seat a quarter of the time "
        f"(a fair share is 0.25); its decision p99 there {percentile(four, 99) * 1000:.1f} ms",
    )
    seconds: list[float] = []
    for seed in range(big_races):
        seconds += play(spec, 10, 5000 + seed, range(10)).seconds
    section.notes.append(f"Apocalypse Road decision time: {big_races} bot-only races of 10 players")
    return seconds


# ---------------------------------------------------------------- report


def _ms(seconds: list[float], q: float) -> float:
    return percentile(seconds, q) * 1000


def run(*, quick: bool = False) -> Section:
    scale = 4 if quick else 1
    section = Section("policies: bot seats and absent players (seeded games from setup)")
    timing: dict[str, list[float]] = {key: [] for key in GAMES}

    dr = duels("dragrage", 1000 // scale)
    timing["dragrage"] += dr.seconds
    section.add(
        "Drag Rage: bot wins vs random",
        dr.rate,
        "",
        target=WIN_RATE,
        note=f"{dr.wins}/{dr.games} races, bot in each seat half the time",
    )

    solo = trucks(400 // scale)
    timing["spacetruckin"] += solo.seconds
    section.add(
        "Space Truckin' solo: serviceable truck",
        solo.rate,
        "",
        target=SERVICEABLE,
        note=f"{solo.serviceable}/{solo.truckers} truckers",
    )
    section.add(
        "Space Truckin' solo: mean VP",
        statistics.mean(solo.vp),
        "VP",
        target=Target(1, at_least=True),
        note=f"median {statistics.median(solo.vp)}; {solo.wins}/{solo.games} "
        f"reach 20 VP; max {max(solo.vp)}",
    )
    table = Trucks()
    for count in (2, 3, 4):
        part = trucks(60 // scale, count, first_seed=1000 * count)
        table.serviceable += part.serviceable
        table.truckers += part.truckers
        table.vp += part.vp
        timing["spacetruckin"] += part.seconds
    section.add(
        "Space Truckin' 2-4 bots: serviceable",
        table.rate,
        "",
        target=SERVICEABLE,
        note=f"{table.serviceable}/{table.truckers} truckers; "
        f"VP mean {statistics.mean(table.vp):.1f}",
    )
    rand = trucks(400 // scale, bot=False)
    section.add(
        "Space Truckin' random: serviceable",
        rand.rate,
        "",
        note=f"{rand.serviceable}/{rand.truckers}; VP mean {statistics.mean(rand.vp):.2f}, "
        f"median {statistics.median(rand.vp)}",
    )

    rnc = duels("rushncrush", 400 // scale)
    timing["rushncrush"] += rnc.seconds
    section.add(
        "Rush 'n' Crush: bot wins vs random (2 cars)",
        rnc.rate,
        "",
        target=WIN_RATE,
        note=f"{rnc.wins}/{rnc.games} races",
    )
    for count in range(2, 7):
        field_ = races(count, 60 // scale)
        timing["rushncrush"] += field_.seconds
        section.add(
            f"Rush 'n' Crush {count} bots: races won at the line",
            field_.crossed / field_.races,
            "",
            target=Target(0.9, at_least=True),
            note=f"{field_.crossed}/{field_.races} races; cars running at the end "
            f"{field_.running}/{field_.cars}; the others had covered "
            f"{statistics.mean(field_.progress):.0%} of the course",
        )

    timing["roadwolf"] += policies_more.roadwolf(section, seeds=max(1, 4 // scale))
    timing["apocalypseroad"] += apocalypse(
        section, races=max(40, 160 // scale), big_races=max(1, 4 // scale)
    )

    for key, seconds in timing.items():
        if not seconds:  # a game registered since this part was written: no policy play here
            section.notes.append(f"{GAMES[key].title}: no policy benchmark yet")
            continue
        section.add(
            f"{GAMES[key].title}: decision p99",
            _ms(seconds, 99),
            "ms",
            target=DECISION_P99_MS,
            note=f"p50 {_ms(seconds, 50):.2f} ms, max {max(seconds) * 1000:.1f} ms, "
            f"{len(seconds):,} decisions",
        )
    section.notes.append(
        "uniformly random player = random.Random(seed).choice(legal_actions); decision time "
        "is the policy call alone (legal_actions included), not pinned to a core"
    )
    return section


def main(argv: list[str] | None = None, out: Callable[[str], None] = print) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a quarter of the games")
    parser.add_argument("--json", action="store_true", help="print the section as JSON")
    args = parser.parse_args(argv)
    section = run(quick=args.quick)
    out(section.to_json() if args.json else section.render())


if __name__ == "__main__":
    main()
