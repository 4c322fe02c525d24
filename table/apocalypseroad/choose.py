"""One activation in three taps: 🃏 My hand, then one menu per car (a card, or a card with a
shot before moving), then the move in one menu, ranked best first, each option a whole result
with what the car does after it (fire at a car in reach, or hold fire). Two taps with the ⚡
suggested activation, first in one car's menu (`suggest.py`).

A card picked in a car's menu only redraws the hand (`ar:pl`), with the track around that car
and the card's results; picking a result plays the card, the move and the shot at once
(`ar:go`, a `PlayCard` with its path). A shot before moving is played at once (its dice and
hit or miss are told on the hand), then its move is one more menu (`ar:mv`). Option texts fit
Discord's 100 characters whole: what does not fit is counted ("+2 more"), never cut mid-word.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from games.apocalypseroad.choices import MoveResult
from games.apocalypseroad.data import CAR_TYPES, COMBAT_CARDS, RACE_CARDS, WEAPON_NAMES, card_name
from games.apocalypseroad.model import ArState, ArView, Attack, CardView, CarView, PlayCard
from games.engine import PlayerId
from render.apocalypseroad import render_apocalypseroad_preview
from render.apocalypseroad.extras import move_trails
from table.answers import ButtonSpec, Message, Picture, SelectSpec
from table.apocalypseroad.ids import (
    GO,
    HAND,
    MOVE,
    PLAY,
    act_id,
    ar_id,
    clip,
    header,
    looks,
    own_view,
)
from table.apocalypseroad.listings import pending_choices, planned_choices
from table.service import Snapshot

OPTION_TEXT = 100
"""Discord's limit on a select option's label and on its description."""
MENU_OPTIONS = 25
NONE = "-"
HOLD = "h"

CARD_WORDS = {
    "line": "links the cars ahead and behind",
    "pursuit": "pushes the cars ahead",
    "solo": "moves alone, may push ahead",
    "lead": "pulls the cars behind it",
    "overtake": "may leapfrog the car ahead",
    "ram": "stops behind a car and rams it",
}


def fit(parts: Sequence[str], limit: int = OPTION_TEXT) -> str:
    """`parts` joined by " · " as far as each fits whole, the rest counted ("+2 more")."""
    shown: list[str] = []
    for i, part in enumerate(parts):
        rest = len(parts) - i - 1
        more = f" · +{rest} more" if rest else ""
        trial = " · ".join([*shown, part])
        if len(trial + more) <= limit:
            shown.append(part)
            continue
        left = len(parts) - len(shown)
        tail = f"+{left} more"
        while shown and len(" · ".join([*shown, tail])) > limit:
            shown.pop()
            tail = f"+{len(parts) - len(shown)} more"
        return " · ".join([*shown, tail])
    return " · ".join(shown)


def spot(pos: tuple[int, int], *, short: bool = False) -> str:
    """Where a car stands, lanes counted from 1: "sector 9 lane 2" (short: "9/2")."""
    sector, lane = pos
    if sector >= 100:
        return f"grid row {sector - 100} lane {lane + 1}"
    return f"{sector}/{lane + 1}" if short else f"sector {sector} lane {lane + 1}"


def card_words(card: int) -> str:
    """`Diagonal Solo +3 ✴`: the card's own name, the starburst as a star."""
    return f"{card_name(card).removesuffix(' *')}{' ✴' if RACE_CARDS[card].starburst else ''}"


# --- the hand: one menu per car ----------------------------------------------------------------


def play_value(card: int, lead: bool, target: int | None) -> str:
    return f"{card}.{int(lead)}.{NONE if target is None else target}"


def parse_play(value: str) -> tuple[int, bool, int | None]:
    card, lead, target = value.split(".")
    return int(card), lead == "1", None if target == NONE else int(target)


