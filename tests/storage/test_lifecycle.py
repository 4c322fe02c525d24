"""Create, join, leave, start, move and end a session through the repository."""

from __future__ import annotations

import pytest

from storage import (
    AlreadySeated,
    NotSeated,
    Repository,
    SeatRecord,
    SessionNotFound,
    SessionStatus,
    WrongStatus,
)
from tests.storage.conftest import CHANNEL, GUEST, HOST, move, new_game, new_lobby


async def test_create_opens_a_lobby_with_the_host_at_seat_zero(repo: Repository) -> None:
    """A new session is a version-0 lobby, host seated first, no state and no log yet."""
    session = await new_lobby(repo)
    assert session.status is SessionStatus.LOBBY
    assert session.is_live
    assert session.version == 0
    assert session.seats == (SeatRecord(user_id=HOST, name="Host", seat=0),)
    assert session.state_json is None
    assert session.last_seq == -1
    assert (session.channel_id, session.game_key, session.seed) == (CHANNEL, "dragrage", 42)
    assert await repo.log(session.id) == []


async def test_get_session_returns_what_create_returned(repo: Repository) -> None:
    """Reading a session back gives an equal record."""
    session = await new_lobby(repo)
    assert await repo.get_session(session.id) == session


async def test_unknown_session_raises_session_not_found(repo: Repository) -> None:
    """Reads and writes on a missing id raise SessionNotFound."""
    with pytest.raises(SessionNotFound):
        await repo.get_session(999)
    with pytest.raises(SessionNotFound):
        await repo.add_seat(999, GUEST, "Guest", expected_version=0)
    with pytest.raises(SessionNotFound):
        await repo.log(999)


async def test_seed_beyond_signed_64_bits_round_trips(repo: Repository) -> None:
    """Seeds are arbitrary ints: an unsigned 64-bit seed comes back unchanged."""
    session = await repo.create_session(
        guild_id=None,
        channel_id=1,
        game_key="g",
        host_id=HOST,
        host_name="Host",
        options_json="{}",
        seed=2**64 - 1,
        rules_version=1,
    )
    assert (await repo.get_session(session.id)).seed == 2**64 - 1
    assert session.guild_id is None


async def test_join_seats_players_in_join_order_and_bumps_version(repo: Repository) -> None:
    """Each join takes the next seat and bumps the version by one."""
    session = await new_lobby(repo)
    session = await repo.add_seat(session.id, GUEST, "Guest", expected_version=0)
    session = await repo.add_seat(session.id, 300, "Third", expected_version=1)
    assert [(s.user_id, s.seat) for s in session.seats] == [(HOST, 0), (GUEST, 1), (300, 2)]
    assert session.version == 2


async def test_joining_twice_raises_already_seated(repo: Repository) -> None:
    """A player already at the table cannot take a second seat."""
    session = await new_lobby(repo)
    with pytest.raises(AlreadySeated) as caught:
        await repo.add_seat(session.id, HOST, "Host again", expected_version=0)
    assert caught.value.seat == 0


async def test_leaving_renumbers_later_seats(repo: Repository) -> None:
    """Seats stay 0..n-1 in join order after someone in the middle leaves."""
    session = await new_lobby(repo)
    session = await repo.add_seat(session.id, GUEST, "Guest", expected_version=0)
    session = await repo.add_seat(session.id, 300, "Third", expected_version=1)
    session = await repo.remove_seat(session.id, GUEST, expected_version=2)
    assert [(s.user_id, s.seat) for s in session.seats] == [(HOST, 0), (300, 1)]
    assert session.version == 3
    session = await repo.add_seat(session.id, 400, "Fourth", expected_version=3)
    assert [(s.user_id, s.seat) for s in session.seats] == [(HOST, 0), (300, 1), (400, 2)]


async def test_leaving_without_a_seat_raises_not_seated(repo: Repository) -> None:
    """Removing someone who never joined is refused and changes nothing."""
    session = await new_lobby(repo)
    with pytest.raises(NotSeated):
        await repo.remove_seat(session.id, GUEST, expected_version=0)
    assert (await repo.get_session(session.id)).version == 0


async def test_start_writes_state_and_setup_log_entry(repo: Repository) -> None:
    """Starting stores the state, goes ACTIVE and logs seq 0 as the setup (actor None)."""
    session = await new_game(repo)
    assert session.status is SessionStatus.ACTIVE
    assert session.state_json == '{"turn":0}'
    assert session.version == 2
    assert session.last_seq == 0 and session.next_step == 1
    [setup] = await repo.log(session.id)
    assert (setup.seq, setup.actor, setup.action_json) == (0, None, '{"kind":"setup"}')


async def test_seats_are_frozen_once_the_game_starts(repo: Repository) -> None:
    """Joining or leaving a running game raises WrongStatus."""
    session = await new_game(repo)
    with pytest.raises(WrongStatus):
        await repo.add_seat(session.id, 300, "Late", expected_version=session.version)
    with pytest.raises(WrongStatus):
        await repo.remove_seat(session.id, GUEST, expected_version=session.version)


