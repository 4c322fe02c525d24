"""GAUNTLET's Skull choice (text line 213: "For every enemy you destroy, you may ignore ONE attack
(you may choose after drawing it). Use Skull markers to keep track of destroyed enemies.")."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from games.engine import IllegalAction, Rng, Step
from games.roadwolf import SPEC
from games.roadwolf.actions import DecideAction, MoveAction
from games.roadwolf.data import TokenKind
from games.roadwolf.missions.gauntlet import order
from games.roadwolf.model import RwState
from games.roadwolf.policy import bot_move
from games.roadwolf.rules import _advance, active_players, apply, legal_actions
from games.roadwolf.table import Ctx
from games.roadwolf.view import view
from tests.games.roadwolf.helpers import P1, P2, Car, texts
from tests.games.roadwolf.test_gauntlet import Tin, gauntlet

LINE_213 = "you may ignore ONE attack (you may choose after drawing it)"


def _cars(damage: int = 0) -> list[Car]:
    """A (the Runners') leads, so they draw two tokens; N (the Interceptors') draws one."""
    return [
        Car("A", "coupe", 9, 30, changes={"damage": damage}),
        Car("N", "coupe", 13, 10, side=1),
    ]


def enemy_step(
    draws: Sequence[TokenKind],
    *,
    skulls: tuple[int, int] = (1, 0),
    faces: Sequence[int] = (),
    cars: Sequence[Car] | None = None,
) -> tuple[Step[RwState], Tin]:
    """Play the round's order from the ROAD TURN's slot on: the enemy step (`step:enemies`)."""
    state = gauntlet(_cars() if cars is None else cars, deck=("clear",) * 12)
    mission = state.mission.with_count("skulls:0", skulls[0]).with_count("skulls:1", skulls[1])
    state = state.model_copy(update={"mission": mission, "turn": None})
    slots = order(state)
    state = state.model_copy(update={"order": slots, "slot": slots.index("road")})
    tin = Tin(draws, faces)
    # the ROAD TURN runs first: slot "road" is already played, so the next slot is the enemies
    return _advance(Ctx(state, tin), state), tin


def decide(state: RwState, choice: str, rng: Tin | None = None) -> Step[RwState]:
    action = next(a for a in legal_actions(state, P1) if getattr(a, "choice", "") == choice)
    return apply(state, P1, action, rng or Tin([]))


def test_a_side_with_a_skull_decides_after_drawing_a_real_attack() -> None:
    """Line 213: "you may choose after drawing it": the draw pauses the enemy step; the side's
    players choose, the token, the attack and the target named; later draws are not made yet."""
    step, tin = enemy_step(["gunner", "mechanic", "mechanic"])
    state = step.state
    assert state.turn is not None and state.turn.side == 0
    assert "GUNNER (a mutant's gun at A)" in state.turn.decision
    assert active_players(state) == frozenset({P1})
    choices = legal_actions(state, P1)
    assert [SPEC.describe(a) for a in choices] == [
        "Spend a Skull: ignore GUNNER (a mutant's gun at A)",
        "Take GUNNER (a mutant's gun at A)",
    ]
    assert legal_actions(state, P2) == ()
    assert "Runners draw GUNNER" in texts(step.events)  # the event log says who drew what
    assert len(tin._draws) == 2  # drawn lazily: the other two tokens are still in the tin
    assert state.mission.letters("enemy_queue") == ("0", "1")  # sides, never tokens
    public = view(state, None)
    assert public.turn is not None and public.turn.decision == state.turn.decision


def test_spending_the_skull_ignores_the_attack() -> None:
    """Line 213: "For every enemy you destroy, you may ignore ONE attack": the Skull is spent,
    no mutant appears; the other draws follow, then the next round."""
    step, tin = enemy_step(["gunner", "mechanic", "mechanic"])
    after = decide(step.state, "skull", tin)
    assert LINE_213 and "Runners spend a Skull: GUNNER is ignored." in texts(after.events)
    assert after.state.mission.count("skulls:0") == 0
    assert not any(v.kind == "mutant" for v in after.state.vehicles)
    assert texts(after.events).count("from the tin") == 2  # A's second draw, then N's
    assert after.state.turn is not None and after.state.turn.decision == ""
    assert after.state.round == 2 and after.state.turn.vehicle is None  # the next round


def test_taking_the_attack_keeps_the_skull() -> None:
    """Line 213: "you may ignore" (a choice): taken, the mutant appears and shoots with that
    weapon; the Skull stays for a later attack."""
    step, tin = enemy_step(["gunner", "mechanic", "mechanic"], faces=[1, 6, 6])
    after = decide(step.state, "take", tin)
    assert "keep their Skull and take GUNNER" in texts(after.events)
    assert after.state.mission.count("skulls:0") == 1
    assert any(v.kind == "mutant" for v in after.state.vehicles)
    assert "Mutant Z0 fires its gun at" in texts(after.events)


def test_no_skull_no_pause() -> None:
    """Without a Skull there is nothing to choose: the attack resolves at once."""
    step, _ = enemy_step(["gunner", "mechanic", "mechanic"], skulls=(0, 0), faces=[1, 6, 6])
    assert step.state.turn is not None and step.state.turn.decision == ""
    assert any(v.kind == "mutant" for v in step.state.vehicles)
    assert step.state.round == 2


def test_mechanic_draws_no_attack_and_no_pause() -> None:
    """Enemy table: "Mechanic: Nothing- no attack": no attack, nothing to ignore."""
    step, _ = enemy_step(["mechanic", "mechanic", "mechanic"], skulls=(1, 1))
    assert step.state.turn is not None and step.state.turn.decision == ""
    assert step.state.mission.count("skulls:0") == 1 and step.state.round == 2


def test_the_lead_sides_two_draws_can_pause_twice() -> None:
    """Line 213: "The vehicle in the LEAD must draw TWO tokens!": each may be ignored."""
    step, tin = enemy_step(["veteran", "spikes", "mechanic"], skulls=(2, 0))
    assert step.state.turn is not None and "VETERAN" in step.state.turn.decision
    second = decide(step.state, "skull", tin)
    assert second.state.turn is not None and "SPIKES (A hits spikes)" in second.state.turn.decision
    assert second.state.mission.count("skulls:0") == 1
    third = decide(second.state, "skull", tin)
    assert third.state.mission.count("skulls:0") == 0 and third.state.round == 2
    assert "Interceptors draw MECHANIC" in texts(third.events)


def test_the_other_side_decides_on_its_own_draw() -> None:
    """Each side keeps its own Skulls: N's draw pauses for the Interceptors."""
    step, _ = enemy_step(["mechanic", "mechanic", "brawler"], skulls=(0, 1))
    state = step.state
    assert state.turn is not None and state.turn.side == 1
    assert active_players(state) == frozenset({P2})
    assert "BRAWLER (a bike melees N)" in state.turn.decision


