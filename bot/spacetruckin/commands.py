"""`/spacetruckin ...` and the handler of the sheet's `st:` first steps.

Moves go through `Table.play` like every game's. The first steps of the sheet's two-tap
choices (`st:` custom_ids) only redraw the private message, never move (`redraw`).
"""

from __future__ import annotations

from typing import Literal

import discord
from discord import app_commands
from discord.ext import commands
from pydantic import ValidationError

from bot.convert import to_view
from bot.replies import Reply
from bot.spacetruckin import choices, ids
from bot.spacetruckin import sheet as ui
from bot.table import Table, TableCog, me
from games.engine import IllegalAction, InvalidAction, Model, Rng
from games.spacetruckin import legal_placements, parse_placement
from games.spacetruckin.models import Fill, Place
from table.answers import Message
from table.host import DAMAGED
from table.ids import ButtonId, MalformedInput, bounded_json
from table.service import NotSeated, ServiceError, Snapshot, StaleBoard

KEY = "spacetruckin"
MAX_CHOICES = 25
BoxName = Literal["top1", "top2", "top3", "top4", "bot1", "bot2", "bot3", "bot4"]


async def redraw(table: Table, reply: Reply, sid: ButtonId, values: list[str]) -> None:
    """A first step of a choice: redraw the private message for the next step."""
    interaction = reply.interaction
    snap = await table.service.by_id(sid.session_id)
    if snap.record.channel_id != interaction.channel_id:
        raise ServiceError("that menu belongs to a game in another channel")
    if snap.spec.key != KEY:
        raise ServiceError(DAMAGED)
    viewer = me(snap, interaction.user.id)
    if not snap.is_seated(interaction.user.id):
        raise NotSeated("that sheet is not yours: you are not playing in this game")
    if snap.state is None:
        raise ServiceError("the game has not started yet")
    snap = snap.for_viewer(viewer)
    if sid.tag != snap.button_tag:
        # The sheet changed since this message was drawn: show it as it is now.
        raise StaleBoard("your sheet has changed since that message", snap, private=True)
    stage = _stage(snap, viewer)
    if sid.verb == ids.SHEET:
        image = await table.renderer.sheet(snap, viewer)
        await reply.edit_origin(ui.sheet_board(snap, viewer, image))
        return
    wanted = {
        ids.ANCHOR: "place",
        ids.PREVIEW: "place",
        ids.SYSTEM: "pick",
        ids.FIRST_BOX: "fill",
        ids.TWEAK_BOX: "tweak",
        ids.TWEAK_EFFECT: "tweak",
        ids.FIRST_HIT: "hit_two",
    }.get(sid.verb)
    if wanted is None or stage != wanted:
        raise StaleBoard("your sheet has changed since that message", snap, private=True)
    if sid.verb in (ids.ANCHOR, ids.PREVIEW):
        place = _chosen_place(snap, viewer, values[0] if values else sid.payload)
        image = await table.renderer.sheet(snap, viewer, preview=place)
        await reply.edit_origin(ui.preview_board(snap, viewer, place, image))
    elif sid.verb == ids.SYSTEM:
        await _edit_keep_image(reply, ui.shapes_board(snap, viewer, sid.payload))
    elif sid.verb == ids.FIRST_BOX:
        await _edit_keep_image(reply, choices.second_box_board(snap, viewer, sid.payload))
    elif sid.verb == ids.FIRST_HIT:
        await _edit_keep_image(reply, choices.second_hit_board(snap, viewer, sid.payload))
    elif sid.verb == ids.TWEAK_EFFECT:
        await _edit_keep_image(reply, choices.tweak_pip_board(snap, viewer, sid.payload))
    else:
        await _edit_keep_image(reply, choices.tweak_board(snap, viewer, sid.payload))


async def _edit_keep_image(reply: Reply, board: Message) -> None:
    """Redraw the text and components only; the sheet image above them stays as it is."""
    await reply.edit_origin(content=board.content, view=to_view(board))


def _stage(snap: Snapshot, viewer: int) -> str | None:
    if snap.state is None or viewer not in snap.active_players:
        return None
    sheet = snap.view(viewer).sheet
    return None if sheet is None else str(sheet.stage)


def _chosen_place(snap: Snapshot, viewer: int, value: str) -> Place:
    """A menu value: a whole placement (`C5.1f`) or a top-left grid (`C5`: its first way)."""
    placements = legal_placements(snap.state, viewer)  # type: ignore[arg-type]
    place = ids.parse_place_code(value)
    if place is not None and place in placements:
        return place
    first = next((p for p in placements if p.anchor == value), None)
    if first is None:
        raise IllegalAction(f"nothing fits with its top-left at {value} any more; pick again")
    return first


@app_commands.guild_only()
class SpaceTruckinCog(
    TableCog,
    commands.GroupCog,
    group_name="spacetruckin",
    group_description="Space Truckin' moves (your sheet's buttons do the same)",
):
    """Slash twins of the sheet's buttons, and the private sheet's menus."""

    async def _mine(self, interaction: discord.Interaction) -> Snapshot:
        return await self._started(interaction, KEY)

    # ----- /spacetruckin place ----------------------------------------------------------------

    @app_commands.command(name="place")
    @app_commands.describe(
        spot="Top-left grid, quarter turns and flip, e.g. `B4 r1 f` (the list shows legal ones)"
    )
    async def place(
        self, interaction: discord.Interaction, spot: app_commands.Range[str, 1, 40]
    ) -> None:
        """Preview your picked tetromino at a spot, then confirm it with a button."""

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            viewer = me(snap, interaction.user.id)
            place = _typed_place(snap, viewer, spot)
            image = await self.table.renderer.sheet(snap, viewer, preview=place)
            board = ui.preview_board(snap.for_viewer(viewer), viewer, place, image)
            await reply.answer(board, ephemeral=True)

        await self._run(interaction, work)

    @place.autocomplete("spot")
    async def place_spots(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        # the asker's own legal actions: nothing for a spectator or while they may not place
        legal = snap.legal_actions(me(snap, interaction.user.id))
        placements = [a for a in legal if isinstance(a, Place)]
        typed = current.strip().upper().replace(" ", "")
        names = [ui.place_label(p) for p in placements]
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

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            action: Model = Fill(first=first, second=second)
            legal = list(snap.legal_actions(me(snap, interaction.user.id)))
            if action not in legal:
                # with a double the game lists each pair once, in box order
                swapped = Fill(first=second, second=first)
                action = swapped if swapped in legal else action
            await self.table.play(reply, action, session_id=snap.session_id)

        await self._run(interaction, work)

    # ----- /spacetruckin move -----------------------------------------------------------------

    @app_commands.command(name="move")
    @app_commands.describe(action="Any move open to you now (start typing: the list filters)")
    async def move(
        self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 200]
    ) -> None:
        """Make any move open to you now, by name (the same as your sheet's buttons)."""

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            chosen = _named_action(snap, me(snap, interaction.user.id), action)
            await self.table.play(reply, chosen, session_id=snap.session_id)

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
        for legal in snap.legal_actions(me(snap, interaction.user.id)):
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
        parsed = snap.spec.parse_action(bounded_json(text, max_chars=200))
    except (MalformedInput, ValidationError):
        parsed = None
    if parsed is not None:
        return parsed  # type: ignore[no-any-return]
    wanted = text.strip().lower()
    for action in legal:
        if snap.spec.describe(action).lower() == wanted:
            return action
    sample = ", ".join(snap.spec.describe(a) for a in legal[:8]) or "nothing: wait for the others"
    raise InvalidAction(f"`{text}` is not a move open to you now; for example: {sample}")
