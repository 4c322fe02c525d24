"""Phase 3, after the challenge: jumps, pirates, the VP track and the sale."""

from __future__ import annotations

from games.engine import LoadedDice, Rng
from games.spacetruckin import SPEC
from games.spacetruckin.grid import cell_name
from games.spacetruckin.models import (
    GiveCargo,
    Hit,
    Jump,
    LoseSystem,
    SpaceTruckinState,
)
from games.spacetruckin.sheet import cargo_count, open_count
from tests.games.spacetruckin.delivery_helpers import DERELICT, P1, accept, boxes, truck
from tests.games.spacetruckin.helpers import at_location

# Jumps, pirates, VP track, the sale ------------------------------------------------------------


def test_jump_spends_an_engine_pip_and_scores_2() -> None:
    """Each jump exhausts an Engine pip (or a Quarters wild) and gains 2 VP."""
    state = at_location(truck(), stage="jump", tasks=("jump",))
    legal = {a.pip for a in SPEC.legal_actions(state, P1)}  # type: ignore[union-attr]
    assert legal == {"C10", "I11", "E2", "H4"}
    after = SPEC.apply(state, P1, Jump(pip="C10"), LoadedDice([2, 2])).state
    sheet = after.sheets[0]
    assert sheet.vp == 2 and open_count(sheet, "Engine") == 1
    assert after.location == 1 and sheet.stage == "fill"


def test_spending_the_last_engine_pip_scores_the_jump_then_loses() -> None:
    """Rulebook: "EACH TIME YOU JUMP TO A NEW LOCATION, GAIN 2 VP" and "FILL IN ALL ENGINES
    PIPS" loses: the jump scores first, then the empty Engines end the truck."""
    sheet = truck()
    sheet = sheet.model_copy(update={"pips": tuple(p for p in sheet.pips if p.cell != (10, 8))})
    state = at_location(sheet.model_copy(update={"vp": 10}), stage="jump", tasks=("jump",))
    after = SPEC.apply(state, P1, Jump(pip="C10"), Rng(0)).state
    assert after.sheets[0].status == "lost" and after.sheets[0].vp == 12


def test_reaching_20_vp_wins_immediately() -> None:
    """Rulebook: "If at any time your VP meet or exceed 20 you immediately win", mid-location."""
    state = at_location(truck().model_copy(update={"vp": 18}), stage="jump", tasks=("jump",))
    after = SPEC.apply(state, P1, Jump(pip="C10"), Rng(0)).state
    outcome = SPEC.outcome(after)
    assert outcome is not None and outcome.winners == (P1,)
    assert SPEC.active_players(after) == frozenset()


def test_a_jump_to_20_with_the_last_engine_pip_wins() -> None:
    """Rulebook line 550: "IF AT ANY TIME, YOUR VICTORY POINTS MEET OR EXCEED 20 YOU
    IMMEDIATELY WIN": the jump's VP are scored before its empty Engines could lose."""
    sheet = truck()
    sheet = sheet.model_copy(update={"pips": tuple(p for p in sheet.pips if p.cell != (10, 8))})
    state = at_location(sheet.model_copy(update={"vp": 18}), stage="jump", tasks=("jump",))
    after = SPEC.apply(state, P1, Jump(pip="C10"), Rng(0)).state
    outcome = SPEC.outcome(after)
    assert after.sheets[0].status == "won" and after.sheets[0].vp == 20
    assert outcome is not None and outcome.winners == (P1,)


def test_a_grizzled_hit_that_ends_the_truck_still_scores_and_can_win() -> None:
    """Grizzled (line 550 as above): "+2 VP every time" a system is lost, even the hit that
    takes the last Engine pip; at 18 VP that hit reaches 20 and wins."""
    sheet = truck()
    sheet = sheet.model_copy(
        update={"pips": tuple(p for p in sheet.pips if p.cell != (10, 8)), "vp": 18}
    )
    state = at_location(sheet, stage="hit", tasks=("hit", "jump"), hit_dice=(3, 3))
    after = SPEC.apply(state, P1, Hit(piece=0), Rng(0)).state
    outcome = SPEC.outcome(after)
    assert after.sheets[0].vp == 20
    assert outcome is not None and outcome.winners == (P1,)


