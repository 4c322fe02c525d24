"""Space Truckin' shipyard in two taps: choose where a system goes, then tap its pip.

While a trucker picks, menus list every build their dice allow (a system as a shape) at each
grid where it can start (the grid its top row starts on: "Engine as a T from D7"), 25 to a
menu, four menus at most; when that is too many (a 6 allows many builds), they list the grids
alone. Choosing one draws a preview of the piece there: its "Pip on …" buttons build the whole
system at once (`BuildAt`: build, place and pip, one move); a menu builds any other way that
starts on that grid with its pip in the same tap; the last row turns the piece there (another
preview) or goes back. While the free choice is unused and the truck still lacks a system to
be serviceable, the menus also list where the free choice builds it (🎲, `RI.D7!13`: die 1
set to 3; the whole system and the free choice are then one move), when they fit beside the
dice's builds. The free choice is a menu too (behind a button when four are shown).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import IllegalAction, Model, PlayerId
from games.spacetruckin import first_pip_cells, free_builds, whole_builds
from games.spacetruckin.data import CHOOSE_FACE, SHAPE_BY_DIE, SYSTEM_BY_DIE, SYSTEM_LETTER
from games.spacetruckin.grid import covered_cells
from games.spacetruckin.models import Build, BuildAt, FreeChoice, Place, SpaceTruckinState
from table.answers import ButtonSpec, Message, Picture, SelectSpec
from table.service import Snapshot
from table.spacetruckin.ids import (
    FREE,
    FREE_STEP,
    MENU_ROWS,
    MENU_SIZE,
    PER_ROW,
    SHEET,
    SPOT,
    WHOLE,
    Option,
    header,
    on_row,
    packed,
    parse_place_code,
    place_code,
    st_id,
)

SYSTEM_OF_LETTER = {letter: system for system, letter in SYSTEM_LETTER.items()}
TURN_WORDS = ("upright", "turned right", "upside down", "turned left")


def build_code(build: Build | BuildAt) -> str:
    """`RI` for a Reactor as an I: short enough for a custom_id."""
    return SYSTEM_LETTER[build.system] + build.shape


def parse_build(code: str) -> Build | None:
    """The build a code starts with (`RI`, `RI.D7`...); None for anything else."""
    system = SYSTEM_OF_LETTER.get(code[:1])
    shape = code[1:2]
    if system is None or shape not in ("I", "L", "T", "S", "O"):
        return None
    return Build(system=system, shape=shape)


def build_name(build: Build) -> str:
    return f"{build.system} as {'an' if build.shape in 'ILOS' else 'a'} {build.shape}"


def _state(snap: Snapshot) -> SpaceTruckinState:
    assert isinstance(snap.state, SpaceTruckinState)
    return snap.state


def _cells(build: Build, place: Place) -> tuple[str, ...]:
    return covered_cells(place.anchor, build.shape, place.rotation, place.flip)


Way = tuple[Build, Place]


def ways_by_start(builds: dict[Build, tuple[Place, ...]]) -> dict[str, list[Way]]:
    """Every (build, placement), grouped by the grid its top row starts on, in reading order."""
    grouped: dict[str, list[Way]] = {}
    for build, places in builds.items():
        for place in places:
            grouped.setdefault(_cells(build, place)[0], []).append((build, place))
    return dict(sorted(grouped.items(), key=lambda item: (int(item[0][1:]), item[0][0])))


def _spot_options(
    builds: dict[Build, tuple[Place, ...]], fine: bool, free: FreeChoice | None = None
) -> list[Option]:
    """The first tap's choices: each build at each grid (`fine`), or each grid (`RI.D7`/`D7`);
    with `free`, builds that free choice makes (`RI.D7!13`: die 1 set to 3)."""
    options: list[Option] = []
    for start, ways in ways_by_start(builds).items():
        if not fine:
            names = ", ".join(dict.fromkeys(build_name(b) for b, _ in ways))
            options.append((f"from {start} · {len(ways)} ways", start, names[:100]))
            continue
        for build in dict.fromkeys(b for b, _ in ways):
            mine = [p for b, p in ways if b == build]
            label = f"{build_name(build)} from {start}{free_words(free)}"
            if len(mine) == 1:
                covers = "covers " + ", ".join(_cells(build, mine[0]))
            else:
                covers = f"{len(mine)} ways: turn it in the preview"
            options.append((label, f"{build_code(build)}.{start}{free_code(free)}", covers))
    return options


def free_words(free: FreeChoice | None) -> str:
    return "" if free is None else f" · 🎲 free choice: die {free.die} → {free.face}"


def free_code(free: FreeChoice | None) -> str:
    """`!13` for the free choice setting die 1 to 3 (a suffix of a spot's or a system's code)."""
    return "" if free is None else f"!{free.die}{free.face}"


def split_free(text: str) -> tuple[str, FreeChoice | None]:
    """A code and the free choice its suffix names (`RI.D7!13` -> `RI.D7`, die 1 to 3)."""
    code, _, free = text.partition("!")
    if not free:
        return code, None
    try:
        return code, FreeChoice.model_validate({"die": int(free[:1]), "face": int(free[1:])})
    except ValueError as exc:
        raise IllegalAction("that is not a free choice of a die and a face; pick again") from exc


def builds_with(
    snap: Snapshot, viewer: PlayerId, free: FreeChoice | None
) -> dict[Build, tuple[Place, ...]]:
    """The builds open to the viewer's dice, or those `free` makes for what the truck lacks."""
    state = _state(snap)
    if free is None:
        return whole_builds(state, viewer)
    return {
        b: places for b, (made_by, places) in free_builds(state, viewer).items() if made_by == free
    }


