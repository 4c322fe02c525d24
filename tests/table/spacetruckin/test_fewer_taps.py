"""Space Truckin's sheet saying more in one choice (issue 26), asked of the table directly: a
system the free choice builds, the last dice with accepting and the jump, an artifact with its
extra pip."""

from __future__ import annotations

from games.spacetruckin.models import Sheet, SpaceTruckinState, Task
from table.answers import Message
from table.host import Host
from table.spacetruckin import ids
from tests.games.spacetruckin.delivery_helpers import truck
from tests.games.spacetruckin.helpers import CHART, at_location, built_sheet, without_cargo
from tests.games.spacetruckin.test_ahead import bad_last_two
from tests.table.spacetruckin.test_sheet_steps import TRUCKER, host, injected, press

__all__ = ["host"]  # the fixture, shared with the sheet's other steps
EVENT = 2  # location C of the test chart: its first reward, 1 VP, asks nothing


def _options(sheet: Message, verb: str) -> list[tuple[str, str, str]]:
    """Every (menu's custom_id, option label, value) of the sheet's `verb` menus."""
    return [
        (m.custom_id, label, value)
        for m in sheet.selects
        if m.custom_id.startswith(f"{ids.StId.PREFIX}:{verb}:")
        for label, value, _ in m.options
    ]


async def test_a_system_the_truck_lacks_is_built_with_the_free_choice_in_two_taps(
    host: Host,
) -> None:
    """A truck without Cargo and dice 1 and 1: the spot menu offers Cargo with the free choice
    (🎲); its preview's pip is one move that sets the die and builds the Cargo."""
    lacking = without_cargo(TRUCKER.id).model_copy(update={"stage": "pick", "dice": (1, 1)})
    state = SpaceTruckinState(players=(TRUCKER,), phase="shipyard", chart=CHART, chart_placed=7,
                              sheets=(lacking,))  # fmt: skip
    snap = await injected(host, state)
    folded = [o for o in _options(host.sheet(snap, TRUCKER.id), ids.SPOT) if "!" in o[2]]
    assert folded and all("Cargo" in label and "🎲" in label for _, label, _ in folded)
    menu, _, spot = folded[0]
    preview = (await host.press(press(menu, TRUCKER.id, spot))).pressed
    assert isinstance(preview, Message) and "free choice" in preview.content
    pip = next(b for b in preview.buttons if b.custom_id.startswith(f"st:{ids.WHOLE}:"))
    answer = await host.press(press(pip.custom_id))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    sheet = answer.saved.view(TRUCKER.id).sheet
    assert sheet is not None and sheet.pieces[-1].system == "Cargo" and sheet.free_choice_used


def _last_two() -> SpaceTruckinState:
    """Dice 3 and 4 for the last two boxes at an Event: 1163 - 1154 = 9, or 11 the other way."""
    own: Sheet = truck().model_copy(update={"player": TRUCKER.id})
    state = at_location(own, location=EVENT, stage="fill", tasks=("fill", "jump"),
                        boxes=(1, 1, 6, None, 1, 1, 5, None), dice=(3, 4))  # fmt: skip
    return state.model_copy(update={"players": (TRUCKER,)})


