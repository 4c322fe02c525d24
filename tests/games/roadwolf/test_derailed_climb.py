"""DERAILED, the crew aboard the train (text line 216): climbing back onto a road vehicle (the
common TRANSFER and TAKEOVER: the text only restricts boarding "a Gondola"), who sits in a
car's seat, and the Engine's neutral crew, who take no turns but defend like any crew."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine import DiceRolled, IllegalAction, Rng
from games.engine.rng import LoadedDice
from games.roadwolf.actions import MeleeAction, ShootAction, TargetAction, TrainAction
from games.roadwolf.data import TokenKind
from games.roadwolf.legal import legal_for_side
from games.roadwolf.missions.derailed_train import ENGINE, FRONT, REAR
from games.roadwolf.model import RwState, Turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from tests.games.roadwolf.helpers import P1, Car, texts
from tests.games.roadwolf.test_derailed import derailed


def aboard(state: RwState, letter: str, kinds: Sequence[TokenKind], side: int = 0) -> RwState:
    """`state` with crew of `side` of these kinds in the train car `letter` (seated as the
    mission seats them) and side 0 to play."""
    ctx = Ctx(state, Rng(0))
    crew = tuple(ctx.new_token(k) for k in kinds)
    ctx.update(letter, crew=crew, side=side, neutral=False, driver=crew[0].id)
    from games.roadwolf.missions.derailed_crew import tidy

    tidy(ctx)
    return ctx.freeze(turn=Turn(side=0))


def mine(state: RwState, letter: str) -> list[object]:
    return [a for a in legal_for_side(state, 0) if getattr(a, "vehicle", "") == letter]


def test_crew_in_a_gondola_climb_back_onto_a_friendly_vehicle() -> None:
    """Common TRANSFER (digest 1.2 action table): "Move any number of crew or gear tokens to an
    adjacent friendly vehicle; 1 action." Line 216 restricts only boarding "a Gondola", so
    crew in a Gondola may climb back onto their team's car beside it (BOARD, named crew)."""
    state = derailed([Car("A", "convertible", 9, 12), Car("N", "coupe", 16, 2, side=1)])
    state = aboard(state, FRONT, ("brawler", "gunner"))
    climb = TrainAction(kind="board", vehicle=FRONT, target="A")
    assert climb in mine(state, FRONT)
    step = apply(state, P1, climb, Rng(0))
    a, car = step.state.vehicle("A"), step.state.vehicle(FRONT)
    assert [t.kind for t in a.crew] == ["driver", "brawler", "gunner"] and a.side == 0
    assert not car.crew and car.neutral and car.driver is None  # nobody's again
    assert "2 crew of G1 board Convertible A" in texts(step.events)


def test_climbing_down_takes_named_crew_and_gear_within_the_room_aboard() -> None:
    """Rule 18, "Crew capacity = size, +1 if Open": a Coupe (size 2, Closed) with its driver
    has room for 1 more; the named gear goes along (TRANSFER moves "crew or gear tokens")."""
    state = derailed([Car("A", "coupe", 9, 12), Car("N", "coupe", 16, 2, side=1)])
    state = aboard(state, FRONT, ("driver", "brawler"))
    ctx = Ctx(state, Rng(0))
    molotov = ctx.new_token("molotov")
    ctx.update(FRONT, gear=(molotov,))
    state = ctx.freeze()
    ids = [t.id for t in state.vehicle(FRONT).crew]
    with pytest.raises(IllegalAction, match="room for 1 more crew"):
        apply(
            state,
            P1,
            TrainAction(kind="board", vehicle=FRONT, target="A", tokens=tuple(ids)),
            Rng(0),
        )
    brawler = next(t.id for t in state.vehicle(FRONT).crew if t.kind == "brawler")
    go = TrainAction(kind="board", vehicle=FRONT, target="A", tokens=(brawler, molotov.id))
    after = apply(state, P1, go, Rng(0)).state
    a, car = after.vehicle("A"), after.vehicle(FRONT)
    assert [t.kind for t in a.crew] == ["driver", "brawler"] and [t.kind for t in a.gear] == [
        "molotov"
    ]
    assert [t.kind for t in car.crew] == ["driver"] and not car.neutral and not car.gear
    # full now: the Coupe is no longer offered
    assert TrainAction(kind="board", vehicle=FRONT, target="A") not in mine(
        after.model_copy(update={"turn": Turn(side=0)}), FRONT
    )


