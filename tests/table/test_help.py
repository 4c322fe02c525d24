"""The words a newcomer reads: `/help` and the rules, paged for Discord's embeds."""

from __future__ import annotations

from games.registry import GAMES
from table.help import help_text, pages
from table.ratings import RULING_BOTS, RULING_ENDED, RULING_MISSED, RULING_TIES
from table.seasons import RULING_SEASON_ENDS, RULING_SEASON_POINTS


async def test_every_game_has_a_playing_here_section_in_its_rules() -> None:
    """Each rules text tells a player in Discord which commands and buttons to use."""
    for spec in GAMES.values():
        assert "**Playing here**" in spec.rules_text, spec.title


def test_a_long_rules_text_is_paged_not_cut() -> None:
    """A text over an embed's limit comes as several pages that together hold all of it."""
    text = "\n\n".join(f"Rule {i}: " + "word " * 120 for i in range(40))
    got = pages(text, limit=1000)
    assert len(got) > 1 and all(len(p) <= 1000 for p in got)
    assert "".join(got).replace("\n", "").replace(" ", "") == text.replace("\n", "").replace(
        " ", ""
    )


def test_help_tells_how_games_are_rated() -> None:
    """`/help` carries every ratings and seasons ruling the tests quote, in plain words."""
    told = help_text(GAMES)
    rulings = (RULING_ENDED, RULING_MISSED, RULING_BOTS, RULING_TIES)
    assert all(r in told for r in (*rulings, RULING_SEASON_POINTS, RULING_SEASON_ENDS))
