"""Honest under faults: each case of the fault-fix issue, as a player sees it in Discord."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
import time
from pathlib import Path

import pytest

from bot.replies import APOLOGY
from fakediscord import FakeMessage
from runtime.app import App
from runtime.settings import Settings
from storage import AlreadyRunning
from tests.bot.conftest import World, active_user_id, button, draw_boards_with

NOTHING_CHANGED = "Nothing was changed"


def _db(world: World) -> Path:
    return world.data_dir / "redline.sqlite3"


def _said(world: World) -> list[str]:
    """Everything the bot ever sent (public and private), as text."""
    return [m.content for m in world.fake.all_messages()]


async def _version(world: World) -> int:
    assert world.bot is not None
    return (await world.bot.service.current(world.channel.id)).version


def _counter_button(board: FakeMessage) -> tuple[str, str]:
    """Some free counter's (label, custom_id) on a Drag Rage board."""
    for label, cid, disabled in board.buttons:
        if cid and not disabled and str(label).isdigit():
            return str(label), str(cid)
    raise AssertionError(f"no counter button on {board.content!r}")


# 1. A move saved, then a failure: the truth, and the position in text ------------------------


async def test_render_failure_after_a_commit_says_saved_and_shows_text_board(world: World) -> None:
    """The board renderer raising after the commit: the player learns the move was saved, the
    table gets the position in text with the next player pinged, and nothing says "Nothing was
    changed"; a retry of the same button is refused as stale, never applied."""
    await world.new_race()
    assert world.bot is not None

    def broken(view: object) -> bytes:
        raise RuntimeError("the renderer is broken")

    draw_boards_with(world.bot, "dragrage", broken)  # this bot only
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    _, cid = _counter_button(board)
    before = await _version(world)
    r = await world.fake.click(mover, board, cid)
    await r.wait_followups(1)
    assert await _version(world) == before + 1, "the move was saved"
    text_board = r.messages[-1]
    assert not text_board.ephemeral
    assert "could not be drawn" in text_board.content
    assert "Drag Rage" in text_board.content and "space" in text_board.content.lower()
    nxt = active_user_id(text_board)
    assert nxt != mover.id
    assert any(m.id == text_board.id for m in world.fake.notifications(nxt)), "next is pinged"
    assert text_board.buttons, "the text board still carries the next player's buttons"
    # a retry of the same (now stale) button
    await world.fake.click(mover, world.fake.store.messages[board.id], cid, force=True)
    assert await _version(world) == before + 1, "the retry moved nothing"
    # /game status shows the position too, not an apology
    status = await world.slash(world.carol, "game status")
    assert "could not be drawn" in status.content
    assert not any(NOTHING_CHANGED in text for text in _said(world))


async def test_a_bug_after_the_commit_never_says_nothing_changed(world: World) -> None:
    """Even an unexpected error while presenting (not the renderer) tells the truth."""
    await world.new_race()
    assert world.bot is not None
    host = world.bot.table.host
    real = host.board
    calls = 0

    def flaky(snap, *, with_buttons=True):  # type: ignore[no-untyped-def]
        nonlocal calls
        calls += 1
        if calls == 1:
            raise KeyError("presenter bug")
        return real(snap, with_buttons=with_buttons)

    host.board = flaky  # type: ignore[method-assign]
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    before = await _version(world)
    r = await world.slash(mover, "dragrage advance", counter=int(_counter_button(board)[0]))
    assert await _version(world) == before + 1
    texts = [m.content for m in r.messages]
    assert any("was saved" in t for t in texts), texts
    assert not any(NOTHING_CHANGED in t for t in _said(world))
    public = [m for m in r.messages if not m.ephemeral]
    assert public and active_user_id(public[-1]) != mover.id, "the table sees whose turn it is"


# 2. Freshness per viewer: an older private sheet's button is stale -------------------------------


