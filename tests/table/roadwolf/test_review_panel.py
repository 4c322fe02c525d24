"""Review of the Road Wolf panels with three or more sides: no wording that assumes one other
side (GAUNTLET's enemies and up to five rival sides can cost a vehicle its crew)."""

from __future__ import annotations

from games.engine import Player, Rng
from games.roadwolf import SPEC
from table.roadwolf.setup import crew_menu
from table.snapshot import Snapshot
from tests.bot.records import started

SEATS = tuple(Player(id=700 + i, name=f"P{i}") for i in range(3))
RECORD = started(
    "roadwolf", [(p.id, p.name) for p in SEATS], options_json='{"mission": "GAUNTLET"}'
)


def test_the_crew_order_menu_names_no_single_other_side() -> None:
    """Rule 40 ("you choose who is lost first") on the crew order menu of a three-side
    GAUNTLET: losses come while it is not your turn, not on "the other side's turn"."""
    state = SPEC.setup(SEATS, SPEC.parse_options({"mission": "GAUNTLET"}), Rng(1))
    assert SPEC.policy is not None
    while not any(v.origin == 2 for v in state.vehicles):
        state = SPEC.apply(state, 702, SPEC.policy(state, 702, Rng(0)), Rng(1)).state
    letter = next(v.letter for v in state.vehicles if v.origin == 2)
    text = crew_menu(Snapshot(RECORD, SPEC, state), 702, letter).content
    assert f"Crew order of {letter}" in text
    assert "the other side" not in text and "while it is not your turn" in text


def test_the_setup_button_of_a10_opens_a10_not_a1() -> None:
    """Three DERAILED teams of 12 points of bikes letter them A1 … A12: "🛠 A10 Dirt Bike" on the
    setup pick opens A10's menu (the letter was cut to two characters: A1's)."""
    import asyncio

    from games.roadwolf.model import BuyAction
    from table.answers import Press, Reworded
    from table.roadwolf.ids import RwId
    from table.roadwolf.setup import SETUP
    from table.roadwolf.verbs import _setup

    options = SPEC.parse_options({"mission": "DERAILED", "points": 12})
    state = SPEC.setup(SEATS, options, Rng(1))
    for _ in range(12):
        state = SPEC.apply(state, 700, BuyAction(vehicle_class="dirt_bike"), Rng(1)).state
    snap = Snapshot(RECORD, SPEC, state)
    rid = RwId(verb=SETUP, session_id=1, version=2, payload="A10")
    press = Press(user_id=700, user_name="P0", channel_id=1, guild_id=1, custom_id="")
    answer = asyncio.run(_setup(None, press, rid, snap, 700))  # type: ignore[arg-type]
    assert isinstance(answer.pressed, Reworded)  # the private message is redrawn with it
    reply = answer.pressed
    assert "**Dirt Bike A10**" in reply.content, reply.content
