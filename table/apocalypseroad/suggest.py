"""⚡ The suggested activation (issue 26): one pick plays a whole activation.

When a player's hand asks for a card, the car the bot would activate in their seat offers,
first in its menu, the activation the bot would play there: its card, its move's result and
its shot, named as the move menu names that result. One pick plays it (`ar:pl` with a `⚡`
value), so an activation the player agrees with is two taps from the board (🂠 the hand, the
pick) instead of three (the card, then the result). Nothing hidden is read: the bot weighs
the player's own cards and the track (`games.apocalypseroad.policy.suggestion`), the same
move a stand-in would make for them.

The option's value is the action itself (`⚡card.lead|path|aim`), so the press plays exactly
what was shown, checked by the rules like any move; a path too long for Discord's 100
characters is not suggested (the menus still reach it).
"""

from __future__ import annotations

from games.apocalypseroad.choices import MoveResult
from games.apocalypseroad.data import RACE_CARDS
from games.apocalypseroad.model import ArState, ArView, PlayCard
from games.apocalypseroad.policy import suggestion
from games.engine import Model, PlayerId
from table.apocalypseroad.choose import (
    HOLD,
    NONE,
    OPTION_TEXT,
    card_words,
    parse_choice,
    result_option,
)
from table.apocalypseroad.ids import PLAY, ArId
from table.service import Snapshot

QUICK = "⚡"
"""Begins a car menu's value that plays a whole activation."""


def suggested(snap: Snapshot, viewer: PlayerId) -> tuple[PlayCard, MoveResult] | None:
    """The activation to suggest to `viewer` now, with its move's result (None: none)."""
    state = snap.state
    if not isinstance(state, ArState) or snap.outcome is not None:
        return None
    return suggestion(state, viewer)


def quick_value(action: PlayCard) -> str | None:
    """`⚡card.lead|path|aim` (aim: a car id, `h` hold fire, `-` nothing in reach); None when
    Discord would refuse it (over 100 characters) or it is no whole activation."""
    if action.path is None or action.target is not None:
        return None
    aim = HOLD if action.hold_fire else NONE if action.aim is None else str(action.aim)
    value = f"{QUICK}{action.card}.{int(action.ram_lead)}|{action.path}|{aim}"
    return value if len(value) <= OPTION_TEXT else None


def parse_quick(value: str, car: int) -> PlayCard | None:
    """The whole activation a `⚡` value names for car number `car`; None for any other value.
    Raises ValueError for a damaged one."""
    if not value.startswith(QUICK):
        return None
    play, _, choice = value.removeprefix(QUICK).partition("|")
    card, lead = play.split(".")
    path, aim, hold = parse_choice(choice)
    return PlayCard(
        card=int(card), car=car, ram_lead=lead == "1", path=path, aim=aim, hold_fire=hold
    )


def quick_option(
    view: ArView, action: PlayCard, result: MoveResult
) -> tuple[int, tuple[str, str, str]] | None:
    """(car number, the menu option) of the suggested activation: "⚡ <card> · <result> · then
    fire at <car>", described as the move menu describes that result."""
    value = quick_value(action)
    if value is None:
        return None
    labels = {c.id: c.label for c in view.cars}
    when = " (if still in reach after the event)" if RACE_CARDS[action.card].starburst else ""
    if action.aim is not None:
        after = f"then fire at {labels.get(action.aim, action.aim)}{when}"
    else:
        after = "then hold fire" if action.hold_fire else ""
    name = card_words(action.card) + (" as Lead" if action.ram_lead else "")
    label, _, description = result_option(view, result, "", after, labels, f"{QUICK} {name}")
    return action.car, (label, value, description)


def toward(action: Model) -> tuple[str, ...]:
    """The control that makes `action` at once (`GameTable.toward`): a whole activation's ⚡
    option in its car's menu."""
    if not isinstance(action, PlayCard):
        return ()
    value = quick_value(action)
    return () if value is None else (f"{ArId.PREFIX}:{PLAY}={value}",)


__all__ = ["QUICK", "parse_quick", "quick_option", "quick_value", "suggested", "toward"]
