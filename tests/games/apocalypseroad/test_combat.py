"""Combat, elimination, the Chute and scoring (rules 28-38; digest 4.5-8, 4.5-9 and rulings)."""

from __future__ import annotations

from games.apocalypseroad.combat import collision, fire, targets
from games.apocalypseroad.model import Move
from games.apocalypseroad.movement import Mover
from games.apocalypseroad.sim import Sim
from games.engine import Rng
from tests.games.apocalypseroad.helpers import (
    at,
    base,
    car,
    combat_card,
    mover,
    moving,
    play,
    play_card,
    race_card,
    stack,
    with_cars,
)

# Team mat [R]: car 1 MG front, defense 2, no bonus; car 3 Auto-cannon front, defense 2, +1;
# car 5 defense 1; car 7 turret tank, defense 3; car 2 MG rear.


def shoot(attacker: int, target: int, card: int, **target_fields: object) -> Sim:
    state = with_cars(
        base(),
        {attacker: {"sector": 5, "lane": 1}, target: {"sector": 6, "lane": 1, **target_fields}},
    )
    sim = Sim(stack(state, combat=(card,)), Rng(1))
    fire(sim, attacker, target)
    return sim


def test_card_two_hits_defense_two() -> None:
    """4.5-8: "card 2 against defense 2 -> hit" (rule 29: "... >= the target's defense")."""
    assert shoot(1, 11, combat_card(2)).cars[11].damage > 0


def test_card_one_misses_defense_two_but_hits_with_the_bonus() -> None:
    """4.5-8: "Card 1 against defense 2 -> miss, but a hit with a Targeting Bonus"."""
    assert shoot(1, 11, combat_card(1)).cars[11].damage == 0
    assert shoot(3, 11, combat_card(1)).cars[11].damage > 0


def test_card_zero_hits_defense_one_only_with_the_bonus() -> None:
    """4.5-8: "Card 0 against defense 1 -> a hit only with a Targeting Bonus"."""
    assert shoot(1, 15, combat_card(0)).cars[15].damage == 0
    assert shoot(3, 15, combat_card(0)).cars[15].damage > 0


def test_arcs_from_the_track_graph() -> None:
    """Rule 28: "front = the spaces ahead (front-diagonal included); rear = the spaces behind;
    turret = all 8 surrounding spaces. The spaces directly beside the car are turret-only"."""
    around = {11: (6, 0), 13: (5, 0), 14: (4, 2), 17: (6, 2), 18: (5, 2)}
    cars = {c: {"sector": s, "lane": lane} for c, (s, lane) in around.items()}
    for shooter, expect in ((1, [11, 17]), (2, [14]), (7, [11, 13, 14, 17, 18])):
        state = with_cars(base(), {shooter: {"sector": 5, "lane": 1}, **cars})
        assert targets(Sim(state), shooter) == expect


def test_sixth_damage_eliminates_and_the_replacement_enters_the_chute_flipped() -> None:
    """4.5-9: "a car gets its 6th marker during the active player's turn. If it had already
    moved (dark side up), its replacement enters dark side up and cannot move until next turn";
    11.3: the active player claims 1 VP."""
    state = with_cars(
        base(),
        {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1, "damage": 5, "side": "dark"}},
    )
    state = stack(state, combat=(combat_card(3),))
    after = play_card(state, 0, 1, race_card("solo", 2), target=11)
    assert car(after, 11).place == "destroyed"
    chute = [c for c in after.cars if c.team == 1 and c.place == "chute"]
    assert len(chute) == 1 and chute[0].side == "dark"
    assert after.teams[0].pool == 11


def test_replacement_of_an_unactivated_car_may_activate() -> None:
    """8.3: "If the car that was eliminated has not yet activated, the car in the chute will be
    allowed to activate this turn"."""
    state = with_cars(
        base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1, "damage": 5}}
    )
    state = stack(state, combat=(combat_card(3),))
    after = play_card(state, 0, 1, race_card("solo", 2), target=11)
    chute = next(c for c in after.cars if c.team == 1 and c.place == "chute")
    assert chute.side == after.marker


def test_active_car_eliminated_in_its_own_activation_counts_as_activated() -> None:
    """⚠20: "it counts as activated, so its replacement enters the Chute already flipped"."""
    state = with_cars(
        base(), {1: {"sector": 5, "lane": 1, "damage": 5}, 11: {"sector": 6, "lane": 1}}
    )
    state = stack(moving(state, 0, 1, 1, movement="ram", then=("fire",)), combat=(combat_card(0),))
    after, _ = play(state, 0, Move(path="F"))
    assert car(after, 1).place == "destroyed"
    replacement = next(c for c in after.cars if c.team == 0 and c.place == "chute")
    assert replacement.side != after.marker
    assert after.activation is None


def test_ram_that_eliminates_moves_into_the_space_and_ends_the_move() -> None:
    """⚠10: "if the target is eliminated the active car enters its space (31) ... Remaining MP
    are lost"."""
    state = with_cars(
        base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 7, "lane": 1, "damage": 5}}
    )
    state = stack(moving(state, 0, 1, 6, movement="ram", then=()), combat=(combat_card(3),))
    after, _ = play(state, 0, Move(path="F F"))
    assert car(after, 11).place == "destroyed"
    assert at(after, 1) == (7, 1)


