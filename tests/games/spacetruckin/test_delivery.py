"""Phase 3: the challenge, manipulation, rewards, consequences and artifacts."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, LoadedDice, Rng
from games.spacetruckin import SPEC, describe
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.data import band_of
from games.spacetruckin.models import (
    Fill,
    Hit,
    HitTwo,
    Mark,
    Sheet,
    SpaceTruckinState,
    Tweak,
)
from games.spacetruckin.policy import said_plainly
from games.spacetruckin.sheet import cargo_count, open_count
from tests.games.spacetruckin.delivery_helpers import DERELICT, P1, accept, boxes, truck
from tests.games.spacetruckin.helpers import at_location, place

# The rulebook's worked challenge ------------------------------------------------------------


def _worked_example() -> SpaceTruckinState:
    """Rulebook: "rolls a 3 and 5 ... bottom middle and top right; two 3s ... top middle and
    bottom right; a 6 and a 1 ... top left and bottom middle; 1 and 1 ... the two remaining"."""
    state = at_location(truck(), stage="fill", tasks=("fill", "jump"), dice=(3, 5))
    rolls = iter([[3, 3], [6, 1], [1, 1], []])
    for first, second in (("bot3", "top4"), ("top3", "bot4"), ("top1", "bot2"), ("top2", "bot1")):
        state = SPEC.apply(
            state, P1, Fill(first=first, second=second), LoadedDice(next(rolls))
        ).state  # type: ignore[arg-type]
    return state


def test_worked_example_reads_5002() -> None:
    """The digest's reading of the example: 6135 - 1133 = 5002 (printed as "1002"), 101-5555."""
    state = _worked_example()
    challenge = state.sheets[0].challenge
    assert challenge is not None and challenge.boxes == boxes("6135", "1133")
    assert challenge_result(challenge.boxes) == 5002
    assert band_of(5002) == "two_hits"
    assert state.sheets[0].stage == "tweak"


def test_worked_example_weapons_reroll_to_one_gives_2() -> None:
    """Rulebook: "use a Weapons to reroll the top left die ... you roll a 1 ... Result 0002"."""
    state = SPEC.apply(
        _worked_example(), P1, Tweak(box="top1", effect="reroll", pip="B1"), LoadedDice([1])
    ).state
    assert state.sheets[0].challenge.result == 2  # type: ignore[union-attr]
    sheet = SPEC.apply(state, P1, Mark(cell="D7"), Rng(0)).state.sheets[0]
    assert cargo_count(sheet) == 1 and sheet.vp == 1  # Gas Giant: both rewards


def test_worked_example_reactor_flip_gives_2_too() -> None:
    """Flipping the top-left 6 to its opposite 1 with a Reactor pip gives the same 2."""
    state = SPEC.apply(
        _worked_example(), P1, Tweak(box="top1", effect="flip", pip="F6"), Rng(0)
    ).state
    sheet = state.sheets[0]
    assert sheet.challenge is not None and sheet.challenge.result == 2
    assert open_count(sheet, "Reactor") == 0


def test_only_one_manipulation_per_location() -> None:
    """Strict ruling: one manipulation in total per location, then the result stands."""
    state = SPEC.apply(
        _worked_example(), P1, Tweak(box="top2", effect="flip", pip="F6"), Rng(0)
    ).state
    assert state.sheets[0].stage != "tweak"
    assert state.sheets[0].challenge.result is not None  # type: ignore[union-attr]


def test_quarters_wild_needs_the_mimicked_system_to_have_a_pip() -> None:
    """A Quarters pip may reroll only while a Weapons pip remains."""
    sheet = truck()
    sheet = sheet.model_copy(update={"pips": tuple(p for p in sheet.pips if p.cell != (0, 1))})
    state = at_location(sheet, boxes=boxes("6135", "1133"))
    with pytest.raises(IllegalAction, match="reroll or flip"):
        SPEC.apply(state, P1, Tweak(box="top1", effect="reroll", pip="E2"), Rng(0))
    flip = SPEC.apply(state, P1, Tweak(box="top1", effect="flip", pip="E2"), Rng(0)).state
    assert flip.sheets[0].challenge.result == 2  # type: ignore[union-attr]


