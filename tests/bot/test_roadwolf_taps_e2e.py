"""Road Wolf through the fake Discord, as a new player meets it (issue 26): army building that
says what it is doing and what each button costs, typed choices with distinct names, a
vehicle's actions counted right, and refusals that name whose turn it is."""

from __future__ import annotations

import contextlib
import math
import random
import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field

from fakediscord import FakeUser
from fakediscord.interaction import InteractionResult
from games.roadwolf.model import BuyAction, RwState, TokenAction
from tests.bot.conformance_driver import Choice
from tests.bot.conftest import World
from tests.bot.roadwolf_driver import (
    Driver,
    Enough,
    do,
    game_state,
    latest,
    lobby,
    open_panel,
    press,
    refusals,
)


def _labels(message: object) -> list[str]:
    return [str(label) for label, _, _ in message.buttons]  # type: ignore[attr-defined]


async def _to_play(world: World) -> None:
    """Both sides build by the panel (Muscle Cars, a Gunner and gear) until play begins."""
    driver = Driver(world, [world.alice, world.bob], random.Random(5), stop_at_play=True)
    with contextlib.suppress(Enough):
        await driver.play()


async def test_buy_buttons_say_size_cost_and_type(world: World) -> None:
    """Each buy button names what it buys: its cost in points, its size, Open or Closed and
    its surface."""
    await lobby(world, "INTERCEPTOR")
    panel = await open_panel(world)
    buys = [label for label in _labels(panel) if label.startswith("buy a ")]
    muscle = next(label for label in buys if label.startswith("buy a Muscle Car"))
    assert "3 points" in muscle and "size 3" in muscle and "Closed" in muscle, muscle
    assert "Street" in muscle, muscle


async def test_the_board_says_a_side_is_building_its_army(world: World) -> None:
    """While armies are built the public board asks each player to build, with the points
    left, not for "your move"."""
    await lobby(world, "INTERCEPTOR")
    board = world.latest_board()
    assert "building your army: 6 points" in board.content, board.content
    assert "your move" not in board.content, board.content


async def test_one_point_left_is_one_point(world: World) -> None:
    """With a single point left the panel says "1 point", not "1 points"."""
    await lobby(world, "INTERCEPTOR")
    await do(world, BuyAction(vehicle_class="muscle_car"))
    await do(world, BuyAction(vehicle_class="coupe"))
    panel = await open_panel(world)
    assert "1 point and" in panel.content, panel.content


async def test_typed_token_choices_have_distinct_names(world: World) -> None:
    """`/roadwolf do` offers each token by its own name (the kind and the vehicle), so typing
    "gunner on a" finds exactly one choice."""
    await lobby(world, "INTERCEPTOR")
    await do(world, BuyAction(vehicle_class="muscle_car"))
    offered = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf do", focused="action", value="on A"
    )
    names = [c["name"] for c in offered]
    assert len(names) == len(set(names)) and len(names) > 1, names
    one = await world.fake.autocomplete(
        world.alice, world.channel, "roadwolf do", focused="action", value="gunner on a"
    )
    assert [c["name"] for c in one] == ["Gunner on A"], one


async def test_a_picked_vehicle_has_its_two_actions(world: World) -> None:
    """A vehicle picked at the start of its activation says it has 2 actions left."""
    await lobby(world, "INTERCEPTOR")
    await _to_play(world)
    panel = await open_panel(world)
    picked = await press(world, panel, "🚗 A")
    assert "2 actions left" in picked.content, picked.content


async def test_a_refusal_names_whose_turn_it_is(world: World) -> None:
    """Bob typing a move on Alice's turn is told it is Alice's turn and what she is choosing."""
    await lobby(world, "INTERCEPTOR")
    await _to_play(world)
    r = await world.slash(world.bob, "roadwolf move", vehicle="N", to="B4")
    refusal = r.messages[-1]
    assert refusal.ephemeral and "🚫" in refusal.content, refusal.content
    assert "it is alice's turn: alice is choosing" in refusal.content.lower(), refusal.content


async def _spend_everything(world: World) -> None:
    """Alice buys a Muscle Car, a Coupe and a Street Bike and puts her six tokens on them."""
    for key in ("muscle_car", "coupe", "street_bike"):
        await do(world, BuyAction(vehicle_class=key))
    for token in ("gunner", "nitro", "shotgun", "molotov", "ambush", "spikes"):
        await do(world, TokenAction(vehicle="A", token=token))


