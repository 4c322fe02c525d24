"""`/spacetruckin ...`, the sheet's menus and the two-tap choices of Space Truckin'.

Moves go through `Table.play` like every game's. What this cog adds: a private presenter
(registered in `presenters.PRIVATE_PRESENTERS`) that offers menus and two-step buttons where
one button per action would not fit, one persistent item answering the `st:` custom_ids of
those first steps (they redraw the private message, they never move), and slash twins.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot import presenters, replies
from bot.cogs import spacetruckin_ui as ui
from bot.presenters import Board
from bot.service import NotSeated, ServiceError, Snapshot
from bot.table import channel_of
from games.engine import IllegalAction, InvalidAction, Model, Rng
from games.spacetruckin import legal_placements, parse_placement
from games.spacetruckin.models import Fill, Place

if TYPE_CHECKING:
    from bot.client import RedlineBot

KEY = "spacetruckin"
MAX_CHOICES = 25
BoxName = Literal["top1", "top2", "top3", "top4", "bot1", "bot2", "bot3", "bot4"]


class SheetItem(discord.ui.DynamicItem[discord.ui.Item[Any]], template=ui.StId.TEMPLATE):
    """Any `st:` button or menu on a Space Truckin' sheet (survives restarts like the rest)."""

    def __init__(self, item: discord.ui.Item[Any], sid: ui.StId) -> None:
        super().__init__(item)
        self.sid = sid

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Item[Any],
        match: re.Match[str],
        /,
    ) -> SheetItem:
        sid = ui.StId.decode(match.string)
        if sid is None:  # the template matched, so this cannot happen
            raise ValueError(match.string)
        return cls(item, sid)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        bot: RedlineBot = interaction.client
        raw: Any = dict(interaction.data or {}).get("values") or []
        values = [str(v) for v in raw]
        await replies.funnel(
            interaction,
            lambda: redraw(bot, interaction, self.sid, values),
            on_stale=lambda stale: bot.table.show_stale(interaction, stale),
        )


