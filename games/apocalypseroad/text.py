"""Words for players: action labels, the board in plain lines, and the rules text."""

from __future__ import annotations

from games.apocalypseroad.data import (
    EVENT_COUNTS,
    EVENT_NAMES,
    RACE_LENGTHS,
    STARTING_CARS,
    TEAM_MAT,
    WEAPON_NAMES,
    card_name,
)
from games.apocalypseroad.model import (
    Action,
    ArView,
    Debris,
    Discard,
    EventChoice,
    Fire,
    Move,
    PickCars,
    PlayCard,
)


def describe(action: Action) -> str:
    match action:
        case PlayCard():
            text = f"{card_name(action.card)} for car {action.car}"
            if action.ram_lead:
                text += " (ram as Lead)"
            if action.target is not None:
                text += f", firing first at {car_label(action.target)}"
            if action.path is not None:
                text += f", moving {action.path or '(no steps)'}"
            if action.aim is not None:
                text += f", then firing at {car_label(action.aim)}"
            elif action.hold_fire:
                text += ", then holding fire"
            return text
        case Move():
            return f"move: {action.path}" if action.path else "don't move"
        case Fire():
            return "hold fire" if action.target is None else f"fire at {car_label(action.target)}"
        case EventChoice():
            return _choice(action.choice)
        case Discard():
            if not action.cards:
                return "keep every card"
            return "discard " + ", ".join(card_name(c) for c in action.cards)
        case Debris():
            return f"debris damage to car {action.car}"
        case PickCars():
            cars = ", ".join(str(n) for n in action.cars)
            if action.cars in STARTING_CARS.values():
                return f"standard set: cars {cars}"
            return f"race cars {cars}"
    raise AssertionError(f"unknown action {action!r}")


def car_label(car_id: int) -> str:
    """The car as players read it: team letter and car number ("C4")."""
    return f"{'ABCDEFGHIJ'[car_id // 10]}{car_id % 10}"


def _choice(choice: str) -> str:
    if choice.startswith("bump:"):
        _, car, sector, lane = choice.split(":")
        return f"bump {car_label(int(car))} to sector {sector} lane {int(lane) + 1}"
    if choice.startswith("road:"):
        _, sector, lane = choice.split(":")
        return f"open road to sector {sector} lane {int(lane) + 1}"
    return (
        {"swap": "swap places", "skip": "skip it", "in": "move inside", "out": "move outside"}[
            choice
        ]
        if choice in ("swap", "skip", "in", "out")
        else choice
    )


def where(place: str, sector: int, lane: int) -> str:
    """A car's spot in words ("sector 12 lane 1", "grid row 3 lane 1", "the Chute"): lanes
    count from 1 (the inside lane), as the hand's buttons and the track's labels do."""
    if place == "grid":
        return f"grid row {sector - 100} lane {lane + 1}"
    if place == "chute":
        return "the Chute"
    if place == "off":
        return f"off the track at sector {sector}"
    return f"sector {sector} lane {lane + 1}"


def text_board(v: ArView) -> str:
    lines = [f"{v.track_name}, turn {v.turn}. {v.prompt.text}."]
    first = next(t for t in v.teams if t.first)
    clock = "stopped" if v.clock_stopped else "running"
    lines.append(f"First player: {first.name}. Countdown clock {clock}.")
    for t in v.teams:
        cars = [c for c in v.cars if c.team == t.seat and c.place != "destroyed"]
        parts = ", ".join(
            f"{c.label} {where(c.place, c.sector, c.lane)} dmg {c.damage}"
            + (" (moved)" if c.activated else "")
            for c in cars
        )
        lines.append(
            f"{t.letter} {t.name}: {t.scored} of {t.goal} VP scored (needs {t.pool}), "
            f"{t.hand_size} cards. {parts}"
        )
    if v.last is not None and v.last.event:
        lines.append(f"Last event: {EVENT_NAMES[v.last.event]}.")
    if v.outcome is not None:
        lines.append(v.outcome.reason + ".")
    return "\n".join(lines)


def _standard_sets() -> str:
    return (
        f"cars {', '.join(str(n) for n in STARTING_CARS[5])} with 2-4 players, "
        f"{', '.join(str(n) for n in STARTING_CARS[4])} with 5-10"
    )