def test_crew_in_a_gondola_take_over_an_abandoned_vehicle_beside_it() -> None:
    """Rule 43: "Takeover: the vehicle must be adjacent and spend 1 action. It gives up 1 crew,
    who becomes the target's driver"; a moving target: Open vehicles only (a Gondola is OPEN,
    line 216) and a wipeout check."""
    empty = Car(
        "B", "convertible", 9, 12, side=1, changes={"crew": (), "driver": None, "abandoned": True}
    )
    state = derailed([empty, Car("N", "coupe", 16, 2, side=1)])
    state = aboard(state, FRONT, ("driver", "brawler"))
    take = next(a for a in _takeovers(mine(state, FRONT), "B"))  # one per crew token
    step = apply(state, P1, take, LoadedDice([6, 6, 6, 1, 1]))  # the wipeout check: held
    b, car = step.state.vehicle("B"), step.state.vehicle(FRONT)
    assert b.side == 0 and len(b.crew) == 1 and b.driver == b.crew[0].id and not b.abandoned
    assert len(car.crew) == 1 and car.side == 0
    assert "G1 takes over Convertible B" in texts(step.events)
    assert "B" in step.state.turn.taken  # "The taken vehicle acts once immediately"


def test_the_engine_crew_may_take_over_only_an_immobilized_vehicle() -> None:
    """Line 216: "The Engine is treated as CLOSED"; rule 43 [R]: only an Open vehicle may take
    over a moving vehicle, so the Engine's crew may take over an immobilized abandoned one."""
    empty = {"crew": (), "driver": None, "abandoned": True}
    state = derailed(
        [Car("B", "convertible", 9, 17, changes=empty), Car("N", "coupe", 16, 2, side=1)]
    )
    state = aboard(state, ENGINE, ("driver", "driver"))
    assert not _takeovers(mine(state, ENGINE), "B")
    ctx = Ctx(state, Rng(0))
    ctx.update("B", immobilized=True)
    assert _takeovers(mine(ctx.freeze(), ENGINE), "B")


def _takeovers(actions: Sequence[object], target: str) -> list[TargetAction]:
    """The TAKEOVER actions of `target` offered (one per crew token that may go across)."""
    return [
        a
        for a in actions
        if isinstance(a, TargetAction) and a.kind == "takeover" and a.target == target
    ]


def test_the_common_transfer_out_of_a_car_is_board_and_train_cars_are_never_targets() -> None:
    """Transfer out of a car is BOARD (every crew may climb: nobody drives a car); a train car
    itself is boarded, never taken over or handed gear (line 216)."""
    state = derailed(
        [Car("A", "convertible", 9, 12, tokens=("shotgun",)), Car("N", "coupe", 16, 2, side=1)]
    )
    state = aboard(state, FRONT, ("driver",))
    with pytest.raises(IllegalAction, match="with BOARD"):
        apply(state, P1, TargetAction(kind="transfer", vehicle=FRONT, target="A"), Rng(0))
    with pytest.raises(IllegalAction, match="train car"):
        apply(state, P1, TargetAction(kind="transfer", vehicle="A", target=FRONT), Rng(0))


def test_a_brawler_aboard_a_car_keeps_its_extra_die() -> None:
    """Rule 20: "Crew other than a Veteran may not use their special ability while driving";
    nobody drives a Gondola: a plain Driver takes its seat, so a Brawler who boarded first
    still adds its melee die (rule 37: "1 per crew on board, +1 per Brawler")."""
    state = derailed([Car("A", "coupe", 5, 0), Car("N", "coupe", 16, 2, side=1)])
    state = aboard(state, REAR, ("brawler", "driver"), side=1)
    state = aboard(state, FRONT, ("brawler", "driver"))
    front = state.vehicle(FRONT)
    assert next(t.kind for t in front.crew if t.id == front.driver) == "driver"
    step = apply(state, P1, MeleeAction(vehicle=FRONT, target=REAR), LoadedDice([1, 1, 1, 6, 6]))
    rolls = [e for e in step.events if isinstance(e, DiceRolled)]
    assert len(rolls[0].dice) == 3 and len(rolls[1].dice) == 2  # 2 crew + Brawler; 2 crew, Open


