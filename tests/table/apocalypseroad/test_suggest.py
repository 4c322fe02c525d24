"""The ⚡ suggested activation (`table/apocalypseroad/suggest.py`, issue 26): what the bot would
play in the seat, read from what that seat may see, and its menu value read back exactly."""

from __future__ import annotations

from games.apocalypseroad import SPEC
from games.apocalypseroad.model import ArState, PlayCard
from games.apocalypseroad.policy import suggestion
from games.engine import Rng
from table.apocalypseroad.suggest import QUICK, parse_quick, quick_value, toward
from tests.games.apocalypseroad.helpers import base


def _first(state: ArState) -> int:
    (player,) = SPEC.active_players(state)
    return player


def test_the_suggestion_is_the_bots_whole_activation() -> None:
    """The suggestion is the move the bot (and a stand-in) would make in the seat."""
    state = base(4)
    player = _first(state)
    found = suggestion(state, player)
    assert found is not None
    play, result = found
    assert SPEC.policy is not None
    assert play == SPEC.policy(state, player, Rng(0))
    assert play.path == result.path and play.target is None


def test_the_suggestion_reads_nothing_hidden() -> None:
    """Other teams' hands and the order of every deck are hidden from the seat: changing them
    changes nothing suggested."""
    state = base(4)
    player = _first(state)
    seat = next(t.seat for t in state.teams if t.player == player)
    teams = tuple(
        t if t.seat == seat else t.model_copy(update={"hand": tuple(reversed(t.hand))[:2]})
        for t in state.teams
    )
    shuffled = state.model_copy(
        update={
            "teams": teams,
            "race_deck": tuple(reversed(state.race_deck)),
            "event_deck": tuple(reversed(state.event_deck)),
            "combat_deck": tuple(reversed(state.combat_deck)),
        }
    )
    assert suggestion(shuffled, player) == suggestion(state, player)


def test_nothing_is_suggested_to_a_player_not_asked_for_a_card() -> None:
    state = base(4)
    player = _first(state)
    others = [t.player for t in state.teams if t.player != player]
    assert all(suggestion(state, p) is None for p in others)


def test_the_menu_value_is_the_action_itself() -> None:
    """`⚡card.lead|path|aim` read back for the car whose menu it is in: the same action."""
    for action in (
        PlayCard(card=12, car=3, path="F F L F0", aim=7),
        PlayCard(card=40, car=1, ram_lead=True, path="F", hold_fire=True),
        PlayCard(card=5, car=2, path="DL F"),
    ):
        value = quick_value(action)
        assert value is not None and value.startswith(QUICK) and len(value) <= 100
        assert parse_quick(value, action.car) == action
        assert toward(action) == (f"ar:pl={value}",)
    assert parse_quick("12.0.-", 3) is None  # an ordinary card pick


def test_no_value_for_what_is_not_a_whole_activation_or_too_long() -> None:
    assert quick_value(PlayCard(card=12, car=3, target=14)) is None  # fires first
    assert quick_value(PlayCard(card=12, car=3)) is None  # no move yet
    assert quick_value(PlayCard(card=12, car=3, path=" ".join(["F"] * 60))) is None
