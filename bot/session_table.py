"""`/game undo`, `/game replay`, `/game history`, `/game verify`: the table around a game
(part of the `/game` cog)."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.replies import Ack, Reply
from bot.session_parts import CogParts
from bot.table import channel_of
from table import absence, replays, takebacks
from table import verify as verification
from table.answers import ButtonSpec, Message
from table.ids import TAKEBACK, ButtonId
from table.service import ServiceError


class TableCommands(CogParts):
    """Take-backs, replays, history and dice verification."""

    @app_commands.command(name="replay")
    @app_commands.describe(number="Which finished game (its #number; default: the last one here)")
    async def replay(
        self,
        interaction: discord.Interaction,
        number: app_commands.Range[int, 1, 10**15] | None = None,
    ) -> None:
        """The animated replay of a finished game of this channel (public)."""

        async def work(reply: Reply) -> None:
            channel = channel_of(interaction)
            snap = (
                await self.service.latest(channel)
                if number is None
                else await self.service.by_id(number)
            )
            if snap.record.channel_id != channel:
                raise ServiceError(f"game #{number} was not played in this channel")
            try:
                board = await replays.replay_for(self.service, self.table.renderer, snap)
            except replays.ReplayError as exc:
                raise ServiceError(str(exc)) from None
            await reply.answer(board, ephemeral=False)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="undo")
    async def undo(self, interaction: discord.Interaction) -> None:
        """Ask to take back your last move (no die rolled, nothing hidden revealed, nobody
        has acted since); the others agree with a button, one no refuses it."""

        async def work(reply: Reply) -> None:
            req = await takebacks.request(self.service, channel_of(interaction), reply.user_id)
            if req.applied:
                reply.mark_saved(req.snapshot, "take-back")
                await reply.publish(Message(content=req.text()))
                await reply.publish(await self.table.board(req.snapshot))
                return
            game = req.snapshot.game_tag
            yes = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.y", game=game).encode()
            no = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.n", game=game).encode()
            await reply.publish(
                Message(
                    content=req.text(),
                    buttons=(
                        ButtonSpec("Agree", yes, "success"),
                        ButtonSpec("Refuse", no, "danger"),
                    ),
                    mentions=tuple(req.snapshot.user_of(p) for p in req.waiting_for),
                )
            )

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="history")
    async def history(self, interaction: discord.Interaction) -> None:
        """This channel's finished games: which, when, who won, how long (only you see it)."""

        async def work(reply: Reply) -> None:
            snaps = await self.service.history(channel_of(interaction))
            await reply.say(absence.history_text(snaps))

        await self._run(interaction, work, Ack.PRIVATE)

    @app_commands.command(name="verify")
    async def verify(self, interaction: discord.Interaction) -> None:
        """Check this channel's last finished game: every die re-derived from its seed."""

        async def work(reply: Reply) -> None:
            snap = await self.service.latest(channel_of(interaction))
            if snap.record.is_live:
                raise ServiceError(
                    "the seed is revealed when the game ends (before that it would tell the "
                    "dice to come); verify it then"
                )
            entries = await self.service.repo.log(snap.session_id)
            checked = verification.verify(snap.spec, snap.record, entries)
            await reply.say(
                f"**{snap.spec.title}** game #{snap.session_id}: seed `{snap.record.seed}`, "
                f"commitment `{verification.commitment(snap.record.seed)}`.\n{checked.summary()}"
            )

        await self._run(interaction, work, Ack.PRIVATE)
