"""The public board: Drag Rage has no hidden information, so every viewer sees the same view."""

from __future__ import annotations

from games.dragrage.describe import describe_event, prompt_kind, seat_phrase
from games.dragrage.rules import outcome
from games.dragrage.state import (
    ChallengeView,
    CounterView,
    DragRageState,
    DragRageView,
    HeatResultView,
    LaneView,
    Move,
    MoveView,
)
from games.dragrage.track import counters_used
from games.engine import PlayerId


def view(state: DragRageState, viewer: PlayerId | None) -> DragRageView:
    finished = state.phase == "finished"
    lanes = tuple(_lane(state, seat) for seat in (0, 1))
    challenge = state.challenge
    return DragRageView(
        heat=state.heat,
        lanes=(lanes[0], lanes[1]),
        free_counters=state.free,
        phase=state.phase,
        active=() if finished else (state.players[state.active].id,),
        prompt=prompt_kind(state),
        asking="" if finished else f"{state.players[state.active].name}: {seat_phrase(state)}",
        last_move=_move(state, state.last_advance),
        challengeable=_move(state, state.challengeable),
        challenge=None
        if challenge is None
        else ChallengeView(
            challenger=state.players[challenge.challenger].id,
            target=state.players[challenge.target].id,
            counter=challenge.move.counter,
            from_space=challenge.move.from_space,
            to_space=challenge.move.to_space,
        ),
        heat_results=tuple(
            HeatResultView(
                heat=r.heat,
                winner=None if r.winner is None else state.players[r.winner].id,
                reason=r.reason,
            )
            for r in state.results
        ),
        coin_flip=describe_event(state.coin_flip),
        last=state.last,
        outcome=outcome(state),
    )


def _lane(state: DragRageState, seat: int) -> LaneView:
    lane, player = state.lanes[seat], state.players[seat]
    return LaneView(
        id=player.id,
        name=player.name,
        seat=seat,
        position=lane.position,
        counters=tuple(
            CounterView(
                value=c.value, from_space=c.from_space, to_space=c.to_space, spun_out=c.spun_out
            )
            for c in lane.counters
        ),
        counters_used=counters_used(lane),
        nitro_available=lane.nitro,
        status=lane.status,
        crossed=lane.status == "crossed",
        broken_chute=lane.status == "broken_chute",
        blown_engine=lane.status == "blown_engine",
        heats_won=state.heat_wins[seat],
        is_active=state.phase != "finished" and state.active == seat,
    )


def _move(state: DragRageState, move: Move | None) -> MoveView | None:
    if move is None:
        return None
    return MoveView(
        player=state.players[move.seat].id,
        counter=move.counter,
        from_space=move.from_space,
        to_space=move.to_space,
    )