def test_physicist_reactor_rerolls_as_a_wild() -> None:
    """Physicist: a Reactor pip can do the Weapons' reroll."""
    state = at_location(truck("Physicist"), boxes=boxes("6135", "1133"))
    step = SPEC.apply(state, P1, Tweak(box="top1", effect="reroll", pip="F6"), LoadedDice([1]))
    assert step.state.sheets[0].challenge.result == 2  # type: ignore[union-attr]


# Bands and rewards (Gas Giant: first = 1 cargo, second = 1 VP) --------------------------------


def test_gas_giant_result_7_gives_one_cargo() -> None:
    """Rulebook: "visiting a Gas Giant and your result is a 7, you would ... gain 1 Cargo"."""
    state = accept(at_location(truck(), boxes=boxes("1161", "1154"), tasks=("tweak",)))
    sheet = state.sheets[0]
    assert sheet.challenge.result == 7  # type: ignore[union-attr]
    assert sheet.stage == "reward"  # two empty cargo pips: the trucker picks one
    sheet = SPEC.apply(state, P1, Mark(cell="H6"), Rng(0)).state.sheets[0]
    assert cargo_count(sheet) == 1 and sheet.vp == 0


def test_gas_giant_result_2_gives_cargo_and_vp() -> None:
    """Rulebook: "If your result was a 2 you would gain one cargo and 1 VP"."""
    state = accept(at_location(truck(), boxes=boxes("1113", "1111"), tasks=("tweak",)))
    sheet = SPEC.apply(state, P1, Mark(cell="D7"), Rng(0)).state.sheets[0]
    assert cargo_count(sheet) == 1 and sheet.vp == 1


def test_result_0_damages_the_bridge() -> None:
    """Less than 1 (zero included) puts an X through one Bridge grid."""
    state = accept(at_location(truck(), boxes=boxes("1111", "1111"), tasks=("tweak",)))
    assert state.sheets[0].bridge_damage == 1


def test_second_bridge_damage_loses() -> None:
    """Both Bridge grids damaged: the game is lost."""
    sheet = truck().model_copy(update={"bridge_damage": 1})
    state = accept(at_location(sheet, boxes=boxes("1111", "1112"), tasks=("tweak",)))
    assert state.sheets[0].status == "lost"
    assert SPEC.outcome(state) is not None


def test_result_57_is_one_consequence() -> None:
    """11-100: one die, read as a system or a shape, destroys one tetromino."""
    state = accept(at_location(truck(), boxes=boxes("1222", "1165")), [4, 4])
    sheet = state.sheets[0]
    assert sheet.challenge.result == 57  # type: ignore[union-attr]
    # 4 = Weapons (the only one) or an S shape (none): a single choice, applied at once
    assert [p.system for p in sheet.pieces if p.damaged] == ["Weapons"]


def test_result_3000_is_two_consequences() -> None:
    """101+: two dice, one for a system and one for a shape."""
    state = accept(at_location(truck(), boxes=boxes("4111", "1111"), tasks=("tweak",)), [3, 2])
    sheet = state.sheets[0]
    assert sheet.stage == "hit_two" and sheet.hit_dice == (3, 2)


def test_no_matching_system_hits_the_bridge() -> None:
    """No tetromino matches the dice: take one Bridge damage instead."""
    sheet = truck()
    bare = sheet.model_copy(update={"pieces": sheet.pieces[:4]})  # Engines and Quarters only
    state = accept(at_location(bare, boxes=boxes("1222", "1165")), [4, 4])
    assert state.sheets[0].bridge_damage == 1


