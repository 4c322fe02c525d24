"""What `/game` does to a table's seats, and what it shows: open a lobby (here or in a new
thread), join, leave, options, the turn clock, bots, start, end (after a confirmation),
substitutes, a player's return, and a host who left the server.

Each command is one method returning an `Answer`; refusals raise `ServiceError`s with words
to show. Whether a member left the server is Discord's to say: the bot asks, then calls
`host_left` (see `Seating.other_host`).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine import Player, PlayerId
from table import absence
from table import messages as shared
from table.answers import Answer, ButtonSpec, Message
from table.host import Host, composing
from table.ids import END, ButtonId
from table.options import option_choices, option_help, option_names
from table.service import ServiceError, Snapshot

CLOCK_SETTING = "clock"
CLOCK_HELP_LINE = "clock: the turn clock (none, 24h per turn, or a bank like 3d+12h)"
CLOCK_EXAMPLES = ("none", "24h", "48h", "3d+12h", "7d+1d")
MAX_CHOICES = 25
"""Discord shows at most 25 autocomplete choices."""


@dataclass(frozen=True)
class Hosting:
    """A live game and the user who hosts it."""

    session_id: int
    host_id: int


def lobby_written(snap: Snapshot, what: str) -> Answer:
    """A lobby write that committed: the lobby as it stands now, for everyone."""
    return Answer(public=shared.lobby(snap), saved=snap, saved_what=what)


class Seating:
    """The lobby and the seats of every table (see module doc)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.service = host.service

    # ----- opening a lobby ---------------------------------------------------------------------

    def title(self, game: str) -> str:
        """The game's title (a new thread is named after it); unknown games are refused."""
        return self.service.spec(game).title

    async def new(self, guild_id: int | None, channel_id: int, game: str, host: Player) -> Answer:
        """`/game new` here: the lobby, for everyone."""
        snap = await self.service.new_session(
            guild_id=guild_id, channel_id=channel_id, game_key=game, host=host
        )
        return lobby_written(snap, "new lobby")

    async def new_in_thread(
        self, guild_id: int | None, thread_id: int, game: str, host: Player
    ) -> Answer:
        """`/game new` in the thread the bot just opened: the lobby goes there, and the
        channel is told where to play."""
        snap = await self.service.new_session(
            guild_id=guild_id, channel_id=thread_id, game_key=game, host=host
        )
        return Answer(
            posts=((thread_id, shared.lobby(snap)),),
            public=Message(
                content=f"🧵 **{snap.spec.title}** lobby #{snap.session_id} is open in "
                f"<#{thread_id}>: join and play there."
            ),
            saved=snap,
            saved_what="new lobby",
        )

    # ----- seats in the lobby ------------------------------------------------------------------

    async def join(self, channel_id: int, player: Player) -> Answer:
        return lobby_written(await self.service.join(channel_id, player), "seat")

    async def leave(self, channel_id: int, user_id: PlayerId) -> Answer:
        """Leave the lobby; a leaving host hands it over, and the new host is pinged."""
        before = await self.service.current(channel_id)
        snap = await self.service.leave(channel_id, user_id)
        lobby = shared.lobby(snap)
        if snap.record.host_id == before.record.host_id:
            return Answer(public=lobby, saved=snap, saved_what="leaving")
        return Answer(
            public=Message(
                content=f"👑 The host left the lobby: {shared.mention(snap.record.host_id)}"
                f" is now the host.\n{lobby.content}",
                buttons=lobby.buttons,
                mentions=(snap.record.host_id,),
            ),
            new=True,
            confirmation="You left the lobby.",
            saved=snap,
            saved_what="leaving",
        )

    async def add_bot(self, channel_id: int, user_id: PlayerId) -> Answer:
        return lobby_written(await self.service.add_bot(channel_id, user_id), "bot seat")

    async def remove_bot(self, channel_id: int, user_id: PlayerId) -> Answer:
        return lobby_written(await self.service.remove_bot(channel_id, user_id), "bot seat")

    # ----- options and the clock ---------------------------------------------------------------

    async def option(self, channel_id: int, user_id: PlayerId, setting: str, value: str) -> Answer:
        """`/game option`: one of the game's options, or the clock (`clock` `3d+12h`)."""
        if setting.strip().lower() == CLOCK_SETTING:
            settings = absence.clock_from_text(value)
            snap = await self.service.set_clock(channel_id, user_id, settings)
        else:
            snap = await self.service.set_option(channel_id, user_id, setting, value)
        return lobby_written(snap, "option")

    async def clock(
        self,
        channel_id: int,
        user_id: PlayerId,
        mode: str,
        time: str | None,
        increment: str | None,
        end_after: int | None,
    ) -> Answer:
        """`/game clock`: the turn clock (see `absence.clock_settings`)."""
        settings = absence.clock_settings(mode, time, increment, end_after=end_after)
        return lobby_written(await self.service.set_clock(channel_id, user_id, settings), "clock")

    async def option_names(self, channel_id: int, typed: str) -> list[tuple[str, str]]:
        """The lobby's settings whose name holds `typed`, as (label, name)."""
        snap = await self._lobby(channel_id)
        if snap is None:
            return []
        model = snap.spec.options_model
        named = [(option_help(model, n), n) for n in option_names(model)]
        named.append((CLOCK_HELP_LINE, CLOCK_SETTING))
        found = [(text[:100], n) for text, n in named if typed.lower() in n.lower()]
        return found[:MAX_CHOICES]

    async def option_values(self, channel_id: int, setting: str, typed: str) -> list[str]:
        """The values setting `setting` takes that hold `typed` (the clock: examples)."""
        snap = await self._lobby(channel_id)
        if snap is None or not setting:
            return []
        if setting.strip().lower() == CLOCK_SETTING:
            return list(CLOCK_EXAMPLES)
        model = snap.spec.options_model
        found = [v[:100] for v in option_choices(model, setting) if typed.lower() in v.lower()]
        return found[:MAX_CHOICES]

    async def _lobby(self, channel_id: int) -> Snapshot | None:
        try:
            return await self.service.current(channel_id)
        except ServiceError:
            return None

    # ----- start and end -----------------------------------------------------------------------

    async def start(self, channel_id: int, user_id: PlayerId) -> Answer:
        """`/game start`: the first turn message (its first players are pinged)."""
        snap = await self.service.start(channel_id, user_id)
        with composing(snap, "start"):
            return Answer(
                turn=snap,
                saved=snap,
                saved_what="start",
                moved=snap,
            )

    async def end(self, channel_id: int, user_id: PlayerId, *, can_manage: bool) -> Answer:
        """`/game end`: "End the game?", privately, with the buttons that do it (a game that
        cannot be loaded can be ended too)."""
        service = self.service
        session_id = await service.live_id(channel_id)
        current = await self._loadable(session_id)
        ended = await service.end(session_id, user_id, can_manage=can_manage, dry_run=True)
        version = current.version if current is not None else 0
        game = await service.game_tag_of(session_id)
        yes = ButtonId(END, session_id, version, "yes", game=game).encode()
        no = ButtonId(END, session_id, version, "no", game=game).encode()
        confirm = Message(
            content=f"End **{ended.title}** (game #{session_id}) for everyone? "
            "This cannot be undone.",
            buttons=(
                ButtonSpec("End the game", yes, "danger"),
                ButtonSpec("Keep playing", no, "secondary"),
            ),
        )
        return Answer(private=(confirm,))

    async def _loadable(self, session_id: int) -> Snapshot | None:
        try:
            return await self.service.by_id(session_id)
        except ServiceError:
            return None  # damaged: it can still be ended, and that is what this is for

    # ----- a game under way --------------------------------------------------------------------

    async def substitute(
        self,
        channel_id: int,
        user_id: PlayerId,
        player: Player,
        *,
        can_manage: bool,
        by: Player | None = None,
    ) -> Answer:
        """`/game substitute`: `by` (a member), or a bot when None, plays `player`'s seat."""
        snap = await self.service.substitute(
            channel_id, user_id, player.id, can_manage=can_manage, by=by
        )
        who = "🤖 A bot" if by is None else shared.mention(by.id)
        return Answer(
            public=Message(
                content=f"{who} now plays {player.name}'s seat in "
                f"{snap.spec.title} game #{snap.session_id}.",
                mentions=() if by is None else (by.id,),
            ),
            new=True,
            saved=snap,
            saved_what="substitute",
            moved=snap,
        )

    async def returned(self, channel_id: int, user_id: PlayerId) -> Answer:
        """`/game return`: the player takes their seat back from the bot."""
        snap = await self.service.take_back(channel_id, user_id)
        return Answer(
            public=Message(
                content=f"👋 {snap.mention(user_id)} is back and plays their own turns."
            ),
            new=True,
            saved=snap,
            saved_what="return",
        )

    # ----- a host who left the server ----------------------------------------------------------

    async def other_host(
        self, channel_id: int, user_id: PlayerId, *, damaged_ok: bool = False
    ) -> Hosting | None:
        """This channel's live game and its host, when that is not `user_id`: the bot then
        asks Discord whether the host is still a member. With `damaged_ok`, a game that
        cannot be loaded is no refusal, only None (it can still be ended)."""
        if damaged_ok:
            current = await self._loadable(await self.service.live_id(channel_id))
        else:
            current = await self.service.current(channel_id)
        if current is None or current.record.host_id == user_id:
            return None
        return Hosting(current.session_id, current.record.host_id)

    async def host_left(self, hosting: Hosting) -> Answer | None:
        """The host left the server: the longest-seated player takes the table over, and
        the table is told. None when nothing changed (nobody else seated, or done already)."""
        change = await self.service.hand_over(hosting.session_id, hosting.host_id)
        if change is None:
            return None
        return Answer(
            public=Message(
                content=f"👑 {shared.mention(change.old_host)} has left the server: "
                f"{shared.mention(change.new_host)} is now the host of "
                f"{change.snapshot.spec.title} game #{hosting.session_id}.",
                mentions=(change.new_host,),
            ),
            new=True,
            confirmation="👑 The host has left the server; the table has a new host.",
        )
