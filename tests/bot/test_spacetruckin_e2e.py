"""Space Truckin' played to the end through the fake Discord: solo and two truckers."""

from __future__ import annotations

import io
import itertools
import json
from typing import Any

from PIL import Image

from fakediscord.records import FakeMessage
from games.engine import GameSpec, Model, Player
from games.spacetruckin import SPEC
from games.spacetruckin.grid import cell_name
from games.spacetruckin.models import (
    Accept,
    Build,
    Fill,
    Hit,
    HitTwo,
    Place,
    SpaceTruckinState,
    Tweak,
)
from games.spacetruckin.sheet import destroyed, with_pip
from table.ids import ButtonId, action_payload
from table.messages import MAX_BUTTONS
from tests.bot.conftest import World
from tests.bot.spacetruckin_driver import Table, ahead_offered, choose, digest
from tests.games.spacetruckin.helpers import at_location, built_sheet


async def _start(world: World, seed: int, *others: object) -> Table:
    await world.stop_bot()  # the seed source is wired at boot: reboot with a chosen seed
    world.seeds = itertools.count(seed).__next__
    await world.start_bot()
    table = Table(world)
    table.watch_sheets()
    await world.slash(world.alice, "game new", game="spacetruckin")
    for user in others:
        await world.slash(user, "game join")  # type: ignore[arg-type]
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    return table


def _assert_sheets_private(world: World, table: Table) -> None:
    """Every message carrying a sheet image is ephemeral and shown only to the sheet's owner."""
    assert table.sheets
    for message in world.fake.all_messages():
        for _, data in message.files:
            owner = table.sheets.get(digest(data))
            if owner is not None:
                assert message.ephemeral_to == owner, message.content


async def _play_out(world: World, table: Table, *, slash_every: int = 0) -> None:
    users = {world.alice.id: world.alice, world.bob.id: world.bob}
    used_slash = False
    for _ in range(600):
        state = await table.state()
        if state.result is not None:
            return
        player = (await _active(table))[0]
        action = choose(state, player)
        user = users[player]
        if not used_slash and isinstance(action, Fill) and slash_every:
            r = await world.slash(
                user, "spacetruckin fill", first=action.first, second=action.second
            )
            await r.wait_followups(1)
            used_slash = True
            continue
        await table.play(user, action)
    raise AssertionError("no outcome after 600 moves")


async def _active(table: Table) -> list[int]:
    from games.spacetruckin import SPEC

    return sorted(SPEC.active_players(await table.state()))


async def test_solo_game_to_the_end(world: World) -> None:
    """A solo trucker plays from the lobby to an outcome by taps; sheets stay ephemeral."""
    table = await _start(world, 18)
    # the slash twins: /game sheet, then /spacetruckin move with its autocomplete
    r = await world.slash(world.alice, "game sheet")
    await r.wait_followups(1)
    assert r.messages[-1].ephemeral_to == world.alice.id and r.messages[-1].files
    choices = await world.fake.autocomplete(
        world.alice, world.channel, "spacetruckin move", focused="action", value="captain"
    )
    assert choices and all("Captain" in c["name"] for c in choices)
    r = await world.slash(world.alice, "spacetruckin move", action=choices[0]["value"])
    await r.wait_followups(1)
    assert r.messages[0].ephemeral
    await _play_out(world, table, slash_every=1)
    final = await table.wait_for_end()
    state = await table.state()
    assert state.phase == "over" and state.location >= 2, "the run reached the deliveries"
    assert "🏁" in final.content and not final.buttons
    assert table.taps["menu"] >= 5, "placements went through the menu and its preview"
    _assert_sheets_private(world, table)
    image = Image.open(io.BytesIO(final.files[0][1]))
    assert image.width >= 600


