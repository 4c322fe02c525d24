"""The engine contract's pure functions: apply (play a card, move, fire, events, prompts)."""

from __future__ import annotations

from games.apocalypseroad.combat import collision, fire, on_board, targets
from games.apocalypseroad.data import RACE_CARDS, cars_per_team
from games.apocalypseroad.events import event_choice, resolve_event
from games.apocalypseroad.flow import (
    activatable,
    can_fire,
    end_activation,
    end_turn,
    place_grid,
)
from games.apocalypseroad.flow import mover_for as mover_for  # re-exported for the renderer
from games.apocalypseroad.model import (
    Action,
    Activation,
    ArState,
    Debris,
    Discard,
    EventChoice,
    Fire,
    LastMove,
    Move,
    PickCars,
    PlayCard,
)
from games.apocalypseroad.movement import BadStep, Mover, run
from games.apocalypseroad.sim import Sim
from games.engine import GameOver, IllegalAction, InvalidAction, NotYourTurn, PlayerId, Rng, Step


def active_players(state: ArState) -> frozenset[PlayerId]:
    if state.phase == "over":
        return frozenset()
    if state.phase in ("pick", "discard", "debris"):
        return frozenset(state.waiting)
    return frozenset({state.teams[state.seat].player})


def apply(state: ArState, player: PlayerId, action: Action, rng: Rng) -> Step[ArState]:
    if state.phase == "over":
        raise GameOver("the race is over")
    if player not in active_players(state):
        raise NotYourTurn("it is not your turn to act")
    sim = Sim(state, rng)
    if isinstance(action, PickCars):
        _pick(sim, player, action)
    elif state.phase == "pick":
        raise IllegalAction("pick your cars for the race first")
    elif isinstance(action, Discard):
        _discard(sim, player, action)
    elif isinstance(action, Debris):
        _debris(sim, player, action)
    elif state.phase != "action":
        raise IllegalAction(f"answer the {state.phase} prompt first")
    elif isinstance(action, PlayCard):
        _play(sim, player, action)
    elif isinstance(action, Move):
        _move(sim, action)
    elif isinstance(action, Fire):
        _fire(sim, action)
    elif isinstance(action, EventChoice):
        _stage(sim, "event")
        event_choice(sim, action.choice)
        proceed(sim)
    else:  # pragma: no cover - the union is exhaustive
        raise InvalidAction("unknown action")
    return Step(sim.to_state(), tuple(sim.events))


def _stage(sim: Sim, stage: str) -> None:
    act = sim.activation
    if act is None:
        raise IllegalAction("play a race card for one of your cars first")
    if act.stage != stage:
        raise IllegalAction(f"now: {act.stage} (not {stage})")


# --- action segments ---------------------------------------------------------------------------


def _play(sim: Sim, player: PlayerId, action: PlayCard) -> None:
    if sim.activation is not None:
        raise IllegalAction(f"finish the activation first (now: {sim.activation.stage})")
    seat = sim.seat_of[player]
    if action.card not in sim.hands[seat]:
        raise IllegalAction("that race card is not in your hand")
    car_id = seat * 10 + action.car
    if car_id not in activatable(sim, seat):
        raise IllegalAction("that car can't activate now (pick an unactivated car of yours)")
    card = RACE_CARDS[action.card]
    if action.ram_lead and card.movement != "ram":
        raise InvalidAction("only a Ram card chooses Solo or Lead movement")
    if action.target is not None and (action.path is not None or action.aim is not None):
        raise InvalidAction(
            "fire first, then choose the move (the shot may change the track); or move and"
            " fire after"
        )
    car = sim.cars[car_id]
    if action.target is not None:
        if not on_board(car) or car.reloading or car.suppressed:
            raise IllegalAction("this car can't fire before moving now")
        if action.target not in targets(sim, car_id):
            raise IllegalAction("that target is not adjacent in this car's firing arc")
    sim.hands[seat].remove(action.card)
    sim.race_discard.append(action.card)
    sim.last = LastMove(player=player, car=car_id, card=action.card)
    sim.activation = Activation(
        player=player,
        car=car_id,
        card=action.card,
        stage="move",
        mover=car_id,
        mp=card.speed + sim.ctype(car_id).base_mp,
        movement=card.movement,
        diagonal=card.diagonal,
        ram_lead=action.ram_lead,
        no_fire=car.suppressed,
        then=("event", "fire") if card.starburst else ("fire",),
        aim=action.aim,
        hold_fire=action.hold_fire,
    )
    sim.note(f"{sim.label(car_id)} plays {_card(action.card)} ({sim.activation.mp} MP)", car_id)
    if car.reloading:
        sim.update(car_id, reloading=False)
    if action.target is not None:
        fire(sim, car_id, action.target)
        sim.activation = sim.activation.model_copy(update={"fired": True})
    if sim.over:
        return
    if not mover_for(sim, sim.activation).options():
        sim.activation = sim.activation.model_copy(update={"mp": 0})
        proceed(sim)
    elif action.path is not None:
        _move(sim, Move(path=action.path))


def _card(card_id: int) -> str:
    from games.apocalypseroad.data import card_name

    return card_name(card_id)


def check_move(sim: Sim, act: Activation, path: str) -> Mover:
    """Run `path` for the pending move; raise IllegalAction unless it is complete and legal."""
    mover = mover_for(sim, act)
    try:
        run(mover, path)
    except BadStep as error:
        raise IllegalAction(str(error)) from None
    if act.exact and not mover.done and mover.options():
        raise IllegalAction(
            f"all MP must be spent: {mover.mp} of {act.mp} left (legal next: "
            + ", ".join(mover.options())
            + ")"
        )
    return mover