RULINGS: tuple[str, ...] = (
    "Take-backs: none. A played card leaves a private hand, and moves draw event and "
    "combat cards, so every move stands.",
    "[R] Team mat (digest 4.3a): every team has the same 8 cars: "
    + "; ".join(
        f"car {c.number} {c.cls} {c.base_mp} MP, defense {c.defense}, "
        f"{WEAPON_NAMES[c.weapon]} {c.mount}{', Targeting Bonus' if c.targeting else ''}"
        for c in TEAM_MAT
    )
    + ".",
    "Each team has 8 cars (80 car tokens over 10 team mats); three weapon types are used "
    "(Machine Gun, Auto-cannon, Missile).",
    "[R] Combat deck (digest 4.3b): 48 cards, hit values 0 x8, 1 x12, 2 x16, 3 x12, with damage "
    "per weapon and a collision section; the combat deck is reshuffled when empty.",
    "[R] The starburst (a movement event after moving) is on every +4, +5 and +6 race card.",
    "[R] The race deck is the 92 cards of the printed table (the component list says 96); "
    "the option work_the_pack adds 4 'Work the Pack' cards (+3, moving as Overtake). No race "
    "card carries instructions.",
    "[R] Tracks (digest 4.3e): the 36-sector Wasteland Oval and the figure-8 Wasteland Eight, "
    "with a 40-space grid joining at sector 2 and the Chute beside sector 0.",
    "[R] A simultaneous prompt left unanswered when the clock runs out: you keep all your "
    "cards (discard), or the damage goes to your least-damaged car (Dangerous Debris).",
    "Countdown (11.4): once a turn after drawing, from turn 2 on, every player removes 1 VP "
    "from their own pool (here: every team scores 1 VP); once any team needs just 1 more VP "
    "the clock stops for good.",
    "Scores are shown as VP scored of the goal (12, or 15 in a long race): the rules' pool "
    "counts down, so 'needs N' is what is left in it.",
    "A crossing scores for the car's owner, whoever's card moved it; a car pushed back over "
    "the line returns 1 VP, and scores again only when it recrosses after that.",
    "Engine Failure and Transmission Failure are the same: +1 damage with 0-1 damage "
    "already, +2 with 2 or more.",
    "Missed Jump has no 'no VP' clause: a kill by it scores for the active player.",
    "Sideswipe into your own car, or with no lane beside: nothing happens.",
    "Shot of NOS: the drawn race card's speed only (no base MP), moved as Solo.",
    "A diagonal step costs 1 MP into an empty space. Into an occupied space it is a Lateral "
    "Displacement, as a lateral step would be ('Cars are never blocked'): 2 MP, the car there "
    "is pushed one lane the same way (forward from the wall or apron); never inside the "
    "crossover or on Rough or Jump track.",
    "The Chute is mandatory and immediate; cars in it stack.",
    "A Ram (after a kill, or Bulldoze) ends the movement; a Ram card moves as Solo or Lead, "
    "as the active player chooses.",
    "Crossover blocking beats 'cars are never blocked'. The car that would enter a square "
    "barred by a perpendicular car collides: the active car, or the front car of the line "
    "it pushes (that car and the blocker take 1 damage each, nothing moves). A Ram card "
    "may ram a perpendicular car (a collision attack; Bulldoze is ignored there). A "
    "Sideswipe onto a barred square is a crossover collision, not a collision attack.",
    "Open Road: the car runs forward (changing lanes on paved track only, never through a "
    "barred crossover square) to a space directly behind the next car ahead, or, if every "
    "crossover lane ahead is barred, just before the blockers.",
    "First player: the most damage on cars still racing (Chute and off-track included).",
    "Lead followers trail the active car's path like a snake.",
    "Where lanes converge, the active player picks which lane's cars are linked behind "
    "(B0-B2 in a path; by default the active car's own lane); where the line pushed ahead "
    "reaches a split, the active player picks its lane (F0-F3; by default the lane number "
    "of the space the active car moves into).",
    "Any car standing on a crossover square blocks the perpendicular lanes. A crossover "
    "collision ends the movement (remaining MP lost); the starburst event and firing after "
    "moving still follow, as after a ram.",
    "No lane change, displacement, Sideswipe or sideways or diagonal Bump and Run on Rough or Jump "
    "track, except moving out of the Trough (and back onto the track after a spin).",
    "Bulldoze on a Sideswipe: the two cars swap spaces.",
    "An active car eliminated during its own activation counts as activated: its "
    "replacement enters the Chute already flipped, and its activation ends.",
    "Race Bonus and Bounty apply independently (2 VP per crossing / per kill).",
    "A move that can't spend its last MP (no legal step left) ends there.",
    "Targets are by position (8.1): you may fire at any adjacent car in your arc, your own "
    "included, and a Spray hits every car beside the target that you could have targeted, "
    "yours too (8.5). Eliminating your own car scores nobody.",
    "The race ends the instant a pool empties (5.5, 11.5): a move stops on the step whose "
    "crossing claimed the last VP, and the cars stand where they were at that moment.",
    "Choosing cars (3.0): before the race every player picks their 5 cars (4 with 5-10 "
    "players) of 8, in the order they go into the grid bag. The standard set is one tap: "
    + _standard_sets()
    + ". The bot races the standard set, and so does a player whose clock runs out. The "
    "host may skip the pick (option pick_cars off): every team races the standard set.",
)

