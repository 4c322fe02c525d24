"""Games that finish over days, through the fake Discord with a clock the test moves."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from fakediscord import FakeMessage, FakeUser
from games.registry import GAMES
from tests.bot.conftest import World, active_user_id
from tests.bot.test_rushncrush_e2e import Race, gear_buttons, is_over, labelled, rnc_button

HOUR = 3600.0
DAY = 24 * HOUR
# Friday 20 November 2026, 09:00 UTC = 10:00 in Paris (Carol's zone)
FRIDAY_9 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC).timestamp()


async def _one_decision(race: Race, world: World, board: FakeMessage, turn: int) -> None:
    """The player to act makes one decision by buttons (the safest fast gear, or the first
    suggested path and "Drive it"), then any bot turns it hands over are played."""
    player = world.user(active_user_id(board))
    gears = gear_buttons(board)
    if gears:
        safe = [g for g in gears if "💀" not in g[0]] or gears
        _, cid, _ = max(safe, key=lambda g: g[2]["speed"])
        r = await world.fake.click(player, board, cid)
    else:
        suggested = rnc_button(board, "v")
        assert suggested is not None, board.buttons
        preview = await world.fake.click(player, board, suggested[1])
        await preview.wait_followups(1)
        planned = preview.messages[-1]
        r = await world.fake.click(player, planned, labelled(planned, "✅ Drive it") or "")
    await r.wait_followups(1)
    assert not any("🚫" in m.content for m in r.messages), [m.content for m in r.messages]
    assert world.bot is not None
    await world.bot.scheduler.settle()


def _reminders_for(world: World, user: FakeUser) -> list[FakeMessage]:
    return [
        m
        for m in world.fake.channel_messages(world.channel)
        if "it's your turn" in m.content and user.id in m.notified_ids
    ]


async def _tick(world: World) -> None:
    assert world.bot is not None
    await world.bot.scheduler.tick()
    await world.bot.scheduler.settle()


async def test_a_silent_player_is_reminded_played_for_and_returns(world: World) -> None:
    """Three-player Rush 'n' Crush with a 24 h turn clock; Carol goes silent. Reminders come
    after 8 h (in the channel: her DMs are closed) and with 4 h left, except that one falls in
    her quiet hours (21:00-08:00 Paris) and waits until 08:00; a restart sends nothing twice;
    at the deadline the bot plays for her and the table is told; later Carol returns and plays
    herself; the race ends."""
    world.clock.now = FRIDAY_9
    await world.slash(world.carol, "me zone", name="Europe/Paris")
    await world.slash(world.carol, "me quiet", start="21:00", end="08:00")
    world.fake.close_dms(world.carol)
    race = Race(world)
    w = world
    await w.slash(w.alice, "game new", game="rushncrush")
    await w.slash(w.bob, "game join")
    await w.slash(w.carol, "game join")
    r = await w.slash(w.alice, "game clock", mode="turn", time="24h")
    assert "24h per turn" in r.content
    r = await w.slash(w.alice, "game start")
    await r.wait_followups(1)
    assert "⏰ <t:" in world.latest_board().content, "the board shows when time runs out"

    turn, silent_done, returned, played_for, carol_played = 0, False, False, 0, 0
    for _ in range(400):
        await _tick(world)
        board = world.latest_board()
        if is_over(board):
            break
        mover = active_user_id(board)
        if gear_buttons(board):
            turn += 1
        if silent_done and not returned:
            played_for = len([text for text in _ever_shown(world) if "🤖 the bot played" in text])
            if played_for >= 3:  # the bot played a few of her turns; Carol comes back
                r = await world.slash(world.carol, "game return")
                assert any("is back" in m.content for m in world.public())
                returned = True
        if mover != world.carol.id or returned:
            carol_played += mover == world.carol.id
            await _one_decision(race, world, board, turn)
            continue
        # Carol's first turn: she stays silent for a day.
        started = world.clock.now
        world.clock.advance(8 * HOUR + 60)  # 17:01 UTC = 18:01 Paris: first reminder
        await _tick(world)
        assert len(_reminders_for(world, world.carol)) == 1, "DMs closed: in the channel"
        jump = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{board.id}"
        reminder = _reminders_for(world, world.carol)[0].content
        assert f"What happened since your last move: {jump}" in reminder, reminder
        assert not world.fake.dms(world.carol)
        world.clock.now = started + 20 * HOUR + 60  # 05:01 UTC = 06:01 Paris: quiet hours
        await _tick(world)
        assert len(_reminders_for(world, world.carol)) == 1, "nothing in quiet hours"
        await world.stop_bot()  # a restart in the middle
        await world.start_bot()
        world.clock.now = datetime(2026, 11, 21, 7, 1, tzinfo=UTC).timestamp()  # 08:01 Paris
        await _tick(world)
        await _tick(world)
        assert len(_reminders_for(world, world.carol)) == 2, "after the quiet hours, once"
        world.clock.now = started + 24 * HOUR + 1
        await _tick(world)
        told = [m for m in world.public() if "time ran out" in m.content]
        assert told and "carol" in told[-1].content, "the table is told in words"
        await _tick(world)
        assert len([m for m in world.public() if "time ran out" in m.content]) == len(told)
        silent_done = True
    else:
        raise AssertionError(f"the race did not end: {world.latest_board().content}")
    assert silent_done and returned and played_for >= 3
    assert carol_played, "Carol played herself after returning"
    final = world.latest_board()
    assert is_over(final)
    assert len(_reminders_for(world, world.carol)) == 2, "nothing was sent twice"


async def test_a_slow_player_who_allows_dms_is_reminded_by_direct_message(world: World) -> None:
    """Bob keeps DMs open (the default): his reminder comes privately, not in the channel."""
    world.clock.now = FRIDAY_9
    race = Race(world)
    await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.bob, "game join")
    await world.slash(world.alice, "game clock", mode="turn", time="24h")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    board = world.latest_board()
    if active_user_id(board) == world.alice.id:
        await _one_decision(race, world, board, 1)
        board = world.latest_board()
        if active_user_id(board) == world.alice.id:
            await _one_decision(race, world, board, 1)
    assert active_user_id(world.latest_board()) == world.bob.id
    world.clock.advance(9 * HOUR)
    await _tick(world)
    dms = world.fake.dms(world.bob)
    assert len(dms) == 1 and "your turn" in dms[0].content
    assert not _reminders_for(world, world.bob)


async def test_a_table_of_bots_plays_a_game_to_the_end(world: World) -> None:
    """Alice seats two bots in Rush 'n' Crush; she plays her turns by buttons, the bots theirs
    at once; the race ends."""
    race = Race(world)
    await world.slash(world.alice, "game new", game="rushncrush")
    await world.slash(world.alice, "game bot add")
    r = await world.slash(world.alice, "game bot add")
    assert r.content.count("(bot)") >= 2
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    for turn in range(400):
        await world.bot.scheduler.settle()
        board = world.latest_board()
        if is_over(board):
            break
        assert active_user_id(board) == world.alice.id, board.content
        await _one_decision(race, world, board, turn)
    else:
        raise AssertionError("the race did not end")
    told = [line for text in _ever_shown(world) for line in text.splitlines()]
    assert any(line.startswith("• #") and "(bot)" in line for line in told), "bots' steps told"


def _ever_shown(world: World) -> list[str]:
    """Every version of every public message the channel saw (turn messages are edited)."""
    return [str(v.get("content", "")) for m in world.public() for v in m.shown]


async def test_game_list_and_mine(world: World) -> None:
    """`/game list` shows the server's games with whose turn it is; `/game mine` only those
    waiting for the caller, privately, each linking to the turn's message (what happened
    since their last move)."""
    await world.new_race()
    r = await world.slash(world.carol, "game list")
    assert r.ephemeral and "Drag Rage" in r.content and f"<#{world.channel.id}>" in r.content
    mover = world.user(active_user_id(world.latest_board()))
    other = world.bob if mover is world.alice else world.alice
    mine = await world.slash(mover, "game mine")
    assert mine.ephemeral and "Drag Rage" in mine.content
    turn = world.latest_board()
    link = f"https://discord.com/channels/{world.guild.id}/{world.channel.id}/{turn.id}"
    assert f"[what happened since your move]({link})" in mine.content, mine.content
    theirs = await world.slash(other, "game mine")
    assert "Nothing is waiting" in theirs.content


async def test_a_vacation_pauses_every_game_of_the_server_and_charges_the_days(
    world: World,
) -> None:
    """Bob goes on vacation: both of his games are told and his clocks stand still (no
    reminder, no timeout however long), then `/vacation end` gives the time back and charges
    the days used."""
    world.clock.now = FRIDAY_9
    second = world.fake.add_channel(world.guild, "second-strip")
    for channel in (world.channel, second):
        for user, command, options in (
            (world.alice, "game new", {"game": "dragrage", "where": "here"}),
            (world.bob, "game join", {}),
            (world.alice, "game clock", {"mode": "turn", "time": "24h"}),
            (world.alice, "game start", {}),
        ):
            r = await world.fake.slash(user, channel, command, **options)
    r = await world.slash(world.bob, "vacation start", days=5)
    assert r.ephemeral and "5 days" in r.content and "2 game(s)" in r.content
    for channel in (world.channel, second):
        assert any("on vacation" in m.content for m in world.fake.channel_messages(channel))
    before = len(world.fake.all_messages())
    world.clock.advance(3 * DAY)
    await _tick(world)
    later = world.fake.all_messages()[before:]
    assert not [m for m in later if world.bob.id in m.notified_ids], "no reminder for Bob"
    assert not [m for m in later if "**bob**'s time ran out" in m.content], "no timeout for Bob"
    r = await world.slash(world.bob, "vacation end")
    assert "3 day(s) were charged" in r.content
    assert world.bot is not None
    snap = await world.bot.service.current(world.channel.id)
    if world.bob.id in snap.active_players:
        assert snap.clock.of(world.bob.id).deadline == FRIDAY_9 + 4 * DAY, "time given back"
    again = await world.slash(world.bob, "vacation start", days=30)
    assert "18 days" in again.content, "21 a year, 3 used"


async def test_a_substitute_bot_plays_a_leavers_seat_to_the_end(world: World) -> None:
    """Bob left: the host puts a bot in his seat and plays on; the bot plays Bob's turns."""
    await world.new_race()
    await world.slash(world.alice, "game substitute", player=world.bob.id)
    assert any("now plays bob" in m.content for m in world.public())
    assert world.bot is not None
    for _ in range(200):
        await world.bot.scheduler.tick()
        await world.bot.scheduler.settle()
        board = world.latest_board()
        if "won the game" in board.content or "Game over" in board.content:
            break
        assert active_user_id(board) == world.alice.id, board.content
        _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
        click = await world.fake.click(world.alice, board, str(cid))
        await click.wait_followups(1)
    else:
        raise AssertionError("the race did not end")
    assert any("🤖" in m.content for m in world.public())


