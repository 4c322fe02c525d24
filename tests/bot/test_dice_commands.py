"""/roll, /contest and /odds through the real client."""

from __future__ import annotations

import io

from PIL import Image

from tests.bot.conftest import World


async def test_roll_shows_total_and_dice_image(world: World) -> None:
    """A normal roll is public, with the breakdown and a dice image."""
    r = await world.slash(world.alice, "roll", expression="4d6kh3 for strength")
    await r.wait_followups(1)
    msg = r.messages[-1]
    assert not msg.ephemeral
    assert "4d6kh3" in msg.content and "strength" in msg.content
    assert msg.files and Image.open(io.BytesIO(msg.files[0][1])).format == "PNG"


async def test_dice_bomb_is_refused_privately(world: World) -> None:
    """1000000d1000000 and 1d1e1 are refused with a clear message (that they are refused
    before any die is rolled, fast, is `tests/games/dice/test_dice_bombs.py`'s)."""
    for bomb in ("1000000d1000000", "1d1e1"):
        r = await world.slash(world.alice, "roll", expression=bomb)
        assert r.ephemeral
        assert "🚫" in r.content


async def test_malformed_expression_is_explained(world: World) -> None:
    """Garbage notation gets an example of what works; an unreadable tail is never dropped."""
    r = await world.slash(world.alice, "roll", expression="2d")
    assert r.ephemeral and "2d6" in r.content
    r = await world.slash(world.alice, "roll", expression="4d6dl1")
    assert r.ephemeral and "dl1" in r.content


async def test_contest_reports_winner_and_overkill(world: World) -> None:
    """A contested roll names the winner (or a tie) and shows both sides' dice."""
    r = await world.slash(world.alice, "contest", attacker=3, defender=2)
    await r.wait_followups(1)
    msg = r.messages[-1]
    assert msg.files
    assert "Attacker" in msg.content or "tie" in msg.content.lower()


async def test_odds_table_image(world: World) -> None:
    """/odds with no options draws the Rush 'n' Crush table; with dice and target, exact odds."""
    r = await world.slash(world.alice, "odds")
    await r.wait_followups(1)
    assert r.messages[-1].files
    r = await world.slash(world.alice, "odds", mode="sum", dice=2, target=8)
    await r.wait_followups(1)
    assert "41.67%" in r.messages[-1].content
    r = await world.slash(world.alice, "odds", mode="sum", dice=10, target=60)
    await r.wait_followups(1)
    assert "< 0.01%" in r.messages[-1].content


async def test_odds_of_any_expression_with_chart_and_alt_text(world: World) -> None:
    """/odds expression:4d6kh3 target:15 answers 23.15% with a table and a described chart."""
    r = await world.slash(world.alice, "odds", expression="4d6kh3", target=15)
    msg = r.messages[-1]
    assert "23.15%" in msg.content and "25/108" in msg.content and "at least" in msg.content
    assert msg.files and Image.open(io.BytesIO(msg.files[0][1])).format == "PNG"
    assert "Bar chart" in (msg.attachments[0].description or "")


async def test_odds_refuse_a_huge_expression_privately(world: World) -> None:
    """A deeply exploding expression is refused privately, saying what to do instead."""
    r = await world.slash(world.alice, "odds", expression="10d6e>1")
    assert r.ephemeral and "explodes too often" in r.content


async def test_contest_shows_its_exact_odds(world: World) -> None:
    """/contest says the exact odds of the matchup before rerolls."""
    r = await world.slash(world.alice, "contest", attacker=2, defender=2)
    assert "Exact odds before rerolls" in r.messages[-1].content
