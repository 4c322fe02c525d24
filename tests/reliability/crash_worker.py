"""Crash-test worker: plays random legal moves through GameService until it is killed.

Run as `python -m tests.reliability.crash_worker DBPATH SEED [--wait]`. It keeps SESSIONS
channels busy with every registered game in turn, continuing the live sessions it finds in the
database (a previous run was killed) and opening a new session whenever a game finishes.

After each `service.act` returns (the moment the bot would tell the player) it prints, flushed:
    M <session> <seq> <version> <actor> <crc32 of action JSON> <crc32 of state JSON>
and after each successful start:
    S <session> <version>
A quarter of the moves are timeouts instead: the turn clock "ran out" and the bot plays for
the player (`GameService.stand_in`), tried twice at once as two deadline ticks would; each
confirmed one also prints
    T <session> <player> <turn> <version>
so the test can check that no timeout was ever applied twice, across kills and restarts.
Nothing is printed for a write that has not returned, so every printed line is a promise the
database must keep whenever the process dies.

`--wait` imports everything, then blocks until a line `go [MOVES]` arrives on stdin before it
touches the database: the test warms the next worker while the current one runs, so the cost
of Python start-up stays out of the kill loop. With MOVES the worker stops cleanly after that
many moves (the final "play continues" run); without it, it plays until killed. This module
must never import discord (start-up time, and the service layer needs none of it).
"""

from __future__ import annotations

import asyncio
import random
import sys
import zlib

from games.engine import GameError, Player
from games.registry import GAMES, AnySpec
from storage import Repository
from table.clocks import ClockMode, ClockSettings
from table.service import GameService, NoSession, Snapshot

SESSIONS = 20
TIMEOUTS = 0.25
CHANNEL_BASE = 70_000
PLAYER_BASE = 1_000_000


def crc(text: str) -> int:
    return zlib.crc32(text.encode())


def channel_of(index: int) -> int:
    return CHANNEL_BASE + index


def player_of(channel: int, seat: int) -> Player:
    """Seat ids are derived from the channel, so a restarted worker knows who sits where."""
    return Player(id=PLAYER_BASE + channel * 10 + seat, name=f"C{channel}S{seat}")


def seats_wanted(spec: AnySpec, session_id: int) -> int:
    """How many players a session gets: derived from its id so a restarted worker agrees."""
    return min(spec.max_players, spec.min_players + session_id % 2)


async def _ready(service: GameService, channel: int, rnd: random.Random) -> Snapshot:
    """The channel's live, started session: open, fill and start one as needed."""
    try:
        snap = await service.current(channel)
    except NoSession:
        snap = await service.new_session(
            guild_id=1,
            channel_id=channel,
            game_key=rnd.choice(sorted(GAMES)),
            host=player_of(channel, 0),
        )
    if snap.is_lobby:
        while len(snap.record.seats) < seats_wanted(snap.spec, snap.session_id):
            snap = await service.join(channel, player_of(channel, len(snap.record.seats)))
        if snap.clock.settings.mode is ClockMode.NONE:
            turn_clock = ClockSettings(mode=ClockMode.TURN, per_turn=3600)
            snap = await service.set_clock(channel, snap.record.host_id, turn_clock)
        snap = await service.start(channel, snap.record.host_id)
        print(f"S {snap.session_id} {snap.version}", flush=True)
    return snap


async def play(db_path: str, seed: int, max_moves: int | None) -> int:
    rnd = random.Random(seed)
    repo = await Repository.open(db_path)
    service = GameService(repo, GAMES, seed_source=lambda: rnd.getrandbits(63))
    moves = 0
    try:
        while max_moves is None or moves < max_moves:
            channel = channel_of(rnd.randrange(SESSIONS))
            snap = await _ready(service, channel, rnd)
            active = sorted(snap.active_players)
            if not active:
                continue  # finished at start; the next visit opens a new session
            actor = rnd.choice(active)
            if rnd.random() < TIMEOUTS:
                moves += await _time_out(service, snap, actor)
                continue
            legal = snap.legal_actions(actor)
            action = rnd.choice(list(legal))
            try:
                after = await service.act(
                    snap.session_id, actor, action, expected_version=snap.version
                )
            except GameError:
                # A game that lists representatives of a huge action space may refuse one.
                continue
            print(
                f"M {after.session_id} {after.record.last_seq} {after.version} {actor} "
                f"{crc(snap.spec.dump_action(action))} {crc(snap.spec.dump_state(after.state))}",
                flush=True,
            )
            moves += 1
    finally:
        await repo.close()
    return moves


async def _time_out(service: GameService, snap: Snapshot, actor: int) -> int:
    """The clock ran out on `actor`: two deadline ticks race to play for them."""
    turn = snap.clock.of(actor).turn
    done = 0
    for stood in await asyncio.gather(
        service.stand_in(snap.session_id, actor, turn),
        service.stand_in(snap.session_id, actor, turn),
    ):
        if stood is None:
            continue
        after = stood.snapshot
        print(
            f"M {after.session_id} {after.record.last_seq} {after.version} {actor} "
            f"{crc(snap.spec.dump_action(stood.action))} {crc(snap.spec.dump_state(after.state))}",
            flush=True,
        )
        print(f"T {after.session_id} {actor} {turn} {after.version}", flush=True)
        done += 1
    return done


def main(argv: list[str]) -> int:
    args = [a for a in argv if not a.startswith("--")]
    if len(args) != 2:
        print("usage: python -m tests.reliability.crash_worker DBPATH SEED [--wait]")
        return 2
    db_path, seed = args[0], int(args[1])
    max_moves: int | None = None
    if "--wait" in argv:
        words = sys.stdin.readline().split()
        if not words or words[0] != "go":
            return 0  # the test is gone (EOF) or called this spare off
        max_moves = int(words[1]) if len(words) > 1 else None
    asyncio.run(play(db_path, seed, max_moves))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
