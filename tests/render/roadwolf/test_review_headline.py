"""The board's headline when three or more sides tie on top (GAUNTLET, text line 213:
"Whoever has the most points wins!"): the leaders share the win, the others did not draw."""

from __future__ import annotations

from games.roadwolf.view import view
from render.roadwolf.adapt import headline
from tests.games.roadwolf.test_review_nsides import _ended


def test_sides_tied_on_top_share_the_win_on_the_headline() -> None:
    """2-2-0-2: "Shared win!" and the judge's reason naming the sides, not "a draw"."""
    reason = "every Courier is out: Couriers 1, Couriers 2 and Couriers 4 share the win"
    line = headline(view(_ended((2, 2, 0, 2), reason), None))
    assert line == f"Shared win! {reason}"
    assert "a draw" not in line


def test_every_side_tied_is_still_a_draw_on_the_headline() -> None:
    line = headline(view(_ended((1, 1, 1), "every Courier is out: … tie on 1, a draw"), None))
    assert line.startswith("Game over: a draw.")


def test_a_team_named_in_the_singular_wins_in_the_singular() -> None:
    """DERAILED's "Team 1" (and any side name not ending in s) reads "Team 1 wins!"; the
    plural side names keep "win" ("Runners win!")."""
    ended = _ended((1, 0, 0), "Team 1 drove the train off the END")
    state = ended.model_copy(update={"winner": 0})
    named = state.model_copy(
        update={"sides": (state.sides[0].model_copy(update={"name": "Team 1"}), *state.sides[1:])}
    )
    assert headline(view(named, None)).startswith("Team 1 wins! ")
    plural = state.model_copy(
        update={"sides": (state.sides[0].model_copy(update={"name": "Runners"}), *state.sides[1:])}
    )
    assert headline(view(plural, None)).startswith("Runners win! ")
