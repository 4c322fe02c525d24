"""The table tells the story (issue 25): `python -m bench.story [--quick] [--json] [--games ...]`.

For each game at its largest table, a whole game through the fake Discord with the real bot
(`bench.driver.boot`): the host (the one person) seats bots in every other seat with `/game bot
add`, starts, and plays their own turns by pressing what the bot offers them (the conformance
test's player, `tests/bot/conformance_driver.py`, aiming as `bench/story_aim.py` says; never
Undo, so every logged move stands);
the bots play at once. Then, per game, against the budgets of issue 25 (counted by
`bench/story_count.py`, which defines a step, a player-turn, a post, a ping and a handover):
new public posts (and edits) per player-turn, pings per handover to the person (and pings for
their own next step, or to no purpose), new private posts per turn of the person (not counting
answers to presses on the public board, which ask for a private view as `/game sheet` does),
and from the log (as
`table/story.py` tells it to the public) the moves with public effects told in words and the
public rolls whose dice are in their line and in the channel. Issue 26: the person's taps per
unit of each game's budget (a person-turn, a Road Wolf action, an Apocalypse Road activation,
a Space Truckin' system placed or location; `bench/story_taps.py`), the person going straight
for the move the game's bot would make in their seat (`bench/story_aim.py`).

How posts are attributed to steps: the bot's repository is watched as it commits
(`record_move`) and the fake's store as it records each new message and edit, all on one event
loop; see `Recorder`. Road Wolf plays GAUNTLET, every seat its own side (`OPTIONS`), so the
host acts at any table size. `--quick` plays smaller tables (2 players) so the
part stays within about two minutes on a loaded 2-core machine; the full run (three games a
game, `GAMES_FULL`) about 17 minutes at a load average of 10-20.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import random
import re
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.driver import boot, shut_down
from bench.figures import Section
from bench.story_aim import aim, new_aim, pressing
from bench.story_count import Step, section
from bench.story_record import Recorder, stand_in_drawings, steps_of
from bench.story_taps import BEFORE, Tap, TapGame
from bench.story_taps import section as taps_section
from fakediscord import FakeDiscord, FakeMessage, FakeUser
from fakediscord.interaction import InteractionResult
from games.engine import Rng
from games.registry import GAMES, AnySpec
from table.ids import action_payload
from table.registry import TABLES
from tests.bot.conformance_driver import Choice, Player
from tests.bot.conftest import World
from tests.table.conformance_plan import HINTS, OUTCOME

ORDER = ("dragrage", "spacetruckin", "rushncrush", "apocalypseroad", "roadwolf")
QUICK_SEATS = 2
MAX_PRESSES = 3000
STALLED = 60
"""Presses without a move before the game is called stalled (the table asks the person to act
but offers nothing that moves it on)."""
SEED = 7
GAMES_FULL = 3
"""Games per key in the full run (seeds 7, 8, 9): the person acts in few units of one game at
a full table (5 Rush 'n' Crush turns at 6 players), too few for a median and a p90."""
MAX_TICKS = 50
OPTIONS: dict[str, dict[str, str]] = {"roadwolf": {"mission": "GAUNTLET"}}
"""Lobby options per game. Road Wolf plays GAUNTLET, where each seat is its own side: in the
two-sided missions the host's side mates (bots) act for it at once at 6 players, and the host
would never press (no private figures)."""
GIVE_UP = 3
"""Refusals since the last move after which the person stops aiming and presses as the
conformance player does (at random by its taste): what the table offers may be refused."""
WANT_SALT = 0x5EED
"""Seeds the bot's choice for the person apart from the dice of the same step."""
NEVER = {r"undo|take back|↩": 0.0}
"""Take-backs are never pressed: every logged move stands, so the log replays as it is."""


