"""Apocalypse Road private messages: the hand, the fire, event and debris answers, and the
end-of-turn discard.

An activation is two picks on the hand (`choose.py`): a card in the menu of the car that plays
it (or a card with a shot first), then the whole move in one menu. The older card-then-car
steps (`car_board`, `how_board`) still answer buttons drawn before them. Every first step only
redraws this message (`ar:` ids); the last one plays through `Host.play`.
"""

from __future__ import annotations

from games.apocalypseroad.data import CAR_TYPES, RACE_CARDS, WEAPON_NAMES, cars_per_team
from games.apocalypseroad.model import (
    ArView,
    CardView,
    Discard,
    PickCars,
    PlayCard,
)
from games.engine import Model, PlayerId
from table import messages as presenters
from table.answers import ButtonSpec, Message, Picture
from table.apocalypseroad.choose import car_menus, shot_lines, where
from table.apocalypseroad.ids import (
    CAR,
    CARD,
    DISCARD,
    HAND,
    PICK,
    ROWS,
    act_id,
    ar_id,
    clip,
    header,
    looks,
    own_view,
    rows,
)
from table.apocalypseroad.moves import move_board
from table.apocalypseroad.suggest import QUICK, quick_option, suggested
from table.service import Snapshot
from table.waiting import nothing_to_do


def filename(snap: Snapshot) -> str:
    return f"hand-{snap.session_id}-{snap.version}.png"


def card_label(index: int, card: CardView) -> str:
    """`3. Diagonal Solo +3 ✴`: the card's own name, the starburst as a star."""
    return f"{index}. {card.name.removesuffix(' *')}{' ✴' if card.starburst else ''}"


def hand_board(snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None) -> Message:
    """The private hand: the image (cards and team mat), what to do, menus and buttons."""
    view = own_view(snap, viewer)
    if snap.outcome is not None or not snap.record.is_live:
        status = presenters.turn_line(snap)
        return Message(f"{header(snap)}\n{status}", image, filename(snap), rows([], looks(snap)))
    lone = snap.forced_move(viewer)
    if lone is not None:  # played by the table at once: no button for a choice that is none
        status = f"↪️ Your only move ({snap.spec.describe(lone)}): the table plays it for you."
        return Message(f"{header(snap)}\n{status}", image, filename(snap), rows([], looks(snap)))
    if viewer not in snap.active_players:
        waiting = [t.name for t in view.teams if t.player in view.prompt.players]
        status = "\n".join([*shot_lines(view), nothing_to_do(waiting)])
        return Message(f"{header(snap)}\n{status}", image, filename(snap), rows([], looks(snap)))
    kind = view.prompt.kind
    if kind == "play":
        return _play_board(snap, view, image)
    if kind == "move":
        return move_board(snap, viewer, view, image, "")
    if kind == "discard":
        return discard_board(snap, viewer, image, "")
    if kind == "pick":
        return pick_board(snap, viewer, image, "")
    actions = list(snap.legal_actions(viewer))
    buttons = [ButtonSpec(snap.spec.describe(a), act_id(snap, a), _style(a)) for a in actions]
    content = "\n".join([header(snap), *shot_lines(view), f"➡️ {view.prompt.text}"])
    return Message(clip(content), image, filename(snap), rows([buttons[:20]], looks(snap)))


def _style(action: Model) -> str:
    kind = getattr(action, "kind", "")
    target = getattr(action, "target", 0)
    if kind == "fire" and target is None:
        return "secondary"
    return "primary"


def _play_board(snap: Snapshot, view: ArView, image: bytes | Picture | None) -> Message:
    """Your card: one menu per car that may activate (a card, or a card with a shot first)."""
    assert view.viewer is not None
    plays = [a for a in snap.legal_actions(view.viewer) if isinstance(a, PlayCard)]
    found = suggested(snap, view.viewer)
    quick = None if found is None else quick_option(view, *found)
    menus = car_menus(snap, view, plays, quick)
    lines = [
        header(snap),
        *shot_lines(view),
        f"➡️ {view.prompt.text}",
        "Pick a card in the menu of the car that plays it (🔫: fire before moving); "
        "then pick the move.",
    ]
    if quick is not None:
        mine = {c.number: c.label for c in view.cars if c.owner == view.viewer}
        car = mine.get(quick[0], str(quick[0]))
        lines.append(f"{QUICK} Or play the suggested activation whole: first in {car}'s menu.")
    content = "\n".join(lines)
    tail = looks(snap) if len(menus) < ROWS else []
    buttons = rows([], tail, first=len(menus))
    return Message(clip(content), image, filename(snap), buttons, selects=menus)


def plays_of(snap: Snapshot, viewer: PlayerId, card: int) -> list[PlayCard]:
    """Every way to play `card`. The rules list one card of each kind (movement, diagonal,
    speed): the same plays hold for every copy in the hand."""
    kind = _kind(card)
    return [
        PlayCard(card=card, car=a.car, target=a.target, ram_lead=a.ram_lead)
        for a in snap.legal_actions(viewer)
        if isinstance(a, PlayCard) and _kind(a.card) == kind
    ]


def _kind(card: int) -> tuple[str, bool, int]:
    info = RACE_CARDS[card]
    return (info.movement, info.diagonal, info.speed)


