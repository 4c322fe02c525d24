"""`/rushncrush ...`: Rush 'n' Crush moves as slash commands, plus its private path messages.

Gear and equipment buttons are ordinary action buttons (the board's presenter draws them). The
path flow is private: a typed path, a suggested one or one built step by step is first shown
as a preview image with a "Drive it" button; only that button (or `drive:True`) moves the car.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot import presenters
from bot.cogs import rushncrush_ui as ui
from bot.components import DAMAGED, decoded
from bot.customid import any_with_prefix
from bot.presenters import Board
from bot.replies import Ack, Reply, Work, funnel
from bot.service import ServiceError, Snapshot, StaleBoard, WrongGame
from bot.table import channel_of
from games.engine import GameOver, Model, NotYourTurn
from games.rushncrush import ActivateAction, MoveAction, RncState, parse_path, preview_path
from games.rushncrush.data import Item
from render.rushncrush import render_rnc_preview, render_rushncrush

if TYPE_CHECKING:
    from bot.client import RedlineBot

KEY = "rushncrush"
ITEM_CHOICES = [
    app_commands.Choice(name=label, value=item.value)
    for item, label in (
        (Item.MACHINE_GUN, "Machine Gun"),
        (Item.FLAMER, "Flamer"),
        (Item.SIDE_BUMPER, "Side Bumper"),
        (Item.SAW, "Lateral Circular Saw"),
        (Item.ROCKET_BOOSTER, "Rocket Booster"),
        (Item.FIRE_EXTINGUISHER, "Fire Extinguisher"),
    )
]
USE_CHOICES = [
    c for c in ITEM_CHOICES if c.value in (Item.MACHINE_GUN, Item.FLAMER, Item.FIRE_EXTINGUISHER)
]


class RncButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=any_with_prefix("rnc")):
    """Every `rnc:` button (builder steps, previews, the whole course), even after a restart."""

    def __init__(self, rnc_id: ui.RncId | None, raw: str = "") -> None:
        super().__init__(discord.ui.Button(custom_id=rnc_id.encode() if rnc_id else raw))
        self.rnc_id = rnc_id

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> RncButton:
        return cls(ui.RncId.decode(match.string), match.string[:100])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: RedlineBot = interaction.client
        cog = bot.get_cog("RushNCrushCog")
        assert isinstance(cog, RushNCrushCog)
        rid = self.rnc_id
        await funnel(
            interaction,
            lambda reply: cog.route(reply, decoded(rid)),
            ack=Ack.UPDATE,
            on_stale=bot.table.show_stale,
        )


@app_commands.guild_only()
class RushNCrushCog(
    commands.GroupCog,
    group_name="rushncrush",
    group_description="Rush 'n' Crush moves (buttons do the same)",
):
    """Slash commands and private path messages of Rush 'n' Crush."""

    def __init__(self, bot: RedlineBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        presenters.GAME_BOARDS[KEY] = ui.public_board
        self.bot.add_dynamic_items(RncButton)

    async def cog_unload(self) -> None:
        presenters.GAME_BOARDS.pop(KEY, None)
        self.bot.remove_dynamic_items(RncButton)

    # ----- helpers ---------------------------------------------------------------------------

    async def _run(
        self, interaction: discord.Interaction, work: Work, ack: Ack = Ack.PRIVATE
    ) -> None:
        """Moves acknowledge publicly (their answer is the new board); previews privately."""
        await funnel(interaction, work, ack=ack, on_stale=self.bot.table.show_stale)

    async def _play(self, interaction: discord.Interaction, action: Model) -> None:
        await self._run(interaction, lambda reply: self.bot.table.play(reply, action), Ack.PUBLIC)

    async def _mover(self, interaction: discord.Interaction, snap: Snapshot) -> RncState:
        """The game's state, if it is this user's turn in this channel's race."""
        state = snap.state
        if snap.spec.key != KEY:
            raise WrongGame(
                f"the game in this channel is {snap.spec.title}; its moves are its buttons "
                f"and the `/{snap.spec.key}` commands"
            )
        if not isinstance(state, RncState) or snap.is_lobby:
            raise ServiceError(
                "the race has not started yet; the host starts it with `/game start`"
            )
        if snap.outcome is not None or not snap.record.is_live:
            raise GameOver("the race is over; start another with `/game new`")
        if interaction.user.id not in snap.active_players:
            turn = state.turn
            name = snap.name_of(turn.player) if turn is not None else "nobody"
            raise NotYourTurn(f"it is {name}'s turn, not yours; wait for yours")
        return state

    async def _current(self, interaction: discord.Interaction) -> Snapshot:
        return await self.bot.service.current(channel_of(interaction))

    async def _send_preview(self, reply: Reply, snap: Snapshot, state: RncState, path: str) -> None:
        """Check a whole path and answer privately with its preview and Drive it / Edit / Cancel."""
        preview = preview_path(state, reply.user_id, path)
        tokens = parse_path(path)
        image = await self.bot.table.renderer.run(render_rnc_preview, snap.view(), preview)
        await reply.answer(ui.preview_board(snap, tokens, preview, image), ephemeral=True)

    async def _draft_board(self, snap: Snapshot, state: RncState, user: int, path: str) -> Board:
        plan = ui.draft(state, user, path)
        image = await self.bot.table.renderer.run(render_rnc_preview, snap.view(), plan.preview)
        return ui.builder_board(snap, user, plan, image)

    async def _send_builder(self, reply: Reply, snap: Snapshot) -> None:
        state = await self._mover(reply.interaction, snap)
        board = await self._draft_board(snap, state, reply.user_id, "")
        await reply.answer(board, ephemeral=True)

    async def _send_course(self, reply: Reply, snap: Snapshot) -> None:
        if snap.spec.key != KEY:
            raise WrongGame(f"the game in this channel is {snap.spec.title}, not Rush 'n' Crush")
        if snap.state is None:
            raise ServiceError(
                "the race has not started yet; the host starts it with `/game start`"
            )
        image = await self.bot.table.renderer.run(render_rushncrush, snap.view(), whole_course=True)
        board = Board(
            content=f"**The whole course** · game #{snap.session_id} (only you see this)",
            image=image,
            filename=f"course-{snap.session_id}-{snap.version}.png",
        )
        await reply.answer(board, ephemeral=True)

    # ----- rnc: buttons ----------------------------------------------------------------------

    async def route(self, reply: Reply, rid: ui.RncId) -> None:
        """What each `rnc:` button does."""
        interaction = reply.interaction
        snap = await self.bot.service.by_id(rid.session_id)
        if snap.record.channel_id != interaction.channel_id:
            raise ServiceError("that button belongs to a game in another channel")
        if snap.spec.key != KEY:
            raise ServiceError(DAMAGED)
        if rid.verb == ui.CANCEL:
            await reply.edit_origin(
                content="✖ Closed: nothing was driven.", attachments=[], view=None
            )
            return
        if rid.verb == ui.COURSE:
            await self._send_course(reply, snap)
            return
        if rid.version != snap.version:
            raise StaleBoard("the board has moved on; here is the current one", snap)
        if rid.verb == ui.BUILD:
            await self._send_builder(reply, snap)
        elif rid.verb == ui.STEP:
            state = await self._mover(interaction, snap)
            board = await self._draft_board(snap, state, interaction.user.id, rid.path)
            await reply.edit_origin(board)
        elif rid.verb == ui.PREVIEW:
            state = await self._mover(interaction, snap)
            await self._send_preview(reply, snap, state, rid.path)
        elif rid.verb == ui.MORE:
            await self._mover(interaction, snap)
            await reply.answer(ui.gear_panel(snap, interaction.user.id), ephemeral=True)
        else:
            raise ServiceError(
                "this button belongs to an older version of the bot; use `/game status`"
            )

    # ----- slash commands --------------------------------------------------------------------

    @app_commands.command(name="gear")
    @app_commands.describe(
        speed="The speed to drive at this turn (4-18)",
        gear="The gear (1-5); leave it out to take the cheapest way to that speed",
        turbo="Turbo points to spend (extra steps up); leave out for the cheapest",
        brake="Brake points to spend (extra steps down); leave out for the cheapest",
    )
    async def gear(
        self,
        interaction: discord.Interaction,
        speed: app_commands.Range[int, 4, 18],
        gear: app_commands.Range[int, 1, 5] | None = None,
        turbo: app_commands.Range[int, 0, 5] | None = None,
        brake: app_commands.Range[int, 0, 5] | None = None,
    ) -> None:
        """Choose your gear and speed; the bot then rolls your heat and steering dice."""

        async def work(reply: Reply) -> None:
            snap = await self._current(interaction)
            await self._mover(interaction, snap)
            action = ui.gear_for(snap, interaction.user.id, speed, gear, turbo, brake)
            await self.bot.table.play(reply, action, session_id=snap.session_id)

        await self._run(interaction, work, Ack.PUBLIC)

    @app_commands.command(name="move")
    @app_commands.describe(
        path="Your path, e.g. `F F L F R F`: F ahead, L/R diagonal; see /game rules for extras",
        drive="Drive it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 1, 200],
        drive: bool = False,
    ) -> None:
        """Preview a path (where you end, what you hit), then drive it with one tap."""

        async def work(reply: Reply) -> None:
            snap = await self._current(interaction)
            state = await self._mover(interaction, snap)
            if drive:
                await self.bot.table.play(reply, MoveAction(path=path), session_id=snap.session_id)
            else:
                await self._send_preview(reply, snap, state, path)

        await self._run(interaction, work)

    @app_commands.command(name="steer")
    async def steer(self, interaction: discord.Interaction) -> None:
        """Build your path step by step with F / L / R buttons and a live preview."""

        async def work(reply: Reply) -> None:
            await self._send_builder(reply, await self._current(interaction))

        await self._run(interaction, work)

    @app_commands.command(name="arm")
    @app_commands.describe(item="The equipment to arm (one Activation; Use it from next turn)")
    @app_commands.choices(item=ITEM_CHOICES)
    async def arm(self, interaction: discord.Interaction, item: app_commands.Choice[str]) -> None:
        """Arm one of your equipment counters."""
        await self._play(interaction, ActivateAction(item=Item(item.value), mode="arm"))

    @app_commands.command(name="use")
    @app_commands.describe(item="The armed item to Use now (rams and rocket go in the path)")
    @app_commands.choices(item=USE_CHOICES)
    async def use(self, interaction: discord.Interaction, item: app_commands.Choice[str]) -> None:
        """Use an armed Machine Gun, Flamer or Fire Extinguisher now."""
        await self._play(interaction, ActivateAction(item=Item(item.value), mode="use"))

    @app_commands.command(name="course")
    async def course(self, interaction: discord.Interaction) -> None:
        """Show the whole course with every car, wreck and mine (only you see it)."""

        async def work(reply: Reply) -> None:
            await self._send_course(reply, await self._current(interaction))

        await self._run(interaction, work)


__all__ = ["RncButton", "RushNCrushCog"]