def test_nothing_else_may_be_played_while_a_side_decides() -> None:
    step, _ = enemy_step(["gunner", "mechanic", "mechanic"])
    with pytest.raises(IllegalAction, match="first decide"):
        apply(step.state, P1, MoveAction(vehicle="A", dx=0, dy=4), Rng(0))
    with pytest.raises(IllegalAction, match="nothing to decide"):
        state = gauntlet(_cars())
        apply(state, P1, DecideAction(choice="skull", token="gunner", target="A"), Rng(0))


def test_the_bot_keeps_its_skull_against_a_gun_and_spends_it_on_a_buggy() -> None:
    """A bot seat (or a clock running out) decides through the bot policy: a mutant's 1-die gun
    on a healthy lead vehicle is taken, a buggy's Nitro-ram, Spikes or a Molotov are ignored,
    and so is any attack that could finish a badly damaged lead vehicle."""
    gun, _ = enemy_step(["gunner", "mechanic", "mechanic"])
    assert bot_move(gun.state, P1, Rng(0)).model_dump()["choice"] == "take"
    for token in ("veteran", "spikes", "molotov"):
        heavy, _ = enemy_step([token, "mechanic", "mechanic"])
        assert bot_move(heavy.state, P1, Rng(0)).model_dump()["choice"] == "skull", token
    hurt, _ = enemy_step(["gunner", "mechanic", "mechanic"], cars=_cars(damage=1))
    assert bot_move(hurt.state, P1, Rng(0)).model_dump()["choice"] == "skull"
    assert SPEC.policy is not None
    assert SPEC.policy(gun.state, P1, Rng(0)) == bot_move(gun.state, P1, Rng(0))


def test_no_decision_when_the_enemy_drawn_cannot_come() -> None:
    """Line 213: "you may choose after drawing it", about an attack: when the mutant drawn has
    no place to appear (here every enemy letter Z0-z9 is in use), nothing attacks, so nothing
    is asked and the Skull is kept (it was once spent on an attack that then never came)."""
    fillers = [
        Car(letter, "dirt_bike", x, y, side=1)
        for letter, (x, y) in zip(
            [f"Z{i}" for i in range(10)] + [f"z{i}" for i in range(10)],
            [(x, y) for y in (0, 2, 4) for x in (0, 1, 2, 3)] + [(x, 0) for x in range(16, 24)],
            strict=True,
        )
    ]
    step, _ = enemy_step(["gunner", "mechanic", "mechanic"], cars=[*_cars(), *fillers])
    assert "the mutant never comes" in texts(step.events)
    assert step.state.mission.count("skulls:0") == 1
    assert step.state.turn is not None and step.state.turn.decision == ""
    assert not any(v.kind == "mutant" for v in step.state.vehicles)
