"""The turn (rules 9-11), the First Player marker, the countdown clock, decks and the win."""

from __future__ import annotations

from collections import Counter

import pytest

from games.apocalypseroad import SPEC
from games.apocalypseroad.data import (
    COMBAT_CARDS,
    EVENT_COUNTS,
    EVENT_DECK,
    RACE_CARDS,
    RACE_TABLE,
    STANDARD_RACE_DECK,
    TEAM_MAT,
)
from games.apocalypseroad.flow import countdown, fill_hands, next_first_player
from games.apocalypseroad.model import Discard, PlayCard
from games.apocalypseroad.sim import Sim
from games.engine import GameError, Rng
from tests.games.apocalypseroad.helpers import PLAYERS, base, car, play, with_cars


def test_deck_integrity() -> None:
    """4.5-1: "the race table sums to 92 (the 96 component count is flagged); the events are 52
    cards of 28 kinds; there are 48 combat cards"."""
    printed = [c for c in RACE_CARDS if not c.pack]
    assert len(printed) == 92 == STANDARD_RACE_DECK
    assert sum(sum(counts) for _, _, counts in RACE_TABLE) == 92
    assert len(base(2).race_deck) + 12 == 92
    by_type = Counter((c.movement, c.diagonal) for c in printed)
    assert by_type[("solo", False)] == 20 and by_type[("lead", True)] == 8
    assert by_type[("ram", True)] == 4 and by_type[("overtake", False)] == 4
    assert Counter(c.speed for c in printed) == {1: 4, 2: 28, 3: 26, 4: 18, 5: 8, 6: 8}
    assert len(EVENT_DECK) == 52 and len(EVENT_COUNTS) == 28
    assert EVENT_COUNTS["sideswipe"] == 7 and EVENT_COUNTS["open_road"] == 4
    assert len(COMBAT_CARDS) == 48
    assert Counter(c.value for c in COMBAT_CARDS) == {0: 8, 1: 12, 2: 16, 3: 12}


def test_starbursts_and_team_mat_reconstructions() -> None:
    """4.3c [R]: "Put the starburst on every +4, +5 and +6 card (34 of 92)"; 4.3a [R]: speed
    4-8, two light-armour MG Rabbits; ⚠3: three weapon types are used."""
    assert sum(c.starburst for c in RACE_CARDS if not c.pack) == 34
    assert all(c.starburst == (c.speed >= 4) for c in RACE_CARDS)
    assert {c.base_mp for c in TEAM_MAT} <= set(range(4, 9))
    rabbits = [c for c in TEAM_MAT if c.cls == "Rabbit"]
    assert len(rabbits) == 2 and all(c.weapon == "mg" and c.defense == 2 for c in rabbits)
    assert {c.weapon for c in TEAM_MAT} == {"mg", "ac", "missile"}


def test_setup_grid_marker_and_hands() -> None:
    """Rules 6-7: all cars light side up; the First Player marker goes to the owner of grid
    position 1; 6 race cards each."""
    state = base(4)
    assert all(c.side == "light" for c in state.cars if c.place == "grid")
    front = next(c for c in state.cars if c.place == "grid" and (c.sector, c.lane) == (109, 0))
    assert state.first == front.team and state.marker == "light"
    assert all(len(t.hand) == 6 for t in state.teams)
    assert len(state.race_deck) == 92 - 24


def test_first_player_marker_tie_goes_clockwise_from_the_holder() -> None:
    """4.5-10: "P1 5 (current holder), P2 3, P3 3, P4 1 -> the tie between P2 and P3 goes to the
    one closer clockwise to P1's left, i.e. P2"."""
    assert next_first_player([5, 3, 3, 1], 0) == 1
    assert next_first_player([0, 0, 0, 0], 2) == 3


def test_first_player_counts_chute_and_off_track_damage_not_eliminated_cars() -> None:
    """⚠12: "damage on cars in the Chute or off-track counts, and eliminated cars don't"."""
    state = with_cars(
        base(3),
        {
            1: {"sector": 5, "lane": 0},
            11: {"place": "off", "sector": 5, "lane": -1, "damage": 3},
            21: {"sector": 5, "lane": 1, "damage": 2},
            23: {"place": "destroyed", "damage": 6},
        },
    )
    waiting = (state.teams[0].player,)
    cars = tuple(c.model_copy(update={"side": "dark"}) for c in state.cars)
    state = state.model_copy(
        update={"cars": cars, "phase": "discard", "waiting": waiting, "first": 0}
    )
    after, _ = play(state, 0, Discard())
    assert after.first == 1


