"""A player's only legal move (`forced_move`, issue 26): the table makes it for them."""

from __future__ import annotations

from games.apocalypseroad.choices import legal_actions
from games.apocalypseroad.data import RACE_CARDS
from games.apocalypseroad.lone import forced_move
from games.apocalypseroad.model import EventChoice, PlayCard
from tests.games.apocalypseroad.helpers import base, hand, race_card, ready, with_cars
from tests.games.apocalypseroad.test_events import drawn


def test_a_sideswipe_on_the_inside_lane_moves_outside() -> None:
    """Sideswipe with the track's edge on one side: "move outside" is the only answer."""
    state = drawn("sideswipe", {1: {"sector": 5, "lane": 0}})
    assert forced_move(state, state.teams[0].player) == EventChoice(choice="out")


def test_a_sideswipe_with_room_both_sides_is_a_choice() -> None:
    """Sideswipe in a middle lane: inside or outside is the player's choice."""
    state = drawn("sideswipe", {1: {"sector": 5, "lane": 1}})
    assert forced_move(state, state.teams[0].player) is None


def test_one_card_for_one_car_with_nothing_to_fire_at_is_played() -> None:
    """One card in hand, one car to activate, no target: playing it is the only move."""
    card = race_card("solo", 2)
    state = ready(with_cars(base(), {1: {"sector": 5, "lane": 1}}), 0, card)
    player = state.teams[0].player
    assert forced_move(state, player) == PlayCard(card=card, car=1)


def test_two_cards_of_one_kind_are_a_choice() -> None:
    """Two cards of one kind are listed once, yet which to play (and keep) is a choice."""
    card = race_card("solo", 2)
    kind = (RACE_CARDS[card].movement, RACE_CARDS[card].diagonal, RACE_CARDS[card].speed)
    twin = next(
        c.id for c in RACE_CARDS if c.id != card and (c.movement, c.diagonal, c.speed) == kind
    )
    state = ready(with_cars(base(), {1: {"sector": 5, "lane": 1}}), 0, card)
    state = hand(state, 0, (card, twin))
    player = state.teams[0].player
    assert len(legal_actions(state, player)) == 1
    assert forced_move(state, player) is None