def _folded_free_choice(snap: Snapshot, viewer: PlayerId) -> list[Option]:
    """The first tap's choices of builds the free choice makes for what the truck still lacks
    to be serviceable (`games.spacetruckin.free_builds`), each with its die change."""
    by_free: dict[FreeChoice, dict[Build, tuple[Place, ...]]] = {}
    for build, (free, places) in free_builds(_state(snap), viewer).items():
        by_free.setdefault(free, {})[build] = places
    return [o for free, builds in by_free.items() for o in _spot_options(builds, True, free)]


def pick_controls(
    snap: Snapshot, viewer: PlayerId, actions: Sequence[Model]
) -> tuple[list[SelectSpec], list[ButtonSpec]]:
    """The pick stage's menus, at most four: where each build can start (by grid alone when
    that is too many) and the free choice, which waits behind a button when there is no room."""
    builds = whole_builds(_state(snap), viewer)
    free = _free_menu(snap, actions)
    options = _spot_options(builds, fine=True)
    if len(options) > MENU_ROWS * MENU_SIZE:
        options = _spot_options(builds, fine=False)
    else:  # what the free choice builds for a truck that still lacks it, when it fits too
        folded = _folded_free_choice(snap, viewer)
        if len(options) + len(folded) <= MENU_ROWS * MENU_SIZE:
            options += folded
    options = options[: MENU_ROWS * MENU_SIZE]
    menus = packed(snap, SPOT, options)
    if free and len(menus) < MENU_ROWS:
        return [*menus, _on_row(free[0], len(menus))], []
    button = [ButtonSpec("🎲 Free choice…", st_id(snap, FREE_STEP))] if free else []
    return menus, button


def free_board(snap: Snapshot, viewer: PlayerId) -> Message:
    """The free choice behind its button: which die to set to which face."""
    menus = [_on_row(m, 0) for m in _free_menu(snap, snap.legal_actions(viewer))]
    if not menus:
        raise IllegalAction("your free choice is already used in this shipyard")
    back = on_row(ButtonSpec("◀ Back", st_id(snap, SHEET)), 1)
    content = f"{header(snap)}\n➡️ your free choice (once a shipyard): set a die to any face"
    return Message(content, buttons=(back,), selects=tuple(menus))


def _free_menu(snap: Snapshot, actions: Sequence[Model]) -> list[SelectSpec]:
    faces = [a for a in actions if isinstance(a, FreeChoice)]
    if not faces:
        return []
    options = tuple(
        (f"Die {a.die} → {a.face} ({_face_meaning(a.face)})", f"{a.die}.{a.face}", "")
        for a in faces
    )
    return [SelectSpec(st_id(snap, FREE), "Free choice (once): set a die to…", options)]


def _face_meaning(face: int) -> str:
    if face == CHOOSE_FACE:
        return "any system or shape"
    return f"{SYSTEM_BY_DIE[face]} / {SHAPE_BY_DIE[face]}"


def _on_row(menu: SelectSpec, row: int) -> SelectSpec:
    return SelectSpec(menu.custom_id, menu.placeholder, menu.options, row)


FreeWay = tuple[Build, Place, FreeChoice | None]
"""A way to build, and the free choice it needs (None: the dice allow it)."""


def chosen_way(snap: Snapshot, viewer: PlayerId, text: str) -> FreeWay:
    """A first tap's choice (`RI.D7`: that build's first way at D7; `D7`: the first way at
    D7) or a turn button's (`RI.D7.1f`); a `!13` suffix: with the free choice it names."""
    text, free = split_free(text)
    builds = builds_with(snap, viewer, free)
    parts = text.split(".")
    build = parse_build(parts[0]) if len(parts) > 1 else None
    if len(parts) == 3 and build is not None:
        place = parse_place_code(f"{parts[1]}.{parts[2]}")
        if place is not None and place in builds.get(build, ()):
            return build, place, free
    ways = ways_by_start(builds).get(parts[1] if len(parts) == 2 else parts[0], [])
    mine = [way for way in ways if build is None or way[0] == build]
    if not mine:
        raise IllegalAction("that spot is not open to you any more; pick again")
    return (*mine[0], free)


def way_words(place: Place) -> str:
    return TURN_WORDS[place.rotation] + (", mirrored" if place.flip else "")


