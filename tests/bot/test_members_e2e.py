"""A member's data end to end through the fake Discord: `/me export` privately, `/me forget`
after its confirmation (the database keeps no row naming them, `/game verify` still passes),
and the admin's `python -m bot forget USER_ID` for a member who left."""

from __future__ import annotations

import json
import subprocess
import sys

from tests.bot.conftest import World
from tests.bot.test_ratings_e2e import _race
from tests.dbscan import columns_holding


async def test_export_then_forget_leaves_no_row_naming_the_member(world: World) -> None:
    """Two races; alice exports, then is forgotten: no row names her, both races verify."""
    alice, bob, carol = world.alice, world.bob, world.carol
    await _race(world, alice, bob, 0)
    await _race(world, bob, alice, 1)
    r = await world.slash(alice, "me export")
    [(name, body)] = r.messages[-1].files
    assert r.ephemeral and name.endswith(".json") and len(json.loads(body)["games"]) == 2
    assert columns_holding(world.data_dir / "redline.sqlite3", alice.name)

    asked = await world.slash(alice, "me forget")
    assert asked.ephemeral and "cannot be undone" in asked.content
    done = await world.fake.click(alice, asked.messages[-1], asked.messages[-1].custom_ids[0])
    assert "Done" in asked.messages[-1].content, [m.content for m in done.messages]

    assert columns_holding(world.data_dir / "redline.sqlite3", alice.name) == []
    verified = await world.slash(carol, "game verify")
    assert "✅" in verified.content, verified.content
    shown = await world.slash(carol, "stats", member=bob)
    assert "2 games" in shown.messages[-1].content


async def test_the_admin_forgets_a_member_who_left(world: World) -> None:
    """`python -m bot forget USER_ID` on the database: the same, without Discord."""
    await _race(world, world.alice, world.bob, 0)
    await world.stop_bot()
    done = subprocess.run(
        [sys.executable, "-m", "bot", "forget", str(world.bob.id)],
        env={"REDLINE_DATA_DIR": str(world.data_dir), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "name replaced" in done.stdout, done.stdout
    assert columns_holding(world.data_dir / "redline.sqlite3", world.bob.name) == []
    await world.start_bot()
