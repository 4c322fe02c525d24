"""Hand-built Road Wolf views for the render tests (positions the rules layer never needs)."""

from __future__ import annotations

from games.roadwolf.model import (
    CardView,
    PrivatePart,
    RwView,
    SideView,
    TokenView,
    Trace,
    TurnView,
    VehicleView,
)

ANN, BOB = 101, 202


def vehicle(
    letter: str,
    side: int,
    name: str,
    size: int,
    x: float,
    y: float,
    *,
    w: int = 2,
    h: int = 3,
    damage: int = 0,
    status: str = "normal",
    tokens: tuple[TokenView, ...] = (),
    closed: bool = True,
    surface: str = "street",
    exited: str | None = None,
) -> VehicleView:
    crew = sum(1 for t in tokens if t.crew) or 1
    return VehicleView.model_validate(
        {
            "letter": letter,
            "side": side,
            "origin": side,
            "name": name,
            "kind": name.lower().replace(" ", "_"),
            "size": size,
            "closed": closed,
            "surface": surface,
            "x": x,
            "y": y,
            "w": w,
            "h": h,
            "facing": "backward" if status == "immobilized" else "forward",
            "damage": damage,
            "remaining": size - damage,
            "crew_count": crew,
            "capacity": size + (0 if closed else 1),
            "gear_count": sum(1 for t in tokens if not t.crew),
            "has_driver": True,
            "status": status,
            "exited": exited,
            "tokens": tokens,
        }
    )


def tok(i: int, kind: str | None, crew: bool, driver: bool = False) -> TokenView:
    return TokenView.model_validate({"id": i, "kind": kind, "crew": crew, "driver": driver})


def chase(*, viewer: int | None = None, active_vehicle: str | None = "A") -> RwView:
    """An INTERCEPTOR in round 3: the Runners' Muscle Car A to act, a bike beside it, an
    Interceptor rig ahead, an abandoned buggy, an immobilized coupe, a wreck, a far bike."""
    own = viewer == ANN
    hidden = (tok(1, "veteran", True, True), tok(2, "gunner", True), tok(3, "nitro", False))
    shown = (tok(1, None, True, True), tok(2, None, True), tok(3, None, False))
    vehicles = (
        vehicle("A", 0, "Muscle Car", 3, 10, 6, damage=1, tokens=hidden if own else shown),
        vehicle("B", 0, "Street Bike", 1, 13, 9, w=1, h=2, closed=False),
        vehicle("C", 1, "Big Rig", 5, 11, 18, h=6, damage=2, surface="heavy"),
        vehicle("D", 1, "Buggy", 2, 6, 14, status="abandoned", closed=False, surface="dirt"),
        vehicle("E", 1, "Coupe", 2, 15, 12, status="immobilized", damage=1),
        vehicle("F", 0, "Roadster", 2, 9, 24, w=3, h=2, damage=2, status="wreck", closed=False),
        vehicle("G", 1, "Dirt Bike", 1, 12, 40, w=1, h=2, closed=False, surface="dirt"),
    )
    private = None
    if viewer is not None:
        side = 0 if viewer == ANN else 1
        private = PrivatePart(side=side, tokens=(), points_left=0, tokens_left=0)
    turn = (
        TurnView(
            side=0,
            side_name="Runners",
            players=(ANN,),
            vehicle=active_vehicle,
            actions_left=2,
            done=(),
        )
        if active_vehicle is not None
        else None
    )
    return RwView.model_validate(
        {
            "viewer": viewer,
            "mission": "INTERCEPTOR",
            "phase": "play",
            "round": 3,
            "board_width": 24,
            "board_length": 48,
            "road_columns": (9, 14),
            "start_rows": 8,
            "sides": (
                SideView(
                    name="Runners",
                    players=(ANN,),
                    player_names=("Ann",),
                    points=6,
                    spent=6,
                    tokens_bought=6,
                    score=1,
                ),
                SideView(
                    name="Interceptors",
                    players=(BOB,),
                    player_names=("Bob",),
                    points=6,
                    spent=6,
                    tokens_bought=6,
                    score=0,
                ),
            ),
            "vehicles": vehicles,
            "cards": (
                CardView(id=1, kind="bridge", x=10, y=28, w=4, h=3),
                CardView(id=2, kind="slick", x=10, y=33, w=4, h=3),
                CardView(id=3, kind="debris", x=10, y=2, w=4, h=3),
            ),
            "deck_left": 12,
            "turn": turn,
            "traces": (
                Trace(kind="move", vehicle="A", points=((11, 5), (11, 9))),
                Trace(kind="ram", vehicle="A", target="B", points=((12, 9),)),
                Trace(kind="shot", vehicle="A", target="C"),
            ),
            "score": (1, 0),
            "score_text": "Runners 1, Interceptors 0",
            "winner": None,
            "end_reason": "",
            "private": private,
        }
    )
