"""From the rules' views to what the images draw (`scene.py`): the only module that reads
`games.roadwolf.model`, so the drawing code stays independent of the view's shape."""

from __future__ import annotations

from games.roadwolf import geometry as geo
from games.roadwolf.model import RwView, SideView, TokenView, VehicleView
from games.roadwolf.model import Trace as RwTrace
from games.roadwolf.words import budget_words, counted
from render.roadwolf.scene import (
    XY,
    Card,
    Piece,
    Rect,
    Scene,
    Seat,
    Sheet,
    Status,
    Token,
    Trace,
    Vehicle,
)

STATUS: dict[str, Status] = {
    "normal": "ok",
    "immobilized": "immobilized",
    "abandoned": "abandoned",
    "wreck": "wreck",
    "off-board": "gone",
}
EXIT_WORDS = {
    "end": "escaped off the END",
    "start": "out by the START",
    "side": "out by a side edge",
    "destroyed": "destroyed",
    "removed": "destroyed (removed)",
}


ENEMY_SIDE = -2
"""GAUNTLET's enemies (mutants, the enemy buggy and bike): nobody's, drawn in the danger colour
so they never read as a civilian or a side's vehicle."""
TAGS = (
    "civilian",
    "cop",
    "monster",
    "exploded",
    "explosive",
    "engine",
    "gondola",
    "train",
    "mutant",
    "enemy",
)
"""Mission traits the board names (the first a vehicle has), in this order."""


def tag_of(v: VehicleView) -> str:
    found = next((t for t in TAGS if t in v.traits), "")
    if not found and v.neutral:
        return "nobody's"
    return found


def rect_of(v: VehicleView) -> Rect | None:
    return Rect(v.x, v.y, v.w, v.h) if v.exited is None else None


def active_players(view: RwView) -> frozenset[int]:
    """Who must act now, as the banner and the sheets light it."""
    if view.phase == "over":
        return frozenset()
    if view.turn is not None:
        return frozenset(view.turn.players)
    return frozenset(p for s in view.sides if _building(s) for p in s.players)


def _building(side: SideView) -> bool:
    return not side.ready


def seats(view: RwView) -> tuple[Seat, ...]:
    """Seated players, side by side, with their names."""
    active = active_players(view)
    return tuple(
        Seat(player, name, index, player in active)
        for index, side in enumerate(view.sides)
        for player, name in zip(side.players, side.player_names, strict=False)
    )


def piece_of(view: RwView, v: VehicleView) -> Piece:
    turn = view.turn
    active = view.phase == "play" and turn is not None and turn.vehicle == v.letter
    to_act = (
        view.phase == "play"
        and turn is not None
        and turn.vehicle is None
        and v.side == turn.side
        and not v.neutral
        and v.letter not in turn.done
        and v.exited is None
        and v.status != "wreck"
    )
    note = EXIT_WORDS.get(v.exited or "", "")
    building = view.phase == "build"
    if building:
        note = "placed" if v.placed else "takes the road when every side is built"
    if not note and v.status == "normal" and v.facing == "backward":
        note = "facing backward"
    side = v.side if not v.neutral else ENEMY_SIDE if "enemy" in v.traits else -1
    return Piece(
        letter=v.letter,
        side=side,
        model=v.name,
        owner="nobody" if v.neutral else view.sides[v.side].name,
        rect=rect_of(v) if not building or v.placed else None,
        size=v.size,
        damage=v.damage,
        crew=v.crew_count,
        capacity=v.capacity,
        gear=v.gear_count,
        status="immobilized"
        if v.status == "normal" and v.facing == "backward"
        else STATUS[v.status],
        active=active,
        to_act=to_act,
        actions_left=turn.actions_left if active and turn is not None else 0,
        note=note,
        tag=tag_of(v),
    )


def _centre(view: RwView, letter: str | None) -> XY | None:
    v = next((v for v in view.vehicles if v.letter == letter), None)
    if v is None or v.exited is not None:
        return None
    return (v.x + v.w / 2, v.y + v.h / 2)


