"""What the service hands the presenters: a session as it stands, and the service's refusals."""

from __future__ import annotations

import base64
import dataclasses
import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from games.engine import Event, Model, Outcome, Player, PlayerId
from games.registry import AnySpec
from storage import SessionRecord, SessionStatus
from table.clocks import Clock
from table.ids import GAME_TAG_LEN


def seed_digest(seed: int | str) -> bytes:
    """SHA-256 of a session's seed: as hex, its published commitment (`table.verify`). (Also
    of the seed as stored, which is the same text for every seed this bot wrote.)"""
    return hashlib.sha256(f"redline-seed:{seed}".encode()).digest()


def game_tag(seed: int | str) -> str:
    """The tag every button of a game carries beside its number (`table.ids`): the first
    20 bits of its seed commitment, in base 32. Unique per game as the seed is, fixed for the
    game's life, and public like the commitment (it tells nothing about the dice to come)."""
    return base64.b32encode(seed_digest(seed)[:3]).decode()[:GAME_TAG_LEN].lower()


class ServiceError(Exception):
    """A refusal by the service (not by the rules). `message` is safe to show a player."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class NoSession(ServiceError):
    """No game lives in this channel (or the session id is unknown)."""


class NotSeated(ServiceError):
    """The user is not a player of this session."""


class NotAllowed(ServiceError):
    """The user may not do this (not the host, no Manage Server permission)."""


class LobbyError(ServiceError):
    """Joining, leaving or starting is not possible right now."""


class WrongGame(ServiceError):
    """An action (command or button) of another game than the one in this channel."""


class DamagedGame(ServiceError):
    """A session whose saved data cannot be loaded. It can still be ended (`/game end`)."""

    def __init__(self, message: str, *, session_id: int) -> None:
        super().__init__(message)
        self.session_id = session_id


class Maintenance(ServiceError):
    """Storage is unavailable (database deleted, replaced or read-only): nothing is saved."""


class StaleBoard(ServiceError):
    """A button from an old board (or an old private sheet) was pressed; carries the current
    snapshot to show instead. `private`: the button sat on the presser's private message.
    `headline`: what to say above it, when not only the board moved on."""

    def __init__(
        self, message: str, current: Snapshot, *, private: bool = False, headline: str = ""
    ) -> None:
        super().__init__(message)
        self.current = current
        self.private = private
        self.headline = headline


Stage = tuple[tuple[str, str | int], ...]
"""A public view's turn-structure fields by name, e.g. `(("phase", "play"), ("round", 2))`."""

STAGE_FIELDS = ("phase", "round", "turn")
"""The names a game's public view gives its turn structure. A model-valued field counts by its
`kind`; one without a `kind` (Road Wolf's `turn`, which changes with every action) is left out,
so a board is not re-posted on every move. The steps of one player's activation (Apocalypse
Road's play, move, fire prompts) are not a new stage: the table sees the activation when the
next player is asked, instead of one board and one ping per step."""


def stage_of(view: object) -> Stage:
    """The turn-structure fields of a public view (or of its `public` part, as Space Truckin'
    nests it): the general signal that the table was asked something new, where a game says
    nothing more specific. Any game whose view names its phase this way is covered."""
    found: list[tuple[str, str | int]] = []
    for holder in (view, getattr(view, "public", None)):
        if not isinstance(holder, BaseModel):
            continue
        for name in STAGE_FIELDS:
            value = getattr(holder, name, None)
            if isinstance(value, BaseModel):
                value = getattr(value, "kind", None)
            if isinstance(value, str | int) and not isinstance(value, bool):
                found.append((name, value))
    return tuple(found)