async def test_two_player_game_to_the_end(world: World) -> None:
    """Alice and Bob build and deliver at once; wrong-player and stale presses stay private."""
    table = await _start(world, 9, world.bob)
    old = await table.open_sheet(world.alice)  # a sheet whose buttons will go stale
    await table.open_sheet(world.alice)  # the one Alice plays on
    state = await table.state()
    while state.phase == "captain":
        for user in (world.alice, world.bob):
            if user.id in await _active(table):
                await table.play(user, choose(state, user.id))
                state = await table.state()
    truck = next(cid for label, cid, _ in old.buttons if str(label).startswith("Truck"))
    stale = await world.fake.click(world.alice, old, str(truck))
    await stale.wait_followups(1)
    assert (
        stale.messages[-1].ephemeral and "changed since that message" in stale.messages[-1].content
    )
    board = world.latest_board()
    placer = world.alice if world.alice.id in await _active(table) else world.bob
    other = world.bob if placer is world.alice else world.alice
    chart_buttons = [cid for label, cid, _ in board.buttons if label != "Show my sheet"]
    assert chart_buttons, "charting is public: its buttons are on the board"
    refused = await world.fake.click(other, board, str(chart_buttons[0]))
    await refused.wait_response()
    assert refused.messages[-1].ephemeral and "🚫" in refused.messages[-1].content
    await _play_out(world, table)
    final = await table.wait_for_end()
    outcome = (await table.state()).result
    assert outcome is not None and "🏁" in final.content
    assert outcome.reason in final.content, final.content
    names = {world.alice.id: world.alice.name, world.bob.id: world.bob.name}
    for winner in outcome.winners:
        assert f"<@{winner}>" in final.content or names[winner] in final.content
    if not outcome.winners:
        assert "nobody won" in final.content.lower()
    _assert_sheets_private(world, table)


async def _until_alice_places(world: World, table: Table) -> Place:
    """Alice plays her judgement until she builds; she types that build (the buttons build a
    whole system at once), then the placement she would choose."""
    for _ in range(200):
        action = choose(await table.state(), world.alice.id)
        if isinstance(action, Build):
            typed = action.model_dump_json()
            r = await world.slash(world.alice, "spacetruckin move", action=typed)
            await r.wait_followups(1)
            place = choose(await table.state(), world.alice.id)
            assert isinstance(place, Place)
            return place
        await table.play(world.alice, action)
    raise AssertionError("Alice never came to place a piece")


async def test_place_by_slash_command_shows_a_preview(world: World) -> None:
    """`/spacetruckin place` lists legal spots as you type and answers with a private preview."""
    table = await _start(world, 15)
    action = await _until_alice_places(world, table)
    choices = await world.fake.autocomplete(
        world.alice, world.channel, "spacetruckin place", focused="spot", value=action.anchor
    )
    assert choices and all(c["name"].startswith(action.anchor) for c in choices)
    r = await world.slash(world.alice, "spacetruckin place", spot=choices[0]["value"])
    await r.wait_followups(1)
    preview = r.messages[-1]
    assert preview.ephemeral_to == world.alice.id and preview.files
    confirm = next(cid for label, cid, _ in preview.buttons if str(label).startswith("✅"))
    done = await world.fake.click(world.alice, preview, str(confirm))
    await done.wait_followups(1)
    assert "pip" in done.messages[-1].content
    bad = await world.slash(world.alice, "spacetruckin place", spot="Z99")
    assert bad.ephemeral and "🚫" in bad.content


async def test_a_spectator_is_offered_no_place(world: World) -> None:
    """While Alice places a piece, Carol (not playing) asking `/spacetruckin place spot:` is
    answered with an empty list, not left without an answer."""
    table = await _start(world, 15)
    await _until_alice_places(world, table)
    mine = await world.fake.autocomplete(
        world.alice, world.channel, "spacetruckin place", focused="spot", value=""
    )
    assert mine
    offered = await world.fake.autocomplete(
        world.carol, world.channel, "spacetruckin place", focused="spot", value=""
    )
    assert offered == []


ACCEPT = Accept()


