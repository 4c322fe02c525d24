"""Space Truckin' private messages: the sheet with its menus, and the two-tap choices.

Some stages have far more legal actions than a message has buttons (hundreds of placements,
56 ways to write two dice, every pip x box x effect for a tweak). Each such choice is split
into small steps: the first tap only redraws this message (an `st:` custom_id handled by the
cog), the last one is an ordinary action button (`rl:a:`) played through `Table.play`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from bot import presenters
from bot.customid import ButtonId, template
from bot.presenters import Board, ButtonSpec, SelectSpec
from bot.service import Snapshot
from games.engine import IllegalAction, Model, PlayerId
from games.spacetruckin import legal_placements
from games.spacetruckin.delivery import STAGE_HINTS, challenge_result
from games.spacetruckin.grid import cell_name, parse_cell, placement_name, spot_cells
from games.spacetruckin.models import (
    Accept,
    Build,
    Fill,
    FreeChoice,
    HitTwo,
    Place,
    Stop,
    Tweak,
)
from games.spacetruckin.view import SpaceTruckinView

PER_ROW = 5
MENU_ROWS = 4  # the fifth row keeps Stop / Show board
MENU_SIZE = 25
FITS = MENU_ROWS * PER_ROW  # buttons above the tail row

# Verbs of the `st:` custom_ids (answered by redrawing the message, never by a move)
SHEET = "back"  # the sheet and its menus again (Cancel / Back)
ANCHOR = "at"  # select: a top-left grid (or a whole placement) -> preview
PREVIEW = "pv"  # button: preview another orientation at the same grid
SYSTEM = "sys"  # shipyard pick, step 1: the system; step 2 lists its shapes
FIRST_BOX = "fb"  # fill, step 1: the box for die 1; step 2 the box for die 2
TWEAK_BOX = "tb"  # tweak, step 1: the box; step 2 reroll/flip and the pip that pays
TWEAK_EFFECT = "te"  # crowded tweak, step 2: reroll/flip; step 3 the pip (`box.effect.page`)
FIRST_HIT = "hit"  # two consequences, step 1: the first loss; step 2 the second
NO_PIECE = "n"  # payload of FIRST_HIT for "no match: the Bridge takes it"


class StId(ButtonId):
    """A decoded `st:<verb>:<session>:<version>:<payload>` custom_id (never a move itself)."""

    PREFIX = "st"
    TEMPLATE = template("st", "[^:]*")


def place_code(place: Place) -> str:
    """`C5 r1 f` as `C5.1f`: short enough for a custom_id or a select value."""
    return f"{place.anchor}.{place.rotation}{'f' if place.flip else ''}"


def parse_place_code(code: str) -> Place | None:
    match = re.fullmatch(r"([A-Z]\d{1,2})\.([0-3])(f?)", code)
    if match is None:
        return None
    return Place(anchor=match[1], rotation=int(match[2]), flip=bool(match[3]))


def _st(snap: Snapshot, verb: str, payload: str = "") -> str:
    return StId(verb, snap.session_id, snap.version, payload, snap.button_tag).encode()


def _act(snap: Snapshot, action: Model) -> str:
    return presenters.action_id(snap, action)


def _header(snap: Snapshot) -> str:
    return f"**Your sheet** · {snap.spec.title} · game #{snap.session_id} (only you see this)"


def _view(snap: Snapshot, viewer: PlayerId) -> SpaceTruckinView:
    view: SpaceTruckinView = snap.view(viewer)
    return view


def _rows(groups: Sequence[Sequence[ButtonSpec]], tail: Sequence[ButtonSpec]) -> list[ButtonSpec]:
    """Each group starts a new row (at most 5 to a row); `tail` goes on the last row.

    When the groups need more than the four rows above the tail, rows are dropped (caller
    caps groups so this does not happen in play) and every button flows automatically."""
    placed: list[ButtonSpec] = []
    row = 0
    for group in groups:
        for start in range(0, len(group), PER_ROW):
            for spec in group[start : start + PER_ROW]:
                placed.append(_on_row(spec, row))
            row += 1
    if row > MENU_ROWS:
        flowing = [_on_row(s, None) for s in placed][: presenters.MAX_BUTTONS - len(tail)]
        return [*flowing, *(_on_row(s, None) for s in tail)]
    return [*placed, *(_on_row(s, row) for s in tail)]


def _on_row(spec: ButtonSpec, row: int | None) -> ButtonSpec:
    return ButtonSpec(spec.label, spec.custom_id, spec.style, row, spec.disabled)


def _buttons(
    snap: Snapshot, actions: Sequence[Model], style: str = "secondary"
) -> list[ButtonSpec]:
    return [ButtonSpec(snap.spec.describe(a), _act(snap, a), style) for a in actions]


def _by_kind(snap: Snapshot, actions: Sequence[Model]) -> list[list[ButtonSpec]]:
    groups: dict[str, list[Model]] = {}
    for action in actions:
        groups.setdefault(str(getattr(action, "kind", "")), []).append(action)
    return [_buttons(snap, group) for group in groups.values()]


def _ask(view: SpaceTruckinView, placements: int) -> str:
    sheet = view.sheet
    assert sheet is not None
    stage, public = sheet.stage, view.public
    if public.phase == "captain":
        return "pick your captain's specialty and your truck"
    if public.phase == "chart":
        return "chart the next location"
    if stage == "pick":
        d1, d2 = sheet.dice
        return (
            f"your dice show **{d1}** and **{d2}**: build a system/shape, change a die with your "
            "free choice, or stop building"
        )
    if stage == "place":
        return (
            f"place your **{sheet.picked}** ({placements} legal placements): pick its top-left "
            "grid in a menu, check the preview, confirm (or type `/spacetruckin place`)"
        )
    if stage == "pip":
        return "draw the new system's pip: tap a grid"
    if stage == "fill":
        d1, d2 = sheet.dice
        return f"write die 1 (**{d1}**) in a box, then die 2 (**{d2}**)"
    if stage == "hit":
        dice = " and ".join(f"**{d}**" for d in sheet.hit_dice)
        return (
            f"consequence dice {dice}: choose the numbered system a die destroys, or a die "
            "that matches nothing (1 Bridge damage)"
        )
    if stage == "hit_two":
        a, b = sheet.hit_dice
        return (
            f"two consequences, dice **{a}** and **{b}**: one die destroys a system by its type, "
            "the other one by its shape. Tap the first (by type), then the second (by shape); "
            "Bridge = no match"
        )
    if stage == "tweak":
        boxes = tuple(b.value for b in sheet.boxes)
        result = challenge_result(boxes) if None not in boxes else "?"
        return f"result **{result}**: tap a box to reroll or flip its die, or accept the result"
    return STAGE_HINTS.get(stage, "your move")


def sheet_board(snap: Snapshot, viewer: PlayerId, image: bytes | None) -> Board:
    """The private sheet message: image, what to do, and menus/buttons sized for a phone."""
    back = presenters.board_button(snap)
    filename = f"sheet-{snap.session_id}-{snap.version}.png"
    if snap.outcome is not None:
        status = presenters.turn_line(snap)
        return Board(f"{_header(snap)}\n{status}", image, filename, (back,))
    if viewer not in snap.active_players:
        status = "Nothing to do right now: waiting for the others."
        return Board(f"{_header(snap)}\n{status}", image, filename, (back,))
    view = _view(snap, viewer)
    assert view.sheet is not None
    actions = list(snap.legal_actions(viewer))
    selects: tuple[SelectSpec, ...] = ()
    stop = [b for b in _buttons(snap, [a for a in actions if isinstance(a, Stop)], "danger")]
    placements = legal_placements(snap.state, viewer) if view.sheet.stage == "place" else ()  # type: ignore[arg-type]
    if view.sheet.stage == "place":
        selects = _placement_menus(snap, view, placements)
        buttons = [_on_row(b, len(selects)) for b in (*stop, back)]
    elif view.sheet.stage == "pick":
        buttons = _rows(_pick_groups(snap, actions), [*stop, back])
    elif view.sheet.stage == "fill":
        buttons = _rows(_first_box_groups(snap, view, actions), [back])
    elif view.sheet.stage == "tweak":
        accept = _buttons(snap, [a for a in actions if isinstance(a, Accept)], "success")
        buttons = _rows(_tweak_box_groups(snap, view, actions), [*accept, back])
    elif view.sheet.stage == "hit_two":
        buttons = _rows(_first_hit_groups(snap, view, actions), [back])
    else:
        buttons = _rows(_by_kind(snap, actions)[:MENU_ROWS], [back])
    content = f"{_header(snap)}\n➡️ {_ask(view, len(placements))}"
    return Board(content, image, filename, tuple(buttons), selects=selects)


# Shipyard ------------------------------------------------------------------------------------


def _pick_groups(snap: Snapshot, actions: Sequence[Model]) -> list[list[ButtonSpec]]:
    builds = [a for a in actions if isinstance(a, Build)]
    groups: list[list[ButtonSpec]] = []
    if len(builds) <= PER_ROW:
        groups.append(_buttons(snap, builds, "primary"))
    else:  # a 6 lets you choose: pick the system first, then its shape
        systems = list(dict.fromkeys(b.system for b in builds))
        groups.append([ButtonSpec(f"Build {s}…", _st(snap, SYSTEM, s), "primary") for s in systems])
    for die in (1, 2):
        faces = [a for a in actions if isinstance(a, FreeChoice) and a.die == die]
        groups.append(
            [ButtonSpec(f"Die {die} → {a.face}", _act(snap, a)) for a in faces],
        )
    return [g for g in groups if g]


def shapes_board(snap: Snapshot, viewer: PlayerId, system: str) -> Board:
    """Step 2 of a build with a 6: the shapes open to the chosen system."""
    builds = [a for a in snap.legal_actions(viewer) if isinstance(a, Build) and a.system == system]
    back = ButtonSpec("◀ Back", _st(snap, SHEET))
    content = f"{_header(snap)}\n➡️ build **{system}** as which shape?"
    return Board(content, buttons=tuple(_rows([_buttons(snap, builds, "primary")], [back])))


def _placement_menus(
    snap: Snapshot, view: SpaceTruckinView, placements: Sequence[Place], page: int = 0
) -> tuple[SelectSpec, ...]:
    """Every placement when they fit one menu; else the top-left grids, in up to four menus."""
    assert view.sheet is not None
    shape = (view.sheet.picked or "/").split("/")[1]
    if len(placements) <= MENU_SIZE:
        options = tuple(
            (_place_label(p), place_code(p), "covers " + ", ".join(covered(p, shape)))
            for p in placements
        )
        return (SelectSpec(_st(snap, ANCHOR, "0"), "Choose a placement…", options, 0),)
    ways: dict[str, int] = {}
    for place in sorted(placements, key=_anchor_order):
        ways[place.anchor] = ways.get(place.anchor, 0) + 1
    anchors = list(ways)
    menus: list[SelectSpec] = []
    for index in range(MENU_ROWS):
        chunk = anchors[index * MENU_SIZE : (index + 1) * MENU_SIZE]
        if not chunk:
            break
        options = tuple(
            (a, a, f"{ways[a]} way{'s' if ways[a] > 1 else ''} with its top-left here")
            for a in chunk
        )
        placeholder = f"Top-left grid {chunk[0]} … {chunk[-1]}"
        menus.append(SelectSpec(_st(snap, ANCHOR, str(index)), placeholder, options, index))
    return tuple(menus)


def _anchor_order(place: Place) -> tuple[int, int]:
    cell = parse_cell(place.anchor)
    return (0, 0) if cell is None else cell


def _place_label(place: Place) -> str:
    return placement_name(place.anchor, place.rotation, place.flip)


def covered(place: Place, shape: str) -> tuple[str, ...]:
    """The grids a placement covers, for menu descriptions and the preview caption."""
    anchor = parse_cell(place.anchor)
    if anchor is None:
        return ()
    cells = spot_cells(anchor, shape, place.rotation, place.flip)  # type: ignore[arg-type]
    return tuple(cell_name(c) for c in sorted(cells))


def preview_board(snap: Snapshot, viewer: PlayerId, place: Place, image: bytes | None) -> Board:
    """The sheet with the piece drawn where it would go: confirm, cancel, or turn it."""
    view = _view(snap, viewer)
    assert view.sheet is not None
    picked = view.sheet.picked or "?/?"
    placements = legal_placements(snap.state, viewer)  # type: ignore[arg-type]
    here = [p for p in placements if p.anchor == place.anchor]
    turns = [
        ButtonSpec(
            _place_label(p),
            _st(snap, PREVIEW, place_code(p)),
            "primary" if p == place else "secondary",
            disabled=p == place,
        )
        for p in here
    ]
    confirm = [
        ButtonSpec(f"✅ Place at {_place_label(place)}", _act(snap, place), "success"),
        ButtonSpec("✖ Cancel", _st(snap, SHEET), "danger"),
    ]
    cells = ", ".join(covered(place, picked.split("/")[1]))
    ways = f"; {len(here)} ways start at {place.anchor}" if len(here) > 1 else ""
    content = (
        f"{_header(snap)}\n👀 Preview: **{picked}** at `{_place_label(place)}` "
        f"(covers {cells}){ways}. Confirm, try another way, or cancel."
    )
    buttons = _rows([confirm, turns], [])
    filename = f"preview-{snap.session_id}-{snap.version}.png"
    return Board(content, image, filename, tuple(buttons))


# Delivery ------------------------------------------------------------------------------------


def _box_label(view: SpaceTruckinView, box: str) -> str:
    assert view.sheet is not None
    value = next((b.value for b in view.sheet.boxes if b.name == box), None)
    nice = box.replace("top", "Top ").replace("bot", "Bottom ")
    return nice if value is None else f"{nice}: {value}"


def _first_box_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    fills = [a for a in actions if isinstance(a, Fill)]
    firsts = set(a.first for a in fills) | set(a.second for a in fills)
    groups: list[list[ButtonSpec]] = []
    for row in ("top", "bot"):
        boxes = sorted(b for b in firsts if b.startswith(row))
        groups.append(
            [ButtonSpec(_box_label(view, b), _st(snap, FIRST_BOX, b), "primary") for b in boxes]
        )
    return [g for g in groups if g]


def second_box_board(snap: Snapshot, viewer: PlayerId, first: str) -> Board:
    """Step 2 of writing the dice: die 1 goes in `first`; where does die 2 go?"""
    view = _view(snap, viewer)
    assert view.sheet is not None
    d1, d2 = view.sheet.dice
    fills = [a for a in snap.legal_actions(viewer) if isinstance(a, Fill)]
    # with a double the game lists each pair once, in box order: match either order
    chosen = {a.second: a for a in fills if a.first == first}
    chosen.update({a.first: a for a in fills if a.second == first and d1 == d2})
    groups = []
    for row in ("top", "bot"):
        boxes = sorted(b for b in chosen if b.startswith(row))
        groups.append(
            [ButtonSpec(_box_label(view, b), _act(snap, chosen[b]), "primary") for b in boxes]
        )
    back = ButtonSpec("◀ Back", _st(snap, SHEET))
    content = (
        f"{_header(snap)}\n➡️ die 1 (**{d1}**) goes in {_box_label(view, first)}; "
        f"now the box for die 2 (**{d2}**):"
    )
    return Board(content, buttons=tuple(_rows([g for g in groups if g], [back])))


def _tweak_box_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    boxes = list(dict.fromkeys(a.box for a in actions if isinstance(a, Tweak)))
    groups = []
    for row in ("top", "bot"):
        groups.append(
            [
                ButtonSpec(_box_label(view, b), _st(snap, TWEAK_BOX, b))
                for b in boxes
                if b.startswith(row)
            ]
        )
    return [g for g in groups if g]


def tweak_board(snap: Snapshot, viewer: PlayerId, box: str) -> Board:
    """Step 2 of a manipulation: every reroll/flip of the box with the pip that pays, when they
    fit four rows; else step 2 of 3: reroll or flip, and `tweak_pip_board` lists the pips."""
    view = _view(snap, viewer)
    tweaks = [a for a in snap.legal_actions(viewer) if isinstance(a, Tweak) and a.box == box]
    by_effect = {e: [a for a in tweaks if a.effect == e] for e in ("flip", "reroll")}
    groups = [_buttons(snap, group) for group in by_effect.values() if group]
    back = ButtonSpec("◀ Back", _st(snap, SHEET))
    content = (
        f"{_header(snap)}\n➡️ {_box_label(view, box)}: flip it (7 minus the face) or reroll it?"
    )
    if sum(-(-len(g) // PER_ROW) for g in groups) <= MENU_ROWS:
        return Board(content, buttons=tuple(_rows(groups, [back])))
    effects = [
        ButtonSpec(
            f"{effect.capitalize()} {box} … ({len(group)} pips)",
            _st(snap, TWEAK_EFFECT, f"{box}.{effect}.0"),
            "primary",
        )
        for effect, group in by_effect.items()
        if group
    ]
    content += " Then the pip that pays."
    return Board(content, buttons=tuple(_rows([effects], [back])))


def tweak_pip_board(snap: Snapshot, viewer: PlayerId, payload: str) -> Board:
    """Step 3 of a crowded manipulation (`<box>.<effect>.<page>`): the pip that pays, 20 a page."""
    view = _view(snap, viewer)
    box, _, rest = payload.partition(".")
    effect, _, page_text = rest.partition(".")
    tweaks = [
        a
        for a in snap.legal_actions(viewer)
        if isinstance(a, Tweak) and a.box == box and a.effect == effect
    ]
    if not tweaks:
        raise IllegalAction(f"`{payload}` is not a reroll/flip open to you now; pick again")
    pages = -(-len(tweaks) // FITS)
    page = int(page_text) % pages if page_text.isdigit() else 0
    shown = tweaks[page * FITS : (page + 1) * FITS]
    pips = [ButtonSpec(_pip_label(view, a.pip), _act(snap, a), "primary") for a in shown]
    tail = [ButtonSpec("◀ Back", _st(snap, TWEAK_BOX, box))]
    if pages > 1:
        more = f"{box}.{effect}.{(page + 1) % pages}"
        label = f"More pips ({page + 1}/{pages}) ▶"
        tail.insert(0, ButtonSpec(label, _st(snap, TWEAK_EFFECT, more)))
    content = f"{_header(snap)}\n➡️ **{effect}** {_box_label(view, box)} — which pip pays for it?"
    return Board(content, buttons=tuple(_rows([pips], tail)))


def _pip_label(view: SpaceTruckinView, pip: str) -> str:
    """`Pip C5 · Quarters`: the grid and the system it belongs to (wilds are told apart)."""
    assert view.sheet is not None
    system = next((p.system for p in view.sheet.pieces if pip in p.cells), None)
    return f"Pip {pip}" if system is None else f"Pip {pip} · {system}"


# Consequences ---------------------------------------------------------------------------------


def _piece_label(view: SpaceTruckinView, piece: int | None) -> str:
    """`#3 Reactor/O` (the number drawn on the sheet), or the Bridge when nothing matches."""
    assert view.sheet is not None
    if piece is None:
        return "Bridge (no match)"
    found = next((p for p in view.sheet.pieces if p.id == piece), None)
    return f"#{piece}" if found is None else f"#{piece} {found.system}/{found.shape}"


def _first_hit_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    """All pairs as buttons when they fit; else step 1 of 2: the first loss.

    A truck has at most 19 live pieces (79 buildable grids), so the first losses (pieces and
    the Bridge) fit four rows of five, and so do the second losses for any first one."""
    pairs = [a for a in actions if isinstance(a, HitTwo)]
    if len(pairs) <= FITS:
        return [_buttons(snap, pairs, "danger")]
    firsts = list(dict.fromkeys(a.system_piece for a in pairs))
    return [
        [
            ButtonSpec(
                _piece_label(view, f) + " …",
                _st(snap, FIRST_HIT, NO_PIECE if f is None else str(f)),
                "danger",
            )
            for f in firsts
        ]
    ]


def parse_piece(payload: str) -> int | None:
    """The FIRST_HIT payload: a piece number or NO_PIECE."""
    return None if payload == NO_PIECE else int(payload)


def second_hit_board(snap: Snapshot, viewer: PlayerId, payload: str) -> Board:
    """Step 2 of two consequences: the first loss is chosen; which is the second?"""
    view = _view(snap, viewer)
    try:
        first = parse_piece(payload)
    except ValueError:
        first = -1
    pairs = [
        a for a in snap.legal_actions(viewer) if isinstance(a, HitTwo) and a.system_piece == first
    ]
    if not pairs:
        raise IllegalAction(f"`{payload}` is not a first loss open to you now; pick again")
    buttons = [
        ButtonSpec(_piece_label(view, a.shape_piece), _act(snap, a), "danger") for a in pairs
    ]
    back = ButtonSpec("◀ Back", _st(snap, SHEET))
    content = (
        f"{_header(snap)}\n➡️ first loss: **{_piece_label(view, first)}**; "
        "now the second, destroyed by the other die read as a shape:"
    )
    return Board(content, buttons=tuple(_rows([buttons], [back])))
