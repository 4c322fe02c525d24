"""A player's only legal move (`forced_move`, issue 26): the table makes it for them."""

from __future__ import annotations

from typing import NoReturn

import pytest

from games.apocalypseroad import SPEC, lone
from games.apocalypseroad.choices import legal_actions
from games.apocalypseroad.data import RACE_CARDS
from games.apocalypseroad.lone import forced_move
from games.apocalypseroad.model import EventChoice, PlayCard
from tests.games.apocalypseroad.helpers import base, hand, moving, race_card, ready, with_cars
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


def test_a_card_to_pick_of_several_is_a_choice_without_listing_the_plays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31: with several cards in hand the card is a choice: said at once, without
    working out every play (asked several times a press)."""
    state = base(10)
    monkeypatch.setattr(lone, "legal_actions", _refused)
    assert forced_move(state, min(SPEC.active_players(state))) is None


def test_a_move_whose_samples_end_apart_is_a_choice_without_the_whole_search(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 31: two quick samples of a pending move that end apart settle that it is a
    choice; the whole search of its paths is not made."""
    state = moving(with_cars(base(), {1: {"sector": 5, "lane": 1}}), 0, 1, 3, then=())
    monkeypatch.setattr(lone, "move_results", _refused)
    assert forced_move(state, state.teams[0].player) is None


def _refused(*args: object, **kwargs: object) -> NoReturn:
    raise AssertionError("worked out where a quicker answer settles it")
