"""Space Truckin' two-tap choices on the private sheet: two dice into two boxes, a tweak
paid with a pip, two consequences of a hit. Each first tap redraws the message (`st:` ids)."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import IllegalAction, Model, PlayerId
from games.spacetruckin.models import Fill, Hit, HitTwo, LoseSystem, Tweak
from games.spacetruckin.view import SpaceTruckinView
from table.answers import ButtonSpec, Message
from table.service import Snapshot
from table.spacetruckin.ids import (
    FIRST_HIT,
    FITS,
    MENU_ROWS,
    NO_PIECE,
    PER_ROW,
    SHEET,
    TWEAK_BOX,
    TWEAK_EFFECT,
    Labeller,
    act_id,
    buttons_for,
    header,
    own_view,
    rows,
    st_id,
)


def box_label(view: SpaceTruckinView, box: str) -> str:
    assert view.sheet is not None
    value = next((b.value for b in view.sheet.boxes if b.name == box), None)
    nice = box.replace("top", "Top ").replace("bot", "Bottom ")
    return nice if value is None else f"{nice}: {value}"


def second_box_board(snap: Snapshot, viewer: PlayerId, first: str) -> Message:
    """Step 2 of writing the dice: die 1 goes in `first`; where does die 2 go?"""
    view = own_view(snap, viewer)
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
            [ButtonSpec(box_label(view, b), act_id(snap, chosen[b]), "primary") for b in boxes]
        )
    back = ButtonSpec("◀ Back", st_id(snap, SHEET))
    content = (
        f"{header(snap)}\n➡️ die 1 (**{d1}**) goes in {box_label(view, first)}; "
        f"now the box for die 2 (**{d2}**):"
    )
    return Message(content, buttons=tuple(rows([g for g in groups if g], [back])))


def tweak_box_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    boxes = list(dict.fromkeys(a.box for a in actions if isinstance(a, Tweak)))
    groups = []
    for row in ("top", "bot"):
        groups.append(
            [
                ButtonSpec(box_label(view, b), st_id(snap, TWEAK_BOX, b))
                for b in boxes
                if b.startswith(row)
            ]
        )
    return [g for g in groups if g]


def tweak_board(snap: Snapshot, viewer: PlayerId, box: str) -> Message:
    """Step 2 of a manipulation: every reroll/flip of the box with the pip that pays, when they
    fit four rows; else step 2 of 3: reroll or flip, and `tweak_pip_board` lists the pips."""
    view = own_view(snap, viewer)
    tweaks = [a for a in snap.legal_actions(viewer) if isinstance(a, Tweak) and a.box == box]
    by_effect = {e: [a for a in tweaks if a.effect == e] for e in ("flip", "reroll")}
    groups = [buttons_for(snap, group) for group in by_effect.values() if group]
    back = ButtonSpec("◀ Back", st_id(snap, SHEET))
    content = f"{header(snap)}\n➡️ {box_label(view, box)}: flip it (7 minus the face) or reroll it?"
    if sum(-(-len(g) // PER_ROW) for g in groups) <= MENU_ROWS:
        return Message(content, buttons=tuple(rows(groups, [back])))
    effects = [
        ButtonSpec(
            f"{effect.capitalize()} {box} … ({len(group)} pips)",
            st_id(snap, TWEAK_EFFECT, f"{box}.{effect}.0"),
            "primary",
        )
        for effect, group in by_effect.items()
        if group
    ]
    content += " Then the pip that pays."
    return Message(content, buttons=tuple(rows([effects], [back])))


def tweak_pip_board(snap: Snapshot, viewer: PlayerId, payload: str) -> Message:
    """Step 3 of a crowded manipulation (`<box>.<effect>.<page>`): the pip that pays, 20 a page."""
    view = own_view(snap, viewer)
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
    pips = [ButtonSpec(pip_label(view, a.pip), act_id(snap, a), "primary") for a in shown]
    tail = [ButtonSpec("◀ Back", st_id(snap, TWEAK_BOX, box))]
    if pages > 1:
        more = f"{box}.{effect}.{(page + 1) % pages}"
        label = f"More pips ({page + 1}/{pages}) ▶"
        tail.insert(0, ButtonSpec(label, st_id(snap, TWEAK_EFFECT, more)))
    content = f"{header(snap)}\n➡️ **{effect}** {box_label(view, box)} — which pip pays for it?"
    return Message(content, buttons=tuple(rows([pips], tail)))


def pip_label(view: SpaceTruckinView, pip: str) -> str:
    """`Pip C5 · Quarters`: the grid and the system it belongs to (wilds are told apart)."""
    assert view.sheet is not None
    system = next((p.system for p in view.sheet.pieces if pip in p.cells), None)
    return f"Pip {pip}" if system is None else f"Pip {pip} · {system}"


# Consequences ---------------------------------------------------------------------------------


def _piece_label(view: SpaceTruckinView, piece: int | None) -> str:
    """A piece in words, where the sheet shows it: `Reactor (O) at D7` (its first grid from
    the top), or the Bridge when nothing matches."""
    assert view.sheet is not None
    if piece is None:
        return "the Bridge (no match)"
    found = next((p for p in view.sheet.pieces if p.id == piece), None)
    if found is None:
        return f"system #{piece}"
    return f"{found.system} ({found.shape}) at {found.cells[0]}"


def loss_words(snap: Snapshot, view: SpaceTruckinView) -> Labeller:
    """Button labels for losing systems, naming each by what it is and where it sits."""

    def label(action: Model) -> str:
        if isinstance(action, Hit):
            if action.piece is None:
                return "Bridge damage (a die matching nothing)"
            return f"Lose {_piece_label(view, action.piece)}"
        if isinstance(action, HitTwo):
            first = _piece_label(view, action.system_piece)
            return f"Lose {first} + {_piece_label(view, action.shape_piece)}"[:80]
        if isinstance(action, LoseSystem):
            return f"Pirates take {_piece_label(view, action.piece)}"
        return snap.spec.describe(action)

    return label


def first_hit_groups(
    snap: Snapshot, view: SpaceTruckinView, actions: Sequence[Model]
) -> list[list[ButtonSpec]]:
    """All pairs as buttons when they fit; else step 1 of 2: the first loss.

    A truck has at most 19 live pieces (79 buildable grids), so the first losses (pieces and
    the Bridge) fit four rows of five, and so do the second losses for any first one."""
    pairs = [a for a in actions if isinstance(a, HitTwo) and a.jump is None]
    if len(pairs) <= FITS:
        return [buttons_for(snap, pairs, "danger", loss_words(snap, view))]
    firsts = list(dict.fromkeys(a.system_piece for a in pairs))
    return [
        [
            ButtonSpec(
                _piece_label(view, f) + " …",
                st_id(snap, FIRST_HIT, NO_PIECE if f is None else str(f)),
                "danger",
            )
            for f in firsts
        ]
    ]


def parse_piece(payload: str) -> int | None:
    """The FIRST_HIT payload: a piece number or NO_PIECE."""
    return None if payload == NO_PIECE else int(payload)


def second_hit_board(snap: Snapshot, viewer: PlayerId, payload: str) -> Message:
    """Step 2 of two consequences: the first loss is chosen; which is the second?"""
    view = own_view(snap, viewer)
    try:
        first = parse_piece(payload)
    except ValueError:
        first = -1
    pairs = [
        a
        for a in snap.legal_actions(viewer)
        if isinstance(a, HitTwo) and a.system_piece == first and a.jump is None
    ]
    if not pairs:
        raise IllegalAction(f"`{payload}` is not a first loss open to you now; pick again")
    buttons = [
        ButtonSpec(_piece_label(view, a.shape_piece), act_id(snap, a), "danger") for a in pairs
    ]
    back = ButtonSpec("◀ Back", st_id(snap, SHEET))
    content = (
        f"{header(snap)}\n➡️ first loss: **{_piece_label(view, first)}**; "
        "now the second, destroyed by the other die read as a shape:"
    )
    return Message(content, buttons=tuple(rows([buttons], [back])))