async def _inject(
    world: World, state: Model, spec: GameSpec[Any, Any, Any, Any] = SPEC, action: Model = ACCEPT
) -> int:
    """Put the channel's session in `state` through the real repository (one logged move,
    `action`, of `spec`'s game); the session's id."""
    assert world.bot is not None
    service = world.bot.service
    snap = await service.current(world.channel.id)
    await service.repo.record_move(
        snap.session_id,
        expected_version=snap.version,
        actor=world.alice.id,
        action_json=spec.dump_action(action),
        events_json="[]",
        state_json=spec.dump_state(state),
    )
    return snap.session_id


def _two_hits(user: int, name: str) -> SpaceTruckinState:
    """A Hammerhead of 18 systems facing two consequences with dice 6 and 1 (226 pairs)."""
    sheet = built_sheet(user, "Hammerhead", "Grizzled")
    state = at_location(
        sheet, location=1, stage="hit_two", tasks=("hit_two", "jump"), hit_dice=(6, 1)
    )
    return _seated(state, user, name)


def _seated(state: SpaceTruckinState, user: int, name: str) -> SpaceTruckinState:
    """The helpers' solo state with the Discord user in the seat."""
    data = state.model_dump(mode="json") | {"players": [Player(id=user, name=name).model_dump()]}
    return SpaceTruckinState.model_validate(data)


def _actions_on(message: object) -> set[Model]:
    found: set[Model] = set()
    for cid in message.custom_ids:  # type: ignore[attr-defined]
        bid = ButtonId.decode(cid)
        if bid is not None and bid.verb == "a":
            found.add(SPEC.parse_action(json.loads(bid.payload)))
    return found


async def test_every_two_hit_choice_is_reachable_by_taps(world: World) -> None:
    """Two consequences with 226 legal pairs: tap the first loss, then the second; all reachable.
    (The same pairs said with the jump are shortcuts: ⚡ offers the bot's, and any pair's jump
    is the next choice.)"""
    table = await _start(world, 15)
    state = _two_hits(world.alice.id, world.alice.name)
    await _inject(world, state)
    legal_now = SPEC.legal_actions(state, world.alice.id)
    plain = [a for a in legal_now if isinstance(a, HitTwo) and a.jump is None]
    legal = set(plain)
    assert len(legal) > MAX_BUTTONS
    message = await table.open_sheet(world.alice)
    firsts = [c for c in message.custom_ids if c.startswith("st:hit:")]
    assert len(firsts) == len({a.system_piece for a in legal})  # type: ignore[attr-defined]
    reached: set[Model] = set()
    for first in firsts:
        step = await table.tap(world.alice, message, first)
        await step.wait_response()
        message = world.fake.store.messages[message.id]
        assert "first loss" in message.content
        reached |= _actions_on(message)
        back = next(c for c in message.custom_ids if c.startswith("st:back:"))
        step = await table.tap(world.alice, message, back)
        await step.wait_followups(1)
        message = world.fake.store.messages[message.id]
    assert reached == legal
    last = plain[-1]  # far past the old 24-button cut
    assert isinstance(last, HitTwo) and last.system_piece is not None
    await table.play(world.alice, last)
    sheet = (await table.state()).sheets[0]
    damaged = {p.id for p in sheet.pieces if p.damaged}
    assert damaged == {last.system_piece, last.shape_piece} - {None}


async def test_one_consequence_offers_the_bridge_for_a_blank_die(world: World) -> None:
    """Dice 3 and 4 with every Weapons gone: the sheet offers the Bridge beside the Engines."""
    table = await _start(world, 15)
    sheet = built_sheet(world.alice.id, "Hammerhead", "Grizzled")
    for piece in sheet.pieces:
        if piece.system == "Weapons":
            sheet = destroyed(sheet, piece.id)
    state = at_location(sheet, location=1, stage="hit", tasks=("hit", "jump"), hit_dice=(3, 4))
    await _inject(world, _seated(state, world.alice.id, world.alice.name))
    message = await table.open_sheet(world.alice)
    offered = ahead_offered(message, SPEC.legal_actions(state, world.alice.id))
    blank = [(k, a) for k, a in offered.items() if isinstance(a, Hit) and a.piece is None]
    label, bridge = blank[0]
    assert label.startswith("Bridge") and "matching nothing" in label
    await table.play(world.alice, bridge)
    after = (await table.state()).sheets[0]
    assert after.bridge_damage == 1
    assert [p for p in after.pieces if p.damaged] == [p for p in sheet.pieces if p.damaged]


