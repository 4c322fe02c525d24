"""DERAILED, the Engine's front face (text line 216): "Any vehicle hit by the front of the
train is rammed by 6 dice. The vehicle (or wreck) will then be moved 1 stick in a random
direction", however the two came together; every other face of the train rams with 3 dice."""

from __future__ import annotations

from games.engine import DiceRolled
from games.engine.rng import LoadedDice
from games.roadwolf import geometry as geo
from games.roadwolf.actions import MoveAction
from games.roadwolf.missions.derailed_train import ENGINE, FRONT
from games.roadwolf.preview import preview
from games.roadwolf.road import road_turn
from games.roadwolf.rules import apply
from games.roadwolf.table import Ctx
from games.roadwolf.train_faces import hits_front
from tests.games.roadwolf.helpers import P1, Car, texts
from tests.games.roadwolf.test_derailed import derailed

ROLLS_6_DICE = [2] * 6


def _rolls(events: object) -> list[DiceRolled]:
    return [e for e in events if isinstance(e, DiceRolled)]  # type: ignore[attr-defined]


def test_braking_into_the_engines_front_is_the_6_dice_ram_and_a_throw() -> None:
    """Line 216: "Any vehicle hit by the front of the train is rammed by 6 dice. The vehicle
    (or wreck) will then be moved 1 stick in a random direction": a car ahead of the Engine
    that brakes back into it is hit by the front of the train (not the 3-dice side ram)."""
    state = derailed([Car("A", "humvee", 11, 25), Car("N", "coupe", 14, 2, side=1)])
    # the tracks' wipeout check (held), the ram (the train's 4 against A's 3s: 1 damage),
    # the throw toward 12 o'clock (d6 = 6), on the track strip: a crossing, held again; a Dirt
    # Humvee makes no off-road check
    faces = [6, 6, 6, 1, 1, 4, 1, 1, 1, 1, 1, 3, 3, 3, 6, 6, 6, 1, 1]
    step = apply(state, P1, MoveAction(kind="brake", vehicle="A", dx=0, dy=-4), LoadedDice(faces))
    rams = [r for r in _rolls(step.events) if r.why == "ram: the train"]
    assert len(rams) == 1 and len(rams[0].dice) == 6
    assert "The train's front rams A" in texts(step.events)
    assert "A is thrown 12 o'clock" in texts(step.events)
    a = step.state.vehicle("A")
    assert (a.x, a.y, a.damage) == (11, 26, 1)  # stopped against the front (row 22), thrown on
    assert step.state.vehicle(ENGINE).damage == 0


def test_the_preview_of_a_move_into_the_front_names_the_6_dice_and_the_throw() -> None:
    """The move preview agrees with the result: 6 dice and a throw against the front, 3 dice
    against a side (line 216)."""
    state = derailed([Car("A", "coupe", 11, 25), Car("B", "coupe", 8, 11)])
    look = preview(state, "A", "brake", 0, -4)
    assert look.ram == ENGINE and look.ram_dice == (6, 2)
    assert any("FRONT rams you: 6 dice" in w and "1 stick" in w for w in look.warnings)
    side = preview(state, "B", "move", 2, 0)
    assert side.ram == FRONT and side.ram_dice == (3, 2)
    assert "the train rams you: 3 dice against your 2" in side.warnings


def test_a_wreck_drifting_onto_the_engines_front_is_rammed_and_thrown() -> None:
    """Line 216: "The vehicle (or wreck) will then be moved 1 stick": the train never drifts
    (it runs with the road), so a wreck ahead of it that the ROAD TURN rolls back onto its
    front is hit by the front of the train."""
    wreck = Car("W", "coupe", 11, 24, changes={"wreck": True, "driver": None, "crew": ()})
    state = derailed([wreck, Car("N", "coupe", 16, 2, side=1)])
    ctx = Ctx(state, LoadedDice([*ROLLS_6_DICE, 1, 1, 3, 2]))  # ram, thrown 6 o'clock, bounce
    ctx.deck = ["clear", "clear"]
    road_turn(ctx)
    rams = [r for r in _rolls(ctx.events) if r.why == "ram: the train"]
    assert len(rams) == 1 and len(rams[0].dice) == 6
    assert "The train's front rams W" in texts(ctx.events) and "W is thrown" in texts(ctx.events)
    assert ctx.v("W").wreck and ctx.v(ENGINE).y == 16  # the train never drifts


def test_only_the_engines_front_face_is_the_front() -> None:
    """Ahead of the Engine and across its columns: the front; beside it, behind the last
    Gondola, or touching a corner only: the side (3 dice)."""
    state = derailed([Car("A", "coupe", 5, 0)])
    engine, gondola = state.vehicle(ENGINE), state.vehicle(FRONT)
    assert hits_front(engine, geo.Rect(12, 22, 2, 3))  # half across its front
    assert hits_front(engine, geo.Rect(11, 21.75, 2, 3))  # a quarter short of touching
    assert not hits_front(engine, geo.Rect(13, 22, 2, 3))  # a corner only
    assert not hits_front(engine, geo.Rect(13, 18, 2, 3))  # its side
    assert not hits_front(gondola, geo.Rect(11, 16, 2, 3))  # a Gondola has no front


def test_the_view_only_plan_of_a_move_into_the_front_says_6_dice() -> None:
    """The renderer's view-only plan (`render.roadwolf.plan.plan_move`) agrees with the rules'
    preview: 6 dice and a throw against the Engine's front, 3 dice against a side."""
    from games.roadwolf.view import view
    from render.roadwolf.plan import plan_move

    state = derailed([Car("A", "coupe", 11, 25), Car("B", "coupe", 8, 11)])
    seen = view(state, P1)
    front = [w.text for w in plan_move(seen, "A", "brake", 0, -4).warnings]
    assert any(t.startswith("the train's FRONT rams you: 6 dice against your 2") for t in front)
    side = [w.text for w in plan_move(seen, "B", "move", 2, 0).warnings]
    assert "the train rams you: 3 dice against your 2" in side