def _move(sim: Sim, action: Move) -> None:
    _stage(sim, "move")
    act = sim.activation
    assert act is not None
    mover = _until_the_race_ends(sim, act, check_move(sim, act, action.path))
    sim.commit_board(mover.board)
    if mover.stop is not None and not sim.over:
        kind, other = mover.stop
        seat = sim.cars[act.car].team
        if kind == "crossover":
            hit = mover.collider if mover.collider is not None else mover.car
            sim.note(f"{sim.label(hit)} collides with {sim.label(other)} at the crossover")
            sim.damage(hit, 1, seat, "crossover collision")
            sim.damage(other, 1, seat, "crossover collision")
        elif kind == "suppressed_ram":
            sim.note(f"{sim.label(mover.car)} is suppressed: it stops without a ram attack")
        else:
            collision(sim, mover.car, other, "ram")
    sim.activation = act.model_copy(update={"mp": 0})
    proceed(sim)


def _until_the_race_ends(sim: Sim, act: Activation, mover: Mover) -> Mover:
    """11.5: "The moment one player empties their pool, the game is over": when a crossing on
    the way empties a pool, the move ends with the step that made it (the cars stand where
    they were at that instant), not at the end of the path."""
    if not mover.board.crossings or not _empties_a_pool(sim, mover):
        return mover
    partial = mover_for(sim, act)
    for token in mover.tokens:
        partial.step(token)
        if _empties_a_pool(sim, partial):
            return partial
    return mover  # pragma: no cover - the whole path empties a pool, so some prefix does


def _empties_a_pool(sim: Sim, mover: Mover) -> bool:
    """Would the crossings of `mover` so far end the race (scored on a throwaway copy)?"""
    probe = Sim(sim.to_state())
    probe.commit_board(mover.board)
    return probe.over


def _fire(sim: Sim, action: Fire) -> None:
    _stage(sim, "fire")
    act = sim.activation
    assert act is not None
    if action.target is not None:
        if action.target not in targets(sim, act.car):
            raise IllegalAction("that target is not adjacent in this car's firing arc")
        fire(sim, act.car, action.target)
    end_activation(sim)


def proceed(sim: Sim) -> None:
    """Run the activation's remaining steps until one needs a player's answer."""
    while sim.activation is not None and not sim.over:
        act = sim.activation
        if not sim.cars[act.car].racing:
            end_activation(sim)
            return
        if not act.then:
            end_activation(sim)
            return
        step, rest = act.then[0], act.then[1:]
        sim.activation = act.model_copy(update={"then": rest})
        if step == "event":
            if resolve_event(sim):
                return
        elif step == "fire" and can_fire(sim) and not _fired_as_chosen(sim):
            sim.activation = sim.activation.model_copy(update={"stage": "fire"})
            return


def _fired_as_chosen(sim: Sim) -> bool:
    """The fire step as chosen with the move (`PlayCard.aim` / `hold_fire`): done, unless the
    chosen car is out of reach now (then the player is asked)."""
    act = sim.activation
    assert act is not None
    if act.hold_fire:
        return True
    if act.aim is None or act.aim not in targets(sim, act.car):
        return False
    fire(sim, act.car, act.aim)
    sim.activation = act.model_copy(update={"fired": True})
    return True


# --- simultaneous prompts ----------------------------------------------------------------------


def _discard(sim: Sim, player: PlayerId, action: Discard) -> None:
    if sim.state.phase != "discard":
        raise IllegalAction("discards are made at the end of the turn")
    seat = sim.seat_of[player]
    hand = list(sim.hands[seat])
    if len(set(action.cards)) != len(action.cards):
        raise InvalidAction("name each card once")
    for card in action.cards:
        if card not in hand:
            raise IllegalAction("that race card is not in your hand")
        hand.remove(card)
    sim.hands[seat] = hand
    sim.race_discard.extend(action.cards)
    waiting = tuple(p for p in sim.state.waiting if p != player)
    sim.fields.update(waiting=waiting)
    n = len(action.cards)
    sim.note(f"{sim.state.teams[seat].name} discards {n} card{'s' if n != 1 else ''}")
    if not waiting:
        end_turn(sim)


def _debris(sim: Sim, player: PlayerId, action: Debris) -> None:
    if sim.state.phase != "debris":
        raise IllegalAction("Dangerous Debris is not being resolved")
    seat = sim.seat_of[player]
    car_id = seat * 10 + action.car
    car = sim.cars.get(car_id)
    if not 1 <= action.car <= 8 or car is None or car.place not in ("grid", "track", "off"):
        raise IllegalAction("pick one of your cars on the track (not in the Chute)")
    sim.damage(car_id, 1, None, "Dangerous Debris")
    waiting = tuple(p for p in sim.state.waiting if p != player)
    sim.fields.update(waiting=waiting)
    if not waiting:
        sim.fields.update(phase="action")
        proceed(sim)


def _pick(sim: Sim, player: PlayerId, action: PickCars) -> None:
    if sim.state.phase != "pick":
        raise IllegalAction("cars are picked before the race")
    need = cars_per_team(len(sim.state.teams))
    if len(action.cars) != need or len(set(action.cars)) != need:
        raise InvalidAction(f"pick {need} different car numbers (1-8)")
    if not all(1 <= n <= 8 for n in action.cars):
        raise InvalidAction(f"pick {need} different car numbers (1-8)")
    seat = sim.seat_of[player]
    sim.picked[seat] = list(action.cars)
    waiting = tuple(p for p in sim.state.waiting if p != player)
    sim.fields.update(waiting=waiting)
    sim.note(f"{sim.state.teams[seat].name} has picked their cars")
    if not waiting:
        place_grid(sim)
