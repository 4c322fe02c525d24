"""Choosing cars (rule 4, 3.0 step 2) is part of every race: a pick phase every team goes
through, the standard set as its first choice, the bot and a lapsed clock picking that set."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.data import standard_set
from games.apocalypseroad.model import PickCars
from games.engine import Rng
from tests.games.apocalypseroad.helpers import PLAYERS, play


def test_every_race_starts_with_every_team_picking_its_cars() -> None:
    """3.0 step 2: "Players will always start with four or five cars of their choice from among
    their eight possible cars." (the default options: every team picks, nobody is on the grid)."""
    state = SPEC.setup(PLAYERS[:3], SPEC.parse_options(None), Rng(1))
    assert state.phase == "pick"
    assert SPEC.active_players(state) == frozenset(p.id for p in PLAYERS[:3])
    assert all(c.place == "reserve" for c in state.cars)


def test_the_standard_set_is_the_first_choice_and_the_bots() -> None:
    """The one tap for a player who does not care, and the bot's (and a lapsed clock's) pick:
    the standard set, five cars with 2-4 players and four with 5-10 (3.0 step 2)."""
    for count, size in ((4, 5), (5, 4)):
        state = SPEC.setup(PLAYERS[:count], SPEC.parse_options(None), Rng(1))
        player = PLAYERS[0].id
        first = SPEC.legal_actions(state, player)[0]
        assert first == PickCars(cars=standard_set(count)) and len(first.cars) == size
        assert SPEC.policy is not None
        assert SPEC.policy(state, player, Rng(2)) == first


def test_the_race_starts_when_the_last_team_has_picked() -> None:
    """Setup step 4 follows the pick: every team's cars go onto the grid, the rest wait as
    replacements."""
    state = SPEC.setup(PLAYERS[:2], SPEC.parse_options(None), Rng(1))
    state, _ = play(state, 0, PickCars(cars=standard_set(2)))
    assert state.phase == "pick"
    state, _ = play(state, 1, PickCars(cars=(2, 4, 5, 6, 8)))
    assert state.phase == "action"
    theirs = sorted(c.number for c in state.cars if c.team == 1 and c.place == "grid")
    assert theirs == [2, 4, 5, 6, 8]


def test_the_host_may_skip_the_pick() -> None:
    """The lobby option pick_cars off: no pick phase, every team races the standard set."""
    state = SPEC.setup(PLAYERS[:2], SPEC.parse_options({"pick_cars": False}), Rng(1))
    assert state.phase == "action"
    mine = tuple(sorted(c.number for c in state.cars if c.team == 0 and c.place == "grid"))
    assert mine == tuple(sorted(standard_set(2)))