def _contact(view: RwView, rammer: str | None, target: str | None) -> XY | None:
    """Where two footprints meet (the middle of their shared edge, or of the gap between
    them); the target's front edge when the rammer is no vehicle on the board (a road card or
    object drifting into it, a bike destroyed by its own ram)."""
    b = next((v for v in view.vehicles if v.letter == target and v.exited is None), None)
    if b is None:
        return None
    a = next((v for v in view.vehicles if v.letter == rammer and v.exited is None), None)
    if a is None:
        return (b.x + b.w / 2, b.y + b.h)

    def meet(a0: float, a1: float, b0: float, b1: float) -> float:
        low, high = max(a0, b0), min(a1, b1)
        return (low + high) / 2  # the overlap's middle, or the gap's when they do not overlap

    return (meet(a.x, a.x + a.w, b.x, b.x + b.w), meet(a.y, a.y + a.h, b.y, b.y + b.h))


def trace_of(view: RwView, t: RwTrace) -> Trace | None:
    side = next((v.side for v in view.vehicles if v.letter == t.vehicle), -1)
    points = tuple(t.points)
    if t.kind in ("shot", "melee") and len(points) < 2:
        a, b = _centre(view, t.vehicle), _centre(view, t.target)
        if a is None or b is None:
            return None
        points = (a, b)
    if t.kind in ("ram", "spikes") and not points:
        hit = _contact(view, t.vehicle, t.target)
        if hit is None:
            return None
        points = (hit,)
    if not points:
        return None
    if t.kind == "shot":
        points = _to_the_edge(view, points, t.target)
    kind = "ram" if t.kind == "spikes" else t.kind
    return Trace(kind, points, side, t.text)


def _to_the_edge(view: RwView, points: tuple[XY, ...], target: str | None) -> tuple[XY, ...]:
    """A shot ends where it meets the target's footprint, not at its centre: the ring drawn
    there then leaves the target's letter readable."""
    box = next((rect_of(v) for v in view.vehicles if v.letter == target), None)
    if box is None or len(points) < 2:
        return points
    (ax, ay), (bx, by) = points[0], points[-1]
    enter = 0.0
    for a, b, low, high in ((ax, bx, box.x, box.x + box.w), (ay, by, box.y, box.y + box.h)):
        if a == b:
            continue
        near = low if a < b else high  # the side of the box the shot comes from
        enter = max(enter, (near - a) / (b - a))
    if not 0.0 < enter < 1.0:
        return points  # the shooter touches or overlaps the target: keep the centre
    return (*points[:-1], (ax + (bx - ax) * enter, ay + (by - ay) * enter))


def headline(view: RwView) -> str:
    if view.phase == "over":
        if view.winner is None and len(view.winners) > 1:  # 3+ sides tied on top share it
            return f"Shared win! {view.end_reason}".strip()  # the reason names them
        if view.winner is None:
            return f"Game over: a draw. {view.end_reason}".strip()
        name = view.sides[view.winner].name  # "Runners win!", "Team 1 wins!"
        verb = "win" if name.endswith("s") else "wins"
        return f"{name} {verb}! {view.end_reason}".strip()
    if view.phase == "build":
        building = [s for s in view.sides if _building(s)]
        if len(building) > 2:  # up to six sides: the short form fits the banner
            short = [
                f"{s.name} {s.points - s.spent}/{s.tokens_allowed - s.tokens_bought}"
                for s in building
            ]
            return "Army building, points/tokens to go: " + " · ".join(short)
        left = [
            f"{s.name} {s.points - s.spent} pts, "
            f"{counted(s.tokens_allowed - s.tokens_bought, 'token')} to go"
            for s in building
        ]
        return "Army building: " + ("; ".join(left) or "done")
    turn = view.turn
    if turn is None:
        return "The ROAD TURN"
    who = ", ".join(_names(view, turn.players))
    if turn.decision:  # GAUNTLET's Skull: the side's players choose before play goes on
        return f"{turn.side_name} ({who}) must decide: {turn.decision}"
    if turn.vehicle is None:
        return f"{_whose(turn.side_name)} turn ({who}): pick a vehicle to activate"
    v = next((v for v in view.vehicles if v.letter == turn.vehicle), None)
    name = f"{v.name} {v.letter}" if v is not None else turn.vehicle
    plural = "s" if turn.actions_left != 1 else ""
    count = f"{turn.actions_left} action{plural} left"
    return f"{_whose(turn.side_name)} turn ({who}): {name}, {count}"