async def test_the_last_token_leaves_the_army_open_until_ready(world: World) -> None:
    """With every point and token spent Alice may still place, crew or start again; her army
    is done only when she presses ✅ Army ready."""
    await lobby(world, "INTERCEPTOR")
    await _spend_everything(world)
    panel = await open_panel(world)
    labels = _labels(panel)
    for wanted in ("✅ Army ready", "start the army again", "🛠 Place / crew…"):
        assert wanted in labels, labels
    assert "press ✅ Army ready" in panel.content, panel.content
    ready = await press(world, panel, "✅ Army ready")
    assert "Nothing to do" in ready.content, ready.content
    assert not [label for label in _labels(ready) if label.startswith("start the army")]


async def test_a_vehicle_is_placed_from_a_picture_of_its_spots(world: World) -> None:
    """🛠 Place / crew…, then 📍 A shows a picture of A's legal starting spots, numbered, with a
    button per number; tapping 1 places A there (three taps from the panel, one from the
    picture)."""
    await lobby(world, "INTERCEPTOR")
    await do(world, BuyAction(vehicle_class="muscle_car"))
    panel = await open_panel(world)
    picks = await press(world, panel, "🛠 Place / crew…")
    spots = await press(world, picks, "📍 A")
    assert spots.files, "the spots are shown on a picture"
    assert "1" in _labels(spots) and "Where does **Muscle Car A** start" in spots.content
    await press(world, spots, "1")
    game = await game_state(world)
    assert game.vehicle("A").placed and game.vehicle("A").y < 8, game.vehicle("A")
    assert not refusals(world)
    world.renders.check(world.fake)


PLAY_ACTIONS = 40
"""Play-phase actions the tap count follows (a whole game takes minutes on a loaded machine)."""
TAP_BUDGET = 3


@dataclass
class TapCounter(Driver):
    """The panel-driving person (`Driver`), who takes a ⏩/⏪ quick move when one goes where the
    Driver would have gone anyway, counting each player's presses until their action is
    played (the game's version moves): taps per action, by phase."""

    taps: dict[int, int] = field(default_factory=dict)
    per_action: list[tuple[str, int]] = field(default_factory=list)

    def pick(self, choices: Sequence[Choice]) -> Choice:
        choice = super().pick(choices)
        wanted = {"⬆ Move…": "⏩", "⬇ Brake…": "⏪"}.get(choice.label)
        quick = [c for c in choices if wanted and c.label.startswith(wanted)]
        return quick[0] if quick else choice

    async def press(self, user: FakeUser, choice: Choice) -> InteractionResult:
        before = await latest(self.world)
        result = await super().press(user, choice)
        after = await latest(self.world)
        self.taps[user.id] = self.taps.get(user.id, 0) + 1
        if after.version != before.version:
            phase = before.state.phase if isinstance(before.state, RwState) else "?"
            self.per_action.append((phase, self.taps.pop(user.id)))
            if len(self.of("play")) >= PLAY_ACTIONS:
                raise Enough
        return result

    def of(self, phase: str) -> list[int]:
        return [taps for at, taps in self.per_action if at == phase]


def _median_p90(taps: list[int]) -> tuple[float, int]:
    ordered = sorted(taps)
    return statistics.median(ordered), ordered[math.ceil(0.9 * len(ordered)) - 1]


async def test_an_action_takes_at_most_three_taps(world: World) -> None:
    """Two players build and play INTERCEPTOR by the panel as a person would: the taps from one
    played action to the next, median and p90, are at most 3 (issue 26's budget)."""
    await lobby(world, "INTERCEPTOR")
    counter = TapCounter(world, [world.alice, world.bob], random.Random(5))
    with contextlib.suppress(Enough):
        await counter.play()
    build, play = counter.of("build"), counter.of("play")
    assert len(play) >= PLAY_ACTIONS, counter.per_action
    every = build + play
    print(
        f"\nRoad Wolf taps per action (median, p90): build {_median_p90(build)} over "
        f"{len(build)}, play {_median_p90(play)} over {len(play)}, all {_median_p90(every)}"
    )
    for taps in (build, play):
        median, p90 = _median_p90(taps)
        assert median <= TAP_BUDGET and p90 <= TAP_BUDGET, (median, p90, counter.per_action)
