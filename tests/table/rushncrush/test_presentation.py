"""Rush 'n' Crush presentation without Discord: gear odds and labels, drafts, custom_ids."""

from __future__ import annotations

import re
from fractions import Fraction
from types import SimpleNamespace

import pytest

from games.engine import InvalidAction
from games.rushncrush import SPEC, GearAction
from games.rushncrush.data import GEARS, Item
from games.rushncrush.model import Car, Slot
from table.rushncrush.gears import MAX_GEAR_BUTTONS, MAX_MENU_OPTIONS, split_gears
from table.rushncrush.ids import RncId, gear_value, parse_gear_value
from table.rushncrush.path import builder_board, draft
from table.rushncrush.text import gear_label, heat_risk, percent, steering_text
from tests.games.rushncrush.helpers import duel, new_game, with_cars

A = 100
WORDLESS = re.compile(r"\bG\d|[+−-]\d[TB]\b|🔥")
"""The old shorthand: `G1` for gear 1, `+3T` for 3 Turbo, `−1B` for 1 Brake, 🔥 for heat."""


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


def test_gear_label_says_speed_gear_spend_and_risk_in_words() -> None:
    """Speed first, then gear, points spent and the heat odds: 3 dice on 1-3 is 1 - 1/8."""
    assert (
        gear_label(GearAction(gear=2, speed=9, turbo=1), 0)
        == "Speed 9 · gear 2 · 1 Turbo · 88% heat"
    )
    assert gear_label(GearAction(gear=1, speed=4, brake=1), 0) == (
        "Speed 4 · gear 1 · 1 Brake · no heat risk"
    )
    deadly = gear_label(GearAction(gear=1, speed=5), 9)
    assert deadly.startswith("💀") and deadly.endswith("33% wreck risk")


def test_every_gear_decision_offers_at_most_eight_worded_buttons() -> None:
    """From every gear, with any points and Heat: at most 8 buttons, the rest in one menu,
    each choice once, every label in words (no `G1`, `+3T`, 🔥)."""
    base = new_game(2, 1)
    player = base.order[0]
    most = 0
    for gear, speeds in GEARS.items():
        for speed in speeds:
            for points, heat in ((0, 0), (2, 5), (5, 0), (5, 9)):
                car = base.car(player).model_dump()
                car.update(gear=gear, speed=speed, turbo=points, brake=points, heat=heat)
                others = [c for c in base.cars if c.player != player]
                state = with_cars(base, Car.model_validate(car), *others)
                gears = [a for a in SPEC.legal_actions(state, player) if isinstance(a, GearAction)]
                split = split_gears(gears, heat)
                assert 0 < len(split.buttons) <= MAX_GEAR_BUTTONS
                assert len({a.speed for a in split.buttons}) == len(split.buttons)
                assert len(split.menu) <= MAX_MENU_OPTIONS
                assert sorted(map(gear_value, [*split.buttons, *split.menu])) == sorted(
                    map(gear_value, gears)
                )
                for action in (*split.buttons, *split.menu):
                    label = gear_label(action, heat)
                    assert label.removeprefix("💀 ").startswith(f"Speed {action.speed} · gear ")
                    assert not WORDLESS.search(label), label
                    assert ("💀" in label) == ("wreck risk" in label), label
                most = max(most, len(gears))
    assert most > MAX_GEAR_BUTTONS, "some decisions do need the menu"


def test_buttons_take_the_cheapest_safe_way_to_each_speed() -> None:
    """At the start: speed 6 by gear 2 with 1 Turbo (no heat), not gear 1 with 2 Turbo."""
    state = new_game(2, 1)
    player = state.order[0]
    gears = [a for a in SPEC.legal_actions(state, player) if isinstance(a, GearAction)]
    split = split_gears(gears, 0)
    assert GearAction(gear=2, speed=6, turbo=1) in split.buttons
    assert GearAction(gear=1, speed=6, turbo=2) in split.menu
    assert gear_label(split.buttons[0], 0).endswith("no heat risk"), "safest first"


def test_gear_menu_value_round_trips_and_refuses_junk() -> None:
    """A menu value names its gear choice; anything else is refused in words."""
    action = GearAction(gear=3, speed=9, turbo=2)
    assert parse_gear_value(gear_value(action)) == action
    with pytest.raises(InvalidAction, match="not a gear choice"):
        parse_gear_value("9; drop table")


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
    rid = RncId("s", 12, 34, "FFL+GK2", game="k3xq")
    assert RncId.decode(rid.encode()) == rid
    with pytest.raises(ValueError, match="too long"):
        RncId("s", 12, 34, "F" * 85, game="k3xq").encode()


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
    snap = SimpleNamespace(session_id=7, version=3, game_tag="k3xq")  # what the builder reads
    first = builder_board(snap, A, draft(state, A, ""), None)  # type: ignore[arg-type]
    assert "💣 Mine here (M)" in [b.label for b in first.buttons]
    pending = builder_board(snap, A, draft(state, A, "M"), None)  # type: ignore[arg-type]
    labels = {b.label: b.disabled for b in pending.buttons}
    assert labels["⬆ F"] is False and not any(k.startswith("✅") for k in labels)
    assert "goes with your next step" in pending.content