def test_one_consequence_may_pick_the_die_that_matches_nothing() -> None:
    """Rulebook: "select one of the die results ... If ... there are no systems or shapes
    available to match your result, take one bridge damage": the blank die is a choice too."""
    sheet = truck()
    bare = sheet.model_copy(update={"pieces": sheet.pieces[:4]})  # Engines and Quarters only
    state = accept(at_location(bare, boxes=boxes("1222", "1165")), [3, 4])
    # 3 = Engine (two of them); 4 = Weapons or an S shape: nothing
    plain = {a for a in SPEC.legal_actions(state, P1) if said_plainly(a)}  # the jump aside
    assert plain == {Hit(piece=0), Hit(piece=1), Hit(piece=None)}
    assert "Bridge" in describe(Hit(piece=None))
    after = SPEC.apply(state, P1, Hit(piece=None), Rng(0)).state.sheets[0]
    assert after.bridge_damage == 1 and not any(p.damaged for p in after.pieces)


def test_one_consequence_with_both_dice_matching_has_no_bridge_choice() -> None:
    """When both dice match something, a system must go: the Bridge is not offered."""
    state = accept(at_location(truck(), boxes=boxes("1222", "1165")), [3, 2])
    legal = SPEC.legal_actions(state, P1)
    assert legal and not any(isinstance(a, Hit) and a.piece is None for a in legal)
    assert {a.piece for a in legal} == {0, 1, 2, 3, 4}  # type: ignore[union-attr]


def test_221_damage_example() -> None:
    """Rulebook: "You roll a 1 (Reactor or I-shape) and a 5 (Cargo or Box shape) ... X out both the
    Box-shaped Reactors" (the text's "2" is the 1 rolled)."""
    sheet = Sheet(player=P1, specialty_dice=(2, 2), specialty="Engineer", truck="Hammerhead")
    sheet = place(sheet, "Engine", ((10, 3), (10, 4), (11, 3), (11, 4)), (10, 3))
    sheet = place(sheet, "Engine", ((10, 6), (10, 7), (11, 6), (11, 7)), (11, 7))
    sheet = place(sheet, "Quarters", ((2, 4), (3, 4), (4, 4), (4, 3)), (2, 4))
    sheet = place(sheet, "Reactor", ((6, 2), (6, 3), (7, 2), (7, 3)), None)
    sheet = place(sheet, "Reactor", ((6, 7), (6, 8), (7, 7), (7, 8)), None)
    state = at_location(sheet, stage="hit_two", tasks=("hit_two", "jump"), hit_dice=(1, 5))
    legal = SPEC.legal_actions(state, P1)
    assert HitTwo(system_piece=3, shape_piece=4) in legal
    # reading 5 as the system and 1 as the shape hits nothing: two Bridge damages, a choice
    assert HitTwo(system_piece=None, shape_piece=None) in legal
    after = SPEC.apply(state, P1, HitTwo(system_piece=3, shape_piece=4), Rng(0)).state
    assert [p.id for p in after.sheets[0].pieces if p.damaged] == [3, 4]


def test_damage_wipes_pips_and_cargo() -> None:
    """Damage X's the tetromino: its pips and the cargo in them are lost."""
    sheet = truck()
    sheet = sheet.model_copy(
        update={
            "pips": tuple(
                p.model_copy(update={"state": "cargo"}) if p.cell == (6, 3) else p
                for p in sheet.pips
            )
        }
    )
    state = at_location(sheet, stage="hit_two", tasks=("hit_two", "jump"), hit_dice=(5, 1))
    after = SPEC.apply(state, P1, HitTwo(system_piece=6, shape_piece=5), Rng(0)).state
    swept = after.sheets[0]
    assert cargo_count(swept) == 0
    assert (6, 3) not in {p.cell for p in swept.pips} and (5, 5) not in {p.cell for p in swept.pips}


def test_grizzled_scores_for_each_system_lost() -> None:
    """Grizzled: +2 VP every time a consequence destroys a system."""
    state = at_location(truck(), stage="hit_two", tasks=("hit_two", "jump"), hit_dice=(5, 1))
    after = SPEC.apply(state, P1, HitTwo(system_piece=6, shape_piece=5), Rng(0)).state
    assert after.sheets[0].vp == 4


