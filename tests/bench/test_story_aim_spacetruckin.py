"""The story benchmark's person on a Space Truckin' sheet (issue 26): wanting the system the
bot would build (`whole_move`), they build it where the bot would, by the spot and its pip
that the table names on the way (`GameTable.toward`), not at a spot of the same build picked
at random (which stranded required grids and ended their trucks unserviceable)."""

from __future__ import annotations

import random
from dataclasses import dataclass

from bench.story_aim import aim, pressing
from games.engine import Rng
from games.spacetruckin.grid import covered_cells, parse_cell
from games.spacetruckin.models import BuildAt, SpaceTruckinState
from games.spacetruckin.policy import bot_move, whole_move
from table.answers import Message
from table.host import Host
from table.ids import action_payload
from table.registry import TABLES
from tests.table.spacetruckin.test_sheet_steps import TRUCKER, at_stage, host, press

__all__ = ["host"]  # the fixture, shared with the sheet's own tests


@dataclass(frozen=True)
class Offer:
    """A control of a private message as the person sees it (`bench.story_aim.Pressable`)."""

    custom_id: str
    label: str
    values: tuple[str, ...] | None = None
    private: bool = True


def _offers(message: Message) -> list[Offer]:
    buttons = [Offer(b.custom_id, b.label) for b in message.buttons if not b.disabled]
    options = [
        Offer(m.custom_id, f"{m.placeholder}: {label}", (value,))
        for m in message.selects
        for label, value, _ in m.options
    ]
    return buttons + options


async def test_the_person_builds_the_bots_system_where_the_bot_would(host: Host) -> None:
    """Two taps, the spot then the pip, and the system stands where the bot would put it."""
    snap = await at_stage(host, "pick")
    assert isinstance(snap.state, SpaceTruckinState)
    wanted = whole_move(snap.state, TRUCKER.id, bot_move(snap.state, TRUCKER.id, Rng(0)))
    assert isinstance(wanted, BuildAt)
    want = action_payload(wanted.model_dump(mode="json"))
    toward = TABLES["spacetruckin"].toward
    assert toward is not None
    message, pressed, taps = host.sheet(snap, TRUCKER.id), set[str](), 0
    while taps < 4:
        choice = aim(random.Random(taps), _offers(message), {}, pressed, want, toward(wanted))
        pressed |= pressing(choice)
        taps += 1
        answer = await host.press(press(choice.custom_id, TRUCKER.id, *(choice.values or ())))
        if answer.saved is not None:
            break
        assert isinstance(answer.pressed, Message)
        message = answer.pressed
    assert taps == 2 and answer.saved is not None
    state = answer.saved.state
    assert isinstance(state, SpaceTruckinState)
    piece = state.sheets[0].pieces[-1]
    built = covered_cells(wanted.anchor, wanted.shape, wanted.rotation, wanted.flip)
    assert (piece.system, piece.shape) == (wanted.system, wanted.shape)
    assert set(piece.cells) == {parse_cell(name) for name in built}
    assert parse_cell(wanted.pip) in {p.cell for p in state.sheets[0].pips}
