"""Review of the Road Wolf panels with three or more sides: no wording that assumes one other
side (GAUNTLET's enemies and up to five rival sides can cost a vehicle its crew)."""

from __future__ import annotations

from bot.roadwolf.setup import crew_menu
from bot.snapshot import Snapshot
from games.engine import Player, Rng
from games.roadwolf import SPEC
from storage.models import SeatRecord, SessionRecord, SessionStatus

SEATS = tuple(Player(id=700 + i, name=f"P{i}") for i in range(3))
RECORD = SessionRecord(
    id=1,
    guild_id=1,
    channel_id=1,
    game_key="roadwolf",
    status=SessionStatus.ACTIVE,
    host_id=700,
    options_json='{"mission": "GAUNTLET"}',
    seed=1,
    rules_version=1,
    state_json=None,
    version=2,
    created_at=0.0,
    updated_at=0.0,
    seats=tuple(SeatRecord(user_id=p.id, name=p.name, seat=i) for i, p in enumerate(SEATS)),
)


def test_the_crew_order_menu_names_no_single_other_side() -> None:
    """Rule 40 ("you choose who is lost first") on the crew order menu of a three-side
    GAUNTLET: losses come while it is not your turn, not on "the other side's turn"."""
    state = SPEC.setup(SEATS, SPEC.parse_options({"mission": "GAUNTLET"}), Rng(1))
    assert SPEC.policy is not None
    while not any(v.origin == 2 for v in state.vehicles):
        state = SPEC.apply(state, 702, SPEC.policy(state, 702, Rng(0)), Rng(1)).state
    letter = next(v.letter for v in state.vehicles if v.origin == 2)
    text = crew_menu(Snapshot(RECORD, SPEC, state), 702, letter).content
    assert f"Crew order of {letter}" in text
    assert "the other side" not in text and "while it is not your turn" in text