# Artifacts, derelict quarters -------------------------------------------------------------------


def test_artifact_adds_a_pip_to_an_adjacent_cargo_grid() -> None:
    """Rulebook: "The two adjacent grids (North and West) are both Cargo, so you'd then add
    another Cargo pip to either of the two grids"."""
    sheet = truck()  # cargo box C6-D7 with its pip on D7 (bottom right): N = D6, W = C7
    sheet = sheet.model_copy(update={"pips": tuple(p for p in sheet.pips if p.cell != (5, 7))})
    state = at_location(sheet, stage="reward", tasks=("reward", "jump"))
    state = state.model_copy(
        update={
            "sheets": (state.sheets[0].model_copy(update={"tasks": (_task("artifact"), _task2())}),)
        }
    )
    after = SPEC.apply(state, P1, Mark(cell="D7"), Rng(0)).state
    sheet = after.sheets[0]
    assert sheet.stage == "extra_pip" and sheet.artifacts == 1
    options = {a.cell for a in SPEC.legal_actions(after, P1)}  # type: ignore[union-attr]
    assert options == {"D6", "C7"}


def test_artifact_extra_pip_may_go_to_another_system() -> None:
    """Rulebook: "North is Quarters, and the two (West and South) are both Cargo": either."""
    sheet = Sheet(player=P1, specialty_dice=(4, 4), specialty="Grizzled", truck="Mauler")
    sheet = place(sheet, "Engine", ((9, 2), (9, 3), (10, 2), (10, 3)), (9, 2))
    sheet = place(sheet, "Quarters", ((4, 2), (4, 3), (4, 4), (4, 5)), (4, 2))
    sheet = place(sheet, "Cargo", ((5, 3), (5, 4), (6, 4), (6, 5)), (5, 4))
    state = at_location(sheet, stage="reward", tasks=("reward", "jump"))
    state = state.model_copy(
        update={
            "sheets": (state.sheets[0].model_copy(update={"tasks": (_task("artifact"), _task2())}),)
        }
    )
    after = SPEC.apply(state, P1, Mark(cell="E6"), Rng(0)).state
    options = {a.cell for a in SPEC.legal_actions(after, P1)}  # type: ignore[union-attr]
    assert options == {"E5", "D6", "E7"}
    done = SPEC.apply(after, P1, Mark(cell="E5"), Rng(0)).state.sheets[0]
    assert open_count(done, "Quarters") == 2


def _task(reward: str) -> object:
    from games.spacetruckin.models import Task

    return Task(kind="reward", reward=reward)  # type: ignore[arg-type]


def _task2() -> object:
    from games.spacetruckin.models import Task

    return Task(kind="jump")


def test_artifact_with_no_open_cargo_pip_is_lost() -> None:
    """No open cargo pip: the artifact reward is lost."""
    sheet = truck()
    full = tuple(
        p.model_copy(update={"state": "cargo"}) if p.cell in ((6, 3), (5, 7)) else p
        for p in sheet.pips
    )
    state = at_location(
        sheet.model_copy(update={"pips": full}),
        boxes=boxes("1161", "1154"),
        tasks=("tweak",),
        chart=("Comet",) * 7,
    )
    after = accept(state)
    assert after.sheets[0].artifacts == 0


def test_derelict_ship_quarters_pip_may_touch_other_pips() -> None:
    """Derelict Ship: a new Quarters pip anywhere in a Quarters tetromino, adjacency allowed."""
    state = at_location(
        truck(),
        boxes=boxes("1161", "1154"),
        tasks=("tweak",),
        location=DERELICT,
        chart=("Derelict Ship",) * 7,
    )
    after = accept(state)
    cells = {a.cell for a in SPEC.legal_actions(after, P1)}  # type: ignore[union-attr]
    assert "E3" in cells  # next to the Quarters pip on E2
    sheet = SPEC.apply(after, P1, Mark(cell="E3"), Rng(0)).state.sheets[0]
    assert open_count(sheet, "Quarters") == 3