async def test_starting_twice_raises_wrong_status(repo: Repository) -> None:
    """A started session cannot be started again."""
    session = await new_game(repo)
    with pytest.raises(WrongStatus):
        await repo.start(
            session.id, expected_version=session.version, state_json="{}", events_json="[]"
        )


async def test_moves_before_start_raise_wrong_status(repo: Repository) -> None:
    """A lobby takes no moves."""
    session = await new_lobby(repo)
    with pytest.raises(WrongStatus):
        await move(repo, session, 1)


async def test_record_move_updates_state_version_and_log(repo: Repository) -> None:
    """A move replaces the state, bumps the version and appends the next seq."""
    session = await new_game(repo)
    after = await move(repo, session, 1)
    assert after.version == session.version + 1
    assert after.state_json == '{"turn":1}'
    assert after.last_seq == 1
    assert after.updated_at >= session.updated_at
    [entry] = await repo.moves(session.id)
    assert (entry.seq, entry.actor, entry.action_json) == (1, HOST, '{"kind":"advance","n":1}')


async def test_a_winning_move_can_finish_the_game(repo: Repository) -> None:
    """record_move with status FINISHED ends the session and frees the channel."""
    session = await new_game(repo)
    done = await repo.record_move(
        session.id,
        expected_version=session.version,
        actor=GUEST,
        action_json="{}",
        events_json="[]",
        state_json='{"over":true}',
        status=SessionStatus.FINISHED,
    )
    assert done.status is SessionStatus.FINISHED and not done.is_live
    assert await repo.live_session(CHANNEL) is None
    with pytest.raises(WrongStatus):
        await move(repo, done, 2)


async def test_end_session_abandons_and_keeps_the_reason(repo: Repository) -> None:
    """Ending a live session marks it abandoned by default and stores the reason."""
    session = await new_game(repo)
    ended = await repo.end_session(session.id, expected_version=session.version, reason="host quit")
    assert ended.status is SessionStatus.ABANDONED
    assert ended.end_reason == "host quit"
    assert ended.version == session.version + 1


async def test_ending_an_ended_session_raises_wrong_status(repo: Repository) -> None:
    """A finished session cannot be ended again."""
    session = await new_lobby(repo)
    ended = await repo.end_session(session.id, expected_version=0)
    with pytest.raises(WrongStatus):
        await repo.end_session(session.id, expected_version=ended.version)


async def test_status_arguments_that_make_no_sense_raise_value_error(repo: Repository) -> None:
    """Asking a move to go back to LOBBY or an end to stay ACTIVE is a programming error."""
    session = await new_game(repo)
    with pytest.raises(ValueError, match="record_move cannot set status 'lobby'"):
        await repo.record_move(
            session.id,
            expected_version=session.version,
            actor=HOST,
            action_json="{}",
            events_json="[]",
            state_json="{}",
            status=SessionStatus.LOBBY,
        )
    with pytest.raises(ValueError, match="end_session"):
        await repo.end_session(
            session.id, expected_version=session.version, status=SessionStatus.ACTIVE
        )


async def test_live_sessions_lists_lobbies_and_games_not_ended_ones(repo: Repository) -> None:
    """Start-up sees every lobby and active session, oldest first, and nothing ended."""
    lobby = await new_lobby(repo, channel_id=1)
    game = await new_game(repo, channel_id=2)
    ended = await new_lobby(repo, channel_id=3)
    await repo.end_session(ended.id, expected_version=0)
    live = await repo.live_sessions()
    assert [s.id for s in live] == [lobby.id, game.id]
    assert live[1].seats == game.seats


async def test_live_sessions_in_guild_lists_only_that_servers_live_games(
    repo: Repository,
) -> None:
    """/vacation and /game away read one server's live games (by the 0007 guild index), not
    every server's: another server's games and ended ones are left out, oldest first."""
    lobby = await new_lobby(repo, channel_id=1)
    game = await new_game(repo, channel_id=2)
    ended = await new_lobby(repo, channel_id=3)
    await repo.end_session(ended.id, expected_version=0)
    elsewhere = await new_lobby(repo, channel_id=4, guild_id=2)
    assert [s.id for s in await repo.live_sessions_in_guild(1)] == [lobby.id, game.id]
    assert [s.id for s in await repo.live_sessions_in_guild(2)] == [elsewhere.id]
    assert await repo.live_sessions_in_guild(3) == []


async def test_settings_round_trip_and_overwrite(repo: Repository) -> None:
    """A guild setting reads back, can be replaced, and is per guild."""
    assert await repo.get_setting(1, "theme") is None
    await repo.set_setting(1, "theme", "dark")
    await repo.set_setting(1, "theme", "light")
    await repo.set_setting(2, "theme", "dark")
    assert await repo.get_setting(1, "theme") == "light"
    assert await repo.get_setting(2, "theme") == "dark"


async def test_integrity_check_reports_ok(repo: Repository) -> None:
    """A healthy database passes PRAGMA integrity_check."""
    await new_game(repo)
    assert await repo.integrity_check() == "ok"