async def test_after_too_many_missed_turns_the_game_ends_with_the_standings(world: World) -> None:
    """The host chose "end after 2 missed turns": Bob misses twice, the game ends, the table
    reads the standings with Bob last."""
    world.clock.now = FRIDAY_9
    await world.slash(world.alice, "game new", game="dragrage")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game clock", mode="turn", time="24h", end_after=2)
    assert "ends after 2 missed turns" in r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    for _ in range(40):
        board = world.latest_board()
        ended = [m for m in world.public() if "missed 2 turns in a row" in m.content]
        if ended:
            break
        if active_user_id(board) == world.alice.id:
            _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
            click = await world.fake.click(world.alice, board, str(cid))
            await click.wait_followups(1)
        else:
            world.clock.advance(DAY + 60)  # Bob stays silent
        await _tick(world)
    else:
        raise AssertionError("the game did not end for absence")
    text = ended[-1].content
    assert text.index("alice") < text.rindex("bob"), "Bob is last in the standings"
    status = await world.slash(world.carol, "game status")
    assert "missed 2 turns" in status.content


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_bot_filled_table_of_every_game_plays_to_the_end(world: World, key: str) -> None:
    """Alice opens a game, fills the other seats with bots and then never plays: when her
    clock runs out the bot plays for her too, and the game reaches its end through the
    scheduler alone."""
    spec = GAMES[key]
    await world.slash(world.alice, "game new", game=key)
    for _ in range(max(spec.min_players, 2) - 1):
        r = await world.slash(world.alice, "game bot add")
        assert "(bot)" in r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    assert world.bot is not None
    for _ in range(400):
        await _tick(world)
        snap = await world.bot.service.latest(world.channel.id)
        if not snap.record.is_live:
            break
        world.clock.advance(spec.turn_time + 60)  # Alice stays silent
    else:
        raise AssertionError(f"{spec.title} did not end")
    assert snap.outcome is not None or snap.record.end_reason, snap.record
    assert any("time ran out" in m.content for m in world.public())