async def test_an_older_private_sheet_button_is_stale_even_if_still_legal(world: World) -> None:
    """Space Truckin': two sheets opened, the newer one used; a still-legal button on the older
    sheet is refused as stale and the current sheet is shown, never applied."""
    from games.spacetruckin import SPEC
    from tests.bot.spacetruckin_driver import Table, choose

    table = Table(world)
    await world.slash(world.alice, "game new", game="spacetruckin")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    old_sheets = []
    still_legal: list[str] = []
    for _ in range(80):
        old_sheets.append(await table.open_sheet(world.alice))  # opened, then left behind
        await table.open_sheet(world.alice)  # the newer one, where the player goes on
        state = await table.state()
        if state.result is not None:
            break
        await table.play(world.alice, choose(state, world.alice.id))
        legal = set(SPEC.legal_actions(await table.state(), world.alice.id))
        for old_sheet in old_sheets[:-1]:
            still_legal = [
                cid
                for cid in old_sheet.custom_ids
                if cid.startswith("rl:a:") and _action_of(cid) in legal
            ]
            if still_legal:
                break
        if still_legal:
            version = await _version(world)
            break
    else:
        raise AssertionError("never found a still-legal button on an older sheet")
    assert still_legal, "the game ended before the case came up"
    press = await world.fake.click(world.alice, old_sheet, still_legal[0])
    await press.wait_followups(1)
    assert await _version(world) == version, "the stale sheet button changed nothing"
    answer = press.messages[-1]
    assert answer.ephemeral_to == world.alice.id
    assert "Your sheet has changed" in answer.content
    assert answer.files, "the current sheet is shown instead"


def _action_of(custom_id: str) -> object:
    from games.spacetruckin import SPEC
    from table.ids import ButtonId, bounded_json

    bid = ButtonId.decode(custom_id)
    assert bid is not None
    return SPEC.parse_action(bounded_json(bid.payload))


# 3. Acknowledge first: a 4-second write lock never costs the acknowledgement -------------------


async def test_a_stalled_database_still_acknowledges_then_posts_the_board(world: World) -> None:
    """Another connection holds SQLite's write lock for 4 s: the press is acknowledged while
    it is held, the move is saved once the lock is free, the board is posted and the next is
    pinged."""
    await world.new_race()
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    _, cid = _counter_button(board)
    locked = threading.Event()
    released: list[float] = []

    def hold_lock() -> None:
        db = sqlite3.connect(_db(world), isolation_level=None)
        db.execute("BEGIN IMMEDIATE")
        locked.set()
        time.sleep(4.0)
        released.append(time.monotonic())  # the clock of the fake's ack times (loop.time())
        db.execute("ROLLBACK")
        db.close()

    holder = threading.Thread(target=hold_lock)
    holder.start()
    locked.wait(5)
    try:
        r = await world.fake.click(mover, board, cid, timeout=15)
        await r.wait_followups(1, timeout=15)
    finally:
        await asyncio.to_thread(holder.join)
    assert r.record.ack_at is not None and r.record.ack_at < released[0], "acked before saving"
    new_board = world.latest_board()
    assert new_board.id != board.id and new_board.files
    nxt = active_user_id(new_board)
    assert any(m.id == new_board.id for m in world.fake.notifications(nxt))
    assert not r.error_codes


# 4. One bad row never locks its channel ------------------------------------------------------

DAMAGE = {
    "invalid state JSON": "UPDATE sessions SET state_json = '{not json' WHERE id = :id",
    "state of the wrong schema": "UPDATE sessions SET state_json = '{\"cars\": 3}' WHERE id = :id",
    "unknown game key": "UPDATE sessions SET game_key = 'tiddlywinks' WHERE id = :id",
    "rules from a newer build": "UPDATE sessions SET rules_version = 99 WHERE id = :id",
    "a bad seat id": "UPDATE seats SET user_id = 'alice' WHERE session_id = :id AND seat = 0",
    "a bad host id": "UPDATE sessions SET host_id = 'alice' WHERE id = :id",
    "bytes that are not text": "UPDATE sessions SET game_key = X'ff00fe' WHERE id = :id",
    "a running game without a position": "UPDATE sessions SET state_json = NULL WHERE id = :id",
}


def _corrupt(world: World, session_id: int, sql: str) -> None:
    db = sqlite3.connect(_db(world), isolation_level=None)
    try:
        db.execute(sql, {"id": session_id})
        # bump the version too, so no cached copy of the healthy state is trusted
        db.execute(
            "UPDATE sessions SET version = version + 1 WHERE id = :id AND typeof(version) = "
            "'integer'",
            {"id": session_id},
        )
    finally:
        db.close()


