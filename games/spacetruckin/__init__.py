"""Space Truckin' (Mike Heim): a roll-and-write of star charts, tetromino trucks and deliveries."""

from __future__ import annotations

from collections.abc import Iterable

from games.engine import GameSpec, InvalidAction, PlayerId
from games.spacetruckin.data import LOCATIONS, Shape
from games.spacetruckin.game import (
    active_players,
    apply,
    legal_actions,
    outcome,
    setup,
    sheet_of,
    standings,
)
from games.spacetruckin.grid import (
    Spot,
    canonical_turn,
    cell_name,
    covered_cells,
    parse_cell,
    placement_name,
    split_placement,
)
from games.spacetruckin.models import (
    ACTION_ADAPTER,
    Accept,
    Action,
    Build,
    BuildAt,
    ChartLocation,
    Fill,
    FreeChoice,
    GiveCargo,
    Hit,
    HitTwo,
    Jump,
    LoseSystem,
    Mark,
    PickSpecialty,
    PickTruck,
    Piece,
    Place,
    SpaceTruckinOptions,
    SpaceTruckinState,
    Stop,
    Tweak,
)
from games.spacetruckin.narration import audience, narrate
from games.spacetruckin.policy import bot_move, whole_move
from games.spacetruckin.rules_text import RULES_TEXT
from games.spacetruckin.sheet import legal_spots, shipyard_pip_cells
from games.spacetruckin.shipyard import free_choice_builds, placeable_picks
from games.spacetruckin.text_board import text_board
from games.spacetruckin.view import SpaceTruckinView, private_part, view


def parse_placement(text: str, shape: Shape | None = None) -> Place:
    """`B4 r1 f` -> Place(anchor="B4", rotation=1, flip=True); `B4` alone means r0, unflipped.

    With `shape`, symmetric spellings become the one legal actions use (an O's `B4 r2 f` is
    `B4 r0`); `apply` only accepts that spelling.
    """
    parts = split_placement(text)
    if parts is None:
        raise InvalidAction(
            f"`{text}` is not a placement; write the top-left grid, turns and flip, e.g. `B4 r1 f`"
        )
    anchor, rotation, flip = parts
    if shape is not None:
        rotation, flip = canonical_turn(shape, rotation, flip)
    return Place(anchor=anchor, rotation=rotation, flip=flip)


def legal_placements(state: SpaceTruckinState, player: PlayerId) -> tuple[Place, ...]:
    """The placements open to `player` for the system and shape they picked (else empty)."""
    sheet = sheet_of(state, player)
    if state.phase != "shipyard" or sheet.stage != "place" or sheet.picked is None:
        return ()
    return _places(legal_spots(sheet, *sheet.picked))


def _places(spots: Iterable[Spot]) -> tuple[Place, ...]:
    return tuple(Place(anchor=s.anchor, rotation=s.rotation, flip=s.flip) for s in spots)


def whole_builds(state: SpaceTruckinState, player: PlayerId) -> dict[Build, tuple[Place, ...]]:
    """While `player` picks in the shipyard: each build open to them with its placements (the
    choices of a `BuildAt`); empty at any other time."""
    sheet = sheet_of(state, player)
    if state.phase != "shipyard" or sheet.stage != "pick":
        return {}
    return {
        Build(system=system, shape=shape): _places(legal_spots(sheet, system, shape))
        for system, shape in placeable_picks(sheet, sheet.dice)
    }


def free_builds(
    state: SpaceTruckinState, player: PlayerId
) -> dict[Build, tuple[FreeChoice, tuple[Place, ...]]]:
    """While `player` picks with the free choice unused: the builds it makes for the systems
    their truck still lacks, each with its die change and the placements that help (a
    `BuildAt` with `free`; `shipyard.free_choice_builds`)."""
    if state.phase != "shipyard":
        return {}
    found = free_choice_builds(sheet_of(state, player)).items()
    return {Build(system=s, shape=h): (free, _places(spots)) for (s, h), (free, spots) in found}


def first_pip_cells(
    state: SpaceTruckinState, player: PlayerId, build: Build, place: Place
) -> tuple[str, ...]:
    """The grids of `build` placed at `place` that could take its pip (none next to a pip)."""
    sheet = sheet_of(state, player)
    cells = covered_cells(place.anchor, build.shape, place.rotation, place.flip)
    parsed = tuple(c for c in (parse_cell(name) for name in cells) if c is not None)
    piece = Piece(id=len(sheet.pieces), system=build.system, shape=build.shape, cells=parsed)
    return tuple(cell_name(c) for c in shipyard_pip_cells(sheet, piece))


