"""What `/game` answers about seats, directly from the table: lobbies, hosts, options, the
start, ending and substitutes."""

from __future__ import annotations

import pytest

from games.engine import Player
from table.answers import Answer
from table.host import Host
from table.ids import END, ButtonId
from table.seating import CLOCK_EXAMPLES, Seating
from table.service import NotAllowed, ServiceError

ANN, BOB, CAROL = (
    Player(id=1001, name="Ann"),
    Player(id=1002, name="Bob"),
    Player(id=1003, name="Carol"),
)
GUILD, CHANNEL, THREAD = 1, 10, 11


@pytest.fixture
def seating(host: Host) -> Seating:
    return Seating(host)


async def _lobby(seating: Seating, game: str = "dragrage", *others: Player) -> Answer:
    answer = await seating.new(GUILD, CHANNEL, game, ANN)
    for player in others:
        answer = await seating.join(CHANNEL, player)
    return answer


async def test_a_lobby_opened_here_is_shown_to_everyone_and_saved(seating: Seating) -> None:
    """`/game new where:here`: the lobby is the public answer, and the write is saved."""
    answer = await _lobby(seating)
    assert answer.public is not None and "lobby" in answer.public.content
    assert [b.label for b in answer.public.buttons] == ["Join", "Start"]
    assert answer.saved is not None and answer.saved_what == "new lobby"
    assert not answer.private and not answer.posts


async def test_a_lobby_in_a_thread_is_posted_there_and_the_channel_gets_a_link(
    seating: Seating,
) -> None:
    """The lobby goes to the new thread; the channel's answer links to it."""
    answer = await seating.new_in_thread(GUILD, THREAD, "rushncrush", ANN)
    [(where, lobby)] = answer.posts
    assert where == THREAD and "lobby" in lobby.content and lobby.buttons
    assert answer.public is not None
    assert "🧵" in answer.public.content and f"<#{THREAD}>" in answer.public.content
    assert answer.saved is not None and answer.saved.record.channel_id == THREAD


async def test_a_host_leaving_the_lobby_hands_it_over_and_pings_the_new_host(
    seating: Seating,
) -> None:
    """The longest-seated player hosts now, is pinged in a new message; the leaver is told."""
    await _lobby(seating, "rushncrush", BOB, CAROL)
    answer = await seating.leave(CHANNEL, ANN.id)
    assert answer.public is not None and answer.new
    assert f"<@{BOB.id}> is now the host" in answer.public.content
    assert answer.public.mentions == (BOB.id,)
    assert answer.confirmation == "You left the lobby."


async def test_a_guest_leaving_only_redraws_the_lobby(seating: Seating) -> None:
    """A guest who leaves: the lobby again, without them, and nobody pinged."""
    await _lobby(seating, "rushncrush", BOB)
    answer = await seating.leave(CHANNEL, BOB.id)
    assert answer.public is not None and not answer.new and not answer.public.mentions
    assert "Bob" not in answer.public.content


async def test_the_option_list_offers_the_clock_and_filters_by_what_was_typed(
    seating: Seating,
) -> None:
    """The game's own options and the clock, as typed so far; the clock's values are examples."""
    await _lobby(seating, "rushncrush")
    names = [name for _, name in await seating.option_names(CHANNEL, "")]
    assert set(names) == {"course", "one_rush_per_round", "clock"}
    assert [name for _, name in await seating.option_names(CHANNEL, "clo")] == ["clock"]
    assert await seating.option_values(CHANNEL, "clock", "zzz") == list(CLOCK_EXAMPLES)
    assert "loop" in await seating.option_values(CHANNEL, "course", "")


async def test_without_a_game_the_option_lists_are_empty(seating: Seating) -> None:
    """A channel without a game offers no settings (and no error) while typing."""
    assert await seating.option_names(CHANNEL, "") == []
    assert await seating.option_values(CHANNEL, "course", "") == []


async def test_the_clock_as_an_option_reads_a_bank_and_refuses_nonsense(seating: Seating) -> None:
    """`clock` `3d+12h` is a bank plus an increment; words that are no time are refused."""
    await _lobby(seating, "rushncrush")
    answer = await seating.option(CHANNEL, ANN.id, "clock", "3d+12h")
    assert answer.public is not None
    assert "a bank of 3d plus 12h per move" in answer.public.content
    with pytest.raises(ServiceError, match="24h"):
        await seating.option(CHANNEL, ANN.id, "clock", "soon")


async def test_the_start_is_a_new_board_that_wakes_the_scheduler(seating: Seating) -> None:
    """The first board is the table's turn message (its picture drawn from the started game),
    and bot seats may play now."""
    await _lobby(seating, "dragrage", BOB)
    answer = await seating.start(CHANNEL, ANN.id)
    assert answer.turn is not None and answer.public is None
    assert seating.host.board(answer.turn).picture is not None
    assert answer.moved is not None and answer.saved_what == "start"


async def test_ending_asks_first_and_only_the_host_or_a_manager_may(seating: Seating) -> None:
    """`/game end`: a private "are you sure?" with buttons bound to this game."""
    await _lobby(seating, "dragrage", BOB)
    with pytest.raises(NotAllowed):
        await seating.end(CHANNEL, CAROL.id, can_manage=False)
    answer = await seating.end(CHANNEL, CAROL.id, can_manage=True)
    [confirm] = answer.private
    assert answer.public is None and "for everyone?" in confirm.content
    verbs = [ButtonId.decode(b.custom_id) for b in confirm.buttons]
    assert [(v.verb, v.payload) for v in verbs if v] == [(END, "yes"), (END, "no")]


async def test_a_host_who_left_the_server_hands_the_table_over(seating: Seating) -> None:
    """Only someone other than the host asks about them; the table learns who hosts now."""
    await _lobby(seating, "dragrage", BOB)
    assert await seating.other_host(CHANNEL, ANN.id) is None
    hosting = await seating.other_host(CHANNEL, BOB.id)
    assert hosting is not None and hosting.host_id == ANN.id
    answer = await seating.host_left(hosting)
    assert answer is not None and answer.public is not None and answer.new
    assert f"<@{BOB.id}> is now the host" in answer.public.content
    assert await seating.host_left(hosting) is None, "once"


async def test_a_bot_substitute_takes_a_seat_and_plays_at_once(seating: Seating) -> None:
    """A bot in a leaver's seat: the table is told, nobody pinged, the scheduler woken."""
    await _lobby(seating, "dragrage", BOB)
    await seating.start(CHANNEL, ANN.id)
    answer = await seating.substitute(CHANNEL, ANN.id, BOB, can_manage=False)
    assert answer.public is not None and answer.new and not answer.public.mentions
    assert "🤖 A bot now plays Bob's seat" in answer.public.content
    assert answer.moved is not None and answer.saved_what == "substitute"


async def test_a_member_substitute_is_pinged(seating: Seating) -> None:
    """A member who takes a seat over is pinged by the message that says so."""
    await _lobby(seating, "dragrage", BOB)
    await seating.start(CHANNEL, ANN.id)
    answer = await seating.substitute(CHANNEL, ANN.id, BOB, can_manage=False, by=CAROL)
    assert answer.public is not None and answer.public.mentions == (CAROL.id,)
    assert answer.public.content.startswith(f"<@{CAROL.id}> now plays Bob's seat")
