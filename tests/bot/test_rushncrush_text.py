"""Rush 'n' Crush presentation without Discord: gear odds and labels, drafts, custom_ids."""

from __future__ import annotations

from fractions import Fraction
from types import SimpleNamespace

import pytest

from bot.rushncrush.ids import RncId
from bot.rushncrush.path import builder_board, draft
from bot.rushncrush.text import gear_label, heat_risk, percent, steering_text
from games.rushncrush import GearAction
from games.rushncrush.data import Item
from games.rushncrush.model import Slot
from tests.games.rushncrush.helpers import duel

A = 100


def test_red_zone_rolls_three_heat_dice() -> None:
    """Gear 2 speed 9 is red: 3 red dice, each 1-2 a Heat, so 1 - (4/6)^3 for any Heat."""
    risk = heat_risk(0, 2, 9, 0)
    assert (risk.dice, risk.hit_on) == (3, 2)
    assert risk.any_heat == Fraction(19, 27)
    assert risk.wreck == 0


def test_turbo_widens_the_heat_range() -> None:
    """'+1 to that range per Turbo used': one yellow die with 2 Turbo gives Heat on 1-4."""
    risk = heat_risk(0, 1, 5, 2)
    assert risk.hit_on == 4 and risk.any_heat == Fraction(4, 6)


def test_blue_zone_is_safe() -> None:
    """Blue rolls no red dice."""
    assert heat_risk(9, 1, 4, 0).any_heat == 0


def test_wreck_chance_counts_heat_to_the_skull() -> None:
    """At Heat 9 one yellow die wrecks the car on a 1-2."""
    assert heat_risk(9, 1, 5, 0).wreck == Fraction(1, 3)


def test_gear_label_shows_speed_gear_spend_and_risk() -> None:
    """Speed first, then gear, points spent and the heat odds: 3 dice on 1-3 is 1 - 1/8."""
    assert gear_label(GearAction(gear=2, speed=9, turbo=1), 0) == "9 · G2 +1T 🔥88%"
    assert gear_label(GearAction(gear=1, speed=4, brake=1), 0) == "4 · G1 −1B 🔥0%"
    assert "💀33%" in gear_label(GearAction(gear=1, speed=5), 9)


def test_percent_never_rounds_a_risk_to_zero() -> None:
    """A tiny but real risk reads <1%, not 0%."""
    assert percent(Fraction(1, 1000)) == "<1%"
    assert percent(Fraction(0)) == "0%"


def test_steering_text_names_the_white_dice() -> None:
    """Speed 6-10 keeps the best die, 11-16 the lowest; 4-5 unlimited; 18 none."""
    assert steering_text(4) == "unlimited"
    assert steering_text(8) == "best of 3🎲"
    assert steering_text(12) == "lowest of 3🎲"
    assert steering_text(18) == "none"


def test_draft_offers_only_legal_next_steps() -> None:
    """In the leftmost lane the builder offers F and R, not L."""
    state = duel((10, 0), (40, 3), speed=6)
    plan = draft(state, A, "")
    assert "F" in plan.next_tokens and "R" in plan.next_tokens
    assert "L" not in plan.next_tokens
    assert not plan.ready


def test_complete_draft_is_ready_and_takes_no_more_steps() -> None:
    """Six steps at speed 6 can be driven; no seventh step is offered."""
    state = duel((10, 0), (40, 3), speed=6)
    plan = draft(state, A, "FFRFFF")
    assert plan.ready and plan.preview.end == (16, 1)
    assert not {"F", "L", "R"} & set(plan.next_tokens)


def test_rnc_custom_id_round_trips_and_is_bounded() -> None:
    """An `rnc:` id decodes to itself; one over 100 characters is refused."""
    rid = RncId("s", 12, 34, "FFL+GK2")
    assert RncId.decode(rid.encode()) == rid
    with pytest.raises(ValueError, match="too long"):
        RncId("s", 12, 34, "F" * 90).encode()


def test_builder_offers_a_mine_for_the_next_step() -> None:
    """A Minelayer car is offered 'Mine here'; after it, only a step may follow."""
    state = duel((10, 1), (40, 3), speed=6)
    assert "M" in draft(state, A, "").next_tokens
    plan = draft(state, A, "M")
    assert not plan.ready and "next step" in plan.problem
    assert set(plan.next_tokens) == {"F", "L", "R"}
    assert draft(state, A, "MFFFFFF").ready


def test_builder_offers_bumper_and_saw_only_before_a_side_ram() -> None:
    """'Bumper/Saw on next step' shows when a step would side-ram a car, and then only that step."""
    slots = (Slot(item=Item.SIDE_BUMPER, armed=True), Slot(item=Item.SAW, armed=True))
    state = duel((10, 1), (11, 2), speed=5, a_fields={"slots": slots})
    offered = draft(state, A, "").next_tokens
    assert "B" in offered and "S" in offered
    assert draft(state, A, "B").next_tokens == ("R",)
    clear = duel((10, 1), (30, 2), speed=5, a_fields={"slots": slots})
    assert not {"B", "S"} & set(draft(clear, A, "").next_tokens)


def test_builder_board_shows_the_mine_toggle_then_only_steps() -> None:
    """The builder's buttons: 'Mine here' at first; once tapped, steps but no Drive it."""
    state = duel((10, 1), (40, 3), speed=6)
    snap = SimpleNamespace(session_id=7, version=3)  # all the builder reads from a Snapshot
    first = builder_board(snap, A, draft(state, A, ""), None)  # type: ignore[arg-type]
    assert "💣 Mine here (M)" in [b.label for b in first.buttons]
    pending = builder_board(snap, A, draft(state, A, "M"), None)  # type: ignore[arg-type]
    labels = {b.label: b.disabled for b in pending.buttons}
    assert labels["⬆ F"] is False and not any(k.startswith("✅") for k in labels)
    assert "goes with your next step" in pending.content
