"""The pure game functions of Space Truckin': setup, who acts, legal actions, apply, outcome."""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import (
    GameOver,
    IllegalAction,
    NotYourTurn,
    Outcome,
    Player,
    PlayerId,
    Rng,
    Step,
)
from games.spacetruckin import delivery, opening, shipyard
from games.spacetruckin.data import (
    LOCATIONS,
    SMUGGLER_EXTRA_CARGO,
    WIN_VP,
    sale_value,
)
from games.spacetruckin.events import Arrived, CargoSold, Charted
from games.spacetruckin.models import (
    Action,
    ChartLocation,
    PickSpecialty,
    PickTruck,
    Sheet,
    SpaceTruckinOptions,
    SpaceTruckinState,
)
from games.spacetruckin.sheet import cargo_count
from games.spacetruckin.turn import Turn

LAST = len(LOCATIONS) - 1


def setup(players: Sequence[Player], options: SpaceTruckinOptions, rng: Rng) -> SpaceTruckinState:
    """Seat the truckers; each rolls 2d6 for their captain's specialty (kept in `setup_rolls`)."""
    if not 1 <= len(players) <= 6:
        raise IllegalAction(f"Space Truckin' takes 1 to 6 players, not {len(players)}")
    rolls = tuple(rng.roll(2, who=p.id, why="captain's specialty") for p in players)
    sheets = tuple(
        Sheet(player=p.id, specialty_dice=(roll.dice[0], roll.dice[1]))
        for p, roll in zip(players, rolls, strict=True)
    )
    return SpaceTruckinState(
        options=options, players=tuple(players), sheets=sheets, setup_rolls=rolls
    )


def sheet_of(state: SpaceTruckinState, player: PlayerId) -> Sheet:
    for sheet in state.sheets:
        if sheet.player == player:
            return sheet
    raise NotYourTurn("you are not seated in this game")


def active_players(state: SpaceTruckinState) -> frozenset[PlayerId]:
    if state.result is not None:
        return frozenset()
    if state.phase == "chart":
        return frozenset({opening.chart_placer(state)})
    return frozenset(
        s.player for s in state.sheets if s.status == "playing" and s.stage not in ("ready", "out")
    )


def legal_actions(state: SpaceTruckinState, player: PlayerId) -> list[Action]:
    if player not in active_players(state):
        return []
    sheet = sheet_of(state, player)
    if state.phase == "captain":
        return opening.captain_actions(sheet)
    if state.phase == "chart":
        return opening.chart_actions(state)
    if state.phase == "shipyard":
        return shipyard.actions(sheet)
    return delivery.legal_moves(sheet, state.options, state.location, state.chart)


def outcome(state: SpaceTruckinState) -> Outcome | None:
    return state.result


def apply(
    state: SpaceTruckinState, player: PlayerId, action: Action, rng: Rng
) -> Step[SpaceTruckinState]:
    if state.result is not None:
        raise GameOver(f"the game is over: {state.result.reason}")
    sheet = sheet_of(state, player)
    if player not in active_players(state):
        raise NotYourTurn(_waiting_message(state, sheet))
    turn = Turn(rng=rng, options=state.options, location=state.location)
    if state.phase == "chart":
        state = _chart(state, action, turn)
    else:
        sheet = _act(state, sheet, action, turn)
        state = _put(state, sheet)
    state = _advance(state, turn)
    return Step(state=state, events=tuple(turn.events))


def _waiting_message(state: SpaceTruckinState, sheet: Sheet) -> str:
    if sheet.status != "playing":
        return "your truck is out of the game; watch the others finish"
    if state.phase == "chart":
        placer = next(p.name for p in state.players if p.id == opening.chart_placer(state))
        return f"{placer} is charting the next location; wait for your turn"
    return "you have done everything for now; wait for the other truckers"


def _act(state: SpaceTruckinState, sheet: Sheet, action: Action, turn: Turn) -> Sheet:
    if state.phase == "captain":
        if not isinstance(action, PickSpecialty | PickTruck):
            raise IllegalAction("first pick your captain's specialty and your truck")
        if action not in opening.captain_actions(sheet):
            legal = ", ".join(delivery.describe_short(a) for a in opening.captain_actions(sheet))
            raise IllegalAction(
                f"{delivery.describe_short(action)} is not open to you; pick: {legal}"
            )
        return opening.apply_captain(sheet, action, turn)
    if state.phase == "shipyard":
        return shipyard.act(sheet, action, turn)
    return delivery.act(sheet, action, turn, state.chart)


def _chart(state: SpaceTruckinState, action: Action, turn: Turn) -> SpaceTruckinState:
    if not isinstance(action, ChartLocation):
        raise IllegalAction("chart a location first: put a terrain on a free letter A-G")
    opening.check_chart(state, action)
    index = LOCATIONS.index(action.location)
    chart = tuple(action.terrain if i == index else t for i, t in enumerate(state.chart))
    placer = opening.chart_placer(state)
    turn.tell(Charted(who=placer, location=action.location, terrain=action.terrain))
    return state.model_copy(
        update={"chart": chart, "chart_placed": state.chart_placed + 1, "chart_dice": ()}
    )


def _put(state: SpaceTruckinState, sheet: Sheet) -> SpaceTruckinState:
    sheets = tuple(sheet if s.player == sheet.player else s for s in state.sheets)
    return state.model_copy(update={"sheets": sheets})


