"""Narration conformance: every registered game tells every event in words, to whoever may
read it, and never tells the public what only a seat may know.

Over seeded games of every game at its largest table (bot policy and random players mixed,
as in `test_policies.py`), for every event of every step:
- a public event (`GameSpec.audience(event) is None`) is told in a non-empty line; a private
  one names the seats that may read it (a set: the empty set is bookkeeping nobody reads);
- every die of a public roll appears, in order, in its line;
- no public line names a secret: a string (4 characters or more, found as a whole word) that
  some seat's own view held during the game and no public view ever held (as
  `tests/bot/hidden.py` judges), except a game's declared vocabulary.
Events are narrated in their stored (JSON) form, as the log reads them back.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from bench.policies import POLICY_SALT
from games.engine import DiceRolled, Player, PlayerId, Rng, raw_event
from games.registry import GAMES, AnySpec
from tests.games.variants import options_for
from tests.leaves import leaves

SEEDS = range(3)
MAX_STEPS = 3000
MAX_SEATS = 6
MIN_SECRET = 4
VOCABULARY: dict[str, set[str]] = {}
"""Words a seat's view holds that name the game's vocabulary, not what is hidden."""


def _shown(secret: str, line: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(secret)}(?!\w)", line) is not None


class Told:
    """What one game told the public, and what its views held."""

    def __init__(self) -> None:
        self.public_lines: list[tuple[int, str]] = []
        self.public_held: set[str] = set()
        self.seat_held: set[str] = set()

    def hold(self, spec: AnySpec, state: Any, players: tuple[Player, ...]) -> None:
        for leaf in leaves(spec.view(state, None).model_dump(mode="json")):
            self.public_held.add(leaf)
        if spec.has_private_views:
            for p in players:
                for leaf in leaves(spec.view(state, p.id).model_dump(mode="json")):
                    self.seat_held.add(leaf)

    def secrets(self, key: str) -> set[str]:
        """What only seats held: not in any public view, not part of a public string (a card
        named in full on the public board: "Diagonal Ram +2"), not the game's vocabulary."""
        public = "\n".join(self.public_held)
        return {
            s
            for s in self.seat_held - self.public_held - VOCABULARY.get(key, set())
            if len(s) >= MIN_SECRET and s not in public
        }


def _faces_in_order(dice: tuple[int, ...], line: str) -> bool:
    numbers = iter(int(n) for n in re.findall(r"\d+", line))
    return all(any(n == d for n in numbers) for d in dice)


def _play(spec: AnySpec, seed: int) -> Told:
    rnd = random.Random(seed)
    count = min(spec.max_players, MAX_SEATS)
    players = tuple(Player(id=700 + i, name=f"Seat{i + 1}") for i in range(count))
    names: dict[PlayerId, str] = {p.id: p.name for p in players}
    state = spec.setup(players, options_for(spec, seed), Rng.for_step(seed, 0))
    told = Told()
    told.hold(spec, state, players)
    for step in range(1, MAX_STEPS + 1):
        if spec.outcome(state) is not None:
            return told
        actor = rnd.choice(sorted(spec.active_players(state)))
        if spec.policy is not None and rnd.random() < 0.5:
            action = spec.policy(state, actor, Rng.for_step(seed ^ POLICY_SALT, step))
        else:
            action = rnd.choice(list(spec.legal_actions(state, actor)))
        result = spec.apply(state, actor, action, Rng.for_step(seed, step))
        state = result.state
        told.hold(spec, state, players)
        for event in result.events:
            raw = raw_event(event)
            audience = spec.audience(raw)
            line = spec.narrate(raw, names)
            where = f"{spec.key} seed {seed} step {step}: {event.kind}"
            if audience is not None:
                assert isinstance(audience, frozenset), f"{where}: audience {audience!r}"
                continue
            assert line.strip(), f"{where}: a public event told in no words"
            if isinstance(event, DiceRolled):
                assert _faces_in_order(event.dice, line), f"{where}: dice {event.dice} in {line!r}"
            told.public_lines.append((step, line))
    pytest.fail(f"{spec.key} seed {seed}: no outcome after {MAX_STEPS} steps")


@pytest.mark.parametrize("key", sorted(GAMES))
def test_every_event_is_told_to_whoever_may_read_it(key: str) -> None:
    spec = GAMES[key]
    lines = 0
    for seed in SEEDS:
        told = _play(spec, seed)
        secrets = told.secrets(key)
        for step, line in told.public_lines:
            leaked = [s for s in secrets if _shown(s, line)]
            assert not leaked, f"{key} seed {seed} step {step}: {sorted(leaked)} in {line!r}"
        lines += len(told.public_lines)
    assert lines, f"{key}: no public line in {len(SEEDS)} games"
