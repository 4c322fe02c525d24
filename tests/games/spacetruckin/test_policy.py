"""The Space Truckin' bot: serviceable trucks and careful deliveries (random play: none)."""

from __future__ import annotations

import itertools
import statistics

from bench.policies import SERVICEABLE, trucks
from games.engine import Rng
from games.spacetruckin import SPEC
from games.spacetruckin.grid import blueprint, parse_cell
from games.spacetruckin.models import (
    Build,
    Hit,
    Jump,
    Place,
    Sheet,
    SpaceTruckinOptions,
    SpaceTruckinState,
)
from games.spacetruckin.policy import bot_move
from games.spacetruckin.sheet import destroyed, system_of_cell
from games.spacetruckin.shipyard import actions
from tests.games.spacetruckin.helpers import CHART, built_sheet, mid_location, players
from tests.games.spacetruckin.test_multiplayer import trucker

SOLO_GAMES = 100
P1 = 100


def test_solo_bots_leave_the_shipyard_serviceable_and_score() -> None:
    """100 seeded solo games: at least 90% serviceable trucks, and VP on average."""
    found = trucks(SOLO_GAMES)
    assert SERVICEABLE.is_met(found.rate), f"{found.serviceable}/{found.truckers}"
    assert statistics.mean(found.vp) > 0


def test_bots_at_a_table_leave_the_shipyard_serviceable() -> None:
    """Tables of 2, 3 and 4 bots (6 seeded games each): 90% serviceable trucks."""
    serviceable = truckers = 0
    for count in (2, 3, 4):
        found = trucks(6, count, first_seed=100 * count)
        serviceable += found.serviceable
        truckers += found.truckers
    assert serviceable / truckers >= SERVICEABLE.limit, f"{serviceable}/{truckers}"


def test_random_play_never_builds_a_serviceable_truck() -> None:
    """The contrast: uniformly random truckers stop or strand a required grid (40 games)."""
    found = trucks(40, bot=False)
    assert found.rate <= 0.05 and statistics.mean(found.vp) < 0.5


def _fresh_yard(dice: tuple[int, int]) -> SpaceTruckinState:
    sheet = Sheet(
        player=P1,
        specialty_dice=(4, 4),
        specialty="Grizzled",
        truck="Hammerhead",
        stage="pick",
        dice=dice,
    )
    return SpaceTruckinState(
        options=SpaceTruckinOptions(),
        players=players(1),
        phase="shipyard",
        chart=CHART,
        chart_placed=7,
        sheets=(sheet,),
    )


def test_builds_the_required_engine_first() -> None:
    """Dice 3 and 5 offer Engine/O or Cargo/T: the Engine goes first, on four Engine grids."""
    state = _fresh_yard((3, 5))
    pick = bot_move(state, P1, Rng(1))
    assert pick == Build(system="Engine", shape="O")
    state = SPEC.apply(state, P1, pick, Rng(1)).state
    place = bot_move(state, P1, Rng(1))
    assert isinstance(place, Place)
    after = SPEC.apply(state, P1, place, Rng(1)).state.sheets[0]
    required = set(blueprint("Hammerhead").cells_of_kind("E"))
    assert len(set(after.pieces[0].cells) & required) == 4


def test_jumps_on_engine_pips_and_keeps_the_crew() -> None:
    """With Engine pips to spare, a jump never spends a Quarters pip (wild crew)."""
    sheet = trucker(P1, 3, stage="jump", tasks=("jump",))
    state = SpaceTruckinState(
        options=SpaceTruckinOptions(),
        players=players(1),
        phase="delivery",
        chart=CHART,
        chart_placed=7,
        sheets=(sheet,),
    )
    pips = [a.pip for a in SPEC.legal_actions(state, P1) if isinstance(a, Jump)]
    assert any(system_of_cell(sheet, _cell(pip)) == "Quarters" for pip in pips)
    action = bot_move(state, P1, Rng(1))
    assert isinstance(action, Jump) and system_of_cell(sheet, _cell(action.pip)) == "Engine"


def test_a_damaged_bridge_takes_no_second_hit() -> None:
    """One Bridge grid down and the Cargo gone: a 5 (Cargo or O) matches nothing, so the dice
    5 and 3 offer the Bridge or an Engine; the bot gives up an Engine (a second Bridge hit
    would lose the truck)."""
    base = built_sheet(P1, "Mauler", "Grizzled", padded=False)
    cargo = next(p.id for p in base.pieces if p.system == "Cargo")
    base = destroyed(base, cargo).model_copy(update={"bridge_damage": 1})
    sheet = mid_location(base, stage="hit", tasks=("hit", "jump"), hit_dice=(5, 3))
    state = SpaceTruckinState(
        options=SpaceTruckinOptions(),
        players=players(1),
        phase="delivery",
        chart=CHART,
        chart_placed=7,
        sheets=(sheet,),
    )
    legal = SPEC.legal_actions(state, P1)
    assert Hit(piece=None) in legal and len(legal) > 1
    choice = bot_move(state, P1, Rng(1))
    assert isinstance(choice, Hit) and choice.piece is not None
    assert sheet.pieces[choice.piece].system == "Engine"


def test_shipyard_actions_are_the_games_own() -> None:
    """The bot's pick is always one the shipyard lists (free choice and stop included)."""
    for dice in itertools.product(range(1, 7), repeat=2):
        state = _fresh_yard(dice)
        assert bot_move(state, P1, Rng(1)) in actions(state.sheets[0])


def _cell(name: str) -> tuple[int, int]:
    cell = parse_cell(name)
    assert cell is not None
    return cell