def test_the_engines_neutral_crew_defend_with_their_dice() -> None:
    """Line 216: "It starts with 2 neutral crew members. Crew in the engine can ONLY be
    attacked by crew in the front Gondola"; rule 37: the defender rolls "1 per crew on board,
    +1 if Closed" (3 dice), rule 38: "1 die, +1 if Closed" (2 dice); plain drivers, no
    Veteran: no reroll. Neutral crew take no turns."""
    state = derailed([Car("A", "coupe", 5, 0), Car("N", "coupe", 16, 2, side=1)])
    state = aboard(state, FRONT, ("driver", "brawler", "gunner"))
    assert MeleeAction(vehicle=FRONT, target=ENGINE) in mine(state, FRONT)
    step = apply(
        state, P1, MeleeAction(vehicle=FRONT, target=ENGINE), LoadedDice([6, 6, 6, 6, 5, 1, 1])
    )
    rolls = [e for e in step.events if isinstance(e, DiceRolled)]
    assert [len(r.dice) for r in rolls] == [4, 3]  # 3 crew + 1 Brawler against 2 crew + Closed
    assert not step.state.vehicle(ENGINE).crew  # overkill 4: both neutral crew are dead
    state = aboard(state, FRONT, ("driver", "gunner"))
    shot = ShootAction(vehicle=FRONT, target=ENGINE, weapon="gun", gunner=True)
    assert shot in mine(state, FRONT)
    step = apply(state, P1, shot, LoadedDice([1, 6, 6]))
    rolls = [e for e in step.events if isinstance(e, DiceRolled)]
    assert [len(r.dice) for r in rolls] == [1, 2]  # and no reroll: plain drivers
    assert len(step.state.vehicle(ENGINE).crew) == 2  # the defenders won: nothing happens
    # the Engine's neutral crew never act: no side's turn lists it
    assert not [
        a
        for a in legal_for_side(state, 0) + legal_for_side(state, 1)
        if getattr(a, "vehicle", "") == ENGINE
    ]


def test_the_rules_text_states_the_climb_the_seat_and_the_neutral_crew() -> None:
    from games.roadwolf.text import RULES_TEXT

    text = " ".join(RULES_TEXT.split())
    for words in (
        "Meeting the Engine's front face (ahead of it, across its columns), whoever moved",
        "Crew in a car may climb back: BOARD an adjacent vehicle of their team with room",
        "Nobody drives a car: a plain Driver takes its seat first",
        "neutral crew (plain Drivers) take no turns but defend like any crew",
    ):
        assert words in text


def test_crew_in_the_front_gondola_fill_their_teams_free_engine_seat() -> None:
    """Line 216: "The Engine is treated as CLOSED and can hold 2 crew": a team holding the
    Engine with one crew may send one more from the front Gondola (a TRANSFER to a friendly
    vehicle), never a third; a rival team may not board it while its crew are aboard."""
    state = derailed([Car("A", "convertible", 9, 12), Car("N", "coupe", 16, 2, side=1)])
    state = aboard(aboard(state, ENGINE, ("gunner",)), FRONT, ("driver", "brawler", "mechanic"))
    board = TrainAction(kind="board", vehicle=FRONT, target=ENGINE)
    assert board in mine(state, FRONT)
    after = apply(state, P1, board, Rng(0)).state
    assert len(after.vehicle(ENGINE).crew) == 2 and after.vehicle(ENGINE).side == 0
    assert len(after.vehicle(FRONT).crew) == 2
    again = after.model_copy(update={"turn": Turn(side=0)})
    assert board not in mine(again, FRONT)  # both seats taken
    rival = aboard(aboard(state, ENGINE, ("gunner",), side=1), FRONT, ("driver", "brawler"))
    assert board not in mine(rival, FRONT)
