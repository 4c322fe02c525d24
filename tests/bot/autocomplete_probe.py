"""Every autocomplete a game's commands offer, asked at points of a game by a player who may
act, one who may not, and a spectator: the conformance test's probe of hidden information.

The autocompletes come from the schema the bot synced (a new one is asked without listing it
here): every option with autocomplete under the game's own group (`/roadwolf ...`) and the
commands of no game (`/game ...`, `/me ...`). An option whose list depends on another one
(`/roadwolf move to:` on `vehicle:`) is asked with each of the first few values the acting
player is offered for that one, and with none.

Checked here: in a game with private views, the game's own lists offer nothing to someone who
may not act now (a spectator, or a player the board does not ask to act): whatever it offered
them would be worked out from a position they may not fully see (which vehicle still holds a
Nitro). Every answer, to anyone, is also judged by `world.renders.check` (no string only
another seat's view holds, `tests/bot/hidden.py`).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from fakediscord import FakeUser
from games.registry import GAMES
from tests.bot.conftest import World

SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
PROBE_EVERY = 20
SIBLING_VALUES = 3


@dataclass(frozen=True)
class Autocomplete:
    """One option with autocomplete: `/command [group] sub`, the option, the command's other
    options with autocomplete."""

    command: str
    option: str
    siblings: tuple[str, ...]

    def __str__(self) -> str:
        return f"/{self.command} {self.option}"


def autocompletes(schema: Sequence[dict[str, Any]], key: str) -> list[Autocomplete]:
    """Every autocomplete of game `key`'s commands and of the commands of no game."""
    others = set(GAMES) - {key}
    found: list[Autocomplete] = []
    for top in schema:
        if top["name"] not in others:
            found.extend(_leaves(top["name"], top.get("options") or []))
    return found


def _leaves(path: str, options: Sequence[dict[str, Any]]) -> Iterator[Autocomplete]:
    subs = [o for o in options if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    for sub in subs:
        yield from _leaves(f"{path} {sub['name']}", sub.get("options") or [])
    listed = [o["name"] for o in options if o.get("autocomplete")]
    for name in listed:
        yield Autocomplete(path, name, tuple(n for n in listed if n != name))


@dataclass
class AutocompleteProbe:
    """Asks every autocomplete of game `key` at the first step and every `every` presses."""

    world: World
    key: str
    seated: Sequence[FakeUser]
    every: int = PROBE_EVERY
    asked: Counter[str] = field(default_factory=Counter)
    points: int = 0
    seconds: float = 0.0  # spent asking, for the report

    @property
    def spectator(self) -> FakeUser:
        w = self.world
        return next(u for u in (w.carol, w.mod, w.bob) if u not in self.seated)

    async def __call__(self, step: int, actors: Sequence[FakeUser]) -> None:
        """At a probe point, ask everything as the first of `actors`, a seated player who may
        not act (if any) and a spectator."""
        if step != 1 and step % self.every:
            return
        self.points += 1
        started = time.perf_counter()
        actor = actors[0]
        idle = [u for u in self.seated if u not in actors][:1]
        schema = self.world.fake.synced_commands(self.world.guild)
        schema = schema or self.world.fake.synced_commands()
        for asked in autocompletes(schema, self.key):
            for values in await self._sibling_values(actor, asked):
                await self._ask(step, asked, values, actor, may_act=True)
                for user in (*idle, self.spectator):
                    await self._ask(step, asked, values, user, may_act=False)
        self.seconds += time.perf_counter() - started

    async def _sibling_values(self, actor: FakeUser, asked: Autocomplete) -> list[dict[str, str]]:
        """No other option typed, then each of the first values the actor is offered for each
        other option with autocomplete."""
        found: list[dict[str, str]] = [{}]
        for sibling in asked.siblings:
            offered = await self.world.fake.autocomplete(
                actor, self.world.channel, asked.command, focused=sibling, value=""
            )
            found += [{sibling: str(c["value"])} for c in offered[:SIBLING_VALUES]]
        return found

    async def _ask(
        self, step: int, asked: Autocomplete, values: dict[str, str], user: FakeUser, may_act: bool
    ) -> None:
        offered = await self.world.fake.autocomplete(
            user, self.world.channel, asked.command, focused=asked.option, value="", options=values
        )
        self.asked[str(asked)] += 1
        own = asked.command.split()[0] == self.key
        if own and not may_act and GAMES[self.key].has_private_views:
            assert not offered, (
                f"step {step}: {asked} {values or ''} offers {user.name}, who may not act now, "
                f"a list worked out from what they may not see: {offered[:5]}"
            )
