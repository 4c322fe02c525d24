"""A move's ranked results, worked out once per position (issue 31).

The move menus list the rules' results of a move (`games.apocalypseroad.policy`: a search of
the move's paths, ranked, then the cars in reach after each), which at ten players costs tens
of milliseconds; the presses of one activation ask for the same listing again (a card picked,
"◀ Back" and the card again, the hand redrawn after a look at the whole track). So a listing
is kept by session, version and question (the pending move, or a card planned for a car), for
the very state object it was worked out from: the state cache (`table/statecache.py`) hands
every press of one version that same object, while a state decoded again, or another
database's game under the same number, is another object and is worked out afresh. A listing
is never served for any other position.

The cars in reach after a result are worked out when first asked (`Listed.targets`): a menu
reads results only until its 25 options are full, so most results' reach never is (it was
three quarters of a listing's cost).

At most `MAX_LISTINGS` are kept, the least recently used let go first; a listing holds its
state weakly (it never keeps a game's state alive) and goes with it. Pure data: no asyncio.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

from games.apocalypseroad.choices import MoveResult, planned
from games.apocalypseroad.model import ArState
from games.apocalypseroad.policy import aim_order, ranked_results
from games.engine import PlayerId
from table.service import Snapshot

MAX_LISTINGS = 64
"""Listings kept (a few per game being played at once: the pending move, the cards planned)."""

Key = tuple[int, int, Hashable]
"""(session id, version, question)."""


class Listed:
    """One result of a listing, and the cars in reach after it (`targets`, worked out when
    first asked)."""

    __slots__ = ("_plan", "_targets", "result")

    def __init__(self, result: MoveResult, plan: ArState) -> None:
        self.result = result
        self._plan = plan
        """The position with the move pending (never the snapshot's own state object, so
        the listing does not keep that alive)."""
        self._targets: tuple[int, ...] | None = None

    @property
    def targets(self) -> tuple[int, ...]:
        if self._targets is None:
            self._targets = aim_order(self._plan, self.result)
        return self._targets


@dataclass(frozen=True)
class Listing:
    position: weakref.ReferenceType[ArState]
    """The state it was worked out from (weakly: the listing goes with it)."""
    choices: tuple[Listed, ...]


class Listings:
    """Kept listings by (session, version, question), each answered only for the state object
    it was worked out from; at most `size`, the least recently used let go first."""

    def __init__(self, size: int = MAX_LISTINGS) -> None:
        self.size = size
        self._kept: dict[Key, Listing] = {}
        """In order of use, the most recent last."""

    def __len__(self) -> int:
        return len(self._kept)

    def get(
        self,
        session_id: int,
        version: int,
        question: Hashable,
        state: ArState,
        work: Callable[[], Sequence[Listed]],
    ) -> tuple[Listed, ...]:
        """The listing `work` gives for `question` of this position, worked out once."""
        key: Key = (session_id, version, question)
        found = self._kept.pop(key, None)
        if found is None or found.position() is not state:
            found = Listing(weakref.ref(state, self._forget(key)), tuple(work()))
        self._kept[key] = found
        while len(self._kept) > self.size:
            del self._kept[next(iter(self._kept))]
        return found.choices

    def _forget(self, key: Key) -> Callable[[weakref.ReferenceType[ArState]], None]:
        """Once a listing's state is gone, the listing goes (unless another took its key)."""

        def gone(position: weakref.ReferenceType[ArState]) -> None:
            kept = self._kept.get(key)
            if kept is not None and kept.position is position:
                del self._kept[key]

        return gone


LISTINGS = Listings()
"""The listings of this process (every session's)."""


def listed(plan: ArState) -> list[Listed]:
    """The results of the move pending in `plan`, ranked, each with its reach when asked."""
    return [Listed(result, plan) for result in ranked_results(plan)]


def pending_choices(snap: Snapshot, state: ArState) -> tuple[Listed, ...]:
    """The pending move's results, ranked (`state` is the snapshot's)."""
    plan = state.model_copy()  # the same position, another object (see `Listed`)
    return LISTINGS.get(snap.session_id, snap.version, "pending", state, lambda: listed(plan))


def planned_choices(
    snap: Snapshot, state: ArState, viewer: PlayerId, card: int, car: int, lead: bool
) -> tuple[ArState, tuple[Listed, ...]]:
    """`card` planned for `viewer`'s car number `car` (not played: `planned`) and its results,
    ranked (`state` is the snapshot's)."""
    plan = planned(state, viewer, card, car, lead)
    question = ("plan", viewer, card, car, lead)
    choices = LISTINGS.get(snap.session_id, snap.version, question, state, lambda: listed(plan))
    return plan, choices


__all__ = [
    "LISTINGS",
    "MAX_LISTINGS",
    "Listed",
    "Listings",
    "listed",
    "pending_choices",
    "planned_choices",
]