def test_end_of_turn_discards_are_simultaneous_and_the_next_turn_refills() -> None:
    """Rule 11a: "Anyone may discard any unwanted cards", answered by all at once; rule 9 fills
    hands to 6 in turn order; the marker flips to the cars' colour (11b)."""
    state = base(3)
    cars = tuple(c.model_copy(update={"side": "dark"}) if c.racing else c for c in state.cars)
    everyone = tuple(t.player for t in state.teams)
    state = state.model_copy(update={"cars": cars, "phase": "discard", "waiting": everyone})
    assert SPEC.active_players(state) == set(everyone)
    hand = state.teams[2].hand
    state, _ = play(state, 2, Discard(cards=hand[:2]))
    assert SPEC.active_players(state) == set(everyone[:2])
    state, _ = play(state, 0, Discard())
    state, _ = play(state, 1, Discard())
    assert state.turn == 2 and state.phase == "action" and state.marker == "dark"
    assert all(len(t.hand) == 6 for t in state.teams)
    assert SPEC.policy(  # type: ignore[misc]
        state.model_copy(update={"phase": "discard", "waiting": everyone}), everyone[0], Rng(1)
    ) == Discard(cards=())  # [R] the default: keep all cards


def test_countdown_runs_from_turn_two_on_each_own_pool() -> None:
    """⚠1: "Implement it once per turn, after the fill-hands step from turn 2 on. Each player
    removes from their own pool"."""
    state = base(2)
    cars = tuple(c.model_copy(update={"side": "dark"}) if c.racing else c for c in state.cars)
    everyone = tuple(t.player for t in state.teams)
    state = state.model_copy(update={"cars": cars, "phase": "discard", "waiting": everyone})
    assert [t.pool for t in state.teams] == [12, 12]
    state, _ = play(state, 0, Discard())
    state, _ = play(state, 1, Discard())
    assert [t.pool for t in state.teams] == [11, 11]


def test_countdown_stops_for_good_at_one_vp() -> None:
    """4.5-11: "when any pool holds exactly 1 token before a tick, nobody removes a token, and
    the clock never removes one again during the race, even after that pool grows again"."""
    sim = Sim(base(3), Rng(1))
    sim.pools = [1, 7, 9]
    assert countdown(sim, False) is True
    assert sim.pools == [1, 7, 9]
    sim.pools = [2, 7, 9]
    assert countdown(sim, True) is True
    assert sim.pools == [2, 7, 9]


def test_empty_race_deck_reshuffles_its_discards() -> None:
    """Rule 9: "An empty race deck is reshuffled from its discards"."""
    state = base(2)
    sim = Sim(state, Rng(1))
    sim.race_discard = sim.race_deck[:5]
    sim.race_deck = []
    sim.hands[0] = sim.hands[0][:2]
    fill_hands(sim, 0)
    assert len(sim.hands[0]) == 6 and len(sim.race_deck) == 1


def test_empty_combat_deck_reshuffles_its_discards() -> None:
    """4.1 rule 29 [R]: "When the combat deck is empty, reshuffle its discards"."""
    sim = Sim(base(2), Rng(1))
    sim.combat_discard = sim.combat_deck[:]
    sim.combat_deck = []
    assert sim.draw_combat() is not None and len(sim.combat_deck) == 47


def test_emptying_the_pool_wins_at_once() -> None:
    """Rule 38: "the game ends the moment any pool is empty"."""
    state = with_cars(base(2), {1: {"sector": 35, "lane": 1}})
    teams = (state.teams[0].model_copy(update={"pool": 1}), state.teams[1])
    sim = Sim(state.model_copy(update={"teams": teams}), Rng(1))
    sim.cross(1, 1)
    after = sim.to_state()
    assert after.phase == "over" and after.winner == state.teams[0].player
    outcome = SPEC.outcome(after)
    assert outcome is not None and outcome.winners == (state.teams[0].player,)
    assert SPEC.active_players(after) == frozenset()