PLAYING_HERE = (
    "press **My hand** for your cards (only you see them) and pick a card in the menu of the "
    "car that plays it (🔫: fire first; a Ram also as Lead); the track around that car shows "
    "the best move, and one pick in the move menu (best first, each result with where every "
    "car ends, then fire at a car in reach or hold fire) plays the card, the move and the "
    "shot: three taps. Two with ⚡: first in one car's menu, the activation the bot would "
    "play in your seat (its card, its move and its shot, told in full) plays whole in one "
    "pick. Or build the move step by step (F forward, F0-F3 a lane where it "
    "splits, L/R lateral, DL/DR diagonal, X overtake, undo). A chosen shot whose car is out "
    "of reach after a movement event is asked again. Discards and Dangerous Debris are "
    "asked of everyone at once. When you have only one move (a Sideswipe with room on one "
    "side, one car left for Dangerous Debris, a move that can end in one place only), the "
    "table makes it for you at once and the turn message says so. Typed: "
    "`/apocalypseroad hand`, `play`, `move`, `fire`, `discard`, `debris`, `track`. Options: "
    "track (oval, figure8), long_race (15 VP to win instead of 12: "
    + RACE_LENGTHS
    + "), work_the_pack (4 more race cards), "
    "pick_cars (on: every player picks their cars before the race, the standard set in one "
    "tap; off: every team races the standard set, "
    + _standard_sets()
    + "; replacements enter the Chute in a fixed order). No take-backs: hands are private."
)


def _rules_text() -> str:
    events = ", ".join(f"{EVENT_NAMES[k]} x{n}" for k, n in EVENT_COUNTS.items())
    return (
        "**Apocalypse Road** — race your team round the track: +1 VP each time one of your "
        "cars crosses the finish line (whoever's card moved it), +1 VP when you eliminate "
        "another team's car on your activation. Score 12 VP (15 in a long race) to win at "
        "once. How long: " + RACE_LENGTHS + ".\n\n"
        "**Turn**: fill hands to 6; from the first player round the table, each player "
        "plays one race card for one unactivated car (MP = card speed + the car's base MP, "
        "all spent; pushing, lateral displacement for 2 MP, lines and leads as the card "
        "says) and may fire once, before or after moving, at an adjacent car in its arc "
        "(hit if the combat card's value, +1 with a Targeting Bonus, is at least the "
        "target's defense). Starburst cards draw a movement event after moving. End of turn: "
        "discard; the First Player marker goes to the most damaged team (not the holder). "
        "From turn 2 every team scores 1 VP a turn (the countdown) until some team needs "
        "just 1 more.\n\n"
        f"**Movement events**: {events}.\n\n"
        "**Playing here**: "
        + PLAYING_HERE
        + "\n\n**Rulings**\n"
        + "\n".join(f"- {r}" for r in RULINGS)
    )


RULES_TEXT = _rules_text()
