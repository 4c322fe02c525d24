"""The one gate for hidden information: tokens are shown to their own side, and to everyone
once used (`Token.revealed`); the counts are always public."""

from __future__ import annotations

from games.engine import PlayerId
from games.roadwolf import geometry as geo
from games.roadwolf.data import CREW_KINDS
from games.roadwolf.missions import rules_of
from games.roadwolf.model import (
    CardView,
    PrivatePart,
    RwState,
    RwView,
    SideView,
    Token,
    TokenView,
    TurnView,
    Vehicle,
    VehicleView,
)


def _token_view(token: Token, vehicle: Vehicle, show: bool) -> TokenView:
    visible = show or token.revealed or (token.free and token.kind == "driver")
    return TokenView(
        id=token.id,
        kind=token.kind if visible else None,
        crew=token.kind in CREW_KINDS,
        driver=token.id == vehicle.driver,
    )


def vehicle_view(vehicle: Vehicle, viewer_side: int | None) -> VehicleView:
    show = viewer_side is not None and viewer_side == vehicle.side and not vehicle.neutral
    tokens = tuple(_token_view(t, vehicle, show) for t in (*vehicle.crew, *vehicle.gear))
    return VehicleView(
        letter=vehicle.letter,
        side=vehicle.side,
        origin=vehicle.origin,
        name=vehicle.name,
        kind=vehicle.kind,
        size=vehicle.size,
        closed=vehicle.closed,
        surface=vehicle.surface,
        x=vehicle.x,
        y=vehicle.y,
        w=vehicle.w,
        h=vehicle.h,
        facing="backward" if vehicle.immobilized else "forward",
        damage=vehicle.damage,
        remaining=vehicle.remaining,
        crew_count=len(vehicle.crew),
        capacity=vehicle.size + (0 if vehicle.closed else 1),
        gear_count=len(vehicle.gear),
        has_driver=vehicle.driver is not None,
        status=vehicle.status,
        exited=vehicle.exited,
        tokens=tuple(t for t in tokens if show or t.kind is not None),
        neutral=vehicle.neutral,
        traits=vehicle.traits,
        placed=vehicle.placed,
    )


def score_text(state: RwState) -> str:
    own = rules_of(state).score_text
    if own is not None:
        return own(state)
    a, b = state.sides[0], state.sides[1]  # the two-side missions' default line
    mission = state.options.mission
    if mission == "INTERCEPTOR":
        return f"{a.name} {a.score} (escaped) · {b.name} {b.score} (stopped)"
    target = "Big Rig" if mission == "BREAKOUT" else "Limo"
    if state.finished:
        return state.end_reason
    limo = state.find("A")
    if limo is None:
        return mission
    holder = state.sides[limo.side].name
    status = "" if limo.status == "normal" else f" ({limo.status})"
    return f"{target} {limo.letter}: held by the {holder}{status}, row {limo.y:g} of 47"


def winning_sides(state: RwState) -> tuple[int, ...]:
    """The sides that won a finished mission: its winner; with three or more sides and no
    single winner, the sides tied on the highest score share the win ("Whoever has the most
    points wins!", GAUNTLET line 213), unless every side tied (a draw)."""
    if not state.finished:
        return ()
    if state.winner is not None:
        return (state.winner,)
    scores = [s.score for s in state.sides]
    leaders = tuple(k for k, score in enumerate(scores) if score == max(scores))
    return leaders if 1 < len(leaders) < len(scores) else ()


def view(state: RwState, viewer: PlayerId | None) -> RwView:
    side = state.side_of(viewer) if viewer is not None else None
    turn = state.turn
    names = {p.id: p.name for p in state.players}
    private = None
    if side is not None:
        mine = state.sides[side]
        private = PrivatePart(
            side=side,
            tokens=tuple(
                (v.letter, tuple(_token_view(t, v, True) for t in (*v.crew, *v.gear)))
                for v in state.vehicles
                if v.side == side and v.on_board and not v.neutral
            ),
            points_left=mine.points - mine.spent,
            tokens_left=mine.tokens_allowed - mine.tokens_bought,
        )
    return RwView(
        viewer=viewer,
        mission=state.options.mission,
        phase=state.phase,
        round=state.round,
        board_width=geo.BOARD_WIDTH,
        board_length=geo.BOARD_LENGTH,
        road_columns=(geo.ROAD_FIRST, geo.ROAD_LAST),
        start_rows=geo.START_ROWS,
        sides=tuple(
            SideView(
                name=s.name,
                players=s.players,
                player_names=tuple(names.get(p, str(p)) for p in s.players),
                points=s.points,
                spent=s.spent,
                tokens_bought=s.tokens_bought,
                tokens_allowed=s.tokens_allowed,
                score=s.score,
                ready=s.ready,
            )
            for s in state.sides
        ),
        vehicles=tuple(vehicle_view(v, side) for v in state.vehicles),
        cards=tuple(
            CardView(
                id=c.id,
                kind="clear" if c.face_down else c.kind,
                x=c.x,
                y=c.y,
                w=c.w,
                h=c.h,
                face_down=c.face_down,
                last=c.last,
            )
            for c in state.cards
        ),
        deck_left=len(state.deck),
        turn=None
        if turn is None
        else TurnView(
            side=turn.side,
            side_name=state.sides[turn.side].name,
            players=state.sides[turn.side].players,
            vehicle=turn.vehicle,
            actions_left=turn.actions_left,
            done=turn.done,
            decision=turn.decision,
        ),
        traces=state.traces,
        score=tuple(s.score for s in state.sides),
        score_text=score_text(state),
        winner=state.winner,
        winners=winning_sides(state),
        end_reason=state.end_reason,
        private=private,
    )


def private_part(view: RwView) -> PrivatePart:
    """A seat's private buttons are stale once its side's tokens or budget changed."""
    if view.private is None:
        return PrivatePart(side=None, tokens=(), points_left=0, tokens_left=0)
    return view.private
