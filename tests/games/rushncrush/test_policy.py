"""The Rush 'n' Crush bot: it finishes races, beats a random driver, and keeps its car whole."""

from __future__ import annotations

from bench.policies import WIN_RATE, duels, races
from games.engine import Rng
from games.rushncrush import SPEC, ActivateAction, GearAction, MoveAction, RncState
from games.rushncrush.data import RED_DICE, Item
from games.rushncrush.events import Collision
from games.rushncrush.gearbox import zone_of
from games.rushncrush.model import Slot, Turn
from games.rushncrush.path import dry_run, parse_path
from games.rushncrush.policy import bot_move, lane_change_odds, obstruction_damage
from tests.games.rushncrush.helpers import duel, new_game, place, with_cars

A, B = 100, 101


def test_beats_a_random_driver() -> None:
    """Over 40 seeded two-car races, the bot in each seat half the time, it wins at least 70%."""
    found = duels("rushncrush", 40)
    assert WIN_RATE.is_met(found.rate), f"won {found.wins}/{found.games}"


def test_bot_races_of_two_to_six_cars_end_at_the_line() -> None:
    """Bot-only races (3 seeds per field size): a car crosses the line in at least 90% of the
    races, and at least 80% of the cars are still running when it does."""
    crossed = total = running = cars = 0
    for count in range(2, 7):
        found = races(count, 3)
        crossed, total = crossed + found.crossed, total + found.races
        running, cars = running + found.running, cars + found.cars
    assert crossed / total >= 0.9, f"{crossed}/{total} races won at the line"
    assert running / cars >= 0.8, f"{running}/{cars} cars running"


def _decision(state: RncState, player: int) -> GearAction | MoveAction:
    """The bot's gear or path, after any Activations it makes first."""
    action = bot_move(state, player, Rng(1))
    while isinstance(action, ActivateAction):
        state = SPEC.apply(state, player, action, Rng(1)).state
        action = bot_move(state, player, Rng(1))
    return action


def _in_gear_phase(**fields: object) -> RncState:
    base = new_game(2, 1)
    first = next(c for c in base.cars if c.player == A)
    second = next(c for c in base.cars if c.player == B)
    car = place(first, 30, 1, **fields)
    return with_cars(base, car, place(second, 10, 3), turn=Turn(player=A))


def test_a_hot_engine_stays_in_the_blue() -> None:
    """Heat 9 of 10: any red die could wreck the car, so the bot picks a blue (no-dice) node."""
    state = _in_gear_phase(gear=4, speed=10, heat=9)
    action = _decision(state, A)
    assert isinstance(action, GearAction)
    assert RED_DICE[zone_of((action.gear, action.speed))] == 0


def test_cool_engine_climbs_the_blue_nodes() -> None:
    """From neutral with Turbo to spare, the bot reaches a faster blue node than gear 1 speed 4
    (blue nodes roll no heat dice, whatever the Turbo)."""
    state = new_game(2, 1)
    assert state.turn is not None
    action = _decision(state, state.turn.player)
    assert isinstance(action, GearAction) and action.speed > 4
    assert RED_DICE[zone_of((action.gear, action.speed))] == 0


def test_steers_round_a_rock() -> None:
    """Two lane changes and the rock at row 27, lane 2 ahead: the bot's path hits nothing."""
    state = duel((24, 1), (90, 0), speed=6, lane_changes=2)
    action = _decision(state, A)
    assert isinstance(action, MoveAction)
    run = dry_run(state, A, parse_path(action.path))
    assert not [e for e in run.board.events if isinstance(e, Collision)]


def test_cools_a_warm_engine_first() -> None:
    """An armed Fire Extinguisher is Used as soon as the engine has any heat."""
    slots = [Slot(item=Item.FIRE_EXTINGUISHER, armed=True).model_dump()]
    state = _in_gear_phase(gear=3, speed=8, heat=3, slots=slots)
    assert bot_move(state, A, Rng(1)) == ActivateAction(item=Item.FIRE_EXTINGUISHER, mode="use")


def test_reads_the_steering_and_crash_tables() -> None:
    """Speed 9 keeps the higher of 2 dice (11/36 for a 6); speed 12 crashes for the highest of 3."""
    assert abs(lane_change_odds(9)[6] - 11 / 36) < 1e-9
    assert abs(sum(lane_change_odds(14)) - 1) < 1e-9
    assert obstruction_damage(4) == 1 and obstruction_damage(18) == 6
    assert abs(obstruction_damage(12) - 4.958) < 1e-3  # digest 2.4: "averages 4.96 Structure"
