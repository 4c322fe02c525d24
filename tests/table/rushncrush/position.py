"""A Rush 'n' Crush race put in a chosen position through the real repository (one logged
step), for tests of what the table offers there."""

from __future__ import annotations

from games.rushncrush import SPEC, GearAction, RncState
from table.service import GameService
from tests.games.rushncrush.helpers import gun_in_range


async def aim_gun(service: GameService, channel_id: int, shooter: int, target: int) -> None:
    """The channel's two-car race at `shooter`'s gear choice, `target` in their armed Machine
    Gun's sights (`gun_in_range`), saved as one step of `shooter`'s."""
    snap = await service.current(channel_id)
    assert isinstance(snap.state, RncState)
    await service.repo.record_move(
        snap.session_id,
        expected_version=snap.version,
        actor=shooter,
        action_json=SPEC.dump_action(GearAction(gear=1, speed=4)),
        events_json="[]",
        state_json=SPEC.dump_state(gun_in_range(snap.state, shooter, target)),
    )