def test_a_player_with_no_activatable_car_is_passed() -> None:
    """Rule 10: "passes (no card) when they have none. The phase ends when every car has
    activated"."""
    state = with_cars(
        base(3),
        {
            1: {"sector": 5, "lane": 0},
            11: {"sector": 5, "lane": 1, "side": "dark"},
            21: {"sector": 5, "lane": 2},
        },
    )
    state = state.model_copy(update={"seat": 0})
    card = state.teams[0].hand[0]
    state, _ = play(state, 0, PlayCard(card=card, car=1))
    while state.activation is not None:
        state, _ = play(state, 0, SPEC.legal_actions(state, state.teams[0].player)[0])
    assert state.seat == 2
    assert car(state, 1).side == "dark"


def test_hands_are_private_but_their_sizes_public() -> None:
    """Issue 12: "Hand sizes and played cards are public"; the view is the one gate."""
    state = base(3)
    public = SPEC.view(state, None)
    mine = SPEC.view(state, state.teams[1].player)
    assert public.hand is None and all(t.hand_size == 6 for t in public.teams)
    assert mine.hand is not None and [c.id for c in mine.hand] == list(state.teams[1].hand)
    others = {c for t in state.teams if t.seat != 1 for c in t.hand}
    dumped = mine.model_dump_json()
    assert '"race_deck":' in dumped and not any(f'"id":{c},"name"' in dumped for c in others)


def test_players_may_pick_their_cars_before_the_grid_draw() -> None:
    """Rule 4: "Players will always start with four or five cars of their choice from among
    their eight possible cars" (option pick_cars); setup step 4 draws one car per team."""
    from games.apocalypseroad.model import PickCars

    state = SPEC.setup(PLAYERS[:5], SPEC.parse_options({"pick_cars": True}), Rng(2))
    assert state.phase == "pick" and len(SPEC.active_players(state)) == 5
    assert all(c.place == "reserve" for c in state.cars)
    for seat in range(5):
        picks = (8, 7, 6, 2) if seat == 0 else (1, 2, 3, 4)
        if seat == 0:
            bad = PickCars(cars=(1, 2, 3))
            with pytest.raises(GameError, match="pick 4"):
                play(state, 0, bad)
        state, _ = play(state, seat, PickCars(cars=picks))
    assert state.phase == "action"
    mine = sorted(c.number for c in state.cars if c.team == 0 and c.place == "grid")
    assert mine == [2, 6, 7, 8]
    first_row = [c for c in state.cars if c.place == "grid" and c.sector == 109]
    assert len({c.team for c in first_row}) == 4


def test_a_race_with_no_car_left_ends_with_the_fewest_vp_left() -> None:
    """Not in the text (8 cars a team makes it near impossible): if every car is destroyed the
    race ends, the fewest VP left in the pool winning, instead of stalling."""
    state = base(2)
    cars = tuple(c.model_copy(update={"place": "destroyed", "damage": 6}) for c in state.cars)
    teams = (state.teams[0], state.teams[1].model_copy(update={"pool": 5}))
    everyone = tuple(t.player for t in state.teams)
    state = state.model_copy(
        update={"cars": cars, "teams": teams, "phase": "discard", "waiting": everyone}
    )
    state, _ = play(state, 0, Discard())
    state, _ = play(state, 1, Discard())
    outcome = SPEC.outcome(state)
    assert outcome is not None and outcome.winners == (state.teams[1].player,)


def test_work_the_pack_option_adds_four_overtake_cards() -> None:
    """Digest 4.3d option 2: "add 4 'Work the Pack' cards (+3, Overtake-like movement) ...
    treat it as Overtake"."""
    options = SPEC.parse_options({"work_the_pack": True, "pick_cars": False})
    state = SPEC.setup(PLAYERS[:2], options, Rng(1))
    pack = [c for c in RACE_CARDS if c.pack]
    assert len(pack) == 4 and all((c.movement, c.speed) == ("overtake", 3) for c in pack)
    assert len(state.race_deck) + 12 == 96
