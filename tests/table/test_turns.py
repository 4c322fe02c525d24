"""The table's turn message (`table.turns`): one message per turn, edited while the same player
acts again, a new one and one ping when play passes on; "since your last move"."""

from __future__ import annotations

import itertools
from types import SimpleNamespace
from typing import Any

import pytest

from games.engine import Player
from table.answers import Message
from table.host import Host
from table.seating import Seating
from table.service import Snapshot
from table.turns import FILL_POLL, TurnRecord, decide, fitted, post_then_close

ANN, BOB, CAROL = (
    Player(id=1001, name="Ann"),
    Player(id=1002, name="Bob"),
    Player(id=1003, name="Carol"),
)
GUILD, CHANNEL = 1, 10


class Carrier:
    """A `TurnCarrier` that records what the table asked: ("post" | "edit", id, message)."""

    def __init__(self) -> None:
        self.sent: list[tuple[str, int, Message]] = []
        self.ids = itertools.count(500)
        self.gone: set[int] = set()

    async def post(self, message: Message) -> int | None:
        ident = next(self.ids)
        self.sent.append(("post", ident, message))
        return ident

    async def edit(self, message_id: int, message: Message) -> bool:
        if message_id in self.gone:
            return False
        self.sent.append(("edit", message_id, message))
        return True

    async def hand_over(self, message: Message, closing: tuple[int, Message] | None) -> int | None:
        return await post_then_close(self, message, closing)


async def _started(host: Host, game: str, *others: Player) -> Snapshot:
    seating = Seating(host)
    await seating.new(GUILD, CHANNEL, game, ANN)
    for player in others:
        await seating.join(CHANNEL, player)
    answer = await seating.start(CHANNEL, ANN.id)
    assert answer.turn is not None and answer.public is None
    return answer.turn


async def _step(host: Host, snap: Snapshot) -> Snapshot:
    """The lone active player plays their first legal action."""
    (player,) = snap.active_players
    action = snap.legal_actions(player)[0]
    answer = await host.play(snap.user_of(player), CHANNEL, action)
    assert answer.turn is not None and answer.public is None
    return answer.turn


async def _play_until(
    host: Host, snap: Snapshot, carrier: Carrier, *, handed_over: bool
) -> Snapshot:
    """Tell the start, then play and tell steps until one hands over (or one does not)."""
    await host.turns.tell(snap, carrier)
    for _ in range(40):
        before = snap.active_players
        snap = await _step(host, snap)
        await host.turns.tell(snap, carrier)
        if (snap.active_players != before) == handed_over:
            return snap
    raise AssertionError(f"no step with handed_over={handed_over} in 40 steps")


@pytest.fixture
async def race(host: Host) -> Snapshot:
    """A three-player Rush 'n' Crush race, started (its first turn message not yet told)."""
    return await _started(host, "rushncrush", BOB, CAROL)


async def test_the_start_opens_a_turn_message_pinging_whoever_must_act(
    host: Host, race: Snapshot
) -> None:
    """The first turn message is new, with the board's picture, pinging the first player."""
    carrier = Carrier()
    await host.turns.tell(race, carrier)
    ((kind, _, message),) = carrier.sent
    assert kind == "post" and message.picture is not None
    assert message.mentions == tuple(race.pinged) and len(message.mentions) == 1
    assert "the game was set up for Ann, Bob, Carol" in message.content


async def test_the_same_player_acting_again_edits_the_message_and_pings_nobody(
    host: Host, race: Snapshot
) -> None:
    """A step after which the mover acts again is an edit of the same message, no mention."""
    carrier = Carrier()
    await _play_until(host, race, carrier, handed_over=False)
    kind, ident, message = carrier.sent[-1]
    assert kind == "edit" and ident == carrier.sent[-2][1] and message.mentions == ()


async def test_a_handover_opens_a_new_message_pinging_only_the_next_player(
    host: Host, race: Snapshot
) -> None:
    """When someone else must act, a new message pings exactly them; then the turn that
    ended is told in full in its own message, which keeps its image and pings nobody."""
    carrier = Carrier()
    snap = await _play_until(host, race, carrier, handed_over=True)
    (kind, ident, message), (closed, old, last) = carrier.sent[-2:]
    (next_player,) = snap.active_players
    assert kind == "post" and ident != carrier.sent[0][1]
    assert message.mentions == (snap.user_of(next_player),)
    assert closed == "edit" and old == carrier.sent[0][1] and last.keeps_image
    assert "this turn is over" in last.content and not last.mentions and not last.buttons


async def test_an_older_step_told_after_a_newer_one_changes_nothing(
    host: Host, race: Snapshot
) -> None:
    """Edits apply in version order: a late answer never overwrites a newer message."""
    carrier = Carrier()
    first = await _step(host, race)
    second = await _step(host, first) if len(first.active_players) == 1 else first
    await host.turns.tell(second, carrier)
    await host.turns.tell(first, carrier)
    assert len(carrier.sent) == 1