def car_board(snap: Snapshot, viewer: PlayerId, card: int) -> Message:
    """Step 2: which car plays the card (only cars that may: not yet moved)."""
    view = own_view(snap, viewer)
    chosen = next((c for c in view.hand or () if c.id == card), None)
    plays = plays_of(snap, viewer, card)
    numbers = sorted({a.car for a in plays})
    cars = {c.number: c for c in view.cars if c.owner == viewer}
    buttons = []
    for number in numbers:
        car = cars.get(number)
        if car is None:
            continue
        mp = car.base_mp + (chosen.speed if chosen is not None else 0)
        buttons.append(
            ButtonSpec(
                f"{car.label} · {where(car)} · {mp} MP",
                ar_id(snap, CAR, f"{card}.{number}"),
                "primary",
            )
        )
    back = ButtonSpec("◀ Back", ar_id(snap, HAND))
    name = card_label(0, chosen)[3:] if chosen is not None else f"card #{card}"
    content = f"{header(snap)}\n➡️ play **{name}** with which car?"
    return Message(clip(content), buttons=rows([buttons[:20]], [back]))


def how_board(snap: Snapshot, viewer: PlayerId, card: int, number: int) -> Message:
    """Step 3: the ways to play that card with that car (fire first at a target, ram as Lead)."""
    view = own_view(snap, viewer)
    plays = [a for a in plays_of(snap, viewer, card) if a.car == number]
    labels = {c.id: c.label for c in view.cars}
    team = next((t for t in view.teams if t.player == viewer), None)
    letter = team.letter if team is not None else "?"
    kind = CAR_TYPES[number]
    plain: list[ButtonSpec] = []
    fire: list[ButtonSpec] = []
    for action in plays:
        ram = " as Lead" if action.ram_lead else ""
        if action.target is None:
            plain.append(
                ButtonSpec(
                    f"▶ Move{ram} (fire after, if you like)", act_id(snap, action), "success"
                )
            )
        else:
            target = labels.get(action.target, f"car {action.target}")
            fire.append(
                ButtonSpec(
                    f"🔫 Fire at {target} first, then move{ram}", act_id(snap, action), "danger"
                )
            )
    back = ButtonSpec("◀ Back", ar_id(snap, CARD, str(card)))
    content = (
        f"{header(snap)}\n➡️ **{letter}{number}** ({kind.cls}, {WEAPON_NAMES[kind.weapon]} "
        f"{kind.mount}): move now, or fire first (once per activation: before moving or "
        "after all of it)."
    )
    return Message(clip(content), buttons=rows([plain, fire[:15]], [back]))


def discard_board(
    snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None, marked: str
) -> Message:
    """End of turn: tap cards to mark them, then discard the marked ones (or keep them all)."""
    view = own_view(snap, viewer)
    hand = view.hand or ()
    picked = {int(c) for c in marked if c.isdigit() and 1 <= int(c) <= len(hand)}
    toggles: list[ButtonSpec] = []
    for i, card in enumerate(hand, start=1):
        now = picked ^ {i}
        payload = "".join(str(k) for k in sorted(now))
        mark = "🗑 " if i in picked else ""
        toggles.append(
            ButtonSpec(
                f"{mark}{card_label(i, card)}",
                ar_id(snap, DISCARD, payload),
                "danger" if i in picked else "secondary",
            )
        )
    cards = tuple(hand[i - 1].id for i in sorted(picked))
    confirm = [
        ButtonSpec(
            f"✅ Discard {len(cards)} card{'s' if len(cards) != 1 else ''}"
            if cards
            else "✅ Keep every card",
            act_id(snap, Discard(cards=cards)),
            "success",
        )
    ]
    content = (
        f"{header(snap)}\n➡️ End of turn: mark the cards you want to discard (you draw back up "
        "to 6 next turn), then confirm. Everyone answers at once."
    )
    return Message(clip(content), image, filename(snap), rows([toggles, confirm], looks(snap)))


def pick_board(
    snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None, order: str
) -> Message:
    """Before the race: the standard set in one tap (the rules' first legal pick), or tap cars
    in the order they go into the draw bag, then confirm."""
    view = own_view(snap, viewer)
    standard = next((a for a in snap.legal_actions(viewer) if isinstance(a, PickCars)), None)
    quick: list[ButtonSpec] = []
    if standard is not None:
        label = f"✅ Standard set: cars {', '.join(map(str, standard.cars))}"
        quick.append(ButtonSpec(label, act_id(snap, standard), "success"))
    needed = cars_per_team(len(view.teams))
    chosen = [int(c) for c in dict.fromkeys(order) if c in "12345678"][:needed]
    buttons: list[ButtonSpec] = []
    for kind in CAR_TYPES.values():
        n = kind.number
        place = f"#{chosen.index(n) + 1} " if n in chosen else ""
        rest = [c for c in chosen if c != n] if n in chosen else [*chosen, n]
        payload = "".join(str(c) for c in rest[:needed])
        aim = " +1 aim" if kind.targeting else ""
        label = (
            f"{place}{n} · {kind.cls} · MP {kind.base_mp} · def {kind.defense} · "
            f"{WEAPON_NAMES[kind.weapon]} {kind.mount}{aim}"
        )
        full = len(chosen) >= needed and n not in chosen
        buttons.append(
            ButtonSpec(
                label,
                ar_id(snap, PICK, payload),
                "primary" if n in chosen else "secondary",
                disabled=full,
            )
        )
    confirm: list[ButtonSpec] = []
    if len(chosen) == needed:
        action = PickCars(cars=tuple(chosen))
        confirm.append(
            ButtonSpec(
                f"✅ Race with {', '.join(map(str, chosen))}", act_id(snap, action), "success"
            )
        )
    content = (
        f"{header(snap)}\n➡️ Pick your {needed} cars of 8 for the race: the standard set in "
        "one tap, or tap cars in the order they go into the draw bag (tap again to drop one): "
        f"{len(chosen)} of {needed} chosen."
    )
    return Message(
        clip(content), image, filename(snap), rows([quick, buttons, confirm], looks(snap))
    )
