"""The animated replay of a finished game, rebuilt from its seed and log.

The game is replayed exactly as `table.verify` checks it (players in seat order, the stored
options, `Rng.for_step(seed, step)`), and the public view (`view(state, None)`, never a private
one) of every step kept is drawn. All of it, the rules' steps included, is one background
picture (`Picture.background`) for the drawer: off the event loop (in a drawing worker), behind
every move's drawing, never holding the last free slot, with a deadline of its own, longer than
a move's; the boards kept (`render.replay.MAX_FRAMES`, spread evenly) are picked before any is
drawn. Who posts the replay, and when, is the bot's business.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Iterator, Sequence
from typing import Any

from games.engine import GameError, Player, Rng
from games.registry import GAMES, AnySpec
from render import replay
from render.registry import RENDERERS
from storage import LogEntry, SessionRecord
from table import messages as shared
from table.answers import Drawer, Message, Picture, plain
from table.loading import Sessions
from table.movelog import standing_moves
from table.snapshot import Snapshot

log = logging.getLogger(__name__)


class ReplayError(Exception):
    """The game cannot be replayed: it has no board drawing, or has not ended."""


def _setup(spec: AnySpec, record: SessionRecord) -> Any:
    players = tuple(
        Player(id=s.user_id, name=s.name) for s in sorted(record.seats, key=lambda s: s.seat)
    )
    options = spec.options_model.model_validate_json(record.options_json)
    return spec.setup(players, options, Rng.for_step(record.seed, 0))


def _next(spec: AnySpec, state: Any, entry: LogEntry, seed: int) -> Any:
    assert entry.actor is not None  # setup rows are skipped
    action = spec.parse_action(json.loads(entry.action_json))
    return spec.apply(state, entry.actor, action, Rng.for_step(seed, entry.seq)).state


def _public_views(spec: AnySpec, record: SessionRecord, moves: Sequence[LogEntry]) -> Iterator[Any]:
    """The public view after setup and after each move kept (`render.replay.MAX_FRAMES`,
    evenly). A move that no longer replays (the log was tampered with; `/game verify` names it)
    ends the replay at the last board that does."""
    kept = set(replay.pick_evenly(len(moves) + 1, replay.MAX_FRAMES))
    state = _setup(spec, record)
    shown = 0
    if shown in kept:
        yield spec.view(state, None)
    for step, entry in enumerate(moves, start=1):
        try:
            state = _next(spec, state, entry, record.seed)
        except (GameError, ValueError) as exc:
            log.warning("replay of session %s stops at move #%s: %s", record.id, entry.seq, exc)
            if shown != step - 1:
                yield spec.view(state, None)
            return
        if step in kept:
            shown = step
            yield spec.view(state, None)


def replay_animation(game_key: str, record: SessionRecord, entries: Sequence[LogEntry]) -> bytes:
    """The animated replay (GIF bytes) of the session `record` from its logged `entries`: runs
    in a drawing worker, so the rules' steps leave the event loop too. The game comes by key
    from the registry (a game's spec does not always pickle; its key does)."""
    spec = GAMES[game_key]
    moves = [e for e in standing_moves(entries) if e.seq != 0 and e.actor is not None]
    # a taken-back move and its take-back both vanish (`standing_moves`)
    return replay.animate_views(RENDERERS[game_key].board, _public_views(spec, record, moves))


async def build_replay(
    spec: AnySpec, drawer: Drawer, record: SessionRecord, entries: Sequence[LogEntry]
) -> bytes:
    """The animated replay (GIF bytes) of the session `record` from its logged `entries`,
    built off the event loop as one background picture."""
    if RENDERERS.get(spec.key) is None:
        raise ReplayError(f"{spec.title} has no board to replay")
    args = (spec.key, record, tuple(entries))
    picture = Picture("replay", spec.key, record.id, replay_animation, args, background=True)
    return await drawer.picture(picture)


def replay_board(snap: Snapshot, data: bytes) -> Message:
    """The message that carries a finished game's replay."""
    moves = snap.record.last_seq
    text = (
        f"🎞️ Replay of **{snap.spec.title}** (game #{snap.session_id}, {moves} moves), "
        f"re-derived from Seed: `{snap.record.seed}` and the log (`/game verify` checks it)."
    )
    alt = (
        f"Animated replay of {snap.spec.title} game #{snap.session_id}: the board after each "
        f"of its {moves} moves, from the start to the end. At the end: "
        f"{shared.turn_line(snap)} {shared.text_board(snap)}"
    )
    return Message(
        content=text,
        image=data,
        filename=f"replay-{snap.session_id}.{replay.FORMAT}",
        alt=plain(alt)[: shared.ALT_LIMIT],
    )


async def replay_for(sessions: Sessions, drawer: Drawer, snap: Snapshot) -> Message:
    """The replay message of any finished game (`/game replay`, and after the last move)."""
    if snap.state is None or snap.record.is_live:
        raise ReplayError("the replay is made when the game is over")
    entries = await sessions._read(sessions.repo.log(snap.session_id))  # storage gone: Maintenance
    return replay_board(snap, await build_replay(snap.spec, drawer, snap.record, entries))
