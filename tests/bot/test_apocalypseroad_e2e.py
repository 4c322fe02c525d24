"""Apocalypse Road through the fake Discord: a four-player race played by menus and buttons to a
winner, typed twins of the same, and a ten-player race with bots in nine seats. No hand may
ever appear in a public message or image (`world.renders.check`, see `tests/bot/hidden.py`)."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from fakediscord import FakeMessage, FakeUser
from tests.bot.conformance_driver import OUTCOME, Choice, Player
from tests.bot.conftest import World

MAX_PRESSES = 3000


@dataclass
class Racer(Player):
    """Plays like a person who knows the flow: open the hand, pick a card in the menu of a
    car (now and then one that fires first), then a result in the move menu (with its shot
    after, or holding fire); every fifth move is built step by step; at the end of a turn one
    card is discarded. Counts which ways were used."""

    used: Counter[str] = field(default_factory=Counter)
    moves: int = 0
    building: bool = False
    marked: bool = False

    def pick(self, choices: Sequence[Choice]) -> Choice:
        private = [c for c in choices if c.message.ephemeral]

        def first(pattern: str) -> Choice | None:
            return next((c for c in private if re.search(pattern, c.label)), None)

        def menu(verb: str) -> list[Choice]:
            return [c for c in private if c.values is not None and f"ar:{verb}:" in c.custom_id]

        if self.building:
            done = first(r"^✅ Play this move")
            if done is not None:
                self.building = False
                self.used["move built step by step"] += 1
                return done
            step = first(r"^⬆ Forward") or first(r"^(⬅|➡|↖|↗|⤴)")
            if step is not None:
                self.used["builder step"] += 1
                return step
            build = first(r"^🛠 Build it step by step")
            if build is not None:
                self.used["builder opened"] += 1
                return build
            self.building = False
        for pattern, what in (
            (r"^✅ Standard set", "standard set picked"),
            (r"^✅ (Discard|Keep)", "discard answered"),
        ):
            found = first(pattern)
            if found is not None:
                if what == "discard answered" and not self.marked and first(r"^🗑? ?1\. "):
                    break  # mark a card first
                self.marked = False
                self.used[what] += 1
                return found
        marker = first(r"^1\. ") if first(r"^✅ (Discard|Keep)") else None
        if marker is not None:
            self.marked = True
            self.used["card marked for discard"] += 1
            return marker
        results = menu("go")
        if results:
            self.moves += 1
            build = first(r"^🛠 Play the card, then build")
            if build is not None and self.moves % 5 == 0:
                self.building = True
                self.used["card played to build its move"] += 1
                return build
            self.used["result picked in the move menu"] += 1
            return self.rnd.choice(results[:3])
        pending = menu("mv")
        if pending:
            self.used["pending move picked"] += 1
            return pending[0]
        cards = menu("pl")
        if cards:
            shots = [c for c in cards if "🔫" in c.label]
            if shots and self.rnd.random() < 0.3:
                self.used["fired before moving"] += 1
                return self.rnd.choice(shots)
            self.used["card picked in a car's menu"] += 1
            return self.rnd.choice([c for c in cards if "🔫" not in c.label] or cards)
        plays = [c for c in private if not _looks(c.label)]
        if plays:
            self.used["other answer (fire, event, debris)"] += 1
            return self.rnd.choice(plays)
        hand = next((c for c in choices if c.label == "🃏 My hand"), None)
        if hand is not None:
            self.used["hand opened"] += 1
            return hand
        return super().pick(choices)


def _looks(label: str) -> bool:
    return bool(re.search(r"Whole track|Show board|Back|Other results|step by step|Undo", label))


async def _lobby(
    world: World, seated: Sequence[FakeUser], bots: int = 0, *, skip_pick: bool = False
) -> None:
    """A race started by `seated[0]`; `skip_pick`: the host turns the car pick off (every team
    races the standard set), for tests about the race itself."""
    r = await world.slash(seated[0], "game new", game="apocalypseroad")
    assert "lobby" in r.content and not r.ephemeral, r.content
    for user in seated[1:]:
        await world.slash(user, "game join")
    for _ in range(bots):
        r = await world.slash(seated[0], "game bot add")
        assert "(bot)" in r.content, r.content
    if skip_pick:
        r = await world.slash(seated[0], "game option", setting="pick_cars", value="false")
        assert "🚫" not in r.content, r.content
    r = await world.slash(seated[0], "game start")
    await r.wait_followups(1)
    assert r.messages[-1].files, "the start shows the first board"


def _refusals(world: World) -> list[str]:
    return [m.content for m in world.fake.all_messages() if m.ephemeral and "🚫" in m.content]


async def test_four_player_race_by_menus_and_buttons_to_a_winner(world: World) -> None:
    """Four players, every move by the hand's menus and buttons (a card in a car's menu, a
    result in the move menu, some moves built step by step, some shots fired before moving,
    cards discarded at the end of turns),
    to a winner; nothing refused; no hand in public."""
    seated = [world.alice, world.bob, world.carol, world.mod]
    await _lobby(world, seated)
    racer = Racer(world, seated, random.Random(4), max_steps=MAX_PRESSES)
    final = await racer.play()
    assert OUTCOME in final.content and "won the game" in final.content, final.content
    assert not [b for b in final.buttons if b[1] and not b[2]], "a finished race offers nothing"
    assert not _refusals(world)
    for way in (
        "standard set picked",
        "card picked in a car's menu",
        "fired before moving",
        "result picked in the move menu",
        "pending move picked",
        "move built step by step",
        "discard answered",
        "card marked for discard",
    ):
        assert racer.used[way] >= 1, (way, racer.used)
    world.renders.check(world.fake)
    world.fake.assert_clean()
    print(f"\n4 players: {racer.presses} presses; {dict(racer.used)}")


async def test_the_typed_commands_do_the_same(world: World) -> None:
    """`/apocalypseroad play`, `move` (a preview, then play:True) and `hand`, `track`."""
    await _lobby(world, [world.alice, world.bob], skip_pick=True)
    board = world.latest_board()
    actor = world.user(int(re.search(r"➡️ <@(\d+)>", board.content)[1]))  # type: ignore[index]
    other = world.bob if actor is world.alice else world.alice
    r = await world.slash(other, "apocalypseroad play", card=1, car=1)
    assert r.messages[-1].ephemeral and "🚫" in r.messages[-1].content, "not their turn"
    r = await world.slash(actor, "apocalypseroad hand")
    hand = r.messages[-1]
    assert hand.ephemeral and hand.files and "play a card" in str(hand.components)
    r = await world.slash(actor, "apocalypseroad track")
    assert r.messages[-1].ephemeral and "whole track" in r.messages[-1].content
    played = None
    for car in (1, 3, 4, 5, 7, 8):
        r = await world.slash(actor, "apocalypseroad play", card=1, car=car)
        await r.wait_followups(1)
        if not any("🚫" in m.content for m in r.messages):
            played = car
            break
    assert played is not None, [m.content for m in r.messages]
    r = await world.slash(actor, "apocalypseroad move", path="F")
    answer = r.messages[-1]
    assert answer.ephemeral
    if "Not played yet" in answer.content:
        assert answer.files, "a typed move is previewed as an image"
    r = await world.slash(actor, "apocalypseroad move", path="F F F F F F F F F F F F F F F F",
                          play=True)  # fmt: skip
    assert any("🚫" in m.content and m.ephemeral for m in r.messages), "an illegal move is refused"
    world.renders.check(world.fake)


@dataclass
class Alice(Racer):
    """Alice alone among nine bots: plays her own turns by buttons; the bots play at once.

    When bots moved while she was choosing, she opens her hand again from the board: during
    a simultaneous prompt a bot's answer makes her open hand message out of date (the view
    tag covers the list of players still to answer; see `test_simultaneous_answers_...`)."""

    async def play(self) -> FakeMessage:
        bot = self.world.bot
        assert bot is not None
        for step in range(1, self.max_steps + 1):
            snap = await bot.service.latest(self.world.channel.id)
            if snap.state is not None and self._outdated(snap.view_tag(self.seats[0].id)):
                self.private = {}
            board = await self.current_board()
            if OUTCOME in board.content:
                return board
            if self.seats[0] not in self.actors(board):
                continue
            me = self.seats[0]
            choices = self.choices(self.messages_for(me, board))
            assert choices, board.content
            choice = self.pick(choices)
            result = await self.press(me, choice)
            self.check_answer(step, me, choice, result)
            assert not self.problems, self.report()
            self.remember(me, result, board)
        raise AssertionError(f"no outcome after {self.max_steps} presses\n{self.report()}")

    def _outdated(self, tag: str) -> bool:
        store = self.world.fake.store.messages
        mine = [store[i] for i in self.private.get(self.seats[0].id, []) if i in store]
        drawn = {t for m in mine for t in re.findall(r"~([0-9a-f]{8}):", str(m.components))}
        return bool(drawn) and tag not in drawn


async def test_ten_player_race_with_bots_in_nine_seats(world: World) -> None:
    """Ten teams: Alice and nine bots. Alice plays by buttons, the bots at once, to a winner;
    the simultaneous end-of-turn prompt reaches Alice with the bots; no hand in public."""
    await _lobby(world, [world.alice], bots=9)
    alice = Alice(world, [world.alice], random.Random(10), max_steps=MAX_PRESSES)
    final = await alice.play()
    assert OUTCOME in final.content, final.content
    assert not _refusals(world)
    assert alice.used["result picked in the move menu"] >= 1, alice.used
    assert any("🤖" in m.content for m in world.public())
    world.renders.check(world.fake)
    print(f"\n10 players: Alice pressed {alice.presses}; {dict(alice.used)}")


async def test_simultaneous_answers_do_not_stale_each_other(world: World) -> None:
    """Digest 4.1 Turn: the end-of-turn discard is answered by all players at once. Bob's
    answer must not make Alice's open discard message out of date."""
    seated = [world.alice, world.bob]
    await _lobby(world, seated, skip_pick=True)
    racer = Racer(world, seated, random.Random(2), max_steps=MAX_PRESSES)
    bot = world.bot
    assert bot is not None
    for _ in range(MAX_PRESSES):
        board = racer.board()
        if board.content.count("➡️") >= 2:
            break
        actors = racer.actors(board)
        me = actors[0]
        choices = racer.choices(racer.messages_for(me, board))
        choice = racer.pick(choices)
        result = await racer.press(me, choice)
        racer.remember(me, result, board)
    else:
        raise AssertionError("no simultaneous prompt came up")
    hands = {}
    for user in seated:
        r = await world.fake.click(user, board, next(b[1] for b in board.buttons if "hand" in b[0]))
        await r.wait_followups(1)
        hands[user.id] = r.messages[-1]
    keep = next(b[1] for b in hands[world.bob.id].buttons if str(b[0]).startswith("✅"))
    await world.fake.click(world.bob, hands[world.bob.id], keep)
    keep = next(b[1] for b in hands[world.alice.id].buttons if str(b[0]).startswith("✅"))
    r = await world.fake.click(world.alice, hands[world.alice.id], keep)
    await r.wait_followups(1)
    assert not any("⏩" in m.content for m in r.messages), [m.content for m in r.messages]