def _everyone(state: SpaceTruckinState, turn: Turn, step: str) -> SpaceTruckinState:
    """Apply a phase transition to every trucker still playing, in seat order.

    Automatic work on arrival can score (a Grizzled captain losing a system to the pirates):
    the first trucker in seat order to reach 20 VP ends the game there.
    """
    if step == "delivery":
        location = LOCATIONS[turn.location]
        terrain = state.chart[turn.location]
        assert terrain is not None
        turn.tell(Arrived(location=location, terrain=terrain))
    for sheet in state.sheets:
        if sheet.status != "playing":
            continue
        if step == "shipyard":
            sheet = shipyard.start(sheet, turn)
        else:
            sheet = delivery.arrive(sheet, turn, state.chart)
        state = _put(state, sheet)
        if sheet.status == "won":
            break
    return state


def _advance(state: SpaceTruckinState, turn: Turn) -> SpaceTruckinState:
    """Move the shared game on when nobody owes anything; end it when it is decided."""
    while state.result is None:
        result = _decided(state)
        if result is not None:
            return state.model_copy(update={"result": result, "phase": "over"})
        if state.phase == "chart":
            if state.chart_placed == len(LOCATIONS):
                state = state.model_copy(update={"phase": "shipyard"})
                state = _everyone(state, turn, "shipyard")
                continue
            if not state.chart_dice and state.chart_placed < LAST:
                placer = opening.chart_placer(state)
                cartographer = sheet_of(state, placer).specialty == "Cartographer"
                event = turn.rng.roll(2 if cartographer else 1, who=placer, why="star chart")
                turn.events.append(event)
                state = state.model_copy(update={"chart_dice": event.dice})
            return state
        if any(_owes(s) for s in state.sheets):
            return state
        if state.phase == "captain":
            state = state.model_copy(update={"phase": "chart"})
        elif state.phase == "shipyard":
            state = state.model_copy(update={"phase": "delivery", "location": 0})
            turn.location = 0
            state = _everyone(state, turn, "delivery")
        elif state.location < LAST:
            state = state.model_copy(update={"location": state.location + 1})
            turn.location = state.location
            state = _everyone(state, turn, "delivery")
        else:
            state = _sell_cargo(state, turn)
            return state.model_copy(update={"result": _final(state), "phase": "over"})
    return state


def _sell_cargo(state: SpaceTruckinState, turn: Turn) -> SpaceTruckinState:
    for sheet in state.sheets:
        if sheet.status != "playing":
            continue
        loads = cargo_count(sheet)
        counted = loads + (SMUGGLER_EXTRA_CARGO if sheet.specialty == "Smuggler" else 0)
        value = sale_value(counted)
        turn.tell(CargoSold(who=sheet.player, loads=loads, counted=counted, vp=value))
        sheet = sheet.model_copy(update={"vp": sheet.vp + value, "cargo_sold": counted})
        state = _put(state, sheet)
    return state


def _owes(sheet: Sheet) -> bool:
    """Still has something to do at this sync point (a location, the shipyard, the captain)."""
    return sheet.status == "playing" and sheet.stage not in ("ready", "out")


def _ranking(state: SpaceTruckinState) -> tuple[PlayerId, ...]:
    order = sorted(state.sheets, key=lambda s: (s.status == "lost", -s.vp))
    return tuple(s.player for s in order)


def _decided(state: SpaceTruckinState) -> Outcome | None:
    """A win at 20 VP, or the end by elimination (solo loss, last trucker standing).

    "THE FIRST PLAYER TO 20 VP WINS": moves are applied one at a time, so the move that
    reaches 20 ends the game at once, whatever the others still owe. (A state saved by rules
    version 1 may hold several truckers at 20 waiting for the sync point: they share it.)
    Eliminations are settled at the sync points only, once nobody still in owes anything:
    "THE LAST PLAYER STILL IN THE GAME AFTER EVERYBODY ELSE HAS BEEN ELIMINATED" is judged
    when every trucker's fate at that point is known.
    """
    won = [s.player for s in state.sheets if s.status == "won"]
    if won:
        first = f"first to {WIN_VP} VP" if len(state.sheets) > 1 else f"reached {WIN_VP} VP"
        return Outcome(winners=tuple(won), ranking=_ranking(state), reason=first)
    if any(_owes(s) for s in state.sheets):
        return None
    playing = [s for s in state.sheets if s.status == "playing"]
    if not playing:
        # Not the sheets' reasons: the outcome is public, why a truck failed is on its sheet.
        return Outcome(winners=(), ranking=_ranking(state), reason="every truck is lost")
    if len(state.sheets) > 1 and len(playing) == 1:
        return Outcome(
            winners=(playing[0].player,),
            ranking=_ranking(state),
            reason="last trucker still in the game",
        )
    return None


def _final(state: SpaceTruckinState) -> Outcome:
    """After G: solo needs 20 VP; in multiplayer the most VP among those still in wins."""
    playing = [s for s in state.sheets if s.status == "playing"]
    best = max(s.vp for s in playing)
    if len(state.sheets) == 1:
        sheet = playing[0]
        if sheet.vp >= WIN_VP:
            return Outcome(winners=(sheet.player,), ranking=(sheet.player,), reason="20 VP after G")
        return Outcome(
            winners=(),
            ranking=(sheet.player,),
            reason=f"finished the run with {sheet.vp} VP, short of {WIN_VP}",
        )
    winners = tuple(s.player for s in playing if s.vp == best)
    return Outcome(winners=winners, ranking=_ranking(state), reason=f"most VP after G ({best})")


def standings(state: SpaceTruckinState) -> tuple[PlayerId, ...]:
    """Who leads: truckers still in the game, then the most VP."""
    sheets = sorted(state.sheets, key=lambda s: (s.status != "lost", s.vp), reverse=True)
    return tuple(s.player for s in sheets)
