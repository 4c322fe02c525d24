"""Bot conformance: every registered game, played through the fake Discord to an outcome.

For each key of `games.registry.GAMES` (a new game is picked up automatically), seated players
start a game with `/game new`, `/game join` and `/game start`, then only press the buttons and
pick from the menus the bot offers them, until the public board shows an outcome (🏁). The
players (`tests/bot/conformance_driver.py`) see Discord only: who must act is read from the
mentions after ➡️ on the newest public board; a player presses, at random (a seeded
`random.Random`), one enabled button or one menu option on that board or on the private
messages the bot answered them with since it appeared (private sheets open with the board's
"Show my sheet"). Looking, Back and Cancel are pressed too, but rarely. No game needs a typed
command beyond the three lobby commands.

Checked on the way and at the end: no refusal (🚫), out-of-date answer (⏩) or failure (⚠️)
for an offered, current button or menu; whoever the board asks to act is offered something;
an outcome within the step limit; no violation or unserved route in the fake Discord; no
private image in public, and nobody shown text that only another seat's view holds, in any
version of any message, menu or autocomplete answer (`world.renders.check`, see
`tests/bot/hidden.py`). At the first step and every 20 presses every autocomplete of the
game's commands is asked by the acting player, a player who may not act and a spectator; with
private views the last two are offered nothing (`tests/bot/autocomplete_probe.py`).

This is the test every new game must pass on day one: it runs with the game's minimum seats
unless `SEATS` says more, and policy seed `DEFAULT_SEED` unless `SEEDS` says otherwise (the
plan both layers play: `tests/table/conformance_plan.py`; the table's own conformance test,
`tests/table/test_conformance.py`, plays the same games through the core alone).

Space Truckin': random presses never build a serviceable truck (the Engine- and
Weapons-required grids need planned placements), so its run ends in the shipyard with "every
truck is lost"; "Stop building" is pressed rarely (`HINTS`) so the shipyard's menus, previews,
turns, pips and free choices are all exercised first. Its deliveries are played by
`tests/bot/test_spacetruckin_e2e.py`.
"""

from __future__ import annotations

import random
import time

import pytest

from games.registry import GAMES
from tests.bot.autocomplete_probe import AutocompleteProbe
from tests.bot.conformance_driver import OUTCOME, Player
from tests.bot.conftest import World
from tests.table.conformance_plan import DEFAULT_SEED, HINTS, MAX_PRESSES, SEATS, SEEDS


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_full_game_by_buttons_alone(world: World, key: str) -> None:
    """Lobby by commands, then only offered buttons and menus, to an outcome on the board."""
    spec = GAMES[key]
    people = [world.alice, world.bob, world.carol, world.mod]
    seats = max(spec.min_players, min(SEATS.get(key, spec.min_players), spec.max_players))
    assert seats <= len(people), f"{key} needs more seats than the world has"
    seated = people[:seats]
    seed = SEEDS.get(key, DEFAULT_SEED)
    started = time.perf_counter()

    r = await world.slash(seated[0], "game new", game=key)
    assert "lobby" in r.content and not r.ephemeral, r.content
    for user in seated[1:]:
        r = await world.slash(user, "game join")
        assert not r.ephemeral and "🚫" not in r.content, r.content
    r = await world.slash(seated[0], "game start")
    await r.wait_followups(1)
    assert r.messages[-1].files, "the start shows the first board"

    probe = AutocompleteProbe(world, key, seated)
    player = Player(
        world,
        seated,
        random.Random(seed),
        max_steps=MAX_PRESSES,
        hints=HINTS.get(key, {}),
        probe=probe,
    )
    final = await player.play()
    elapsed = time.perf_counter() - started

    assert OUTCOME in final.content
    live = [label for label, cid, disabled in final.buttons if cid and not disabled]
    assert not live, f"a finished game offers no moves: {live}"
    refusals = [m.content for m in world.fake.all_messages() if m.ephemeral and "🚫" in m.content]
    assert not refusals, refusals
    checked = world.renders.check(world.fake)
    world.fake.assert_clean()
    print(
        f"\n{key}: {seats} players, seed {seed}: outcome after {player.presses} presses "
        f"({player.looks} looks, {player.waits} told to wait) in {elapsed:.1f} s\n"
        f"{final.content.splitlines()[-1]}\n"
        f"hidden information: {probe.points} probe points ({probe.seconds:.1f} s); "
        f"checked {checked}"
    )