def _wild_pips(user: int, name: str) -> SpaceTruckinState:
    """A Physicist's Hammerhead with an open pip on every Weapons, Reactor and Quarters grid."""
    sheet = built_sheet(user, "Hammerhead", "Physicist")
    for piece in sheet.pieces:
        if piece.system in ("Weapons", "Reactor", "Quarters"):
            for cell in piece.cells:
                sheet = with_pip(sheet, cell)
    state = at_location(sheet, location=1, boxes=(3, 4, 5, 2, 1, 6, 2, 3))
    return _seated(state, user, name)


async def _redrawn(table: Table, message: FakeMessage, custom_id: str) -> FakeMessage:
    step = await table.tap(table.world.alice, message, custom_id)
    await step.wait_response()
    return table.world.fake.store.messages[message.id]


def _st_ids(message: FakeMessage, verb: str) -> list[str]:
    return [c for c in message.custom_ids if c.startswith(f"st:{verb}:")]


async def test_every_tweak_is_reachable_with_many_wild_pips(world: World) -> None:
    """40 tweaks a box: box, then reroll/flip, then the pip (paged); every one is reachable."""
    table = await _start(world, 15)
    state = _wild_pips(world.alice.id, world.alice.name)
    await _inject(world, state)
    legal = set(SPEC.legal_actions(state, world.alice.id))
    tweaks = [a for a in SPEC.legal_actions(state, world.alice.id) if isinstance(a, Tweak)]
    sheet = await table.open_sheet(world.alice)
    reached = _actions_on(sheet)
    assert reached == {Accept()}
    boxes = _st_ids(sheet, "tb")
    assert {b.rsplit(":", 1)[1] for b in boxes} == {t.box for t in tweaks}
    for box in boxes:
        step2 = await _redrawn(table, sheet, box)
        reached |= _actions_on(step2)
        for effect in _st_ids(step2, "te"):
            page = await _redrawn(table, step2, effect)
            while not _actions_on(page) <= reached:  # pages are disjoint: stop when they wrap
                assert "which pip pays" in page.content
                reached |= _actions_on(page)
                more = _st_ids(page, "te")
                if more:
                    page = await _redrawn(table, page, more[0])
            step2 = await _redrawn(table, page, _st_ids(page, "tb")[0])
        back = _st_ids(step2, "back")[0]
        done = await table.tap(world.alice, step2, back)
        await done.wait_followups(1)
        sheet = world.fake.store.messages[sheet.id]
    assert reached == legal
    # the old single step flowed one box's flips then rerolls into 24 buttons and cut the rest
    top1 = [t for t in tweaks if t.box == "top1"]
    old_cut = [t for t in top1 if t.effect == "flip"] + [t for t in top1 if t.effect == "reroll"]
    target = old_cut[-1]
    assert target not in old_cut[: MAX_BUTTONS - 1] and target.effect == "reroll"
    message = await _redrawn(table, sheet, next(b for b in boxes if b.endswith(":top1")))
    message = await _redrawn(table, message, _st_ids(message, "te")[-1])
    while target not in _actions_on(message):
        message = await _redrawn(table, message, _st_ids(message, "te")[0])
    wanted = ":" + action_payload(target.model_dump(mode="json"))
    press = await table.tap(
        world.alice, message, next(c for c in message.custom_ids if c.endswith(wanted))
    )
    await press.wait_followups(1)
    after = (await table.state()).sheets[0]
    assert after.challenge is not None and "reroll" in after.challenge.effects_used
    assert next(p for p in after.pips if cell_name(p.cell) == target.pip).state == "used"
