"""Review of GAUNTLET with three or more Courier sides: the LEAD vehicle's double draw in a tie
for the lead, the result's wording when three sides tie, and sides tied on top sharing the win
(text line 213)."""

from __future__ import annotations

import pytest

from games.engine import IllegalAction, Rng
from games.roadwolf.missions.gauntlet import after_action, judge, next_vehicle
from games.roadwolf.missions.gauntlet_enemies import enemy_turn
from games.roadwolf.model import RwState
from games.roadwolf.rules import outcome
from games.roadwolf.table import Ctx
from games.roadwolf.view import view
from tests.games.roadwolf.helpers import Car, texts
from tests.games.roadwolf.test_gauntlet import Tin
from tests.games.roadwolf.test_gauntlet_sides import _out, sided

LEVEL = [
    (Car("A1", "coupe", 2, 20), 0),
    (Car("B1", "coupe", 9, 20), 1),
    (Car("C1", "coupe", 16, 20), 2),
]


def test_a_tie_for_the_lead_gives_the_double_draw_to_the_side_that_moves_first() -> None:
    """Line 213: "TURN ORDER goes by VEHICLE POSITION: The LEAD vehicle goes first ... Roll off
    for ties" and "The vehicle in the LEAD must draw TWO tokens!": level at the front, the
    roll-off winner's vehicle leads the turn order, so it is the one in the LEAD that draws
    two (not always the first side's)."""
    state = sided(LEVEL, 3)
    state = state.model_copy(update={"mission": state.mission.with_count("first", 1)})
    assert next_vehicle(Ctx(state, Rng(0))) == "B1"  # Couriers 2 won the roll-off: B1 leads
    ctx = Ctx(state, Tin(["mechanic"] * 4))
    assert enemy_turn(ctx) is None
    who = [t.split(" draw")[0] for t in texts(ctx.events).split(" | ") if " draw " in t]
    assert who == ["Couriers 1", "Couriers 2", "Couriers 2", "Couriers 3"]


def test_three_sides_tied_on_top_read_as_a_list() -> None:
    """Line 213: "Whoever has the most points wins!" [R: sides tied for the most points: a
    draw]: three tied sides are named "Couriers 1, Couriers 2 and Couriers 3", not "… and …
    and …"."""
    state = _out(sided(LEVEL, 3), {"A1": "end", "B1": "end", "C1": "end"})
    state = state.model_copy(update={"mission": state.mission.with_count("first_out", 0)})
    verdict = judge(state)
    assert verdict.over and verdict.winner is None and verdict.score == (1, 1, 1)
    tied = "Couriers 1, Couriers 2 and Couriers 3 tie on 1, a draw"
    assert verdict.reason == f"every Courier is out: {tied}"


def _ended(scores: tuple[int, ...], reason: str) -> RwState:
    """A finished GAUNTLET of len(scores) sides with no single winner."""
    cars = [(Car(f"{'ABCD'[k]}1", "coupe", 2 + 4 * k, 10), k) for k in range(len(scores))]
    state = sided(cars, len(scores))
    sides = tuple(
        s.model_copy(update={"score": n}) for s, n in zip(state.sides, scores, strict=True)
    )
    return state.model_copy(
        update={"sides": sides, "phase": "over", "finished": True, "end_reason": reason}
    )


def test_three_sides_tied_on_top_of_four_share_the_win() -> None:
    """Line 213: "Whoever has the most points wins!": with 2-2-0-2, the three sides on 2 share
    the win (their players are the winners, first in the ranking); the side on 0 lost, it did
    not draw."""
    state = _ended((2, 2, 0, 2), "every Courier is out: …")
    result = outcome(state)
    assert result is not None and not result.is_draw
    assert result.winners == (500, 501, 503) and result.ranking == (500, 501, 503, 502)
    assert view(state, None).winners == (0, 1, 3)


def test_every_side_tied_is_a_draw() -> None:
    """[R] every side on the same points: nobody has more, a draw (as with two sides)."""
    for scores in ((1, 1, 1), (0, 0)):
        state = _ended(scores, "every Courier is out: …")
        result = outcome(state)
        assert result is not None and result.is_draw and view(state, None).winners == ()


def test_the_rules_text_never_speaks_of_one_other_side() -> None:
    """Rule 17, "hidden from the other side", read for up to six sides: the player-facing text
    says "the other sides" / "other sides see", never "the other side" alone."""
    from games.roadwolf.text import RULES_TEXT

    text = " ".join(RULES_TEXT.split())
    assert "the other side " not in text and "the other side's" not in text
    assert "Tokens are hidden from the other sides until used" in text
    assert "other sides see a placed vehicle, never its tokens" in text


def test_a_courier_taken_over_scores_for_the_side_that_drives_it_out() -> None:
    """Line 213: "The first Courier to exit earns one point. Each vehicle that exits earns one
    point": A1, abandoned by Couriers 1 and taken over by Couriers 2 (rule 43), exits for
    Couriers 2, who drove it out (it was counted for Couriers 1, who had abandoned it)."""
    state = sided(LEVEL, 3)
    taken = tuple(
        v.model_copy(update={"side": 1}) if v.letter == "A1" else v for v in state.vehicles
    )
    state = _out(state.model_copy(update={"vehicles": taken}), {"A1": "end"})
    ctx = Ctx(state.model_copy(update={"turn": None}), Rng(0))
    after_action(ctx)
    assert "Couriers 2 are the first Couriers out: 1 point." in texts(ctx.events)
    assert judge(ctx.freeze()).score == (0, 2, 0)


def test_an_enemy_buggy_left_without_crew_cannot_be_taken_over() -> None:
    """Line 213: "Any mutants, bikes or buggies left on the board at the beginning of the next
    enemy turn are removed - they run away": a Courier may not take one over (its crew would
    vanish with it; it was listed and accepted)."""
    from games.roadwolf import geometry as geo
    from games.roadwolf.actions import TargetAction
    from games.roadwolf.checks import check
    from games.roadwolf.legal import legal_for_side
    from games.roadwolf.missions.gauntlet_enemies import ENEMY_BUGGY, _enemy
    from games.roadwolf.model import Turn

    crewed = Car("A1", "convertible", 9, 10, tokens=("brawler",))
    state = sided([(crewed, 0), (Car("B1", "coupe", 16, 30), 1)], 2)
    ctx = Ctx(state, Rng(0))
    buggy = _enemy(ctx, ENEMY_BUGGY, geo.Rect(11, 10, 2, 3), ())
    ctx.update(buggy, crew=(), driver=None, abandoned=True)
    state = ctx.freeze(turn=Turn(side=0))
    takeover = TargetAction(kind="takeover", vehicle="A1", target=buggy)
    assert takeover not in legal_for_side(state, 0)
    with pytest.raises(IllegalAction, match="cannot be taken over"):
        check(state, takeover)