def test_a_grizzled_hit_that_ends_the_truck_short_of_20_scores_then_loses() -> None:
    """Grizzled scores the system lost, then "FILL IN ALL ENGINES PIPS" ends the truck."""
    sheet = truck()
    sheet = sheet.model_copy(
        update={"pips": tuple(p for p in sheet.pips if p.cell != (10, 8)), "vp": 6}
    )
    state = at_location(sheet, stage="hit", tasks=("hit", "jump"), hit_dice=(3, 3))
    after = SPEC.apply(state, P1, Hit(piece=0), Rng(0)).state
    outcome = SPEC.outcome(after)
    assert after.sheets[0].vp == 8 and after.sheets[0].status == "lost"
    assert outcome is not None and outcome.winners == ()


def test_pirates_take_cargo_or_the_aft_most_system() -> None:
    """At F: expend one filled cargo pip, or lose the aft-most system (ties: you choose)."""
    sheet = truck()
    loaded = tuple(
        p.model_copy(update={"state": "cargo"}) if p.cell == (6, 3) else p for p in sheet.pips
    )
    state = at_location(
        sheet.model_copy(update={"pips": loaded}),
        stage="pirates",
        tasks=("pirates", "fill", "jump"),
        location=DERELICT,
        dice=(1, 2),
    )
    legal = SPEC.legal_actions(state, P1)
    assert set(legal) == {GiveCargo(pip="D7"), LoseSystem(piece=0), LoseSystem(piece=1)}
    paid = SPEC.apply(state, P1, GiveCargo(pip="D7"), Rng(0)).state.sheets[0]
    assert cargo_count(paid) == 0 and open_count(paid, "Cargo") == 2


def test_smuggler_ignores_pirate_space() -> None:
    """Smuggler: "ignore Pirate Space"; arriving at F goes straight to the challenge."""
    state = at_location(truck("Smuggler"), stage="jump", tasks=("jump",), location=DERELICT - 1)
    after = SPEC.apply(state, P1, Jump(pip="C10"), LoadedDice([2, 3])).state
    assert after.location == DERELICT and after.sheets[0].stage == "fill"


def _at_g(specialty: str, loads: int) -> SpaceTruckinState:
    sheet = truck(specialty)
    cargo = [(6, 3), (5, 7), (6, 2)][:loads]
    pips = tuple(p for p in sheet.pips if p.cell not in cargo)
    sheet = sheet.model_copy(update={"pips": pips})
    for cell in cargo:
        sheet = sheet.model_copy(update={"pips": (*sheet.pips, _cargo(cell))})
    return at_location(
        sheet.model_copy(update={"vp": 5}),
        boxes=boxes("1161", "1154"),
        tasks=("tweak",),
        location=6,
        chart=("Event",) * 7,
    )


def _cargo(cell: tuple[int, int]) -> object:
    from games.spacetruckin.models import Pip

    return Pip(cell=cell, state="cargo")


def test_selling_3_cargo_gives_8_vp() -> None:
    """After G: 3 cargo = 8 VP (Event first reward +1 VP first)."""
    after = accept(_at_g("Grizzled", 3))
    assert after.sheets[0].vp == 5 + 1 + 8
    assert SPEC.outcome(after).winners == ()  # type: ignore[union-attr]
    assert "short of 20" in SPEC.outcome(after).reason  # type: ignore[union-attr]


def test_smuggler_sells_3_cargo_as_4() -> None:
    """Smuggler: "total your cargo as if you had one extra": 3 cargo = 16 VP, and a win."""
    after = accept(_at_g("Smuggler", 3))
    assert after.sheets[0].vp == 5 + 1 + 16
    assert SPEC.outcome(after).winners == (P1,)  # type: ignore[union-attr]


def test_cell_names_are_column_letter_and_row() -> None:
    """Grid (row 3, col 1) is written B4."""
    assert cell_name((3, 1)) == "B4"
