"""The one gate for hidden information: the public view plus the viewer's own hand."""

from __future__ import annotations

from typing import Literal

from games.apocalypseroad.data import CAR_TYPES, EVENT_DECK, EVENT_NAMES, RACE_CARDS, card_name
from games.apocalypseroad.model import (
    ArState,
    ArView,
    CardView,
    CarView,
    HandPart,
    Prompt,
    TeamView,
)
from games.apocalypseroad.rules import active_players
from games.apocalypseroad.track import get_track
from games.engine import Outcome, PlayerId

PHASES: dict[str, Literal["pick", "race", "discard", "debris", "over"]] = {
    "pick": "pick",
    "play": "race",
    "move": "race",
    "event": "race",
    "fire": "race",
    "discard": "discard",
    "debris": "debris",
    "over": "over",
}
"""The table's stage for each kind of prompt (an activation's steps are one stage)."""


def card_view(card_id: int) -> CardView:
    card = RACE_CARDS[card_id]
    return CardView(
        id=card_id,
        name=card_name(card_id),
        movement=card.movement,
        diagonal=card.diagonal,
        speed=card.speed,
        starburst=card.starburst,
    )


def outcome(state: ArState) -> Outcome | None:
    if state.phase != "over":
        return None
    ranking = tuple(t.player for t in sorted(state.teams, key=lambda t: (t.pool, t.seat)))
    winners = (state.winner,) if state.winner is not None else ()
    return Outcome(winners=winners, ranking=ranking, reason=state.end_reason or "race over")


def standings(state: ArState) -> tuple[PlayerId, ...]:
    return tuple(t.player for t in sorted(state.teams, key=lambda t: (t.pool, t.seat)))


def prompt(state: ArState) -> Prompt:
    players = tuple(sorted(active_players(state)))
    if state.phase == "over":
        return Prompt(kind="over", players=(), text=state.end_reason or "the race is over")
    if state.phase == "pick":
        return Prompt(kind="pick", players=players, text="pick your cars for the race")
    if state.phase == "discard":
        return Prompt(kind="discard", players=players, text="discard any unwanted race cards")
    if state.phase == "debris":
        return Prompt(
            kind="debris", players=players, text="Dangerous Debris: give 1 damage to a car"
        )
    team = state.teams[state.seat]
    act = state.activation
    if act is None:
        return Prompt(kind="play", players=players, text=f"{team.name}: play a race card")
    label = f"{team.letter}{act.car % 10}"
    if act.stage == "move":
        mover = state.cars[[c.id for c in state.cars].index(act.mover)]
        who = f"{state.teams[mover.team].letter}{mover.number}"
        return Prompt(
            kind="move",
            players=players,
            text=f"{team.name}: move {who} ({act.mp} MP, {act.movement})",
            car=act.mover,
            mp=act.mp,
        )
    if act.stage == "event":
        name = EVENT_NAMES[EVENT_DECK[act.event]] if act.event is not None else "event"
        return Prompt(kind="event", players=players, text=f"{team.name}: {name}", car=act.car)
    return Prompt(kind="fire", players=players, text=f"{team.name}: {label} may fire", car=act.car)


def view(state: ArState, viewer: PlayerId | None) -> ArView:
    track = get_track(state.options.track)
    totals = [0] * len(state.teams)
    claimed = [0] * len(state.teams)
    for car in state.cars:
        if car.racing:
            totals[car.team] += car.damage
        claimed[car.team] += car.claimed
    teams = tuple(
        TeamView(
            player=t.player,
            name=t.name,
            team_name=t.team_name,
            letter=t.letter,
            seat=t.seat,
            pool=t.pool,
            claimed=claimed[t.seat],
            hand_size=len(t.hand),
            first=t.seat == state.first,
            damage=totals[t.seat],
            goal=state.options.pool,
        )
        for t in state.teams
    )
    cars = tuple(
        CarView(
            id=c.id,
            label=f"{state.teams[c.team].letter}{c.number}",
            owner=c.owner,
            team=c.team,
            letter=state.teams[c.team].letter,
            number=c.number,
            place=c.place,
            sector=c.sector,
            lane=c.lane,
            damage=c.damage,
            side=c.side,
            activated=c.racing and c.side != state.marker,
            defense=CAR_TYPES[c.number].defense,
            base_mp=CAR_TYPES[c.number].base_mp,
            weapon=CAR_TYPES[c.number].weapon,
            mount=CAR_TYPES[c.number].mount,
            targeting=CAR_TYPES[c.number].targeting,
            suppressed=c.suppressed,
            reloading=c.reloading,
            spun=c.spun,
            trough=c.place == "track" and track.terrain(c.pos) == "trough",
        )
        for c in state.cars
        if c.place != "reserve"
    )
    hand = None
    for t in state.teams:
        if viewer is not None and t.player == viewer:
            hand = tuple(card_view(c) for c in t.hand)
    return ArView(
        viewer=viewer,
        track=track.key,
        track_name=track.name,
        turn=state.turn,
        teams=teams,
        cars=cars,
        first_player=state.teams[state.first].player,
        marker=state.marker,
        prompt=(asked := prompt(state)),
        phase=PHASES[asked.kind],
        clock_stopped=state.clock_stopped,
        bounty=state.bounty,
        race_bonus=state.race_bonus,
        race_deck=len(state.race_deck),
        event_deck=len(state.event_deck),
        combat_deck=len(state.combat_deck),
        race_discard_top=card_view(state.race_discard[-1]) if state.race_discard else None,
        event_discard_top=EVENT_DECK[state.event_discard[-1]] if state.event_discard else None,
        combat_discard_top=state.combat_discard[-1] if state.combat_discard else None,
        activation=state.activation,
        last=state.last,
        outcome=outcome(state),
        hand=hand,
    )


def private_part(v: ArView) -> HandPart:
    """What the viewer's private buttons depend on: their hand, and what they are asked now.

    The prompt is reduced to the viewer's own part: who else still has to answer a
    simultaneous prompt (the discard, Dangerous Debris) and what another player is doing on
    their activation are public, and a change there must not stale this player's open hand.
    A viewer who is asked nothing gets the same placeholder prompt whatever the phase, until
    the race ends."""
    if v.viewer is not None and v.viewer in v.prompt.players:
        prompt = v.prompt.model_copy(update={"players": (v.viewer,)})
        activation = v.activation
    else:
        kind = "over" if v.prompt.kind == "over" else "play"
        prompt = Prompt(kind=kind, players=(), text="")
        activation = None
    return HandPart(viewer=v.viewer, hand=v.hand, prompt=prompt, activation=activation, turn=v.turn)