@dataclass(frozen=True)
class Snapshot:
    """A session as the bot presents it: the record, its game, the state and the last events."""

    record: SessionRecord
    spec: AnySpec
    state: Model | None
    events: tuple[Event, ...] = ()
    previous_active: frozenset[PlayerId] = frozenset()
    """Who could act before the move that produced this snapshot (empty if not after a move)."""
    notice: str = ""
    """Something the table must be told once with this board (rules updated since the start)."""
    private_for: PlayerId | None = None
    """Set while drawing `private_for`'s own sheet or hand: its buttons carry their view tag."""
    previous_stage: Stage | None = None
    """The public stage (`stage`) before the move that produced this snapshot (None if not
    after a move)."""
    story: tuple[str, ...] | None = None
    """The lines the public board tells instead of the last step's events: the turn so far,
    when the board is the table's turn message (`table.turns`)."""
    _memo: dict[tuple[Any, ...], Any] = field(
        default_factory=dict, init=False, repr=False, compare=False
    )
    """What was worked out from the (immutable) state once, by question: views, view tags,
    who acts, the stage. A move draws, tags and lists from the same snapshot many times (a
    tag per private button). Any other snapshot, even a `replace`d one, starts empty."""

    def for_viewer(self, viewer: PlayerId) -> Snapshot:
        """This snapshot as seen when drawing `viewer`'s private message."""
        seen = dataclasses.replace(self, private_for=viewer)
        object.__setattr__(seen, "_memo", self._memo)  # same record, state and events
        return seen

    def _remember(self, key: tuple[Any, ...], work: Any) -> Any:
        memo = self._memo
        if key not in memo:
            memo[key] = work()
        return memo[key]

    @property
    def button_tag(self) -> str:
        """The view tag buttons drawn from this snapshot carry ("" on public messages)."""
        return "" if self.private_for is None else self.view_tag(self.private_for)

    @property
    def session_id(self) -> int:
        return self.record.id

    @property
    def game_tag(self) -> str:
        """The tag of this game in every button drawn for it (see `game_tag`)."""
        tag: str = self._remember(("game",), lambda: game_tag(self.record.seed))
        return tag

    @property
    def version(self) -> int:
        return self.record.version

    @property
    def players(self) -> tuple[Player, ...]:
        return tuple(Player(id=s.user_id, name=s.name) for s in self.record.seats)

    def name_of(self, user_id: PlayerId) -> str:
        return next((s.name for s in self.record.seats if s.user_id == user_id), str(user_id))

    def is_seated(self, user_id: PlayerId) -> bool:
        """Does this Discord user play a seat (their own, or one they substitute in)?"""
        return self.player_of(user_id) is not None

    def player_of(self, user_id: int) -> PlayerId | None:
        """The seat (game identity) this Discord user plays, if any: a substitute plays the
        seat of the player they replaced; that player no longer plays it."""
        seat = next((s for s in self.record.seats if s.played_by == user_id), None)
        return None if seat is None else seat.user_id

    def seat_for(self, user_id: int) -> PlayerId:
        """The seat `user_id` acts for in the rules: the one they play (a substitute plays the
        seat of the player they replaced), else their own id, so the rules' usual refusals
        (not your turn, not seated) follow."""
        seat = self.player_of(user_id)
        return user_id if seat is None else seat

    def user_of(self, player: PlayerId) -> int:
        """The Discord user who plays this seat now."""
        seat = self.record.seat_of(player)
        return player if seat is None else seat.played_by

    def is_bot(self, user_id: PlayerId) -> bool:
        seat = self.record.seat_of(user_id)
        return seat is not None and seat.is_bot

    @property
    def bots(self) -> frozenset[PlayerId]:
        return frozenset(s.user_id for s in self.record.seats if s.is_bot)

    @property
    def humans(self) -> tuple[PlayerId, ...]:
        return tuple(s.user_id for s in self.record.seats if not s.is_bot)

    def mention(self, user_id: PlayerId) -> str:
        """`<@id>` for a person (it pings only in a new message), the name for a bot seat."""
        if self.is_bot(user_id):
            return f"🤖 **{self.name_of(user_id)}**"
        return f"<@{self.user_of(user_id)}>"

    @property
    def pinged(self) -> tuple[PlayerId, ...]:
        """The people a new board should notify: those to act, not bots, not away, not on
        vacation, not those whose only move the table makes for them."""
        clock = self.clock
        return tuple(
            self.user_of(p)
            for p in sorted(self.active_players)
            if not self.is_bot(p)
            and not clock.of(p).away
            and clock.of(p).paused_at is None
            and self.forced_move(p) is None
        )

    def forced_move(self, player: PlayerId) -> Model | None:
        """The one move a present person could make now, which the table makes for them at
        once (no tap for a choice that is none): only in a game that names it
        (`extra["forced"]`)."""
        forced = self.spec.extra.get("forced")
        if forced is None or self.state is None or player not in self.active_players:
            return None
        if self.is_bot(player) or self.clock.of(player).away:
            return None
        action: Model | None = forced(self.state, player)
        return action

    @property
    def clock(self) -> Clock:
        """The session's turn clock (settings and each player's running clock)."""
        return Clock.parse(self.record.clock_json)

    @property
    def is_lobby(self) -> bool:
        return self.record.status is SessionStatus.LOBBY

    @property
    def outcome(self) -> Outcome | None:
        return None if self.state is None else self.spec.outcome(self.state)

    @property
    def active_players(self) -> frozenset[PlayerId]:
        if self.state is None or self.record.status is not SessionStatus.ACTIVE:
            return frozenset()
        state = self.state
        found: frozenset[PlayerId] = self._remember(
            ("active",), lambda: self.spec.active_players(state)
        )
        return found

    def view(self, viewer: PlayerId | None = None) -> Any:
        """The game's view for `viewer` (None = public). The only way presenters see a state."""
        state = self.state
        if state is None:
            raise NoSession("the game has not started yet")
        return self._remember(("view", viewer), lambda: self.spec.view(state, viewer))

    def view_tag(self, viewer: PlayerId) -> str:
        """A short digest of what `viewer`'s private buttons depend on (their own view, or the
        part of it the game names): equal tags mean the private message is still current."""

        def digest() -> str:
            view = self.view(viewer)
            part = self.spec.private_part(view) if self.spec.private_part is not None else view
            return hashlib.sha256(part.model_dump_json().encode()).hexdigest()[:8]

        tag: str = self._remember(("tag", viewer), digest)
        return tag

    @property
    def stage(self) -> Stage:
        """What the public board says the table is at (phase, round, turn, prompt kind): see
        `stage_of`. Empty when no game is in play."""
        if self.state is None or self.record.status is not SessionStatus.ACTIVE:
            return ()
        stage: Stage = self._remember(("stage",), lambda: stage_of(self.view(None)))
        return stage

    @property
    def step_advanced(self) -> bool:
        """After a move: did it do more than take the mover off the list of who must act?

        Someone new must act, or the game moved to another stage (a phase, round, turn or kind
        of prompt) even though the same player acts next: Apocalypse Road's car pick or
        end-of-turn discard whose last answer comes from the next first player."""
        if not self.active_players <= self.previous_active:
            return True
        return self.previous_stage is not None and self.stage != self.previous_stage

    def legal_actions(self, player: PlayerId) -> Sequence[Model]:
        state = self.state
        if state is None or player not in self.active_players:
            return ()
        actions: tuple[Model, ...] = self._remember(
            ("legal", player), lambda: tuple(self.spec.legal_actions(state, player))
        )
        return actions