def describe(action: Action) -> str:
    """A short player-facing label for buttons, menus and the log."""
    match action:
        case PickSpecialty():
            return f"Captain: {action.specialty}"
        case PickTruck():
            return f"Truck: {action.truck}"
        case ChartLocation():
            return f"{action.location}: {action.terrain}"
        case FreeChoice():
            return f"Free choice: die {action.die} -> {action.face}"
        case Build():
            return f"Build {action.system}/{action.shape}"
        case Place():
            return placement_name(action.anchor, action.rotation, action.flip)
        case BuildAt():
            covered = covered_cells(action.anchor, action.shape, action.rotation, action.flip)
            cells = ", ".join(covered)
            built = f"{action.system} ({action.shape}) on {cells}, pip on {action.pip}"
            if action.free is None:
                return built
            return f"Free choice: die {action.free.die} -> {action.free.face}, then {built}"
        case Mark():
            extra = "" if action.extra is None else f", extra pip on {action.extra}"
            return f"Pip on {action.cell}{extra}{_and_jump(action.jump)}"
        case Stop():
            return "Stop building"
        case Fill():
            accept = ", accept the result" if action.accept else ""
            if action.tweak is not None:
                accept = f", then {action.tweak.effect} {action.tweak.box} (pip {action.tweak.pip})"
            return f"{action.first} + {action.second}{accept}{_and_jump(action.jump)}"
        case Tweak():
            return f"{action.effect.capitalize()} {action.box} (pip {action.pip})"
        case Accept():
            return f"Accept the result{_and_jump(action.jump)}"
        case Hit():
            if action.piece is None:
                return f"Die matching nothing: 1 Bridge damage{_and_jump(action.jump)}"
            return f"Lose system #{action.piece}{_and_jump(action.jump)}"
        case HitTwo():
            first = "Bridge" if action.system_piece is None else f"#{action.system_piece}"
            second = "Bridge" if action.shape_piece is None else f"#{action.shape_piece}"
            return f"Lose {first} (system) and {second} (shape){_and_jump(action.jump)}"
        case Jump():
            return f"Jump (pip {action.pip})"
        case GiveCargo():
            return f"Pay the pirates cargo {action.pip}"
        case LoseSystem():
            return f"Pirates take system #{action.piece}"
    raise AssertionError(f"unknown action {action!r}")


def _and_jump(pip: str | None) -> str:
    return "" if pip is None else f", then jump (pip {pip})"


def forced_move(state: SpaceTruckinState, player: PlayerId) -> Action | None:
    """The trucker's one legal move, if they have no other (doubles with two boxes left to
    write and nothing to say ahead with them, a pip with one grid that can take it, Stop
    building when nothing fits): the table
    makes it for them. `legal_actions` lists every move here, so one entry is one move."""
    legal = legal_actions(state, player)
    return legal[0] if len(legal) == 1 else None


def public_moves(state: SpaceTruckinState) -> bool:
    """Only charting is decided in the open; every other choice is read off a private sheet."""
    return state.phase == "chart"


def public_prompt(state: SpaceTruckinState, player: PlayerId) -> str:
    """What `player` is doing now, in words the whole table may read (no sheet details)."""
    if state.phase == "captain":
        return "pick your captain's specialty and truck (Show my sheet)"
    if state.phase == "chart":
        dice = " and ".join(str(d) for d in state.chart_dice)
        return f"chart the next location (die: {dice})" if dice else "chart the last location"
    if state.phase == "shipyard":
        return "build your truck (Show my sheet)"
    return f"deliver at {LOCATIONS[state.location]} (Show my sheet)"


SPEC: GameSpec[SpaceTruckinState, Action, SpaceTruckinOptions, SpaceTruckinView] = GameSpec(
    key="spacetruckin",
    title="Space Truckin'",
    min_players=1,
    max_players=6,
    rules_version=2,
    standings=standings,
    turn_time=48 * 3600.0,  # everyone builds at once: a step waits for the slowest
    summary=(
        "Roll-and-write space trucking: build your truck from dice, then deliver cargo across "
        "the stars (solo or up to 6, all at once)."
    ),
    length="30-45 minutes live; several days by turns",
    rules_text=RULES_TEXT,
    options_model=SpaceTruckinOptions,
    state_model=SpaceTruckinState,
    action_adapter=ACTION_ADAPTER,
    setup=setup,
    active_players=active_players,
    legal_actions=legal_actions,
    apply=apply,
    outcome=outcome,
    view=view,
    describe=describe,
    policy=bot_move,
    has_private_views=True,
    text_board=text_board,
    private_part=private_part,
    narrate=narrate,
    audience=audience,
    changelog={
        2: (
            "- The first trucker to reach 20 VP wins at once, even while others are still"
            " at the location (no more shared wins).\n"
            "- A trucker who is out leaves the game at the next sync point: stopping early"
            " with an unserviceable truck no longer hands the win to someone still building;"
            " if everyone left is out there, nobody wins.\n"
            "- A move that reaches 20 VP wins even if it also ends your truck (a jump with the"
            " last Engine pip, a Grizzled captain's hit); such VP always count.\n"
            "- A Cartographer charts every rolled location with 2 dice, in multiplayer too;"
            " the first player chooses the 7th location."
        )
    },
    extra={
        "simultaneous": True,
        "public_moves": public_moves,
        "prompt": public_prompt,
        # a trucker's sheet is open on paper: anyone may look at it (`/game sheet player:`)
        "open_sheets": True,
        "forced": forced_move,
        # the bot's move said whole where the table makes it in one (the story bench's person)
        "whole": whole_move,
    },
)

__all__ = [
    "RULES_TEXT",
    "SPEC",
    "describe",
    "first_pip_cells",
    "forced_move",
    "free_builds",
    "legal_placements",
    "parse_placement",
    "whole_builds",
]
