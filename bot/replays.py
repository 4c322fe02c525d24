"""The animated replay of a finished game, rebuilt from its seed and log.

The game is replayed exactly as `table.verify` checks it (players in seat order, the stored
options, `Rng.for_step(seed, step)`), and every step's public view (`view(state, None)`, never
a private one) is drawn. All of it runs off the event loop, one step per call, as background
drawings (`runtime.render_slots`): they wait behind every move's drawing, never hold the last free
render slot, and have a deadline of their own, longer than a move's.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Sequence
from typing import TYPE_CHECKING, Any

from bot.workload import Work
from games.engine import GameError, Player, Rng
from games.registry import AnySpec
from render import replay
from render.registry import RENDERERS
from runtime.render_slots import Drawing
from storage import LogEntry, SessionRecord
from table.answers import Message
from table.snapshot import Snapshot
from table.takebacks import standing_moves

if TYPE_CHECKING:
    from bot.table import Table

log = logging.getLogger(__name__)

Post = Callable[[Message], Awaitable[Any]]


class ReplayError(Exception):
    """The game cannot be replayed: it has no board drawing, or has not ended."""


def _setup(spec: AnySpec, record: SessionRecord) -> Any:
    players = tuple(
        Player(id=s.user_id, name=s.name) for s in sorted(record.seats, key=lambda s: s.seat)
    )
    options = spec.options_model.model_validate_json(record.options_json)
    return spec.setup(players, options, Rng.for_step(record.seed, 0))


def _first(spec: AnySpec, record: SessionRecord, draw: Callable[..., bytes]) -> tuple[Any, bytes]:
    state = _setup(spec, record)
    return state, draw(spec.view(state, None))


def _next(
    spec: AnySpec, state: Any, entry: LogEntry, seed: int, draw: Callable[..., bytes]
) -> tuple[Any, bytes]:
    assert entry.actor is not None  # setup rows are skipped
    action = spec.parse_action(json.loads(entry.action_json))
    state = spec.apply(state, entry.actor, action, Rng.for_step(seed, entry.seq)).state
    return state, draw(spec.view(state, None))


async def build_replay(table: Table, record: SessionRecord, entries: Sequence[LogEntry]) -> bytes:
    """The animated replay (WebP bytes) of the session `record` from its logged `entries`.

    A move that no longer replays (the log was tampered with; `/game verify` names it) ends
    the replay at the last board that does.
    """
    spec = table.service.spec(record.game_key)
    renderers = RENDERERS.get(spec.key)
    if renderers is None:
        raise ReplayError(f"{spec.title} has no board to replay")
    draw = renderers.board
    replay_frame = Drawing("replay", spec.key, record.id, background=True)

    async def run(fn: Callable[..., Any], *args: Any) -> Any:
        return await table.renderer.draw(replay_frame, fn, *args)

    state, png = await run(_first, spec, record, draw)
    frames = [png]
    for entry in standing_moves(entries):  # a taken-back move and its take-back both vanish
        if entry.seq == 0 or entry.actor is None:
            continue
        try:
            state, png = await run(_next, spec, state, entry, record.seed, draw)
        except (GameError, ValueError) as exc:
            log.warning("replay of session %s stops at move #%s: %s", record.id, entry.seq, exc)
            break
        frames.append(png)
    animation: bytes = await run(replay.animate, frames)
    return animation


def replay_board(snap: Snapshot, data: bytes) -> Message:
    """The message that carries a finished game's replay."""
    moves = snap.record.last_seq
    text = (
        f"🎞️ Replay of **{snap.spec.title}** (game #{snap.session_id}, {moves} moves), "
        f"re-derived from Seed: `{snap.record.seed}` and the log (`/game verify` checks it)."
    )
    return Message(content=text, image=data, filename=f"replay-{snap.session_id}.{replay.FORMAT}")


async def replay_for(table: Table, snap: Snapshot) -> Message:
    """The replay message of any finished game (`/game replay`)."""
    if snap.state is None or snap.record.is_live:
        raise ReplayError("the replay is made when the game is over")
    entries = await table.service.repo.log(snap.session_id)
    return replay_board(snap, await build_replay(table, snap.record, entries))


def post_replay(table: Table, snap: Snapshot, post: Post) -> asyncio.Task[None] | None:
    """When `snap` ended the game: build its replay in the background and `post` it publicly.
    Never awaited by the move itself, and nobody's answer waits for it (`Work.POST`); a
    failure is logged, never shown as a move error. A bot that stops first cancels it."""
    if snap.outcome is None or snap.state is None:
        return None

    async def build_and_post() -> None:
        try:
            await post(await replay_for(table, snap))
        except asyncio.CancelledError:
            log.info(
                "the replay of session %s was not posted: the bot stopped (`/game replay` "
                "makes it)",
                snap.session_id,
            )
            raise
        except Exception:
            log.exception("could not post the replay of session %s", snap.session_id)

    return table.workload.spawn(
        build_and_post(), kind=Work.POST, name=f"redline-replay-{snap.session_id}"
    )