def car_menus(
    snap: Snapshot,
    view: ArView,
    plays: Sequence[PlayCard],
    quick: tuple[int, tuple[str, str, str]] | None = None,
) -> tuple[SelectSpec, ...]:
    """One menu per car that may activate: each card (a Ram also as Lead), then each card with
    a shot before moving, so a car's whole first choice is one pick. A car beside more cars
    than a menu holds offers the shots first at the cars most worth one (`shot_order`): the
    others stay a typed `/apocalypseroad play fire_first:`. `quick`: (car number, option) of
    the ⚡ suggested activation (`suggest.py`), first in that car's menu."""
    labels = {c.id: c.label for c in view.cars}
    cards = {c.id: c for c in view.hand or ()}
    cars = {c.number: c for c in view.cars if c.owner == view.viewer}
    menus: list[SelectSpec] = []
    for number in sorted({a.car for a in plays}):
        car = cars.get(number)
        if car is None:
            continue
        mine = [a for a in plays if a.car == number]
        plain = [a for a in mine if a.target is None]
        shots = [a for a in mine if a.target is not None]
        targets = shot_order(view, car, {a.target for a in shots if a.target is not None})
        kinds = len({a.card for a in shots}) or 1
        kept = set(targets[: max(0, MENU_OPTIONS - len(plain)) // kinds])
        shots = sorted(
            (a for a in shots if a.target in kept), key=lambda a: targets.index(a.target or 0)
        )
        options = [_play_option(a, car, cards, labels) for a in (*plain, *shots)]
        kind = CAR_TYPES[number]
        placeholder = f"{car.label} ({kind.cls}, {where(car)}): play a card…"
        if quick is not None and quick[0] == number:
            options.insert(0, quick[1])
            placeholder += " (⚡ suggested first)"
        cid = ar_id(snap, PLAY, str(number))
        menus.append(SelectSpec(cid, placeholder, tuple(options[:MENU_OPTIONS]), len(menus)))
    return tuple(menus)


def shot_order(view: ArView, shooter: CarView, targets: set[int]) -> list[int]:
    """Targets, the ones most worth a shot first (as the bot weighs them: another team's car,
    the more damaged and the weaker its defense, the better)."""
    cars = {c.id: c for c in view.cars}

    def worth(target: int) -> tuple[bool, int, int]:
        car = cars[target]
        value = car.damage * 2 + (6 if car.damage >= 4 else 0) - car.defense
        return (car.team == shooter.team, -value, target)

    return sorted((t for t in targets if t in cars), key=worth)


def _play_option(
    action: PlayCard, car: CarView, cards: dict[int, CardView], labels: dict[int, str]
) -> tuple[str, str, str]:
    card = cards.get(action.card)
    speed = card.speed if card is not None else RACE_CARDS[action.card].speed
    name = card_words(action.card) + (" as Lead" if action.ram_lead else "")
    words = CARD_WORDS[RACE_CARDS[action.card].movement]
    value = play_value(action.card, action.ram_lead, action.target)
    if action.target is None:
        return (f"{name} · {car.base_mp + speed} MP", value, f"{words}; then pick the move")
    target = labels.get(action.target, str(action.target))
    label = f"🔫 {name}: fire at {target} first"
    return (label, value, "shoot before moving (once this activation), then pick the move")


def where(car: CarView) -> str:
    """Where a car is, in the words of its menu: "on the grid", "sector 9 lane 2"."""
    if car.place == "grid":
        return "on the grid"
    if car.place == "chute":
        return "in the Chute"
    if car.place == "off":
        return f"off track at {car.sector}"
    return spot((car.sector, car.lane))


# --- the move: one menu of whole results -------------------------------------------------------


class Choice(Protocol):
    """A listed result and the cars in reach after it (`MoveChoice`, `listings.Listed`)."""

    @property
    def result(self) -> MoveResult: ...

    @property
    def targets(self) -> tuple[int, ...]: ...


def choice_options(
    view: ArView, choices: Sequence[Choice], *, aims: bool, after_event: bool
) -> list[tuple[str, str, str]]:
    """Each result (best first) as options whose value is `path|aim`: with `aims`, a result
    after which cars are in reach is offered as "then fire at <the best>" and "hold fire"
    first, and the other aims after every result has its first two. Results beyond those
    that fill the menu are not read (nor the cars in reach after them worked out)."""
    labels = {c.id: c.label for c in view.cars}
    # A value Discord would refuse (a very long path) is left to the step-by-step builder;
    # results that read the same (label and description) are one choice to a player: the
    # best-ranked stands for them, a first option before any later one.
    told: set[tuple[str, str]] = set()

    def offered(option: tuple[str, str, str]) -> bool:
        label, value, description = option
        if len(value) > OPTION_TEXT or (label, description) in told:
            return False
        told.add((label, description))
        return True

    first: list[tuple[int, tuple[str, str, str]]] = []
    later: list[tuple[int, tuple[str, str, str]]] = []
    for rank, choice in enumerate(choices):
        if len(first) >= MENU_OPTIONS:
            break  # the menu is full of first options: no later one would be shown
        result = choice.result
        reach = choice.targets if aims else ()
        if not reach:
            options = [result_option(view, result, NONE, "", labels)]
        else:
            when = " (if still in reach after the event)" if after_event else ""
            shots = [(str(t), f"then fire at {labels.get(t, t)}{when}") for t in reach]
            (aim, words), others = shots[0], shots[1:]
            options = [
                result_option(view, result, aim, words, labels),
                result_option(view, result, HOLD, "then hold fire", labels),
            ]
            later += [(rank, result_option(view, result, a, w, labels)) for a, w in others]
        first += [(rank, option) for option in options if offered(option)]
    later = [item for item in later if offered(item[1])]
    picked = first[:MENU_OPTIONS]
    picked += later[: MENU_OPTIONS - len(picked)]
    return [option for _, option in sorted(picked, key=lambda item: item[0])]


def result_option(
    view: ArView,
    result: MoveResult,
    aim: str,
    after: str,
    labels: dict[int, str],
    first: str = "",
) -> tuple[str, str, str]:
    """A result as a menu option (label, `path|aim`, description); `first` begins its label."""
    mover = labels.get(result.mover, str(result.mover))
    head = [*([first] if first else []), f"{mover} to {spot(result.end)}"]
    for car, direction in result.crossings:
        way = "crosses the line +1 VP" if direction > 0 else "backs over the line -1 VP"
        head.append(f"{labels.get(car, car)} {way}")
    if result.stop is not None and result.other is not None:
        what = {"ram": "rams", "crossover": "collides with", "suppressed_ram": "stops behind"}
        head.append(f"{what.get(result.stop, result.stop)} {labels.get(result.other, '?')}")
    if after:
        head.append(after)
    others = [
        f"{labels.get(car, car)} to {spot(pos, short=True)}"
        for car, pos in result.moved
        if car != result.mover
    ]
    own = [p for p in others if p[0] == mover[0]]
    rest = [p for p in others if p[0] != mover[0]]
    description = fit([*own, *rest]) if others else "no other car moves"
    return (fit(head), f"{result.path}|{aim}", description)


def parse_choice(value: str) -> tuple[str, int | None, bool]:
    """`path|aim` -> (path, aim car id, hold fire)."""
    path, _, aim = value.partition("|")
    if aim == HOLD:
        return path, None, True
    return path, None if aim in ("", NONE) else int(aim), False


def planned_board(snap: Snapshot, viewer: PlayerId, card: int, car: int, lead: bool) -> Message:
    """A card picked for a car: the track around it with the best result drawn, and the
    results in one menu; one pick plays the card, the move and what follows."""
    state = snap.state
    assert isinstance(state, ArState)
    view = own_view(snap, viewer)
    plan, choices = planned_choices(snap, state, viewer, card, car, lead)
    act = plan.activation
    assert act is not None
    starburst = RACE_CARDS[card].starburst
    options = choice_options(view, choices, aims=True, after_event=starburst)
    label = next((c.label for c in view.cars if c.id == act.car), str(car))
    name = card_words(card) + (" as Lead" if lead else "")
    payload = f"{card}.{car}.{int(lead)}"
    menu = SelectSpec(ar_id(snap, GO, payload), f"Move {label}: pick a result…", tuple(options), 0)
    build = ButtonSpec(
        "🛠 Play the card, then build the move",
        act_id(snap, PlayCard(card=card, car=car, ram_lead=lead)),
    )
    back = ButtonSpec("◀ Back", ar_id(snap, HAND))
    event = " A movement event is drawn after the move (✴)." if starburst else ""
    content = (
        f"{header(snap)}\n➡️ **{label}** plays **{name}** ({act.mp} MP). Pick the move below, "
        f"best first: one pick plays the card, the move and the shot after it.{event}"
    )
    top = choices[0].result.path if choices else ""
    image = preview_picture(snap, viewer, view, plan, top, f"{label} · {name} · {act.mp} MP")
    buttons = tuple(
        ButtonSpec(b.label, b.custom_id, b.style, 1, b.disabled)
        for b in (build, back, *looks(snap))
    )
    return Message(
        clip(content),
        image,
        f"choose-{snap.session_id}-{snap.version}.png",
        buttons,
        selects=(menu,),
    )


def pending_menu(
    snap: Snapshot, viewer: PlayerId, view: ArView, state: ArState
) -> tuple[SelectSpec, Picture] | None:
    """The pending move's results in one menu (after a shot before moving, a High Flyer...),
    and the track around it with the best one drawn."""
    act = state.activation
    if act is None or act.stage != "move":
        return None
    choices = pending_choices(snap, state)
    options = choice_options(view, choices, aims=False, after_event=False)
    if not options:
        return None
    label = next((c.label for c in view.cars if c.id == act.mover), "the car")
    menu = SelectSpec(ar_id(snap, MOVE), f"Move {label}: pick a result…", tuple(options), 0)
    title = f"{label} · {act.mp} MP"
    return menu, preview_picture(snap, viewer, view, state, choices[0].result.path, title)


def preview_picture(
    snap: Snapshot, viewer: PlayerId, view: ArView, state: ArState, path: str, title: str
) -> Picture:
    """The track around the move with `path` drawn (the best result, when choosing)."""
    trails = move_trails(state, path) if path else {}
    return Picture(
        "preview",
        snap.spec.key,
        snap.session_id,
        render_apocalypseroad_preview,
        (view, trails),
        {"title": title, "notes": ["The best result is drawn; the menu lists them all"]},
        viewer=viewer,
        alt=f"The track around your move, {title}, with the best result drawn",
    )


# --- shots, told to the shooter ----------------------------------------------------------------


def shot_lines(view: ArView) -> list[str]:
    """The viewer's own car's attacks in the last action, with their card and hit or miss."""
    last = view.last
    if last is None or last.player != view.viewer:
        return []
    cars = {c.id: c for c in view.cars}
    return [_shot(attack, cars) for attack in last.attacks if attack.attacker == last.car]


def _shot(attack: Attack, cars: dict[int, CarView]) -> str:
    shooter, target = cars.get(attack.attacker), cars.get(attack.target)
    who = shooter.label if shooter else "your car"
    whom = target.label if target else "the target"
    if attack.kind != "fire":
        result = f"{attack.damage} damage to {whom}" if attack.hit else "no damage"
        return f"💥 {who} {'rams' if attack.kind == 'ram' else 'sideswipes'} {whom}: {result}"
    value = COMBAT_CARDS[attack.card].value
    bonus = " +1 aim" if shooter is not None and shooter.targeting else ""
    defense = CAR_TYPES[target.number].defense if target is not None else "?"
    weapon = WEAPON_NAMES[shooter.weapon] if shooter is not None else "gun"
    outcome = f"**hit**, {attack.damage} damage" if attack.hit else "**miss**"
    card = f"combat card {value}{bonus} vs defense {defense}"
    return f"🎲 {who} fires its {weapon} at {whom}: {card}: {outcome}"


__all__ = [
    "car_menus",
    "choice_options",
    "fit",
    "parse_choice",
    "parse_play",
    "pending_menu",
    "planned_board",
    "shot_lines",
]
