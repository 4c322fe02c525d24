"""Take-backs through the service: asked, answered, refused, expired, and the log still replays.

GameService over a real SQLite file, no Discord; time is a number the tests move.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from games.engine import Model, Player, PlayerId
from games.registry import GAMES
from storage import Repository
from table import movelog, takebacks
from table.service import GameService, NotAllowed, Snapshot
from table.takebacks import CannotTakeBack
from table.verify import verify
from tests.reliability.verify import Verifier
from tests.table.conftest import Now

A = Player(id=101, name="Ann")
B = Player(id=102, name="Bob")
CHANNEL = 7


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "takebacks.sqlite3"


@pytest.fixture
async def service(db_path: Path, now: Now) -> AsyncIterator[GameService]:
    repo = await Repository.open(db_path, clock=now)
    seeds = itertools.count(41)
    yield GameService(repo, GAMES, seed_source=lambda: next(seeds), clock=now)
    await repo.close()


async def started(service: GameService, key: str, *, bot: bool = False) -> Snapshot:
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key=key, host=A)
    if bot:
        await service.add_bot(CHANNEL, A.id)
    else:
        await service.join(CHANNEL, B)
    return await service.start(CHANNEL, A.id)


def of_kind(snap: Snapshot, player: PlayerId, kind: str) -> Model:
    return next(a for a in snap.legal_actions(player) if getattr(a, "kind", "") == kind)


async def advance(service: GameService, snap: Snapshot) -> tuple[PlayerId, Snapshot]:
    """The active player (a bot seat played as a stand-in) plays their first advance."""
    player = min(snap.active_players)
    action = of_kind(snap, player, "advance")
    after = await service.act(snap.session_id, player, action, stand_in=snap.is_bot(player))
    return player, after


async def replays_bit_for_bit(service: GameService, db_path: Path, session_id: int) -> None:
    snap = await service.by_id(session_id)
    entries = await service.repo.log(session_id)
    result = verify(snap.spec, snap.record, entries)
    assert result.ok, result.problems
    assert snap.spec.dump_state(movelog.replay_log(snap.spec, snap.record, entries)) == (
        snap.record.state_json
    )
    checker = Verifier(db_path)
    checker.check([], [])
    checker.final_check()


async def test_agreed_take_back_restores_the_position_and_replays(
    service: GameService, db_path: Path
) -> None:
    """Ann advances and asks; Bob agrees: the earlier position is back as a new log entry, and
    the session (with a move after it) still replays bit for bit."""
    start = await started(service, "dragrage")
    mover, moved = await advance(service, start)
    other = B.id if mover == A.id else A.id
    req = await takebacks.request(service, CHANNEL, mover)
    assert req.open and req.waiting_for == (other,) and f"<@{other}>" in req.text()
    with pytest.raises(NotAllowed):
        await takebacks.answer(service, start.session_id, req.id, mover, True)
    done = await takebacks.answer(service, start.session_id, req.id, other, True)
    assert done.applied and "took back" in done.text()
    assert done.snapshot.version == moved.version + 1
    assert done.snapshot.record.state_json == start.record.state_json
    assert done.snapshot.active_players == start.active_players
    entries = await service.repo.log(start.session_id)
    assert entries[-1].action_json == movelog.take_back_json(moved.record.last_seq)
    assert entries[-1].actor == mover and '"answers"' in entries[-1].events_json
    await replays_bit_for_bit(service, db_path, start.session_id)
    # Play on: the next move uses the next seq's dice and everything still replays.
    _, later = await advance(service, await service.by_id(start.session_id))
    assert later.record.last_seq == moved.record.last_seq + 2
    await replays_bit_for_bit(service, db_path, start.session_id)
    lines = await service.log_lines(start.session_id)
    assert any("took back" in line for line in lines), lines


async def test_one_no_refuses(service: GameService) -> None:
    start = await started(service, "dragrage")
    mover, moved = await advance(service, start)
    other = B.id if mover == A.id else A.id
    req = await takebacks.request(service, CHANNEL, mover)
    refused = await takebacks.answer(service, start.session_id, req.id, other, False)
    assert refused.status == "refused" and "refused by" in refused.text()
    assert (await service.by_id(start.session_id)).version == moved.version
    with pytest.raises(CannotTakeBack, match="already refused"):
        await takebacks.request(service, CHANNEL, mover)


async def test_a_move_that_rolled_dice_stands(service: GameService) -> None:
    """Drag Rage: call Let's Roll on the rival's advance; the declaration rolls the dice."""
    snap = await started(service, "dragrage")
    for _ in range(20):
        player = min(snap.active_players)
        kinds = [a.kind for a in snap.legal_actions(player)]  # type: ignore[attr-defined]
        kind = next(k for k in ("declare", "lets_roll", "advance") if k in kinds)
        snap = await service.act(snap.session_id, player, of_kind(snap, player, kind))
        if any(e.kind == "dice_rolled" for e in snap.events):
            break
    else:
        raise AssertionError("no die was rolled")
    with pytest.raises(CannotTakeBack, match="dice"):
        await takebacks.request(service, CHANNEL, player)


async def test_a_rush_n_crush_gear_choice_stands(service: GameService) -> None:
    """Rush 'n' Crush: a gear choice rolls the heat and steering dice, so it never goes back."""
    start = await started(service, "rushncrush")
    player = min(start.active_players)
    await service.act(start.session_id, player, of_kind(start, player, "gear"))
    with pytest.raises(CannotTakeBack):
        await takebacks.request(service, CHANNEL, player)


PRIVATE = sorted(key for key, spec in GAMES.items() if spec.has_private_views)


@pytest.mark.parametrize("key", PRIVATE)
async def test_hidden_information_games_refuse(service: GameService, key: str) -> None:
    """Private sheets or hands (Space Truckin', Apocalypse Road, Road Wolf): no take-backs."""
    start = await started(service, key)
    player = min(start.active_players)
    await service.act(start.session_id, player, start.legal_actions(player)[0])
    with pytest.raises(CannotTakeBack, match="never be taken back"):
        await takebacks.request(service, CHANNEL, player)


@pytest.mark.parametrize(
    "key",
    sorted(GAMES),
)
def test_every_game_states_its_take_back_ruling(key: str) -> None:
    """`can_take_back`'s contract: each game says its ruling in its rules text."""
    assert "Take-backs" in GAMES[key].rules_text


async def test_solo_applies_at_once(service: GameService, db_path: Path) -> None:
    """Against a bot seat nobody is asked."""
    snap = await started(service, "dragrage", bot=True)
    if A.id not in snap.active_players:
        _, snap = await advance(service, snap)
    before = snap
    _, moved = await advance(service, snap)
    req = await takebacks.request(service, CHANNEL, A.id)
    assert req.applied and req.asked == ()
    assert req.snapshot.record.state_json == before.record.state_json
    assert req.snapshot.version == moved.version + 1
    await replays_bit_for_bit(service, db_path, snap.session_id)


async def test_silence_refuses_at_the_first_reminder(service: GameService, now: Now) -> None:
    start = await started(service, "dragrage")
    mover, moved = await advance(service, start)
    other = B.id if mover == A.id else A.id
    req = await takebacks.request(service, CHANNEL, mover)
    assert req.expires_at == pytest.approx(now.t + takebacks.silence_window(start))
    assert (await takebacks.pending(service))[0].id == req.id
    early = await takebacks.expire(service, start.session_id, req.id)
    assert early.open
    now.t = req.expires_at + 1
    late = await takebacks.expire(service, start.session_id, req.id)
    assert late.status == "expired" and "in time" in late.text()
    after = await takebacks.answer(service, start.session_id, req.id, other, True)
    assert after.status == "expired"
    assert (await service.by_id(start.session_id)).version == moved.version
    assert await takebacks.pending(service) == []


async def test_someone_acted_since(service: GameService) -> None:
    """Once the other player moved, the request lapses and the move cannot be asked back."""
    start = await started(service, "dragrage")
    mover, moved = await advance(service, start)
    other = B.id if mover == A.id else A.id
    req = await takebacks.request(service, CHANNEL, mover)
    _, later = await advance(service, moved)
    lapsed = await takebacks.answer(service, start.session_id, req.id, other, True)
    assert lapsed.status == "stale" and "acted since" in lapsed.text()
    assert (await service.by_id(start.session_id)).version == later.version
    with pytest.raises(CannotTakeBack, match="your own last move"):
        await takebacks.request(service, CHANNEL, mover)


async def test_only_advances_in_drag_rage() -> None:
    """The per-game ruling: Drag Rage advances may be taken back, a pass never."""
    spec = GAMES["dragrage"]
    assert spec.can_take_back is not None
    advance_ = spec.parse_action({"kind": "advance", "counter": 8})
    pass_ = spec.parse_action({"kind": "pass"})
    state = None
    assert spec.can_take_back(state, A.id, advance_, ())
    assert not spec.can_take_back(state, A.id, pass_, ())