@pytest.mark.parametrize("kind", sorted(DAMAGE))
async def test_a_damaged_session_is_reported_and_can_be_ended(world: World, kind: str) -> None:
    """Corrupt one session: `/game status` names it as damaged (with its id for the admin), a
    seated player can end it, the row stays for inspection and `/game new` works again."""
    await world.new_race()
    assert world.bot is not None
    session_id = (await world.bot.service.current(world.channel.id)).session_id
    _corrupt(world, session_id, DAMAGE[kind])
    status = await world.slash(world.bob, "game status")
    assert status.ephemeral, "a damaged game is explained privately"
    assert f"#{session_id}" in status.content and "/game end" in status.content
    end = await world.slash(world.bob, "game end")
    assert end.ephemeral and "End" in end.content, end.content
    confirm = await world.fake.click(world.bob, end.message, button(end.message, "End the game"))
    assert any("ended" in m.content for m in confirm.messages), confirm.messages
    new = await world.slash(world.alice, "game new", game="dragrage")
    assert "lobby" in new.content
    db = sqlite3.connect(_db(world))
    try:
        kept = db.execute("SELECT COUNT(*) FROM sessions WHERE id = ?", (session_id,)).fetchone()
    finally:
        db.close()
    assert kept == (1,), "the damaged session is kept for inspection"
    assert not any(APOLOGY in text for text in _said(world))


async def test_a_bystander_cannot_end_a_damaged_game(world: World) -> None:
    """Ending a damaged game is for its host, its players and moderators only."""
    await world.new_race()
    assert world.bot is not None
    session_id = (await world.bot.service.current(world.channel.id)).session_id
    _corrupt(world, session_id, DAMAGE["invalid state JSON"])
    r = await world.slash(world.carol, "game end")
    assert r.ephemeral and "🚫" in r.content


# 5. Foreign and hostile actions get a specific refusal -------------------------------------


async def test_a_command_of_another_game_names_the_game_here(world: World) -> None:
    """`/dragrage advance` in a Rush 'n' Crush channel: told which game lives here."""
    await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.bob, "game join")
    start = await world.slash(world.alice, "game start")
    await start.wait_followups(1)
    before = await _version(world)
    for user in (world.alice, world.bob):
        r = await world.slash(user, "dragrage advance", counter=5)
        assert r.ephemeral
        assert "Rush 'n' Crush" in r.content and "/rushncrush" in r.content, r.content
    assert await _version(world) == before


async def test_a_forged_sheet_button_on_a_drag_rage_game_is_refused(world: World) -> None:
    """An `st:` custom_id pointing at a Drag Rage game gets a clear refusal, not a crash."""
    await world.new_race()
    assert world.bot is not None
    board = world.latest_board()
    snap = await world.bot.service.current(world.channel.id)
    version = await _version(world)
    forged = f"st:back:{snap.session_id}.{snap.game_tag}:{version}:"
    r = await world.fake.click(world.alice, board, forged, force=True)
    assert r.ephemeral and "🚫" in r.content
    assert await _version(world) == version


@pytest.mark.parametrize(
    "custom_id",
    [
        "rl:a:5:-1:{}",
        "rl:a:99999999999999999999999:1:{}",
        "rl:a:1:1~zzzz:{}",
        "rnc:step:1:x:F",
        "weird:thing",
        'rl:a:1.<game>:0:[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["',
    ],
)
async def test_malformed_custom_ids_get_an_answer(world: World, custom_id: str) -> None:
    """A damaged or forged custom_id is answered privately, never left hanging."""
    await world.new_race()
    assert world.bot is not None
    game = (await world.bot.service.current(world.channel.id)).game_tag
    board = world.latest_board()
    version = await _version(world)
    r = await world.fake.click(world.alice, board, custom_id.replace("<game>", game), force=True)
    assert r.ephemeral and "🚫" in r.content, r.messages
    assert await _version(world) == version