@dataclass
class Person(Player):
    """The one person at the table: plays their own turns by what the bot offers them, going
    straight for a move (`bench/story_aim.py`)."""

    recorder: Recorder | None = None
    refused: int = 0
    pressed: set[str] = field(default_factory=set)
    """The controls and kinds of control pressed since the person's last move."""
    stuck: int = 0
    """Presses the bot refused since the last move (a control offered but refused)."""
    want: str | None = None
    """The move the person wants (the bot's in their seat), as the table's buttons name it."""
    toward: tuple[str, ...] = ()
    """The game's own controls that make the wanted move or lead to it (`GameTable.toward`)."""

    def pick(self, choices: Sequence[Choice]) -> Choice:
        if self.stuck >= GIVE_UP:
            return super().pick(choices)  # refused again and again: tries anything offered
        choice = aim(self.rnd, choices, self.hints, self.pressed, self.want, self.toward)
        self.pressed |= pressing(choice)
        return choice

    async def wanted(self, me: FakeUser) -> tuple[str | None, tuple[str, ...]]:
        """The move the game's bot would make in the person's seat now, and the game's own
        controls on the way to it (`GameTable.toward`)."""
        assert self.world.bot is not None
        snap = await self.world.bot.service.latest(self.world.channel.id)
        policy = snap.spec.policy if snap.state is not None else None
        if policy is None or me.id not in snap.active_players:
            return None, ()
        action = policy(snap.state, me.id, Rng.for_step(snap.record.seed ^ WANT_SALT, 0))
        whole = snap.spec.extra.get("whole")
        if whole is not None:  # the bot's next moves with it, where the table makes them in one
            action = whole(snap.state, me.id, action)
        table = TABLES.get(snap.spec.key)
        toward = table.toward(action) if table is not None and table.toward else ()
        return action_payload(action.model_dump(mode="json")), toward

    async def made(self, me: FakeUser, after: int) -> list[str]:
        """The person's moves after the log's seq `after`, as the table's buttons name them."""
        app = self.world.app
        assert app is not None and app.bot is not None and app.repo is not None
        snap = await app.bot.service.latest(self.world.channel.id)
        entries = await app.repo.log(snap.record.id, after_seq=after)
        return [
            action_payload(
                snap.spec.parse_action(json.loads(e.action_json)).model_dump(mode="json")
            )
            for e in entries
            if e.actor == me.id
        ]

    async def press(self, user: FakeUser, choice: Choice) -> InteractionResult:
        assert self.recorder is not None
        how = "click" if choice.values is None else "select"
        self.recorder.taps.append(Tap(self.recorder.committed, how))
        self.recorder.pressing = self.recorder.committed
        # a press on a public message asks for whatever private message it opens (a sheet, a
        # hand, a panel, a path builder, the whole track), as `/game sheet` does: Discord cannot
        # put that answer into a private message the person already has
        self.recorder.asking = choice.private is False
        try:
            return await super().press(user, choice)
        finally:
            self.recorder.pressing, self.recorder.asking = None, False

    def check_answer(
        self, step: int, user: FakeUser, choice: Choice, result: InteractionResult
    ) -> None:
        """A refused press is counted, not fatal: the figures are still worth reading."""
        super().check_answer(step, user, choice, result)
        self.refused += len(self.problems)
        self.stuck += len(self.problems)
        self.problems.clear()

    async def play(self) -> FakeMessage:
        """Press until the board shows an outcome; the bots play between the person's presses
        (each press returns once they are done)."""
        me = self.seats[0]
        last_move, since = 0, 0
        for step in range(1, self.max_steps + 1):
            await self.catch_up(me)
            board = self.board()
            if OUTCOME in board.content:
                return board
            assert self.recorder is not None
            moved = self.recorder.committed > last_move
            if moved:
                self.stuck = 0
            if moved or step == 1:
                # a new aim (a free move on the way, a crew order, keeps the old one: the
                # person does not open what they opened for it again; `new_aim`)
                want, toward = await self.wanted(me)
                if new_aim(self.want, want, await self.made(me, after=last_move)):
                    self.want, self.toward, self.pressed = want, toward, set()
            last_move, since = self.recorder.committed, 0 if moved else since + 1
            if since > STALLED:
                raise AssertionError(
                    f"stalled after move {last_move}: {STALLED} presses and no move; the board "
                    f"says {board.content[:300]!r}; the last answer: {self.history[-1].answers}"
                )
            if me not in self.actors(board):
                raise AssertionError(f"the board asks nobody here to act: {board.content!r}")
            choices = self.choices(self.messages_for(me, board))
            assert choices, f"{me.name} must act but is offered nothing: {board.content!r}"
            choice = self.pick(choices)
            result = await self.press(me, choice)
            self.check_answer(step, me, choice, result)
            self.remember(me, result, board)
            now = self.latest_board()  # None while the bots' chain pauses: a new board follows
            if now is None or now.id != board.id:
                self.waiting.discard(me.id)
        raise AssertionError(f"no outcome after {self.max_steps} presses\n{self.report()}")

    async def catch_up(self, me: FakeUser) -> None:
        """Let the bots play on, then drop private messages drawn for a view of the person's
        that has changed since (the bots' moves in a step everyone answers at once change it).

        A table of bots plays at most `table.schedule.MAX_CHAIN` moves in one pass and the
        rest at the scheduler's next tick, which the bench gives at once."""
        bot = self.world.bot
        assert bot is not None
        for _ in range(MAX_TICKS):
            snap = await bot.service.latest(self.world.channel.id)
            if snap.state is None or snap.outcome is not None or me.id in snap.active_players:
                break
            await bot.scheduler.tick()
            await self.world.answered()
        if snap.state is None:
            return
        tag = snap.view_tag(me.id)
        store = self.world.fake.store.messages
        mine = [store[i] for i in self.private.get(me.id, []) if i in store]
        drawn = {t for m in mine for t in re.findall(r"~([0-9a-f]{8}):", str(m.components))}
        if drawn and tag not in drawn:
            self.private = {}