def _whose(name: str) -> str:
    """The possessive: the Runners' turn, Team 2's turn."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


def _names(view: RwView, players: tuple[int, ...]) -> list[str]:
    names = {p: n for s in view.sides for p, n in zip(s.players, s.player_names, strict=False)}
    return [names.get(p, str(p)) for p in players]


def scene_of(view: RwView) -> Scene:
    traces = tuple(t for t in (trace_of(view, t) for t in view.traces) if t is not None)
    return Scene(
        mission=view.mission,
        round=view.round if view.phase != "build" else 0,
        headline=headline(view),
        sides=tuple(s.name for s in view.sides),
        score=view.score_text if view.phase != "build" else "",
        seats=seats(view),
        pieces=tuple(piece_of(view, v) for v in view.vehicles),
        cards=tuple(
            Card(_card_kind(view, c.kind), Rect(c.x, c.y, c.w, c.h), c.face_down, c.last)
            for c in view.cards
        ),
        traces=traces,
        deck_left=view.deck_left,
        finished=view.phase == "over",
        roads=geo.derailed_roads() if _derailed(view) else (view.road_columns,),
        track=geo.TRACK if _derailed(view) else None,
    )


def _card_kind(view: RwView, kind: str) -> str:
    """CHASE: "Any BRIDGE road cards are BRIDGE OUT" (the Runners jump them, a Cop falls)."""
    return "bridge_out" if kind == "bridge" and str(view.mission) == "CHASE" else kind


def _derailed(view: RwView) -> bool:
    """DERAILED: two roads and the train's track between them (digest 1.3 [R])."""
    return str(view.mission) == "DERAILED"


def token_of(t: TokenView) -> Token:
    name = t.kind.title() if t.kind is not None else "hidden"
    return Token(name, t.crew, driving=t.driver)


def kind_words(v: VehicleView) -> str:
    if v.surface == "heavy":
        return "Closed Heavy"
    return f"{'Closed' if v.closed else 'Open'} {v.surface.title()}"


def sheet_of(view: RwView) -> Sheet:
    """The viewer's side's record sheet (the view must be a seated player's)."""
    private = view.private
    side = private.side if private is not None and private.side is not None else 0
    player = view.viewer if view.viewer is not None else 0
    names = dict(zip(view.sides[side].players, view.sides[side].player_names, strict=False))
    active = player in active_players(view)
    own = [v for v in view.vehicles if v.side == side and not v.neutral]  # not nobody's pieces
    vehicles = tuple(Vehicle(piece_of(view, v), kind_words(v), tuple(token_of(t) for t in v.tokens))
                     for v in own)  # fmt: skip
    budget = ""
    if private is not None and view.phase == "build":
        budget = f"{budget_words(private.points_left, private.tokens_left)} to spend"
    return Sheet(
        player=player,
        name=names.get(player, "you"),
        side=side,
        side_name=view.sides[side].name,
        mission=view.mission,
        active=active,
        prompt=_prompt(view, player, active),
        vehicles=vehicles,
        budget=budget,
        road=scene_of(view) if view.phase == "play" else None,
    )


def _prompt(view: RwView, player: int, active: bool) -> str:
    if view.phase == "over":
        return headline(view)
    if not active:
        return f"Not your turn. {headline(view)}"
    if view.phase == "build":
        return "Your turn to build: buy vehicles, then place your crew and gear tokens."
    return f"Your turn. {headline(view)}"
