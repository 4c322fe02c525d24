"""Table conformance: every registered game, played through the host alone to an outcome.

The twin of `tests/bot/test_conformance.py` one layer down, with no Discord at all: a real
`GameService` on a temporary SQLite file, a clock that moves only when told and a seed source;
for each key of `games.registry.GAMES` (a new game is picked up automatically) seated players
open, join and start a game through `table.seating` (what `/game new`, `join` and `start`
call), then only press the buttons and pick from the menus the table's answers offer them,
through `Host.press`, until the public board shows an outcome (🏁). The players
(`tests/table/conformance_driver.py`) keep each message as the bot would have left it and
read who must act from the board's mentions after ➡️.

Checked on the way and at the end: no refusal (a `ServiceError` or `GameError`, or a 🚫, ⏩ or
⚠️ note) for an offered, current button or menu; every custom_id decodes with its namespace's
codec and fits Discord's 100 characters; every message fits Discord's limits (2,000
characters, 25 components in 5 rows, 25 options a menu); every picture names its game, its
session and a drawing, and is shown only to whoever's view it is drawn from (a public board
keeps its text fallback); whoever the board asks to act is offered something; an outcome
within the step limit, its replay asked for once; no live button on the final board. Every
50th press's pictures and the final board are drawn with their own functions (PNG bytes).

The seats, the players' seeds, hints and step limit are the bot test's (`conformance_plan.py`);
the game's seed is the bot world's first, so both layers deal the same game and, given the
same offers, make the same presses: the press counts printed here and there agree.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time
from pathlib import Path

import pytest

from games.engine import Player
from games.registry import GAMES
from table.host import Host
from table.seating import Seating
from tests.table.conformance_driver import Table, TablePlayer
from tests.table.conformance_plan import DEFAULT_SEED, HINTS, MAX_PRESSES, OUTCOME, SEATS, SEEDS
from tests.table.screens import draw, told

GUILD, CHANNEL = 1_300_000_000_000_000_001, 1_300_000_000_000_000_002
PEOPLE = tuple(
    Player(id=1_300_000_000_000_000_100 + i, name=name)
    for i, name in enumerate(("alice", "bob", "carol", "mod"), start=1)
)
BOT_WORLD_FIRST_SEED = 7
"""The seed of the bot world's first game (`tests/bot/conftest.py`: `World.seeds`)."""
DISCORD_SIDE = ("discord", "fakediscord", "bot")


@pytest.fixture
def first_seed() -> int:
    return BOT_WORLD_FIRST_SEED


@pytest.mark.parametrize("key", sorted(GAMES))
async def test_a_full_game_by_presses_alone(host: Host, key: str) -> None:
    """Lobby by the `/game` functions, then only offered buttons and menus, to an outcome."""
    spec = GAMES[key]
    seats = max(spec.min_players, min(SEATS.get(key, spec.min_players), spec.max_players))
    assert seats <= len(PEOPLE), f"{key} needs more seats than the table has people"
    seated = PEOPLE[:seats]
    seed = SEEDS.get(key, DEFAULT_SEED)
    started = time.perf_counter()

    seating = Seating(host)
    player = TablePlayer(
        Table(host, CHANNEL, GUILD),
        seated,
        random.Random(seed),
        max_steps=MAX_PRESSES,
        hints=HINTS.get(key, {}),
    )
    lobby = player.command(await seating.new(GUILD, CHANNEL, key, seated[0]), seated[0])
    assert lobby.public is not None and "lobby" in lobby.public.content
    for person in seated[1:]:
        player.command(await seating.join(CHANNEL, person), person)
    opened = await told(seating.host, await seating.start(CHANNEL, seated[0].id))
    first = player.command(opened, seated[0])
    assert first.public is not None and first.public.picture, "the start shows the first board"

    final = await player.play()
    elapsed = time.perf_counter() - started

    assert OUTCOME in final.message.content
    live = [b.label for b in final.message.buttons if not b.disabled]
    assert not live and not final.message.selects, f"a finished game offers no moves: {live}"
    assert player.replays == 1, "the answer that ends the game asks for its replay, once"
    assert final.message.picture is not None, "the final board has a picture"
    draw(final.message.picture)
    print(
        f"\n{key}: {seats} players, seed {seed}: outcome after {player.presses} presses "
        f"({player.looks} looks, {player.waits} told to wait) in {elapsed:.1f} s; "
        f"{player.drawn + 1} pictures drawn, {player.replays} replay asked\n"
        f"{final.message.content.splitlines()[-1]}"
    )


def test_the_table_is_played_without_discord() -> None:
    """This test and its driver import no `discord`, no fake Discord and no `bot`: the core
    alone is enough to play every game (the test process itself loads the fake Discord for
    the bot's tests, so this is asked of a fresh interpreter)."""
    probe = (
        "import sys, tests.table.test_conformance\n"
        f"print(sorted(m for m in sys.modules if m.split('.')[0] in {DISCORD_SIDE!r}))"
    )
    found = subprocess.run(
        [sys.executable, "-c", probe],
        cwd=Path(__file__).parents[2],
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert found.stdout.strip() == "[]", found.stdout