async def test_a_member_substitutes_for_a_leaver_and_plays_the_seat(world: World) -> None:
    """Bob left mid-race: the host seats Carol in his place. Carol is pinged and plays Bob's
    seat with the buttons; Bob can no longer press them; the race goes on to the end."""
    await world.new_race()
    await world.slash(world.alice, "game substitute", player=world.bob.id, member=world.carol.id)
    assert any("now plays bob's seat" in m.content for m in world.public())
    played_by_carol = 0
    for _ in range(200):
        board = world.latest_board()
        if "won the game" in board.content or "Game over" in board.content:
            break
        mover = active_user_id(board)
        assert mover in (world.alice.id, world.carol.id), board.content
        _, cid, _ = next(b for b in board.buttons if b[1] and not b[2])
        if mover == world.carol.id and played_by_carol == 0:
            refused = await world.fake.click(world.bob, board, str(cid))
            assert refused.ephemeral and "not playing" in refused.content, refused.content
        played_by_carol += mover == world.carol.id
        click = await world.fake.click(world.user(mover), board, str(cid))
        await click.wait_followups(1)
    else:
        raise AssertionError("the race did not end")
    assert played_by_carol > 0


async def test_the_clock_is_also_an_option(world: World) -> None:
    """`/game option setting:clock value:3d+12h` sets a time bank, as `/game clock` does, and
    the setting is offered by the option list."""
    await world.slash(world.alice, "game new", game="rushncrush")
    names = await world.fake.autocomplete(
        world.alice, world.channel, "game option", focused="setting", value="clo"
    )
    assert [c["value"] for c in names] == ["clock"]
    r = await world.slash(world.alice, "game option", setting="clock", value="3d+12h")
    assert "a bank of 3d plus 12h per move" in r.content
    bad = await world.slash(world.alice, "game option", setting="clock", value="soon")
    assert bad.ephemeral and "24h" in bad.content