def whole_preview(
    snap: Snapshot,
    viewer: PlayerId,
    way: FreeWay,
    image: bytes | Picture | None,
) -> Message:
    """The sheet with the piece drawn at the spot: a pip button builds it (one move); the
    menus build any other way that starts on that grid, with its pip, at once (when there are
    too many to list with their pips: this build's other ways and each other build starting
    there, each a preview); the last row turns the piece there or goes back. A build the free
    choice makes (`free`) is built with it, and so are the other ways offered."""
    build, place, free = way
    state = _state(snap)
    cells = _cells(build, place)
    here = ways_by_start(builds_with(snap, viewer, free))[cells[0]]
    tail = free_code(free)
    pips = [
        ButtonSpec(
            f"✅ Pip on {cell}", st_id(snap, WHOLE, _whole_code(b, p, cell) + tail), "success"
        )
        for b, p in [(build, place)]
        for cell in first_pip_cells(state, viewer, build, place)
    ]
    others = [
        (
            f"{build_name(b)}, {way_words(p)}, pip on {cell}"[:100],
            _whole_code(b, p, cell) + tail,
            "covers " + ", ".join(_cells(b, p)),
        )
        for b, p in here
        if (b, p) != (build, place)
        for cell in first_pip_cells(state, viewer, b, p)
    ]
    room = (MENU_ROWS - 1) * MENU_SIZE
    if len(others) <= room:
        menus = packed(snap, WHOLE, others, first=1)
    else:  # too many to name with their pips: this build's other ways, then each other build
        mine = [(b, p) for b, p in here if b == build and p != place]
        firsts: dict[Build, Place] = {}  # each other build's first way here
        for b, p in here:
            if b != build:
                firsts.setdefault(b, p)
        previews = [
            (f"{build_name(b)}, {way_words(p)}"[:100], f"{build_code(b)}.{place_code(p)}{tail}",
             "covers " + ", ".join(_cells(b, p)) if b == build else "turn it in its preview")
            for b, p in [*mine, *firsts.items()]
        ]  # fmt: skip
        menus = packed(snap, SPOT, previews[:room], first=1)
    turns = [
        ButtonSpec(f"↻ {way_words(p)}", st_id(snap, SPOT, f"{build_code(b)}.{place_code(p)}{tail}"))
        for b, p in here
        if b == build and p != place
    ]
    back = ButtonSpec("◀ Another spot", st_id(snap, SHEET), "danger")
    last = [on_row(b, 1 + len(menus)) for b in (back, *turns[: PER_ROW - 1])]
    others_told = " or choose another way there below" if others else ""
    with_free = "" if free is None else f" with your free choice (die {free.die} → {free.face})"
    content = (
        f"{header(snap)}\n👀 **{build_name(build)}**{with_free}, {way_words(place)}, on "
        f"{', '.join(cells)}. Tap the grid for its pip to build it (a pip may not touch another "
        f"pip){others_told}."
    )
    filename = f"preview-{snap.session_id}-{snap.version}.png"
    buttons = (*(on_row(b, 0) for b in pips), *last)
    return Message(content, image, filename, buttons, selects=tuple(menus))


def _whole_code(build: Build, place: Place, pip: str) -> str:
    return f"{build_code(build)}.{place_code(place)}.{pip}"


def whole_code(action: BuildAt) -> str:
    """A whole system's code (`RI.D7.1f.D8`, `!13` after it with a free choice), as its pip
    button and menu options carry it."""
    place = Place(anchor=action.anchor, rotation=action.rotation, flip=action.flip)
    build = Build(system=action.system, shape=action.shape)
    return _whole_code(build, place, action.pip) + free_code(action.free)


def whole_action(text: str) -> BuildAt:
    """The `BuildAt` a pip button or menu names (`RI.D7.1f.D8`, `…!13`); refused when damaged."""
    text, free = split_free(text)
    parts = text.split(".")
    build = parse_build(parts[0]) if len(parts) == 4 else None
    place = parse_place_code(f"{parts[1]}.{parts[2]}") if len(parts) == 4 else None
    pip = parts[-1]
    if build is None or place is None:
        raise IllegalAction("that button is not a build this game knows; open your sheet again")
    return BuildAt(system=build.system, shape=build.shape, anchor=place.anchor,
                   rotation=place.rotation, flip=place.flip, pip=pip, free=free)  # fmt: skip


def free_choice(value: str) -> FreeChoice:
    """A free choice menu's value (`1.4`: die 1 to a 4); refused when it names no die and face."""
    die, _, face = value.partition(".")
    try:
        return FreeChoice.model_validate({"die": int(die), "face": int(face)})
    except ValueError as exc:
        raise IllegalAction("that is not a die and a face; pick again") from exc


def preview_options(
    snap: Snapshot, viewer: PlayerId, build: Build, place: Place
) -> dict[str, object]:
    """What the sheet picture of a whole-system preview is drawn with."""
    pips = first_pip_cells(_state(snap), viewer, build, place)
    return {"preview": _cells(build, place), "system": build.system, "pips": pips}