async def test_a_step_waits_for_another_process_still_telling_the_one_before(
    host: Host, race: Snapshot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A deploy overlap on a loaded machine: the other process has claimed the step before
    and is still editing the turn message after 4 s. The next step waits for it to say it is
    done, then edits the message; before, it went on after 3 s and the other's late edit
    landed over its own (in a loaded run, the race's last move was told nowhere)."""
    carrier = Carrier()
    await host.turns.tell(race, carrier)
    repo = host.service.repo
    row = await repo.turn_message(race.session_id)
    told = TurnRecord.model_validate_json(row.turn_json or "")
    other = await _step(host, race)  # claimed by the other process, its edit still going
    claim = told.model_copy(update={"pending": True})
    assert await repo.set_turn_message(race.session_id, other.version, claim.model_dump_json())
    looks = 0
    done_after = int(4.0 / FILL_POLL)

    async def look(_: float) -> None:
        nonlocal looks
        looks += 1
        if looks == done_after:  # the other's edit is done: it fills in its claim
            filled = told.model_copy(update={"pending": False})
            await repo.fill_turn_message(race.session_id, other.version, filled.model_dump_json())

    monkeypatch.setattr("table.turns._pause", look)
    nxt = await _step(host, other) if len(other.active_players) == 1 else other
    await host.turns.tell(nxt, carrier)
    assert looks == done_after
    assert carrier.sent[-1][0] in ("edit", "post") and len(carrier.sent) >= 2


async def test_a_step_that_could_not_be_told_does_not_hold_up_the_next(
    host: Host, race: Snapshot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Discord refuses the turn message (an error, not a slow edit): the claim is let go, so
    the next step is told at once instead of waiting for a teller that gave up."""

    class Refusing(Carrier):
        async def post(self, message: Message) -> int | None:
            raise RuntimeError("503 Service Unavailable")

    with pytest.raises(RuntimeError):
        await host.turns.tell(race, Refusing())
    looks = 0

    async def look(_: float) -> None:
        nonlocal looks
        looks += 1

    monkeypatch.setattr("table.turns._pause", look)
    carrier = Carrier()
    await host.turns.tell(await _step(host, race), carrier)
    assert looks == 0 and carrier.sent


async def test_a_deleted_turn_message_is_replaced_by_a_new_one(host: Host, race: Snapshot) -> None:
    """Editing a message that is gone opens a new one, which the next edit then uses."""
    carrier = Carrier()
    await host.turns.tell(race, carrier)
    carrier.gone.add(carrier.sent[0][1])
    snap = await _step(host, race)
    await host.turns.tell(snap, carrier)
    assert carrier.sent[-1][0] == "post" and carrier.sent[-1][1] != carrier.sent[0][1]


def _stub(active: set[int], *, over: bool = False, forced: frozenset[int] = frozenset()) -> Any:
    """Just what `decide` reads of a snapshot: every player a human who is notified, but for
    those whose only move the table makes (`forced`: neither pinged nor asked)."""
    return SimpleNamespace(
        outcome=object() if over else None,
        record=SimpleNamespace(is_live=True),
        active_players=frozenset(active),
        pinged=tuple(sorted(active - forced)),
        user_of=lambda p: p,
        forced_move=lambda p: object() if p in forced else None,
    )


def test_a_simultaneous_step_is_edited_as_each_finishes_and_a_new_one_opens() -> None:
    """Someone finishing while others act: edit; everyone acting again: new, the mover unpinged."""
    everyone = TurnRecord(message_id=1, opened_seq=4, acting=(1, 2, 3))
    assert not decide(everyone, _stub({2, 3}), mover=1).new
    last = TurnRecord(message_id=1, opened_seq=4, acting=(3,))
    plan = decide(last, _stub({1, 2, 3}), mover=3)
    assert plan.new and plan.pinged == (1, 2)


def test_the_end_of_the_game_is_a_new_message_pinging_nobody() -> None:
    """The game's end is told in a message of its own."""
    plan = decide(TurnRecord(message_id=1, opened_seq=4, acting=(1,)), _stub(set(), over=True), 1)
    assert plan.new and plan.pinged == ()


def test_older_steps_collapse_to_fit() -> None:
    """The newest lines are kept; the older ones are counted."""
    lines = [f"• #{n} Ann: moved {'x' * 40}" for n in range(100)]
    kept = fitted(["head"], lines, budget=500)
    assert kept[0] == "head" and kept[1].startswith("… ") and kept[-1] == lines[-1]
    assert sum(len(k) + 1 for k in kept) <= 500 + len(kept[1]) + 1


def test_a_lone_move_made_by_the_table_then_a_real_choice_pings_its_player() -> None:
    """Ann's only move is made for her unasked: the step after, her real choice is a handover
    (a new message pinging her), not her own turn going on."""
    before = TurnRecord(message_id=1, opened_seq=4, acting=(2,))
    assert not decide(before, _stub({1}, forced=frozenset({1})), mover=2).new
    unasked = TurnRecord(message_id=1, opened_seq=5, acting=())  # as that step leaves it
    plan = decide(unasked, _stub({1}), mover=1)
    assert plan.new and plan.pinged == (1,)


def test_a_player_acting_again_after_their_own_move_is_not_pinged() -> None:
    """Her own turn going on (she was asked, and moved) stays one message, unpinged."""
    assert not decide(TurnRecord(message_id=1, opened_seq=4, acting=(1,)), _stub({1}), 1).new
