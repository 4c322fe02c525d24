"""Apocalypse Road custom_ids (`ar:`) and the small pieces every private message uses.

`ar:` ids are first steps of a choice (a card picked in the hand menu, a car, a move step, a
card marked for discard): they only redraw the private message, and carry the draft in their
payload, so a draft needs no memory and survives a restart. The last step is an ordinary
action button (`rl:a:`), bound to the viewer's view tag.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.apocalypseroad.model import ArView
from games.engine import Model, PlayerId
from table import messages as presenters
from table.answers import ButtonSpec
from table.ids import ButtonId, template
from table.service import Snapshot

PER_ROW = 5
ROWS = 5

# Verbs of the `ar:` custom_ids (they redraw or answer privately, never move a car)
HAND = "hand"  # the hand message again (Back / Cancel)
CARD = "card"  # hand menu: the card picked (value) -> which car plays it
CAR = "car"  # `card.car`: the ways to play that card with that car (fire first, Lead ram)
STEP = "step"  # the move builder with this draft path
OPTION = "opt"  # `index`: preview one of the distinct results of the pending move
DISCARD = "dis"  # the end-of-turn discard with these hand positions marked (`135`)
TRACK = "trk"  # the whole track, privately
PICK = "pick"  # the pick phase before the race: the cars chosen so far, in bag order
PLAY = "pl"  # `car`: a car's menu (value `card.lead.target`): the move menu, or fire first
GO = "go"  # `card.car.lead`: the move menu (value `path|aim`): plays card, move and shot
MOVE = "mv"  # the pending move's menu (value `path|`): plays the move


class ArId(ButtonId):
    """A decoded `ar:<verb>:<session>:<version>[~tag]:<payload>` custom_id."""

    PREFIX = "ar"
    TEMPLATE = template("ar", "[A-Za-z0-9.+ -]*")


def ar_id(snap: Snapshot, verb: str, payload: str = "") -> str:
    return ArId(
        verb, snap.session_id, snap.version, payload, snap.button_tag, snap.game_tag
    ).encode()


def ar_or_none(snap: Snapshot, verb: str, payload: str = "") -> str | None:
    try:
        return ar_id(snap, verb, payload)
    except ValueError:  # too long for a custom_id (a very long path): type it instead
        return None


def act_id(snap: Snapshot, action: Model) -> str:
    return presenters.action_id(snap, action)


def own_view(snap: Snapshot, viewer: PlayerId) -> ArView:
    view: ArView = snap.view(viewer)
    return view


def looks(snap: Snapshot) -> list[ButtonSpec]:
    """Whole track and Show board, as a private message offers them: each redraws that very
    message (its way back to the hand is on it), so looking sends no other message."""
    return [ButtonSpec("🗺 Whole track", ar_id(snap, TRACK)), presenters.board_in_place_button(snap)]


def header(snap: Snapshot) -> str:
    return f"**Your hand** · {snap.spec.title} · game #{snap.session_id} (only you see this)"


def clip(text: str, limit: int = 1900) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def on_row(spec: ButtonSpec, row: int | None) -> ButtonSpec:
    return ButtonSpec(spec.label[:80], spec.custom_id, spec.style, row, spec.disabled)


def rows(
    groups: Sequence[Sequence[ButtonSpec]], tail: Sequence[ButtonSpec], *, first: int = 0
) -> tuple[ButtonSpec, ...]:
    """Each group starts a new row (at most 5 to a row) from row `first`; `tail` goes on the
    row after them. Rows beyond Discord's five are dropped (callers keep groups small)."""
    placed: list[ButtonSpec] = []
    row = first
    last = ROWS - (1 if tail else 0)
    for group in groups:
        for start in range(0, len(group), PER_ROW):
            if row >= last:
                break
            placed.extend(on_row(spec, row) for spec in group[start : start + PER_ROW])
            row += 1
    seen: set[str] = set()
    out: list[ButtonSpec] = []
    for spec in [*placed, *(on_row(s, min(row, ROWS - 1)) for s in tail)]:
        if spec.custom_id in seen:
            continue  # Discord refuses two components with one id
        seen.add(spec.custom_id)
        out.append(spec)
    return tuple(out)