def seats_for(spec: AnySpec, quick: bool) -> int:
    return max(spec.min_players, QUICK_SEATS) if quick else spec.max_players


@dataclass
class Played:
    """One whole game as recorded."""

    steps: list[Step]
    recorder: Recorder
    person: Person
    seed: int
    seconds: float

    def note(self) -> str:
        person = self.person
        return (
            f"{len(self.steps)} moves, {person.presses} presses by the host ({person.looks} "
            f"looks, {person.refused} refused), seed {self.seed}, {self.seconds:.0f} s"
        )


async def play(
    key: str, seats: int, seed: int = SEED, *, draw: bool = False, games: int = 1
) -> Section:
    """`games` whole games of `key` at `seats` (the person and bots), seeds from `seed` on, and
    their figures: the story's from the first game, the taps from them all; `draw`: real
    images instead of stand-ins."""
    played = [await play_one(key, seats, seed + i, draw) for i in range(games)]
    spec = GAMES[key]
    title = f"story: {spec.title}, {seats} players (the host and {seats - 1} bots)"
    first = played[0]
    out = section(title, first.steps, first.recorder.posts, first.recorder.person)
    tapped = [TapGame(p.steps, p.recorder.taps, p.recorder.person) for p in played]
    out.figures += taps_section(title, key, tapped, BEFORE.get(key)).figures
    out.notes += [p.note() for p in played]
    return out


async def play_one(key: str, seats: int, seed: int, draw: bool) -> Played:
    """One whole game of `key` at `seats`, as recorded."""
    began = time.perf_counter()
    async with FakeDiscord(ack_deadline=3.0) as fake:
        guild = fake.add_guild("Story")
        channel = fake.add_channel(guild, "table")
        host = fake.add_member(guild, "host")
        with tempfile.TemporaryDirectory() as data:
            app = await boot(fake, Path(data), seed_source=itertools.count(seed).__next__)
            try:
                recorder = Recorder(channel.id, host.id)
                recorder.watch(fake, app)
                if not draw:
                    stand_in_drawings(app)

                async def command(name: str, **options: Any) -> InteractionResult:
                    recorder.taps.append(Tap(-1, "slash"))  # setting up, before any unit
                    return await fake.slash(host, channel, name, **options)

                await command("game new", game=key, where="here")
                for setting, value in OPTIONS.get(key, {}).items():
                    chosen = await command("game option", setting=setting, value=value)
                    assert "🚫" not in chosen.content, chosen.content
                for _ in range(seats - 1):
                    await command("game bot add")
                start = await command("game start")
                await start.wait_followups(1)
                world = World(
                    fake, guild, channel, host, host, host, host, Path(data), app, app.bot
                )
                person = Person(
                    world,
                    [host],
                    random.Random(seed),
                    max_steps=MAX_PRESSES,
                    hints={**NEVER, **HINTS.get(key, {})},
                    recorder=recorder,
                )
                await person.play()
                assert app.bot is not None
                await app.bot.idle()  # the finished game's replay too
                steps = await steps_of(app, channel)
            finally:
                await shut_down(app)
    return Played(steps, recorder, person, seed, time.perf_counter() - began)


def run(
    keys: Sequence[str],
    quick: bool,
    show: Callable[[Section], None],
    *,
    draw: bool = False,
    games: int | None = None,
) -> list[Section]:
    """Every game of `keys`, shown as it is done; `games` per key (default: 1 quick, else
    `GAMES_FULL`)."""
    sections = []
    count = games or (1 if quick else GAMES_FULL)
    for key in keys:
        spec = GAMES[key]
        try:
            found = asyncio.run(play(key, seats_for(spec, quick), draw=draw, games=count))
        except Exception as error:  # one game failing must not hide the others' figures
            found = Section(f"story: {spec.title}", notes=[f"FAILED: {error!r}"[:2000]])
        show(found)
        sections.append(found)
    return sections


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="2-player tables")
    parser.add_argument("--json", action="store_true", help="print each section as JSON")
    parser.add_argument("--games", nargs="+", choices=ORDER, default=list(ORDER))
    parser.add_argument(
        "--seeds", type=int, help=f"games per key, seeds 7 on (default 1 quick, {GAMES_FULL})"
    )
    args = parser.parse_args(argv)
    run(
        args.games,
        args.quick,
        lambda s: print(s.to_json() if args.json else s.render(), flush=True),
        games=args.seeds,
    )


if __name__ == "__main__":
    main()
