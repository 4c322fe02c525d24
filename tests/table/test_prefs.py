"""`/me`: a player's settings for reminders, straight from the table."""

from __future__ import annotations

import pytest

from table import prefs
from table.answers import Answer
from table.clocks import Prefs
from table.service import GameService, ServiceError

ANN = 1001


def _said(answer: Answer) -> str:
    [message] = answer.private
    assert answer.public is None
    return message.content


async def test_a_newcomer_has_the_defaults(service: GameService) -> None:
    """Nothing chosen yet: UTC, no quiet hours, reminders by direct message."""
    said = _said(await prefs.show(service, ANN))
    assert "**UTC**" in said and "**none**" in said and "by direct message" in said


async def test_settings_are_kept_and_shown_back(service: GameService) -> None:
    """A zone, quiet hours and "no DMs" are stored and read back together."""
    await prefs.set_zone(service, ANN, "Europe/Paris")
    await prefs.set_quiet(service, ANN, "21:00", "08:00")
    said = _said(await prefs.set_dm(service, ANN, False))
    assert "**Europe/Paris**" in said and "**21:00-08:00**" in said
    assert "in the game's channel" in said
    assert await prefs.of(service, ANN) == Prefs(
        tz="Europe/Paris", quiet_from=21 * 60, quiet_to=8 * 60, dm=False
    )


async def test_no_start_and_no_end_clear_the_quiet_hours(service: GameService) -> None:
    """`/me quiet` with neither time: no quiet hours any more."""
    await prefs.set_quiet(service, ANN, "22:00", "07:00")
    assert "quiet hours **none**" in _said(await prefs.set_quiet(service, ANN, None, None))


async def test_an_unknown_zone_is_refused_with_examples(service: GameService) -> None:
    """A zone that is no IANA name is refused, and nothing is stored."""
    with pytest.raises(ServiceError, match="Europe/Berlin"):
        await prefs.set_zone(service, ANN, "Middle/Earth")
    assert await prefs.stored(service, (ANN,)) == {}


async def test_half_given_quiet_hours_are_refused(service: GameService) -> None:
    """A start without an end asks for both."""
    with pytest.raises(ServiceError, match="give both `start` and `end`"):
        await prefs.set_quiet(service, ANN, "22:00", None)


def test_zones_are_found_as_players_type_them() -> None:
    """A space reads as `_`, and case does not matter; at most 25 come back."""
    assert "America/New_York" in prefs.zones_like("new york")
    assert len(prefs.zones_like("")) == 25
