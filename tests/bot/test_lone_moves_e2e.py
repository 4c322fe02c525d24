"""Lone moves in Space Truckin' and Apocalypse Road (issue 26): a person whose only legal move
is one the table plays it for them at once and tells it in the turn message, no tap."""

from __future__ import annotations

from games.apocalypseroad import SPEC as AR
from games.apocalypseroad.model import ArState, Discard
from games.engine import Player
from games.spacetruckin.models import Accept, Sheet, SpaceTruckinState
from tests.bot.conftest import World
from tests.bot.test_spacetruckin_e2e import _inject, _start
from tests.games.apocalypseroad.test_events import drawn
from tests.games.spacetruckin.delivery_helpers import boxes, truck
from tests.games.spacetruckin.helpers import delivery_state, mid_location

TOLD = "had one move only"


def told(world: World) -> list[str]:
    """Every public text (each edit included) that tells a move the table played."""
    return [
        str(v.get("content"))
        for m in world.public()
        for v in m.shown
        if TOLD in str(v.get("content"))
    ]


def _bob_rolled_doubles(world: World) -> SpaceTruckinState:
    """Alice to accept her result at A; Bob rolled 3 3 with two boxes left (top1, bot1)."""
    sheets = (
        mid_location(
            truck().model_copy(update={"player": world.alice.id}), boxes=boxes("2000", "1998")
        ),
        mid_location(  # nothing to reroll or flip with: writing them is all he may do
            _unmanipulable(truck().model_copy(update={"player": world.bob.id})),
            stage="fill",
            tasks=("fill", "jump"),
            boxes=(None, 5, 3, 2, None, 4, 1, 6),
            dice=(3, 3),
        ),
    )
    state = delivery_state(sheets)
    seats = [Player(id=u.id, name=u.name) for u in (world.alice, world.bob)]
    return SpaceTruckinState.model_validate(
        state.model_dump(mode="json") | {"players": [p.model_dump() for p in seats]}
    )


def _unmanipulable(sheet: Sheet) -> Sheet:
    """The test truck without its Weapons and Reactor pips (no reroll or flip open)."""
    pips = tuple(p for p in sheet.pips if p.cell not in {(0, 1), (5, 5)})
    return sheet.model_copy(update={"pips": pips})


async def test_space_truckin_doubles_in_the_last_two_boxes_are_written_for_the_trucker(
    world: World,
) -> None:
    """Bob's doubles fit the last two boxes one way only: the table writes them and says so."""
    table = await _start(world, 21, world.bob)
    await _inject(world, _bob_rolled_doubles(world))
    await table.play(world.alice, Accept())
    await world.idle()
    bob = next(s for s in (await table.state()).sheets if s.player == world.bob.id)
    assert bob.challenge is None or None not in bob.challenge.boxes, bob
    assert any("bob" in text and "top1 + bot1" in text for text in told(world)), [
        str(v.get("content")) for m in world.public() for v in m.shown
    ][-3:]


def _alice_sideswiped_on_the_inside_lane(world: World) -> ArState:
    """Alice's car 1 drew Sideswipe on the inside lane: only "move outside" is open."""
    state = drawn("sideswipe", {1: {"sector": 5, "lane": 0}})
    users = (world.alice, world.bob)
    teams = [
        t.model_copy(update={"player": u.id, "name": u.name})
        for t, u in zip(state.teams, users, strict=True)
    ]
    act = state.activation
    assert act is not None
    return state.model_copy(
        update={"teams": tuple(teams), "activation": act.model_copy(update={"player": users[0].id})}
    )


async def _sideswiped_race(world: World) -> int:
    """A two-player race put at Alice's one-sided Sideswipe; its session id."""
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    return await _inject(world, _alice_sideswiped_on_the_inside_lane(world), AR, Discard())


async def test_apocalypse_road_a_hand_offers_no_button_for_a_lone_move(world: World) -> None:
    """Alice's hand says the table plays her only move, with no button for it to press."""
    await _sideswiped_race(world)
    r = await world.slash(world.alice, "apocalypseroad hand")
    await r.wait_followups(1)
    hand = r.messages[-1]
    assert "Your only move (move outside)" in hand.content, hand.content
    assert not [label for label, _, _ in hand.buttons if "outside" in str(label)], hand.buttons


async def test_apocalypse_road_a_sideswipe_with_one_side_open_moves_for_the_driver(
    world: World,
) -> None:
    """Alice's Sideswipe can only go outside: the table moves her there and says so."""
    session_id = await _sideswiped_race(world)
    assert world.bot is not None
    service = world.bot.service
    await world.bot.scheduler.run_session(session_id)  # the next tick
    await world.idle()
    after = (await service.current(world.channel.id)).state
    assert isinstance(after, ArState)
    assert after.activation is None or after.activation.stage != "event", after.activation
    assert any("alice" in text and "move outside" in text for text in told(world)), [
        str(v.get("content")) for m in world.public() for v in m.shown
    ][-3:]
