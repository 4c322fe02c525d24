"""Apocalypse Road told in words: the exact line of each kind of event, for whoever may read
it (`SPEC.narrate`, `SPEC.audience`), from live events and from their stored JSON form."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.data import card_name
from games.apocalypseroad.model import EventChoice, Fire, Move, PlayCard
from games.apocalypseroad.sim import Sim
from games.engine import Event, raw_event
from tests.games.apocalypseroad.helpers import (
    PLAYERS,
    base,
    combat_card,
    event_card,
    hand,
    moving,
    play,
    race_card,
    stack,
    turn_of,
    with_cars,
)

NAMES = {p.id: p.name for p in PLAYERS}


def public_lines(events: tuple[Event, ...]) -> list[str]:
    """What the public reads of these events, each told from its stored form."""
    raws = [raw_event(e) for e in events]
    return [SPEC.narrate(r, NAMES) for r in raws if SPEC.audience(r) is None]


def test_a_line_move_tells_where_every_car_of_the_line_ended() -> None:
    """4.5-5: "or forms a line with A, E and G" (A ahead; E and G linked behind): the line
    names the car pushed ahead and the cars linked behind, each with the space it ended on."""
    state = with_cars(
        base(),
        {
            1: {"sector": 5, "lane": 1},
            11: {"sector": 6, "lane": 1},
            13: {"sector": 4, "lane": 1},
            14: {"sector": 3, "lane": 1},
        },
    )
    state = moving(state, 0, 1, 2, movement="line", then=())
    _, events = play(state, 0, Move(path="F F"))
    assert public_lines(events)[0] == (
        "A1 moves to sector 7 lane 2; pushes B1 to sector 8 lane 2;"
        " B3 follows to sector 6 lane 2; B4 follows to sector 5 lane 2"
    )


def test_playing_a_card_names_the_card_and_the_mp() -> None:
    """Rule 7.1: MP = the race card's speed + the car's base MP; the card is public once
    played."""
    card = race_card("solo", 5)
    state = hand(turn_of(with_cars(base(), {1: {"sector": 5, "lane": 1}}), 0), 0, (card,))
    _, events = play(state, 0, PlayCard(card=card, car=1))
    assert public_lines(events)[0] == f"A1 plays {card_name(card)} (13 MP)"


def test_a_shot_names_the_weapon_the_combat_card_and_the_defense() -> None:
    """Rule 29: "the card's value (+1 with a Targeting Bonus) against the target's defense";
    car 1 is a Rabbit with a front Machine Gun, B1 a Rabbit of defense 2."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1}})
    state = stack(moving(state, 0, 1, 0, then=("fire",)), combat=(combat_card(3),))
    state = state.model_copy(
        update={"activation": state.activation.model_copy(update={"stage": "fire"})}  # type: ignore[union-attr]
    )
    _, events = play(state, 0, Fire(target=11))
    assert public_lines(events)[0] == (
        "A1 fires its Machine Gun at B1: combat card 3 against defense 2: hit"
    )


def test_the_movement_event_drawn_is_named_with_the_car_that_drew_it() -> None:
    """Rule 10: a starburst card draws a movement event after the car moves."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}})
    state = stack(moving(state, 0, 1, 1), events=(event_card("fuel_leak"),))
    _, events = play(state, 0, Move(path="F"))
    assert "A1 draws the movement event Fuel Leak" in public_lines(events)


def test_bump_and_run_tells_where_the_bumped_car_ended() -> None:
    """Rule 10: Bump and Run: "The active car may move one adjacent car (front, side or rear)
    into a vacant space adjacent to that car"."""
    state = with_cars(base(), {1: {"sector": 5, "lane": 1}, 11: {"sector": 7, "lane": 1}})
    state = stack(moving(state, 0, 1, 1), events=(event_card("bump_and_run"),))
    state, _ = play(state, 0, Move(path="F"))
    _, events = play(state, 0, EventChoice(choice="bump:11:8:1"))
    assert public_lines(events)[:2] == [
        "Bump and Run: A1 bumps B1",
        "B1 moves to sector 8 lane 2",
    ]


def test_the_cards_drawn_into_a_hand_are_told_to_their_owner_only() -> None:
    """Rule 9: "draw back up to 6": the cards drawn are the owner's alone."""
    sim = Sim(hand(base(), 0, ()))
    from games.apocalypseroad.flow import fill_hands

    fill_hands(sim, 0)
    drawn = [raw_event(e) for e in sim.events if raw_event(e)["kind"] == "ar_drawn"]
    owner = PLAYERS[0].id
    assert [SPEC.audience(r) for r in drawn] == [frozenset({owner})]
    cards = ", ".join(card_name(c) for c in sim.hands[0])
    assert SPEC.narrate(drawn[0], NAMES) == f"P1 draws {cards}"


def test_a_stored_note_of_today_is_told_as_its_text() -> None:
    """Logs written before the typed events hold notes ({"kind": "ar", "text", "cars"})."""
    stored = {"kind": "ar", "text": "B1 fires at A1: card 1 against defense 2: miss", "cars": []}
    assert SPEC.audience(stored) is None
    assert SPEC.narrate(stored, NAMES) == "B1 fires at A1: card 1 against defense 2: miss"


def test_a_stored_move_is_told_from_its_json_form() -> None:
    """A move stored as JSON (the log's form) is told without the live state."""
    stored = {
        "kind": "ar_moved",
        "cars": [
            {"car": 1, "sector": 12, "lane": 2, "how": "moves"},
            {"car": 11, "sector": 13, "lane": 2, "how": "pushed"},
        ],
    }
    assert SPEC.narrate(stored, NAMES) == (
        "A1 moves to sector 12 lane 3; pushes B1 to sector 13 lane 3"
    )


def test_a_push_over_the_line_tells_the_vp_claimed_for_the_pushed_cars_owner() -> None:
    """⚠4 / ⚠14: "pushing or pulling another team's car across the Finish Line scores for that
    car's owner"."""
    state = with_cars(base(), {1: {"sector": 34, "lane": 1}, 11: {"sector": 35, "lane": 1}})
    _, events = play(moving(state, 0, 1, 1, then=()), 0, Move(path="F"))
    assert public_lines(events)[:2] == [
        "A1 moves to sector 35 lane 2; pushes B1 to sector 0 lane 2",
        "P2 scores 1 VP (B1 crossed the finish line): 1 of 12, needs 11",
    ]


def test_a_kill_tells_the_elimination_the_vp_and_the_replacement() -> None:
    """11.3: "the active player claims 1 VP" for another team's car eliminated; 4.5-9: "its
    replacement enters" the Chute."""
    state = with_cars(
        base(),
        {1: {"sector": 5, "lane": 1}, 11: {"sector": 6, "lane": 1, "damage": 5, "side": "dark"}},
    )
    card = race_card("solo", 2)
    state = hand(turn_of(stack(state, combat=(combat_card(3),)), 0), 0, (card,))
    _, events = play(state, 0, PlayCard(card=card, car=1, target=11))
    assert public_lines(events)[1:6] == [
        "A1 fires its Machine Gun at B1: combat card 3 against defense 2: hit",
        "B1 takes 2 damage (hit by A1)",
        "B1 is eliminated",
        "P1 scores 1 VP (eliminated B1): 1 of 12, needs 11",
        "B2 enters the Chute",
    ]
