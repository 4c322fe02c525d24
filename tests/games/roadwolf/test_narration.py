"""Road Wolf told in words: the exact public line of each kind of event, what only a side may
read, the rolls told in their contest's line, and old logs told in today's words."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Event, LoadedDice, Rng, raw_event
from games.roadwolf import SPEC
from games.roadwolf.model import (
    BuyAction,
    MoveAction,
    NitroAction,
    RwOptions,
    ShootAction,
    SimpleAction,
    SpikesAction,
    TokenAction,
)
from games.roadwolf.rules import apply
from tests.games.roadwolf.helpers import P1, P2, PLAYERS, Car, position

NAMES = {p.id: p.name for p in PLAYERS}


def public_lines(events: Sequence[Event]) -> list[str]:
    """What the channel reads of a step: every public event in words."""
    raws = [raw_event(e) for e in events]
    return [SPEC.narrate(r, NAMES) for r in raws if SPEC.audience(r) is None]


def test_a_move_says_from_where_to_where() -> None:
    """Rule 25: "MOVE: Up to 1 stick in any forward or sideways direction": the line says
    from where to where."""
    cars = [Car("A", "coupe", 10, 10), Car("N", "coupe", 14, 30, side=1)]
    step = apply(position(cars), P1, MoveAction(vehicle="A", dx=-1, dy=3), LoadedDice([]))
    assert public_lines(step.events) == ["Coupe A moves 3 forward and 1 left, from 10,10 to 9,13."]


def test_a_nitro_says_the_token_and_where_it_went() -> None:
    """Nitro: "You must move 2 sticks straight forward": the token, once used, is public."""
    cars = [Car("A", "coupe", 10, 10, tokens=("nitro",)), Car("N", "coupe", 14, 30, side=1)]
    step = apply(position(cars), P1, NitroAction(vehicle="A"), LoadedDice([]))
    assert public_lines(step.events) == ["Coupe A fires its Nitro: 8 forward, from 10,10 to 10,18."]


def test_a_shotgun_kill_tells_the_dice_and_the_crew_lost() -> None:
    """Rule 38: "If the attacker wins, the target loses 1 crew per overkill"; rule 40: the
    driver is lost last, and a vehicle without a driver is ABANDONED."""
    cars = [
        Car("A", "coupe", 10, 10, tokens=("shotgun",)),
        Car("N", "convertible", 10, 14, side=1, tokens=("gunner",)),
    ]
    # A: 2 dice [6, 6]; N (open): 1 die [4]: overkill 2, its Gunner then its Driver
    shot = ShootAction(vehicle="A", target="N", weapon="shotgun")
    step = apply(position(cars), P1, shot, LoadedDice([6, 6, 4]))
    assert public_lines(step.events) == [
        "Coupe A fires a Shotgun at Convertible N. Coupe A rolled 6, 6; Convertible N rolled 4."
        " 6, 6 against 4: Coupe A wins on the highest dice, 6 against 4; overkill 2.",
        "Convertible N loses a hidden crew token, then its Driver.",
        "Convertible N lost its driver: ABANDONED.",
    ]


def test_a_spikes_attack_tells_the_drop_and_the_ram() -> None:
    """Spikes: "an enemy vehicle up to 1 stick BEHIND you ... Treat as a RAM: roll 1 more die
    than the size of the target vehicle! If you lose, nothing happens"."""
    cars = [Car("A", "coupe", 10, 10, tokens=("spikes",)), Car("N", "coupe", 10, 5, side=1)]
    spikes = SpikesAction(vehicle="A", target="N")
    step = apply(position(cars), P1, spikes, LoadedDice([1, 1, 1, 6, 6]))
    lines = public_lines(step.events)
    assert lines[0] == "Coupe A drops Spikes behind it onto Coupe N."
    assert lines[1].startswith("Spikes from A rams N. Spikes from A rolled 1, 1, 1; Coupe N rolled")


def test_done_says_the_vehicle_ends_its_turn() -> None:
    """DONE ends the vehicle's activation: told in words, never "is done"."""
    cars = [Car("A", "coupe", 10, 10), Car("N", "coupe", 14, 30, side=1)]
    step = apply(position(cars), P1, SimpleAction(kind="done", vehicle="A"), LoadedDice([]))
    assert public_lines(step.events)[0] == "Coupe A ends its turn."


def test_a_repair_tells_every_die() -> None:
    """Rule 28: "Roll 1 die; each 6 removes 1 damage"."""
    cars = [Car("A", "coupe", 10, 10, changes={"damage": 1}), Car("N", "coupe", 14, 30, side=1)]
    step = apply(position(cars), P1, SimpleAction(kind="repair", vehicle="A"), LoadedDice([6]))
    assert public_lines(step.events) == [
        "Coupe A repairs: rolled 6 (a 6 removes 1 damage); 1 damage removed."
    ]


def test_a_contest_roll_is_told_only_in_its_line() -> None:
    """A shot's dice stand in the shot's line; the roll itself is bookkeeping nobody reads."""
    cars = [Car("A", "coupe", 10, 10, tokens=("shotgun",)), Car("N", "coupe", 10, 14, side=1)]
    shot = ShootAction(vehicle="A", target="N", weapon="shotgun")
    step = apply(position(cars), P1, shot, LoadedDice([1, 1, 6, 6]))
    rolls = [raw_event(e) for e in step.events if e.kind == "dice_rolled"]
    assert rolls and all(SPEC.audience(r) == frozenset() for r in rolls)


def test_a_roll_no_line_tells_is_public() -> None:
    """A skid's direction die is told on its own, by whoever rolled it."""
    roll = {"kind": "dice_rolled", "who": P2, "why": "skid direction for A", "dice": [4]}
    assert SPEC.audience(roll) is None
    assert SPEC.narrate(roll, NAMES) == "Bob rolled 4 (skid direction for A)"


def test_a_token_placed_is_told_only_to_its_side() -> None:
    """Rule 17: a token "may stay hidden until it is used": the public reads that a token was
    placed and on which vehicle, the side's own seat reads which token."""
    state = SPEC.setup(PLAYERS, RwOptions(mission="INTERCEPTOR"), Rng(0))
    state = SPEC.apply(state, P1, BuyAction(vehicle_class="coupe"), Rng(1)).state
    letter = next(v.letter for v in state.vehicles if v.side == 0 and v.kind == "coupe")
    step = SPEC.apply(state, P1, TokenAction(vehicle=letter, token="gunner"), Rng(2))
    side = state.sides[0].name
    assert public_lines(step.events) == [f"{side} place a token on Coupe {letter}."]
    private = [raw_event(e) for e in step.events if SPEC.audience(raw_event(e)) is not None]
    assert [SPEC.audience(r) for r in private] == [frozenset({P1})]
    assert SPEC.narrate(private[0], NAMES) == (
        f"{side} put a Gunner on Coupe {letter} (hidden from the other sides until used)."
    )


def test_an_old_done_event_is_told_in_todays_words() -> None:
    """A log written before today's words still reads as a sentence, not "A is done."."""
    old = {"kind": "done", "vehicle": "A", "target": None, "text": "A is done."}
    assert SPEC.narrate(old, NAMES) == "A ends its turn."


def test_an_old_shot_event_keeps_its_line() -> None:
    """A shot stored under rules version 3 is told with its own dice, as it was written."""
    old = {
        "kind": "shot",
        "vehicle": "O",
        "target": "B",
        "text": "O shoots B (shotgun). Convertible O rolled 6, 5; Street Bike B rolled 1.",
    }
    assert SPEC.audience(old) is None
    assert SPEC.narrate(old, NAMES) == old["text"]