async def test_the_last_dice_are_written_accepted_and_jumped_in_one_choice(host: Host) -> None:
    """The fill menu says each way's result and what follows; one choice writes 9, accepts it
    (1 VP) and jumps (2 VP): the location is done in one move."""
    snap = await injected(host, _last_two())
    options = _options(host.sheet(snap, TRUCKER.id), ids.FILL)
    labels = [label for _, label, _ in options]
    assert any("→ 9, then reroll or flip" in label for label in labels)
    assert any("→ 11, accept" in label for label in labels)
    menu, _, value = next(o for o in options if "→ 9, jump" in o[1])
    answer = await host.press(press(menu, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    sheet = answer.saved.view(TRUCKER.id).sheet
    assert sheet is not None and sheet.vp == 3
    assert answer.saved.view(TRUCKER.id).public.location == "D"  # the next location, after C


async def test_a_loss_and_the_jump_are_one_choice(host: Host) -> None:
    """A consequence rolled 3 and 5 at an Event: the sheet's menus name each loss with the pip
    that pays the jump; one choice loses the system and jumps."""
    own: Sheet = truck().model_copy(update={"player": TRUCKER.id})
    state = at_location(own, location=EVENT, stage="hit", tasks=("hit", "jump"), hit_dice=(3, 5))
    snap = await injected(host, state.model_copy(update={"players": (TRUCKER,)}))
    options = _options(host.sheet(snap, TRUCKER.id), ids.MOVE)
    assert options and all(" · jump: Pip " in label for _, label, _ in options)
    menu, _, value = next(o for o in options if o[1].startswith("Lose "))
    answer = await host.press(press(menu, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    assert answer.saved.view(TRUCKER.id).public.location == "D"  # the next location, after C


async def test_two_losses_and_the_jump_are_one_choice(host: Host) -> None:
    """Two consequences rolled 3 and 5 at an Event: the menus name each pair of losses with
    the pip that pays the jump; one choice loses both systems and jumps."""
    own: Sheet = truck().model_copy(update={"player": TRUCKER.id})
    state = at_location(own, location=EVENT, stage="hit_two", tasks=("hit_two", "jump"),
                        hit_dice=(3, 5))  # fmt: skip
    snap = await injected(host, state.model_copy(update={"players": (TRUCKER,)}))
    options = _options(host.sheet(snap, TRUCKER.id), ids.MOVE)
    assert options and all(" + " in label for _, label, _ in options)
    menu, _, value = next(o for o in options if " · jump: Pip " in o[1])
    answer = await host.press(press(menu, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    after = answer.saved.view(TRUCKER.id)
    assert after.public.location == "D"  # the next location, after C
    assert after.sheet is not None and sum(p.damaged for p in after.sheet.pieces) == 2


async def test_two_consequences_too_many_for_buttons_are_one_choice_in_a_menu(host: Host) -> None:
    """A Hammerhead hit by 1 and 5 has 51 pairs of losses: menus name each pair, and one
    choice loses both (no first and second tap)."""
    own = built_sheet(TRUCKER.id, "Hammerhead", "Grizzled")
    state = at_location(own, location=1, stage="hit_two", tasks=("hit_two", "jump"),
                        hit_dice=(1, 5))  # fmt: skip
    snap = await injected(host, state.model_copy(update={"players": (TRUCKER,)}))
    sheet = host.sheet(snap, TRUCKER.id)
    options = _options(sheet, ids.MOVE)
    assert len(options) == 51 and all(" + " in label for _, label, _ in options)
    assert "then the" not in sheet.content
    menu, _, value = options[-1]
    answer = await host.press(press(menu, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    damaged = [p for p in answer.saved.view(TRUCKER.id).sheet.pieces if p.damaged]  # type: ignore[union-attr]
    assert len(damaged) == 2


async def test_quick_loses_the_bots_pair_and_jumps_in_one_tap(host: Host) -> None:
    """The Hammerhead hit by 1 and 5: its 51 pairs, each with every pip that could pay the
    jump, are too many for the menus, so ⚡ offers the pair and the pip the bot would choose;
    one tap loses both and jumps to the next location."""
    own = built_sheet(TRUCKER.id, "Hammerhead", "Grizzled")
    state = at_location(own, location=1, stage="hit_two", tasks=("hit_two", "jump"),
                        hit_dice=(1, 5))  # fmt: skip
    snap = await injected(host, state.model_copy(update={"players": (TRUCKER,)}))
    sheet = host.sheet(snap, TRUCKER.id)
    quick = [b for b in sheet.buttons if b.label.startswith("⚡ Lose ")]
    assert len(quick) == 1 and " · jump " in quick[0].label and "⚡ makes" in sheet.content
    answer = await host.press(press(quick[0].custom_id))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    after = answer.saved.view(TRUCKER.id)
    assert after.public.location == "C"  # the next location, after B
    assert after.sheet is not None and sum(p.damaged for p in after.sheet.pieces) == 2


async def test_quick_writes_the_last_dice_and_flips_in_one_tap(host: Host) -> None:
    """The last two dice with both ways under 1: ⚡ names the way the bot would write them and
    the flip it would make next; one tap does both (the bottom-left 6 becomes a 1)."""
    state = bad_last_two()
    own = state.sheets[0].model_copy(update={"player": TRUCKER.id})
    state = state.model_copy(update={"players": (TRUCKER,), "sheets": (own,)})
    snap = await injected(host, state)
    sheet = host.sheet(snap, TRUCKER.id)
    quick = [b for b in sheet.buttons if b.label.startswith("⚡ ")]
    assert len(quick) == 1 and "flip Bottom 1" in quick[0].label, [b.label for b in sheet.buttons]
    assert "⚡ makes" in sheet.content
    answer = await host.press(press(quick[0].custom_id))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    after = answer.saved.view(TRUCKER.id).sheet
    assert after is not None and [b.value for b in after.boxes][4] == 1


async def test_an_artificers_artifact_and_its_extra_pip_are_one_choice(host: Host) -> None:
    """An Artificer arriving at A: the artifact's cargo box and the grid beside it for its
    extra pip are one choice (the challenge's dice come after, so no jump is said); a box
    whose extra pip is no choice is offered alone beside them."""
    own: Sheet = truck("Artificer").model_copy(update={"player": TRUCKER.id})
    queued = (Task(kind="reward", reward="artifact"), Task(kind="fill"), Task(kind="jump"))
    state = at_location(own, stage="reward", tasks=("reward",))
    sheet = state.sheets[0].model_copy(update={"tasks": queued, "challenge": None})
    state = state.model_copy(update={"sheets": (sheet,), "players": (TRUCKER,)})
    snap = await injected(host, state)
    board = host.sheet(snap, TRUCKER.id)
    assert "the grid beside it for its extra pip" in board.content
    options = _options(board, ids.MOVE)
    said = [o for o in options if o[1].startswith("Artifact on ")]
    assert len(said) > 1 and not any(" · jump: " in label for _, label, _ in options)
    boxes_said = {label.split()[2] for _, label, _ in said}
    alone = [label for option in options if option not in said for _, label, _ in [option]]
    assert all(label.split()[2] not in boxes_said for label in alone)
    menu, label, value = said[0]
    answer = await host.press(press(menu, TRUCKER.id, value))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    after = answer.saved.view(TRUCKER.id).sheet
    assert after is not None and after.artifacts == 1 and after.stage == "fill"
    extra = label.split()[6]  # "Artifact on D7 + extra Pip D6 · Cargo"
    assert any(cell.name == extra and cell.pip == "open" for row in after.grid for cell in row)