async def test_a_deeply_nested_typed_move_is_refused_clearly(world: World) -> None:
    """`/spacetruckin move action:"[[[[…"`: refused in words, not a RecursionError. (Longer
    than 200 characters Discord itself refuses: the option declares its maximum length.)"""
    await world.slash(world.alice, "game new", game="spacetruckin")
    start = await world.slash(world.alice, "game start")
    await start.wait_followups(1)
    r = await world.slash(world.alice, "spacetruckin move", action="[" * 190)
    assert r.ephemeral and "🚫" in r.content
    assert not any(APOLOGY in text for text in _said(world))


# 6. One process per data folder -------------------------------------------------------------


async def test_a_second_bot_on_the_same_data_folder_stops_with_a_clear_message(
    world: World,
) -> None:
    """The second instance names the running one and never touches the database."""
    settings = Settings(token=world.fake.token, data_dir=world.data_dir)
    second = App(settings, guild_ready_timeout=0.05)
    with pytest.raises(AlreadyRunning) as refused:
        await second.open()
    await second.close()
    message = str(refused.value)
    assert "pid" in message and str(world.data_dir) in message
    await world.new_race()  # the first one still plays


# 7. Storage gone ------------------------------------------------------------------------------


async def test_a_deleted_database_pauses_the_game_instead_of_confirming(world: World) -> None:
    """The database file is deleted under the running bot: no move is confirmed into it,
    players are told the game is paused for maintenance, the health check says why."""
    from runtime.health import HEARTBEAT_FILE, judge

    await world.new_race()
    assert world.bot is not None
    for suffix in ("", "-wal", "-shm"):
        Path(f"{_db(world)}{suffix}").unlink(missing_ok=True)
    board = world.latest_board()
    mover = world.user(active_user_id(board))
    r = await world.fake.click(mover, board, _counter_button(board)[1])
    assert r.ephemeral and "paused for maintenance" in r.content, r.content
    assert not any("✅ Saved" in m.content for m in r.messages)
    assert world.app is not None
    await world.app.beat_once()
    healthy, why = judge(world.data_dir / HEARTBEAT_FILE, now=time.time())
    assert not healthy and why
    again = await world.slash(mover, "dragrage advance", counter=2)
    assert again.ephemeral and "paused for maintenance" in again.content


# 8. Host handover -----------------------------------------------------------------------------


async def test_when_the_host_leaves_the_server_a_player_can_end_the_game(world: World) -> None:
    """Alice (host) leaves the server; Bob becomes host, the table is told, and he can end it."""
    await world.new_race()
    world.fake.remove_member(world.guild, world.alice)
    r = await world.slash(world.bob, "game end")
    told = [m for m in world.public() if "now the host" in m.content]
    assert told and f"<@{world.bob.id}>" in told[-1].content
    confirm_message = next(m for m in r.messages if m.ephemeral and m.buttons)
    await world.fake.click(world.bob, confirm_message, button(confirm_message, "End the game"))
    new = await world.slash(world.bob, "game new", game="dragrage")
    assert "lobby" in new.content


async def test_a_host_leaving_the_lobby_hands_it_to_the_longest_seated(world: World) -> None:
    """`/game leave` by the host: the player seated longest becomes host and can start."""
    await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.bob, "game join")
    await world.slash(world.carol, "game join")
    await world.slash(world.alice, "game leave")
    assert any(f"<@{world.bob.id}> is now the host" in m.content for m in world.public())
    start = await world.slash(world.bob, "game start")
    await start.wait_followups(1)
    assert world.latest_board().files


# 9. Deferred replies: the documented path, and refusals stay private ------------------------


async def test_a_refusal_after_a_public_acknowledgement_stays_private(world: World) -> None:
    """`/game new` in a busy channel acknowledges publicly, then refuses privately: the public
    placeholder is removed, the refusal is ephemeral and nothing leaked."""
    await world.new_race()
    before = len(world.public())
    r = await world.slash(world.bob, "game new", game="dragrage")
    assert r.messages[-1].ephemeral and "already lives" in r.messages[-1].content
    assert len(world.public()) == before
    assert not world.fake.ephemeral_leaks()


async def test_answers_edit_the_original_response(world: World) -> None:
    """A deferred command (acknowledged first: no ack budget) is completed by editing
    @original (never the deprecated first followup): the lobby is the original response's
    own message."""
    world.answer_within(0)
    r = await world.slash(world.alice, "game new", game="dragrage")
    assert r.response_type == 5
    assert "lobby" in r.message.content and not r.followups
