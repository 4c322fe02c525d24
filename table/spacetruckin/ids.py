"""Space Truckin' custom_ids and the small pieces every private message of the game uses.

`st:` ids (`StId`) are the game's own steps of a choice: most only redraw the private message;
a few are moves named in a form shorter than their JSON (a whole system, both dice, a
manipulation, the free choice, a move with the jump: `WHOLE`, `FILL`, `TWEAK`, `FREE`,
`MOVE`; `toward.py` reads them back). Every other last step is an
ordinary action button (`rl:a:`). All are bound to the viewer's view tag.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from games.engine import Model, PlayerId
from games.spacetruckin.models import Place
from games.spacetruckin.view import SpaceTruckinView
from table import messages as presenters
from table.answers import ButtonSpec, SelectSpec
from table.ids import ButtonId, template
from table.service import Snapshot

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
SPOT = "sp"  # shipyard pick: a spot (menu: `RI.D7` or `D7`) or another way (button) -> preview
WHOLE = "yd"  # preview: build, place and pip in one move (`RI.D7.1f.D8`; button or menu)
FREE = "fc"  # shipyard pick: the free choice menu (`die.face`), a move
TWEAK = "tw"  # tweak: a menu of whole manipulations (`top2.reroll.D5`), a move
FILL = "fl"  # fill: a menu of both dice's boxes at once (`top1.bot3`), a move
FREE_STEP = "fs"  # crowded shipyard pick: the button that shows the free choice menu
MOVE = "mv"  # a menu of moves (said with the jump; two consequences' pairs), each named by
# its payload digest among the trucker's legal moves
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


def st_id(snap: Snapshot, verb: str, payload: str = "") -> str:
    return StId(
        verb, snap.session_id, snap.version, payload, snap.button_tag, snap.game_tag
    ).encode()


def act_id(snap: Snapshot, action: Model) -> str:
    return presenters.action_id(snap, action)


def header(snap: Snapshot) -> str:
    return f"**Your sheet** · {snap.spec.title} · game #{snap.session_id} (only you see this)"


def own_view(snap: Snapshot, viewer: PlayerId) -> SpaceTruckinView:
    view: SpaceTruckinView = snap.view(viewer)
    return view


def rows(groups: Sequence[Sequence[ButtonSpec]], tail: Sequence[ButtonSpec]) -> list[ButtonSpec]:
    """Each group starts a new row (at most 5 to a row); `tail` goes on the last row.

    When the groups need more than the four rows above the tail, rows are dropped (caller
    caps groups so this does not happen in play) and every button flows automatically."""
    placed: list[ButtonSpec] = []
    row = 0
    for group in groups:
        for start in range(0, len(group), PER_ROW):
            for spec in group[start : start + PER_ROW]:
                placed.append(on_row(spec, row))
            row += 1
    if row > MENU_ROWS:
        flowing = [on_row(s, None) for s in placed][: presenters.MAX_BUTTONS - len(tail)]
        return [*flowing, *(on_row(s, None) for s in tail)]
    return [*placed, *(on_row(s, row) for s in tail)]


Option = tuple[str, str, str]
"""A menu option: its label, value and description."""


def packed(
    snap: Snapshot, verb: str, options: Sequence[Option], first: int = 0
) -> list[SelectSpec]:
    """Options 25 to a menu, each menu on its own row from `first`, named by what it holds."""
    menus = []
    for index in range(0, len(options), MENU_SIZE):
        chunk = tuple(options[index : index + MENU_SIZE])
        span = chunk[0][0] if len(chunk) == 1 else f"{chunk[0][0]} … {chunk[-1][0]}"
        custom_id = st_id(snap, verb, f"m{index // MENU_SIZE}")  # ids differ per message
        menus.append(SelectSpec(custom_id, span[:150], chunk, first + index // MENU_SIZE))
    return menus


def on_row(spec: ButtonSpec, row: int | None) -> ButtonSpec:
    return ButtonSpec(spec.label, spec.custom_id, spec.style, row, spec.disabled)


Labeller = Callable[[Model], str]


def buttons_for(
    snap: Snapshot,
    actions: Sequence[Model],
    style: str = "secondary",
    label: Labeller | None = None,
) -> list[ButtonSpec]:
    """A button per action, named by `label` (default: the game's own description)."""
    name = label or snap.spec.describe
    return [ButtonSpec(name(a), act_id(snap, a), style) for a in actions]


def by_kind(
    snap: Snapshot, actions: Sequence[Model], label: Labeller | None = None
) -> list[list[ButtonSpec]]:
    groups: dict[str, list[Model]] = {}
    for action in actions:
        groups.setdefault(str(getattr(action, "kind", "")), []).append(action)
    return [buttons_for(snap, group, label=label) for group in groups.values()]
