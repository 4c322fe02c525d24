"""A move's listed results kept per position (`table/apocalypseroad/listings.py`, issue 31):
worked out once for one state of one session version, never served for another."""

from __future__ import annotations

from games.apocalypseroad.model import ArState
from table.apocalypseroad.listings import Listed, Listings
from tests.games.apocalypseroad.helpers import base

QUESTION = ("plan", 101, 7, 1, False)


class Work:
    """A listing to work out, counting how often it was."""

    def __init__(self) -> None:
        self.done = 0

    def __call__(self) -> list[Listed]:
        self.done += 1
        return []


def test_a_listing_is_worked_out_once_per_position() -> None:
    """The same question of the same state (session, version, state object) is answered from
    what was kept."""
    kept, work, state = Listings(), Work(), base()
    first = kept.get(1, 5, QUESTION, state, work)
    assert kept.get(1, 5, QUESTION, state, work) is first
    assert work.done == 1


def test_a_newer_version_is_worked_out_afresh() -> None:
    """After a move (the next version) the question is worked out again."""
    kept, work, state = Listings(), Work(), base()
    kept.get(1, 5, QUESTION, state, work)
    kept.get(1, 6, QUESTION, state, work)
    assert work.done == 2


def test_another_state_under_the_same_number_is_worked_out_afresh() -> None:
    """Another state object under the same session and version (another database's game #1,
    or the state decoded again) is never answered with what was kept for the first."""
    kept, work = Listings(), Work()
    kept.get(1, 5, QUESTION, base(), work)
    other: ArState = base(3)
    kept.get(1, 5, QUESTION, other, work)
    assert work.done == 2


def test_at_most_the_bound_is_kept_the_least_recently_used_let_go() -> None:
    """Past its bound the least recently used listing goes first."""
    kept, work, state = Listings(size=2), Work(), base()
    for version in (1, 2, 3):
        kept.get(1, version, QUESTION, state, work)
    assert len(kept) == 2
    kept.get(1, 3, QUESTION, state, work)
    kept.get(1, 1, QUESTION, state, work)
    assert work.done == 4
