"""Space Truckin' private messages: the sheet with its menus and buttons per stage, and the
typed placement's preview (the shipyard's two taps are in `yard.py`, the challenge's menus in
`fill.py`, the other stepped choices in `choices.py`).

Some stages have far more legal actions than a message has buttons (hundreds of placements,
56 ways to write two dice, every pip x box x effect for a tweak). Where they fit menus of 25,
one choice is the move; otherwise the choice is split into steps: the first tap only redraws
this message (an `st:` custom_id answered by `verbs.redraw`), the last one is the move.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Model, PlayerId
from games.spacetruckin import legal_placements
from games.spacetruckin.challenge import challenge_result
from games.spacetruckin.delivery import STAGE_HINTS
from games.spacetruckin.grid import covered_cells, parse_cell, placement_name
from games.spacetruckin.models import (
    Build,
    Fill,
    HitTwo,
    PickSpecialty,
    PickTruck,
    Place,
    Stop,
)
from games.spacetruckin.view import SpaceTruckinView
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture, SelectSpec
from table.service import Snapshot
from table.spacetruckin.ahead import (
    ahead_menus,
    losses_with_jump_menus,
    move_menus,
    says_ahead,
)
from table.spacetruckin.choices import (
    first_hit_groups,
    loss_words,
    tweak_box_groups,
)
from table.spacetruckin.fill import accept_controls, fill_menus, tweak_menus
from table.spacetruckin.ids import (
    ANCHOR,
    FITS,
    MENU_ROWS,
    MENU_SIZE,
    PREVIEW,
    SHEET,
    act_id,
    buttons_for,
    by_kind,
    header,
    on_row,
    own_view,
    place_code,
    rows,
    st_id,
)
from table.spacetruckin.quick import quick_buttons, quick_words
from table.spacetruckin.yard import pick_controls
from table.waiting import nothing_to_do, waiting_for


def _ask(view: SpaceTruckinView, placements: int, one_tap_pairs: bool = True) -> str:
    sheet = view.sheet
    assert sheet is not None
    stage, public = sheet.stage, view.public
    if public.phase == "captain":
        return (
            "pick your captain and your truck, one tap each: the image shows each captain's "
            "power and each truck's blueprint"
        )
    if public.phase == "chart":
        return "chart the next location"
    if stage == "pick":
        d1, d2 = sheet.dice
        return (
            f"your dice show **{d1}** and **{d2}** (one die is the system, the other the shape). "
            "Choose where a system goes in its menu, then tap its pip in the preview (🎲: "
            "built with your free choice, for what your truck still lacks); or use your free "
            "choice, or stop building"
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
        last = sum(b.value is None for b in sheet.boxes) == 2
        then = (
            "; each choice says the result and what follows (accept it and jump, or reroll "
            "or flip first)"
            if last
            else ""
        )
        return f"write die 1 (**{d1}**) and die 2 (**{d2}**): choose both boxes in a menu{then}"
    if stage == "hit":
        dice = " and ".join(f"**{d}**" for d in sheet.hit_dice)
        return (
            f"consequence dice {dice}: choose the system a die destroys (named by its first "
            "grid from the top), or a die that matches nothing (1 Bridge damage)"
        )
    if stage == "hit_two":
        a, b = sheet.hit_dice
        how = (
            "each choice names both, the one lost by type first"
            if one_tap_pairs
            else "tap the one lost by type, then the one lost by shape"
        )
        return (
            f"two consequences, dice **{a}** and **{b}**: one die destroys a system by its type, "
            f"the other one by its shape: {how}. The Bridge = no match"
        )
    if stage == "tweak":
        boxes = tuple(b.value for b in sheet.boxes)
        result = challenge_result(boxes) if None not in boxes else "?"
        return (
            f"result **{result}**: reroll or flip a die (a menu names the box and the pip "
            "that pays), or accept the result (with the jump, when it comes next)"
        )
    if stage == "reward" and sheet.tasks[:1] == ("reward:artifact",):
        return (
            "choose the cargo box for your artifact and, in the same choice, the grid beside "
            "it for its extra pip"
        )
    return STAGE_HINTS.get(stage, "your move")


def sheet_board(snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None) -> Message:
    """The private sheet message: image, what to do, and menus/buttons sized for a phone."""
    back = presenters.board_button(snap)
    filename = f"sheet-{snap.session_id}-{snap.version}.png"
    if snap.outcome is not None:
        status = presenters.turn_line(snap)
        return Message(f"{header(snap)}\n{status}", image, filename, (back,))
    lone = snap.forced_move(viewer)
    if lone is not None:  # played by the table at once: no button for a choice that is none
        status = f"↪️ Your only move ({snap.spec.describe(lone)}): the table plays it for you."
        return Message(f"{header(snap)}\n{status}", image, filename, (back,))
    if viewer not in snap.active_players:
        status = nothing_to_do(waiting_for(snap, viewer))
        return Message(f"{header(snap)}\n{status}", image, filename, (back,))
    view = own_view(snap, viewer)
    assert view.sheet is not None
    actions = list(snap.legal_actions(viewer))
    selects: tuple[SelectSpec, ...] = ()
    quick: list[ButtonSpec] = []  # ⚡ the bot's whole choice, where the menus cannot say it
    stop = [b for b in buttons_for(snap, [a for a in actions if isinstance(a, Stop)], "danger")]
    placements = legal_placements(snap.state, viewer) if view.sheet.stage == "place" else ()  # type: ignore[arg-type]
    if view.sheet.stage == "place":
        selects = _placement_menus(snap, view, placements)
        buttons = [on_row(b, len(selects)) for b in (*stop, back)]
    elif view.public.phase == "captain":
        buttons = rows(captain_groups(snap, view, actions), [back])
    elif view.sheet.stage == "pick":
        menus, extra = pick_controls(snap, viewer, actions)
        selects = tuple(menus)
        buttons = [on_row(b, len(selects)) for b in (*extra, *stop, back)]
    elif view.sheet.stage == "fill":
        selects = fill_menus(snap, view, actions)
        if any(isinstance(a, Fill) and a.tweak is not None for a in actions):  # the last dice
            quick = quick_buttons(snap, view, viewer)
        buttons = [on_row(b, len(selects)) for b in (*quick, back)]
    elif view.sheet.stage == "tweak":
        selects = tweak_menus(snap, view, actions)
        free_row = len(selects) if selects and len(selects) < MENU_ROWS else None
        accept_menus, accept = accept_controls(snap, view, actions, free_row)
        if selects:
            selects = (*selects, *accept_menus)
            buttons = [on_row(b, len(selects)) for b in (*accept, back)]
        else:
            buttons = rows(tweak_box_groups(snap, view, actions), [*accept, back])
    elif view.sheet.stage == "hit_two":  # with the jump in menus, as buttons, or in two steps
        pairs = [a for a in actions if isinstance(a, HitTwo) and a.jump is None]
        words = loss_words(snap, view)
        selects = tuple(losses_with_jump_menus(snap, view, actions))
        quick = [] if selects else quick_buttons(snap, view, viewer)
        if not selects and len(pairs) > FITS:
            selects = tuple(move_menus(snap, pairs, words, 0, MENU_ROWS))
        if selects:
            buttons = [on_row(b, len(selects)) for b in (*quick, back)]
        else:
            buttons = rows(first_hit_groups(snap, view, actions), [*quick, back])
    else:  # a reward's box, a loss, pirates, the jump: with the jump said ahead where it fits
        words = loss_words(snap, view)
        selects = tuple(ahead_menus(snap, view, actions, words, 0, MENU_ROWS))
        if selects:
            buttons = [on_row(back, len(selects))]
        else:
            plain = [a for a in actions if not says_ahead(a)]
            buttons = rows(by_kind(snap, plain, words)[:MENU_ROWS], [back])
    one_tap = sum(1 for a in actions if isinstance(a, HitTwo) and a.jump is None) <= (
        MENU_ROWS * MENU_SIZE
    )
    content = f"{header(snap)}\n➡️ {_ask(view, len(placements), one_tap)}"
    content += quick_words(quick)
    return Message(content, image, filename, tuple(buttons), selects=selects)


# Captain and truck ---------------------------------------------------------------------------


def captain_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    """Captains on one row, trucks on the next. Once one half is chosen, each button names the
    pair it completes ("Smuggler + Hammerhead")."""
    assert view.sheet is not None
    specialty, truck = view.sheet.specialty, view.sheet.truck
    captains = [
        ButtonSpec(
            f"{a.specialty} + {truck}" if truck else f"Captain: {a.specialty}",
            act_id(snap, a),
            "primary",
        )
        for a in actions
        if isinstance(a, PickSpecialty)
    ]
    trucks = [
        ButtonSpec(
            f"{specialty} + {a.truck}" if specialty else f"Truck: {a.truck}",
            act_id(snap, a),
            "primary" if specialty else "secondary",
        )
        for a in actions
        if isinstance(a, PickTruck)
    ]
    return [g for g in (captains, trucks) if g]


# Shipyard ------------------------------------------------------------------------------------


def shapes_board(snap: Snapshot, viewer: PlayerId, system: str) -> Message:
    """Step 2 of a build with a 6: the shapes open to the chosen system."""
    builds = [a for a in snap.legal_actions(viewer) if isinstance(a, Build) and a.system == system]
    back = ButtonSpec("◀ Back", st_id(snap, SHEET))
    content = f"{header(snap)}\n➡️ build **{system}** as which shape?"
    return Message(content, buttons=tuple(rows([buttons_for(snap, builds, "primary")], [back])))


def _placement_menus(
    snap: Snapshot, view: SpaceTruckinView, placements: Sequence[Place], page: int = 0
) -> tuple[SelectSpec, ...]:
    """Every placement when they fit one menu; else the top-left grids, in up to four menus."""
    assert view.sheet is not None
    shape = (view.sheet.picked or "/").split("/")[1]
    if len(placements) <= MENU_SIZE:
        options = tuple(
            (place_label(p), place_code(p), "covers " + ", ".join(covered(p, shape)))
            for p in placements
        )
        return (SelectSpec(st_id(snap, ANCHOR, "0"), "Choose a placement…", options, 0),)
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
        menus.append(SelectSpec(st_id(snap, ANCHOR, str(index)), placeholder, options, index))
    return tuple(menus)


def _anchor_order(place: Place) -> tuple[int, int]:
    cell = parse_cell(place.anchor)
    return (0, 0) if cell is None else cell


def place_label(place: Place) -> str:
    return placement_name(place.anchor, place.rotation, place.flip)


def covered(place: Place, shape: str) -> tuple[str, ...]:
    """The grids a placement covers, for menu descriptions and the preview caption."""
    return covered_cells(place.anchor, shape, place.rotation, place.flip)  # type: ignore[arg-type]


def preview_board(
    snap: Snapshot, viewer: PlayerId, place: Place, image: bytes | Picture | None
) -> Message:
    """The sheet with the piece drawn where it would go: confirm, cancel, or turn it."""
    view = own_view(snap, viewer)
    assert view.sheet is not None
    picked = view.sheet.picked or "?/?"
    placements = legal_placements(snap.state, viewer)  # type: ignore[arg-type]
    here = [p for p in placements if p.anchor == place.anchor]
    turns = [
        ButtonSpec(
            place_label(p),
            st_id(snap, PREVIEW, place_code(p)),
            "primary" if p == place else "secondary",
            disabled=p == place,
        )
        for p in here
    ]
    confirm = [
        ButtonSpec(f"✅ Place at {place_label(place)}", act_id(snap, place), "success"),
        ButtonSpec("✖ Cancel", st_id(snap, SHEET), "danger"),
    ]
    cells = ", ".join(covered(place, picked.split("/")[1]))
    ways = f"; {len(here)} ways start at {place.anchor}" if len(here) > 1 else ""
    content = (
        f"{header(snap)}\n👀 Preview: **{picked}** at `{place_label(place)}` "
        f"(covers {cells}){ways}. Confirm, try another way, or cancel."
    )
    buttons = rows([confirm, turns], [])
    filename = f"preview-{snap.session_id}-{snap.version}.png"
    return Message(content, image, filename, tuple(buttons))