def test_bulldoze_on_a_ram_swaps_like_an_overtake() -> None:
    """Rule 32: Bulldoze: "the active car ... takes the target's space, and the target ... is
    placed linked behind it, exactly like a 1-space Overtake"."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1}})
    sim = Sim(stack(state, combat=(combat_card(1, keyword="bulldoze"),)), Rng(1))
    collision(sim, 1, 11, "ram")
    assert sim.cars[1].pos == (6, 1) and sim.cars[11].pos == (5, 1)


def test_chain_on_a_ram_damages_the_cars_linked_ahead() -> None:
    """Rule 32: Chain: "On a Ram: every car linked in front of the target takes 1 damage"."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 6, "lane": 1},
            13: {"sector": 7, "lane": 1},
            14: {"sector": 8, "lane": 1},
        },
    )
    sim = Sim(stack(state, combat=(combat_card(3, keyword="chain"),)), Rng(1))
    collision(sim, 1, 11, "ram")
    assert (sim.cars[13].damage, sim.cars[14].damage) == (1, 1)


def test_suppressed_ram_stops_without_an_attack() -> None:
    """Rule 32: Suppress: "A suppressed car playing a Ram card still stops, with no attack and
    no card drawn"."""
    state = with_cars(
        base(), {1: {"sector": 5, "lane": 1, "suppressed": True}, 11: {"sector": 7, "lane": 1}}
    )
    state = moving(state, 0, 1, 6, movement="ram", then=())
    after, _ = play(state, 0, Move(path="F F"))
    assert at(after, 1) == (6, 1) and car(after, 11).damage == 0
    assert after.combat_deck == state.combat_deck
    assert not car(after, 1).suppressed


def test_crossover_collision_damages_both_and_ends_the_move() -> None:
    """4.5-7 / ⚠11: "White stops in the space before, both take 1 damage" (crossover rule wins
    over "cars are never blocked")."""
    state = with_cars(
        base(track="figure8"), {1: {"sector": 11, "lane": 0}, 11: {"sector": 25, "lane": 0}}
    )
    after, _ = play(moving(state, 0, 1, 5, then=()), 0, Move(path="F F"))
    assert at(after, 1) == (12, 0)
    assert (car(after, 1).damage, car(after, 11).damage) == (1, 1)


def test_a_crossing_scores_for_the_cars_owner() -> None:
    """⚠4 / ⚠14: "pushing or pulling another team's car across the Finish Line scores for that
    car's owner"."""
    state = with_cars(base(), {1: {"sector": 34, "lane": 1}, 11: {"sector": 35, "lane": 1}})
    sim = Sim(state, Rng(1))
    m = mover(state, 1, 1, "solo")
    m.step("F")
    sim.commit_board(m.board)
    assert sim.pools == [12, 11]


def test_backward_crossing_returns_a_vp_that_can_be_reclaimed() -> None:
    """Rule 35 / 11.2: "A car moved backward over the line ... returns 1 claimed VP to the pool
    and can re-claim it later"."""
    state = with_cars(
        base(), {1: {"sector": 35, "lane": 1}, 11: {"sector": 0, "lane": 1, "claimed": 1}}
    )
    state = state.model_copy(
        update={"teams": (state.teams[0], state.teams[1].model_copy(update={"pool": 11}))}
    )
    sim = Sim(state, Rng(1))
    m = Mover.start(sim.board(), 1, 2, "overtake")
    m.step("X")
    sim.commit_board(m.board)
    assert sim.pools == [11, 12]
    assert sim.cars[11].claimed == 0
    sim.cross(11, 1)
    assert sim.pools == [11, 11]


def test_pushed_back_car_that_never_scored_does_not_score_its_recrossing() -> None:
    """3.0 (Lapped tokens): cars pushed backward over the line "will not score a Victory Point
    (VP) for crossing back over it the second time"."""
    state = with_cars(base(), {11: {"sector": 0, "lane": 1}})
    sim = Sim(state, Rng(1))
    sim.cross(11, -1)
    sim.cross(11, 1)
    assert sim.pools == [12, 12]
    sim.cross(11, 1)
    assert sim.pools == [12, 11]


def test_bounty_and_race_bonus_apply_independently() -> None:
    """⚠13: "a kill counts 2 under Bounty; a crossing counts 2 under Race Bonus"."""
    state = with_cars(
        base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1, "damage": 5}}
    )
    sim = Sim(state.model_copy(update={"bounty": 4, "race_bonus": 4}), Rng(1))
    sim.damage(11, 1, 0, "test")
    assert sim.pools[0] == 10 and sim.bounty == 3
    sim.cross(1, 1)
    assert sim.pools[0] == 8 and sim.race_bonus == 3


def test_no_vp_for_your_own_cars() -> None:
    """Rule 36: "A player never scores for their own cars"."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1, "damage": 5}})
    sim = Sim(state, Rng(1))
    sim.damage(1, 1, 0, "own goal")
    assert sim.pools == [12, 12]


def test_chute_is_mandatory_and_stacks() -> None:
    """⚠9: "Treat placement as mandatory and immediate ... recommend stacking"."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 3: {"sector": 5, "lane": 2}})
    sim = Sim(state, Rng(1))
    sim.eliminate(1, None)
    sim.eliminate(3, None)
    chute = [c for c in sim.cars.values() if c.team == 0 and c.place == "chute"]
    assert len(chute) == 2 and len({c.pos for c in chute}) == 1


def test_ten_players_race_four_cars_of_eight() -> None:
    """Rule 4: "2-4 players: 5 cars each; 5-10 players: 4 each"; ⚠2: "Decided: 8" cars a team."""
    for n, racing in ((2, 5), (4, 5), (5, 4), (10, 4)):
        state = base(n)
        for seat in range(n):
            mine = [c for c in state.cars if c.team == seat]
            assert len(mine) == 8
            assert sum(c.place == "grid" for c in mine) == racing
