"""Command sync is validated as Discord does: one bad field fails the whole PUT with 50035."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from tests.fakediscord.conftest import World
from tests.fakediscord.toybot import Toy

Json = dict[str, Any]


def cmd(name: str = "ok", description: str = "fine", **extra: Any) -> Json:
    return {"type": 1, "name": name, "description": description, **extra}


def opt(name: str, kind: int = 3, description: str = "an option", **extra: Any) -> Json:
    return {"type": kind, "name": name, "description": description, **extra}


def choices(n: int, name: str = "c", value: str = "v") -> list[Json]:
    return [{"name": f"{name}{i}", "value": f"{value}{i}"} for i in range(n)]


BAD = {
    "upper-case name": ([cmd("Ping")], "0.name"),
    "space in name": ([cmd("has space")], "0.name"),
    "33-char name": ([cmd("x" * 33)], "0.name"),
    "empty description": ([cmd(description="")], "0.description"),
    "101-char description": ([cmd(description="d" * 101)], "0.description"),
    "26 options": ([cmd(options=[opt(f"o{i}") for i in range(26)])], "0.options"),
    "bad option name": ([cmd(options=[opt("Speed")])], "0.options.0.name"),
    "26 choices": ([cmd(options=[opt("o", choices=choices(26))])], "0.options.0.choices"),
    "empty choice name": (
        [cmd(options=[opt("o", choices=[{"name": "", "value": "v"}])])],
        "0.options.0.choices.0.name",
    ),
    "101-char choice name": (
        [cmd(options=[opt("o", choices=[{"name": "n" * 101, "value": "v"}])])],
        "0.options.0.choices.0.name",
    ),
    "101-char string choice value": (
        [cmd(options=[opt("o", choices=[{"name": "n", "value": "v" * 101}])])],
        "0.options.0.choices.0.value",
    ),
    "required after optional": (
        [cmd(options=[opt("a"), opt("b", required=True)])],
        "0.options.1.required",
    ),
    "subcommand without description": (
        [cmd(options=[opt("sub", kind=1, description="")])],
        "0.options.0.description",
    ),
    "option of a subcommand without description": (
        [cmd(options=[opt("sub", kind=1, options=[opt("x", description="")])])],
        "0.options.0.options.0.description",
    ),
    "over 8000 characters": (
        [
            cmd(
                options=[
                    opt(f"o{i}", description="d" * 100, choices=choices(25, "n" * 90, "v" * 90))
                    for i in range(5)
                ]
            )
        ],
        "In 0: Command exceeds maximum size (8000)",
    ),
    "101 chat-input commands": ([cmd(f"c{i}") for i in range(101)], "In _errors"),
    "unknown integration type": ([cmd(integration_types=[0, 2])], "0.integration_types.1"),
    "empty integration types": ([cmd(integration_types=[])], "0.integration_types"),
    "unknown context": ([cmd(contexts=[0, 3])], "0.contexts.1"),
    "repeated context": ([cmd(contexts=[1, 1])], "0.contexts"),
}


@pytest.mark.parametrize("case", sorted(BAD))
async def test_invalid_sync_fails_whole_with_50035(world: World, bot: Toy, case: str) -> None:
    """Each rule Discord checks on PUT .../commands fails the sync: 400 / 50035 naming the path,
    a violation, and the commands synced before stay as they were."""
    payload, where = BAD[case]
    before = world.fake.synced_commands()
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.bulk_upsert_global_commands(world.fake.application_id, [*payload, cmd("z")])
    assert (caught.value.status, caught.value.code) == (400, 50035)
    assert where in caught.value.text
    assert any("50035" in v and "PUT global commands" in v for v in world.fake.violations)
    assert world.fake.synced_commands() == before


async def test_guild_sync_is_validated_too(world: World, bot: Toy) -> None:
    """PUT .../guilds/{g}/commands follows the same rules."""
    with pytest.raises(discord.HTTPException) as caught:
        await bot.http.bulk_upsert_guild_commands(
            world.fake.application_id, world.guild.id, [cmd("Bad")]
        )
    assert caught.value.code == 50035 and "In 0.name" in caught.value.text
    assert any(f"guild {world.guild.id} commands" in v for v in world.fake.violations)


async def test_valid_edge_cases_sync(world: World, bot: Toy) -> None:
    """Unicode letters, digits, -_' and the exact limits are accepted."""
    good = [
        cmd("ça-va_1'x", "d" * 100, options=[opt("o", choices=choices(25, "n" * 98, "v" * 98))]),
        cmd("y" * 32, options=[opt(f"o{i}", required=i < 3) for i in range(25)]),
        {"type": 2, "name": "User Info"},  # context menus: any case, spaces, no description
        cmd("anywhere", integration_types=[0, 1], contexts=[0, 1, 2]),
    ]
    echoed = await bot.http.bulk_upsert_global_commands(world.fake.application_id, good)
    assert [c["name"] for c in echoed] == ["ça-va_1'x", "y" * 32, "User Info", "anywhere"]
    assert world.fake.violations == []
