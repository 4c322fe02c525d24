"""Road Wolf in the policies part (`bench/policies.py` calls it; Apocalypse Road is there).

- Road Wolf: bot against bot in every mission at its hard case: six players (GAUNTLET and
  DERAILED then have six sides; the other missions share the six out between their two sides),
  the `points` option at 10 where the mission takes it. The games are `bench.rw_balance.play`'s
  (seeded dice, the first active player acts). Quality: the share of games that reach an
  outcome within `rw_balance.MAX_STEPS` actions; per mission the wins of each side and the
  draws, as information. Decision time per mission (the policy call alone).
"""

from __future__ import annotations

from collections import Counter

from bench import rw_balance
from bench.figures import Section, Target
from bench.stats import percentile
from games.roadwolf.data import MISSION_NAMES, MISSIONS, MissionKey

RW_PLAYERS = 6
RW_POINTS = 10
FINISHED = Target(0.95, at_least=True)
DECISION_P99_MS = Target(50)


def _results(games: list[rw_balance.Game], mission: MissionKey) -> str:
    """Who won: each side by name (a free-for-all mission: by number), draws, the rest."""
    spec = MISSIONS[mission]
    won: Counter[int] = Counter()
    shared = draws = unfinished = errors = 0
    for game in games:
        if game.winner == -1:
            unfinished += 1
        elif game.winner == -2:
            errors += 1
        elif len(game.sides_won) > 1:
            shared += 1
        elif game.sides_won:
            won[game.sides_won[0]] += 1
        else:
            draws += 1
    if spec.free_for_all:
        text = "wins by side 1-6 " + "/".join(str(won[k]) for k in range(RW_PLAYERS))
        text += f", shared {shared}"
    else:
        text = f"{spec.sides[0]} {won[0]} / {spec.sides[1]} {won[1]}"
    text += f" / draws {draws}"
    if unfinished or errors:
        text += f"; not over {unfinished}, raised {errors}"
    return text


def roadwolf(
    section: Section, seeds: int, missions: tuple[MissionKey, ...] = MISSION_NAMES
) -> list[float]:
    """Every mission, `seeds` games each; adds its figures, returns the decision seconds."""
    seconds: list[float] = []
    games: list[rw_balance.Game] = []
    for mission in missions:
        mine = [
            rw_balance.play_safely(mission, RW_POINTS, seed, RW_PLAYERS) for seed in range(seeds)
        ]
        games += mine
        times = [t for g in mine for t in g.decisions_ms]
        seconds += [t / 1000 for t in times]
        points = "" if rw_balance.fixed_points(mission) else f" {RW_POINTS}"
        section.add(
            f"Road Wolf {mission}{points}: decision p99",
            percentile(times, 99) if times else float("nan"),
            "ms",
            target=DECISION_P99_MS,
            note=f"p50 {percentile(times, 50):.2f}, max {max(times, default=0):.1f} ms; "
            f"{len(mine)} games: {_results(mine, mission)}",
        )
    over = sum(1 for g in games if g.winner not in (-1, -2))
    section.add(
        "Road Wolf bot vs bot: games reaching an outcome",
        over / len(games),
        "",
        target=FINISHED,
        note=f"{over}/{len(games)} within {rw_balance.MAX_STEPS:,} actions: "
        f"{len(missions)} missions x {seeds} seeds, {RW_PLAYERS} players, points "
        f"{RW_POINTS} where it applies",
    )
    for game in games:
        if game.error:
            section.notes.append(f"Road Wolf {game.mission} seed {game.seed} raised {game.error}")
    return seconds