async def redraw(
    bot: RedlineBot, interaction: discord.Interaction, sid: ui.StId, values: list[str]
) -> None:
    """A first step of a choice: redraw the private message for the next step."""
    snap = await bot.service.by_id(sid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that menu belongs to a game in another channel")
    viewer = interaction.user.id
    if not any(s.user_id == viewer for s in snap.record.seats):
        raise NotSeated("that sheet is not yours: you are not playing in this game")
    stage = _stage(snap, viewer)
    if sid.verb == ui.SHEET:
        image = await bot.table.renderer.sheet(snap, viewer)
        await _edit(interaction, ui.sheet_board(snap, viewer, image), with_image=True)
        return
    wanted = {
        ui.ANCHOR: "place",
        ui.PREVIEW: "place",
        ui.SYSTEM: "pick",
        ui.FIRST_BOX: "fill",
        ui.TWEAK_BOX: "tweak",
        ui.TWEAK_EFFECT: "tweak",
        ui.FIRST_HIT: "hit_two",
    }.get(sid.verb)
    if wanted is None or stage != wanted:
        # The sheet moved on since this message was drawn: show it as it is now.
        await interaction.response.edit_message(view=None)
        await bot.table.send_private(interaction, snap)
        return
    if sid.verb in (ui.ANCHOR, ui.PREVIEW):
        place = _chosen_place(snap, viewer, values[0] if values else sid.payload)
        image = await bot.table.renderer.sheet(snap, viewer, preview=place)
        await _edit(interaction, ui.preview_board(snap, viewer, place, image), with_image=True)
    elif sid.verb == ui.SYSTEM:
        await _edit(interaction, ui.shapes_board(snap, viewer, sid.payload))
    elif sid.verb == ui.FIRST_BOX:
        await _edit(interaction, ui.second_box_board(snap, viewer, sid.payload))
    elif sid.verb == ui.FIRST_HIT:
        await _edit(interaction, ui.second_hit_board(snap, viewer, sid.payload))
    elif sid.verb == ui.TWEAK_EFFECT:
        await _edit(interaction, ui.tweak_pip_board(snap, viewer, sid.payload))
    else:
        await _edit(interaction, ui.tweak_board(snap, viewer, sid.payload))


def _stage(snap: Snapshot, viewer: int) -> str | None:
    if snap.state is None or viewer not in snap.active_players:
        return None
    sheet = snap.view(viewer).sheet
    return None if sheet is None else str(sheet.stage)


def _chosen_place(snap: Snapshot, viewer: int, value: str) -> Place:
    """A menu value: a whole placement (`C5.1f`) or a top-left grid (`C5`: its first way)."""
    placements = legal_placements(snap.state, viewer)  # type: ignore[arg-type]
    place = ui.parse_place_code(value)
    if place is not None and place in placements:
        return place
    first = next((p for p in placements if p.anchor == value), None)
    if first is None:
        raise IllegalAction(f"nothing fits with its top-left at {value} any more; pick again")
    return first


async def _edit(
    interaction: discord.Interaction, board: Board, *, with_image: bool = False
) -> None:
    """Redraw the message the component sits on (a new image only when asked: it is slow)."""
    view = replies.to_view(board)
    if not with_image:
        await interaction.response.edit_message(content=board.content, view=view)
        return
    if not interaction.response.is_done():
        await interaction.response.defer()
    files = [] if board.image is None else [_file(board)]
    await interaction.edit_original_response(content=board.content, attachments=files, view=view)


def _file(board: Board) -> discord.File:
    assert board.image is not None
    return discord.File(io.BytesIO(board.image), filename=board.filename)


@app_commands.guild_only()
class SpaceTruckinCog(
    commands.GroupCog,
    group_name="spacetruckin",
    group_description="Space Truckin' moves (your sheet's buttons do the same)",
):
    """Slash twins of the sheet's buttons, and the private sheet's menus."""

    def __init__(self, bot: RedlineBot) -> None:
        self.bot = bot
        super().__init__()

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(SheetItem)
        presenters.PRIVATE_PRESENTERS[KEY] = ui.sheet_board

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(SheetItem)
        presenters.PRIVATE_PRESENTERS.pop(KEY, None)

    async def _run(
        self, interaction: discord.Interaction, work: Callable[[], Awaitable[None]]
    ) -> None:
        await replies.funnel(
            interaction, work, on_stale=lambda s: self.bot.table.show_stale(interaction, s)
        )

    async def _mine(self, interaction: discord.Interaction) -> Snapshot:
        snap = await self.bot.service.current(channel_of(interaction))
        if snap.spec.key != KEY:
            raise ServiceError(f"the game in this channel is {snap.spec.title}, not Space Truckin'")
        return snap

    # ----- /spacetruckin place ----------------------------------------------------------------

    @app_commands.command(name="place")
    @app_commands.describe(
        spot="Top-left grid, quarter turns and flip, e.g. `B4 r1 f` (the list shows legal ones)"
    )
    async def place(self, interaction: discord.Interaction, spot: str) -> None:
        """Preview your picked tetromino at a spot, then confirm it with a button."""

        async def work() -> None:
            snap = await self._mine(interaction)
            viewer = interaction.user.id
            place = _typed_place(snap, viewer, spot)
            await interaction.response.defer(ephemeral=True, thinking=True)
            image = await self.bot.table.renderer.sheet(snap, viewer, preview=place)
            await replies.send(
                interaction, ui.preview_board(snap, viewer, place, image), ephemeral=True
            )

        await self._run(interaction, work)

    @place.autocomplete("spot")
    async def place_spots(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        placements = legal_placements(snap.state, interaction.user.id)  # type: ignore[arg-type]
        typed = current.strip().upper().replace(" ", "")
        names = [ui._place_label(p) for p in placements]
        hits = [n for n in names if n.upper().replace(" ", "").startswith(typed)]
        return [app_commands.Choice(name=n, value=n) for n in hits[:MAX_CHOICES]]

    # ----- /spacetruckin fill -----------------------------------------------------------------

    @app_commands.command(name="fill")
    @app_commands.describe(
        first="The box for your first die (top1 is the top row's left box)",
        second="The box for your second die",
    )
    async def fill(self, interaction: discord.Interaction, first: BoxName, second: BoxName) -> None:
        """Write your two challenge dice into two empty boxes."""

        async def work() -> None:
            snap = await self._mine(interaction)
            action: Model = Fill(first=first, second=second)
            legal = list(snap.legal_actions(interaction.user.id))
            if action not in legal:
                # with a double the game lists each pair once, in box order
                swapped = Fill(first=second, second=first)
                action = swapped if swapped in legal else action
            await self.bot.table.play(interaction, action, session_id=snap.session_id)

        await self._run(interaction, work)

    # ----- /spacetruckin move -----------------------------------------------------------------

    @app_commands.command(name="move")
    @app_commands.describe(action="Any move open to you now (start typing: the list filters)")
    async def move(self, interaction: discord.Interaction, action: str) -> None:
        """Make any move open to you now, by name (the same as your sheet's buttons)."""

        async def work() -> None:
            snap = await self._mine(interaction)
            chosen = _named_action(snap, interaction.user.id, action)
            await self.bot.table.play(interaction, chosen, session_id=snap.session_id)

        await self._run(interaction, work)

    @move.autocomplete("action")
    async def move_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        typed = current.strip().lower()
        choices = []
        for legal in snap.legal_actions(interaction.user.id):
            label = snap.spec.describe(legal)
            value = legal.model_dump_json()
            if typed in label.lower() and len(value) <= 100:
                choices.append(app_commands.Choice(name=label[:100], value=value))
        return choices[:MAX_CHOICES]


def _typed_place(snap: Snapshot, viewer: int, spot: str) -> Place:
    """A placement typed or chosen in the list; refused with the game's own explanation."""
    view = snap.view(viewer)
    picked = view.sheet.picked if view.sheet is not None else None
    if view.sheet is None or view.sheet.stage != "place" or picked is None:
        raise IllegalAction("there is nothing to place now: build a system/shape first")
    place = parse_placement(spot, picked.split("/")[1])
    if place not in legal_placements(snap.state, viewer):  # type: ignore[arg-type]
        # apply is pure: a dry run gives the rules' own reason and legal examples
        snap.spec.apply(snap.state, viewer, place, Rng(0))
    return place


def _named_action(snap: Snapshot, viewer: int, text: str) -> Model:
    """The legal action whose JSON (from the list) or label (typed) is `text`."""
    legal = list(snap.legal_actions(viewer))
    try:
        parsed = snap.spec.parse_action(json.loads(text))
    except (ValueError, ValidationError):
        parsed = None
    if parsed is not None:
        return parsed  # type: ignore[no-any-return]
    wanted = text.strip().lower()
    for action in legal:
        if snap.spec.describe(action).lower() == wanted:
            return action
    sample = ", ".join(snap.spec.describe(a) for a in legal[:8]) or "nothing: wait for the others"
    raise InvalidAction(f"`{text}` is not a move open to you now; for example: {sample}")
