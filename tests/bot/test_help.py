"""`/help` and `/game rules` as a newcomer meets them."""

from __future__ import annotations

from fakediscord.limits import MAX_EMBED_TOTAL
from fakediscord.records import walk_components
from games.registry import GAMES
from tests.bot.conftest import World

MAX_DESCRIPTION = 4096
"""Discord's limit on an embed's description."""


async def test_help_lists_every_game_and_how_to_start(world: World) -> None:
    """`/help` names every registered game with its player count, and the first commands."""
    r = await world.slash(world.carol, "help")
    text = "\n".join(e.get("description", "") for m in r.messages for e in m.embeds)
    assert r.ephemeral
    for spec in GAMES.values():
        assert spec.title in text
    assert "/game new" in text and "/roll" in text and "/vacation" in text


async def test_help_describes_the_new_dice_commands(world: World) -> None:
    """`/help` tells of exact odds, secret rolls with reveal and verify, and saved rolls."""
    r = await world.slash(world.carol, "help")
    text = "\n".join(e.get("description", "") for m in r.messages for e in m.embeds)
    for words in ("/odds expression:", "secret:true", "/dice reveal", "/dice verify", "/dice save"):
        assert words in text, words


async def test_rules_without_a_game_list_the_games(world: World) -> None:
    """`/game rules` in a channel without a game lists the games instead of a dead end."""
    r = await world.slash(world.carol, "game rules")
    assert r.ephemeral and all(spec.title in r.content for spec in GAMES.values())
    menu = next(c for c in walk_components(r.components) if c.get("type") == 3)
    assert {o["value"] for o in menu["options"]} == set(GAMES), menu["options"]
    picked = await world.fake.select(world.carol, r.message, menu["custom_id"], ["rushncrush"])
    await picked.wait_followups(1)
    shown = [e.get("title", "") for m in picked.messages for e in m.embeds]
    assert any("Rush 'n' Crush: rules" in t for t in shown), shown


async def test_long_rules_arrive_as_several_messages(world: World) -> None:
    """Through Discord: every page of every game's rules arrives, none over the limit."""
    for key, spec in GAMES.items():
        r = await world.slash(world.carol, "game rules", game=key)
        embeds = [e for m in r.messages for e in m.embeds]
        assert embeds and all(m.ephemeral for m in r.messages), key
        for embed in embeds:
            description = embed.get("description", "")
            assert embed.get("title", "").startswith(f"{spec.title}: rules"), (key, embed)
            assert 0 < len(description) <= MAX_DESCRIPTION, (key, len(description))
            assert len(description) + len(embed.get("title", "")) <= MAX_EMBED_TOTAL, key
        described = "".join(e.get("description", "") for e in embeds)
        assert len(described.replace("\n", "")) >= len(spec.rules_text.replace("\n", "")) - 10