async def test_cars_are_picked_by_buttons_in_bag_order(world: World) -> None:
    """The pick phase (rule 4: each player chooses their cars of 8): both players tap their
    five cars in bag order on their hand and confirm at once; then the race starts."""
    r = await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game option", setting="work_the_pack", value="true")
    assert "🚫" not in r.content, r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    board = world.latest_board()
    assert board.content.count("➡️") == 2, "both players pick at once"
    hand_button = next(b[1] for b in board.buttons if "hand" in str(b[0]))
    for user, cars in ((world.alice, "81347"), (world.bob, "12345")):
        r = await world.fake.click(user, board, hand_button)
        await r.wait_followups(1)
        message = r.messages[-1]
        assert message.ephemeral and "Pick your 5 cars" in message.content, message.content
        for car in cars:
            button = next(b[1] for b in message.buttons if re.match(rf"^{car} · ", str(b[0])))
            r = await world.fake.click(user, message, button)
            await r.wait_response()
            message = world.fake.store.messages[message.id]
        confirm = next(b for b in message.buttons if str(b[0]).startswith("✅ Race with"))
        assert confirm[0] == f"✅ Race with {', '.join(cars)}", confirm
        r = await world.fake.click(user, message, confirm[1])
        await r.wait_followups(1)
        assert not any("🚫" in m.content or "⏩" in m.content for m in r.messages), [
            m.content for m in r.messages
        ]
    # The race is on: the last to pick is shown their hand to play (and the table gets a new
    # board for the new phase: table/snapshot.py step_advanced, tests/bot/test_step_advanced.py).
    assert "play a race card" in r.messages[-1].content, r.messages[-1].content
    world.renders.check(world.fake)
