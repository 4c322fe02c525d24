"""The three missions' judges (digest 1.2), on hand-made vehicle lists."""

from __future__ import annotations

from games.roadwolf.missions import breakout, interceptor, president
from games.roadwolf.model import RwState
from tests.games.roadwolf.helpers import Car, position


def _with(state: RwState, letter: str, **changes: object) -> RwState:
    vehicles = tuple(
        v.model_copy(update=changes) if v.letter == letter else v for v in state.vehicles
    )
    return state.model_copy(update={"vehicles": vehicles})


def test_interceptor_scores_escapes_and_stops() -> None:
    """INTERCEPTOR: "1 pt per Runner off the end of the board; 1 pt per vehicle the
    Interceptors stop ... Ends when every Runner has escaped or been stopped"."""
    state = position(
        [Car("A", "coupe", 10, 10), Car("B", "coupe", 13, 10), Car("N", "coupe", 10, 40, side=1)]
    )
    assert not interceptor(state.vehicles).over
    state = _with(state, "A", exited="end")
    state = _with(state, "B", side=1)  # captured
    verdict = interceptor(state.vehicles)
    assert verdict.over and verdict.score == (1, 1) and verdict.winner is None


def test_interceptor_a_captured_runner_driven_off_the_end_is_stopped() -> None:
    state = position([Car("A", "coupe", 10, 10), Car("N", "coupe", 10, 40, side=1)])
    state = _with(state, "A", side=1, exited="end")
    verdict = interceptor(state.vehicles)
    assert verdict.over and verdict.score == (0, 1) and verdict.winner == 1


def test_breakout_ends_on_capture_immobilize_destroy_or_escape() -> None:
    """BREAKOUT: "The Convoy wins if the Rig leaves the end. The attackers win if they
    capture, immobilize or destroy it"."""
    state = position([Car("A", "big_rig", 10, 10)], mission="BREAKOUT")
    assert not breakout(state.vehicles).over
    for changes, winner in (
        ({"exited": "end"}, 0),
        ({"side": 1}, 1),
        ({"immobilized": True}, 1),
        ({"wreck": True}, 1),
        ({"exited": "side"}, 1),
    ):
        verdict = breakout(_with(state, "A", **changes).vehicles)
        assert verdict.over and verdict.winner == winner, changes


def test_president_outcomes() -> None:
    """THE PRESIDENT: "Enforcers win if the Limo leaves the end. Insurgents win if they capture
    it and drive it off the end. Limo destroyed = draw"."""
    state = position([Car("A", "limo", 10, 10)], mission="THE PRESIDENT")
    assert not president(state.vehicles).over
    assert president(_with(state, "A", exited="end").vehicles).winner == 0
    captured = president(_with(state, "A", side=1, exited="end").vehicles)
    assert captured.over and captured.winner == 1
    assert not president(_with(state, "A", side=1).vehicles).over
    destroyed = president(_with(state, "A", wreck=True).vehicles)
    assert destroyed.over and destroyed.winner is None
    out = president(_with(state, "A", exited="start").vehicles)
    assert out.over and out.winner is None
