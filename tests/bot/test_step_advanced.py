"""When a game with private hands or sheets shows the table a new public board after a move:
someone new must act, or the game moved to another stage with the same player acting next."""

from __future__ import annotations

import dataclasses
import re

from games.engine import Model, Player, PlayerId, Rng
from games.registry import GAMES
from table.snapshot import Snapshot, stage_of
from tests.bot.conftest import World
from tests.bot.records import started


class Prompt(Model):
    kind: str
    text: str


class Turn(Model):
    side: int
    actions_left: int


class FakeState(Model):
    """A state that is its own public view: who acts, and the view's turn fields."""

    active: tuple[PlayerId, ...]
    phase: str = "play"
    round: int = 1
    prompt: Prompt = Prompt(kind="play", text="play a card")
    turn: Turn = Turn(side=0, actions_left=3)


SPEC = dataclasses.replace(
    GAMES["dragrage"],
    active_players=lambda state: frozenset(state.active),
    view=lambda state, viewer: state,
    has_private_views=True,
)
RECORD = started("dragrage", [(1, "Alice"), (2, "Bob")])


def after(before: FakeState, now: FakeState) -> Snapshot:
    """The snapshot the service hands out after the move that turned `before` into `now`."""
    previous = Snapshot(RECORD, SPEC, before)
    return Snapshot(RECORD, SPEC, now, (), previous.active_players, previous_stage=previous.stage)


def test_a_new_phase_with_the_same_player_to_act_is_a_new_step() -> None:
    """Alice answers the discard last and is also the next first player: a new board."""
    before = FakeState(active=(1,), phase="discard", prompt=Prompt(kind="discard", text="discard"))
    assert after(before, FakeState(active=(1,))).step_advanced


def test_an_answer_to_a_simultaneous_prompt_is_not_a_new_step() -> None:
    """Bob answers the discard while Alice still has to: no new public board yet."""
    before = FakeState(active=(1, 2), phase="discard")
    assert not after(before, before.model_copy(update={"active": (1,)})).step_advanced


def test_someone_new_to_act_is_a_new_step() -> None:
    """The turn passes from Alice to Bob in the same phase."""
    assert after(FakeState(active=(1,)), FakeState(active=(2,))).step_advanced


def test_a_new_phase_or_round_is_a_new_step() -> None:
    """The same player moves on into the discard phase, or into a new round."""
    before = FakeState(active=(1,))
    assert after(before, FakeState(active=(1,), phase="discard")).step_advanced
    assert after(before, FakeState(active=(1,), round=2)).step_advanced


def test_a_detail_of_the_same_step_is_not_a_new_step() -> None:
    """An action spent, or the next step of the same activation (play a card, then move the
    car), same player: no new public board and no second ping."""
    before = FakeState(active=(1,))
    spent = FakeState(active=(1,), turn=Turn(side=0, actions_left=2))
    moving = FakeState(active=(1,), prompt=Prompt(kind="move", text="move A1"))
    assert not after(before, spent).step_advanced
    assert not after(before, moving).step_advanced


def test_every_game_names_its_stage_in_its_public_view() -> None:
    """Each registered game's public view gives at least one turn-structure field, so a new
    stage with the same player to act is noticed in every game (a new game included)."""
    for key, spec in GAMES.items():
        players = [Player(id=i + 1, name=f"p{i}") for i in range(spec.min_players)]
        state = spec.setup(players, spec.parse_options(None), Rng.for_step(1, 0))
        assert stage_of(spec.view(state, None)), f"{key}: no phase/round/turn in its view"


async def test_the_table_sees_the_race_start_after_the_car_pick(world: World) -> None:
    """Apocalypse Road, cars picked by the players: when the last to pick also plays first, the
    table's turn message asks for a race card (no longer the old "pick" step)."""
    await world.slash(world.alice, "game new", game="apocalypseroad")
    await world.slash(world.bob, "game join")
    r = await world.slash(world.alice, "game option", setting="pick_cars", value="true")
    assert "🚫" not in r.content, r.content
    r = await world.slash(world.alice, "game start")
    await r.wait_followups(1)
    board = world.latest_board()
    assert "pick your cars" in board.content, board.content
    hand_button = next(b[1] for b in board.buttons if "hand" in str(b[0]))
    pickers = [world.alice, world.bob]
    for user, cars in zip(pickers, ("81347", "12345"), strict=True):
        r = await world.fake.click(user, board, hand_button)
        await r.wait_followups(1)
        message = r.messages[-1]
        for car in cars:
            button = next(b[1] for b in message.buttons if re.match(rf"^{car} · ", str(b[0])))
            r = await world.fake.click(user, message, button)
            await r.wait_response()
            message = world.fake.store.messages[message.id]
        confirm = next(b for b in message.buttons if str(b[0]).startswith("✅ Race with"))
        r = await world.fake.click(user, message, confirm[1])
        await r.wait_followups(1)
    await world.answered()
    turn = world.latest_board()
    assert "play a race card" in turn.content, turn.content
    assert "pick your cars" not in turn.content.split("➡️", 1)[1], turn.content
