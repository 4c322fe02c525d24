"""The contract every game implements: data plus pure functions, registered by key."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from games.engine.model import Event, Model, Outcome, Player, PlayerId
from games.engine.narration import default_narration, everyone
from games.engine.rng import Rng

S = TypeVar("S", bound=Model)
A = TypeVar("A", bound=Model)
OptT = TypeVar("OptT", bound=Model)
V = TypeVar("V", bound=BaseModel)


@dataclass(frozen=True)
class Step(Generic[S]):
    """What `apply` returns: the NEW state and the events that happened, in order."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True)
class GameSpec(Generic[S, A, OptT, V]):
    """A game: metadata plus pure functions. See DESIGN.md, "The engine contract".

    - `setup(players, options, rng) -> State`
    - `active_players(state) -> frozenset[PlayerId]`: who may act now (empty once the game is over)
    - `legal_actions(state, player) -> Sequence[Action]`: drives buttons, autocomplete and tests;
      for huge action spaces return the legal kinds/representatives and validate in `apply`
    - `apply(state, player, action, rng) -> Step`: validates, then returns a new state; raises a
      `GameError` subclass (state untouched) when the action is refused
    - `outcome(state) -> Outcome | None`
    - `view(state, viewer | None) -> View`: the one gate for hidden information
    - `describe(action) -> str`: short player-facing label ("advance 8", "Let's Roll")
    - `narrate(event, names) -> str`: one event (its JSON form) in plain words, dice included,
      for whoever may see it; `names` maps seats to names (`games.engine.narration`)
    - `audience(event) -> frozenset | None`: who may read an event: None everyone, else only
      those seats (the empty set: nobody). The one gate for events, beside `view` for states
    - `text_board(view) -> str`: the position in a few plain lines, shown when the board image
      cannot be drawn (a move is never hidden behind a failed render)
    - `private_part(view) -> Model`: the part of a player's view their private buttons depend
      on (default: the whole view); a private button is stale once this changed
    - `changelog`: rules version -> what changed for players, told once to a table whose game
      was started under an older version
    - `policy(state, player, rng) -> Action`: a sensible move for `player` (bot seats and absent
      players); pure, chance only through `rng`
    """

    key: str
    title: str
    min_players: int
    max_players: int
    rules_version: int
    rules_text: str
    options_model: type[OptT]
    state_model: type[S]
    action_adapter: TypeAdapter[A]
    setup: Callable[[Sequence[Player], OptT, Rng], S]
    active_players: Callable[[S], frozenset[PlayerId]]
    legal_actions: Callable[[S, PlayerId], Sequence[A]]
    apply: Callable[[S, PlayerId, A, Rng], Step[S]]
    outcome: Callable[[S], Outcome | None]
    view: Callable[[S, PlayerId | None], V]
    describe: Callable[[A], str]
    has_private_views: bool = False
    text_board: Callable[[V], str] | None = None
    private_part: Callable[[V], BaseModel] | None = None
    changelog: dict[int, str] = field(default_factory=dict)
    policy: Callable[[S, PlayerId, Rng], A] | None = None
    standings: Callable[[S], Sequence[PlayerId]] | None = None
    """Who is ahead right now, best first: the ranking when a game ends early (a player who
    keeps missing turns under the host's "end" clock policy)."""
    turn_time: float = 24 * 3600.0
    """The default turn clock in seconds (the host may change it with `/game clock`): play by
    chat is normal, so every game runs with a clock unless the host turns it off."""
    summary: str = ""
    """One line for `/help`: what the game is."""
    length: str = ""
    """Typical length for `/help`, e.g. "10-20 minutes live, a few days by turns"."""
    can_take_back: Callable[[S, PlayerId, A, Sequence[Event]], bool] | None = None
    """May `player` take back `action` (with the `events` it caused), played from the state
    given? Asked only when no die was rolled and nobody has acted since (`table/takebacks.py`
    checks those). None: yes in a game without private views, no in one with them (the move
    may have shown hidden information). Each game says its ruling in `rules_text`."""
    narrate: Callable[[Mapping[str, Any], Mapping[PlayerId, str]], str] = default_narration
    """One event told in words (see `games.engine.narration`); the default tells notes and
    rolls."""
    audience: Callable[[Mapping[str, Any]], frozenset[PlayerId] | None] = everyone
    """Who may read an event: None everyone; a set of seats only them (the one gate for
    events, beside `view`). The default: every event is public."""
    extra: dict[str, Any] = field(default_factory=dict)

    # Helpers that only wrap the pure functions above.

    def parse_action(self, data: Any) -> A:
        """Parse a JSON-like value into this game's action union (raises ValidationError)."""
        return self.action_adapter.validate_python(data)

    def load_state(self, raw: str) -> S:
        return self.state_model.model_validate_json(raw)

    def dump_state(self, state: S) -> str:
        return state.model_dump_json()

    def dump_action(self, action: A) -> str:
        return action.model_dump_json()

    def parse_options(self, data: dict[str, Any] | None) -> OptT:
        return self.options_model.model_validate(data or {})


def replay(
    spec: GameSpec[S, A, OptT, V],
    players: Sequence[Player],
    options: OptT,
    seed: int,
    moves: Sequence[tuple[PlayerId, A]],
    steps: Sequence[int] | None = None,
) -> S:
    """Rebuild a state from its seed and action log (step 0 is setup, step i is the i-th move).

    `steps`: the step number (log seq) of each move, when they are not 1, 2, 3...: a log with
    take-backs replays only the moves that stand, each with the dice of its own seq."""
    numbers = range(1, len(moves) + 1) if steps is None else steps
    if len(numbers) != len(moves):
        raise ValueError(f"{len(moves)} moves but {len(numbers)} step numbers")
    state = spec.setup(players, options, Rng.for_step(seed, 0))
    for number, (actor, action) in zip(numbers, moves, strict=True):
        state = spec.apply(state, actor, action, Rng.for_step(seed, number)).state
    return state
