"""Playing a started game to its end through the game service, every seat by its game's bot
policy (a person's move made by whoever plays their seat now: a substitute presses for it)."""

from __future__ import annotations

from games.engine import Rng
from table.service import GameService, Snapshot


async def play_out(service: GameService, snap: Snapshot, *, seed: int = 7) -> Snapshot:
    """Moves until the game ends; the last snapshot."""
    policy = snap.spec.policy
    assert policy is not None, f"{snap.spec.title} has no bot policy"
    while snap.record.is_live:
        player = min(snap.active_players)
        action = policy(snap.state, player, Rng.for_step(seed, snap.record.next_step))
        bot = snap.is_bot(player)
        who = player if bot else snap.user_of(player)
        snap = await service.act(snap.session_id, who, action, stand_in=bot)
    return snap
