"""`/roadwolf ...`: the panel's moves typed, the panel itself, and the whole road.

`/roadwolf move vehicle:A to:L2F3` previews the move privately (reach, ghost, path, warnings)
with a ✅ Confirm button; `confirm:True` drives it at once. `/roadwolf do` plays any action open
to you by name (the list filters as you type), like the panel's buttons.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from bot.replies import Reply
from bot.roadwolf import panel, private
from bot.roadwolf.ids import Planned
from bot.roadwolf.ids import label as action_label
from bot.table import TableCog, me
from games.engine import InvalidAction, Model, NotYourTurn, PlayerId
from games.roadwolf.model import MoveAction, NitroAction, PlaceAction
from games.roadwolf.preview import typed_action
from table.ids import MalformedInput, bounded_json
from table.service import ServiceError, Snapshot

KEY = "roadwolf"
MAX_CHOICES = 25


@app_commands.guild_only()
class RoadWolfCog(
    TableCog,
    commands.GroupCog,
    group_name="roadwolf",
    group_description="Road Wolf moves (your panel's buttons do the same)",
):
    """Slash twins of the private panel's buttons."""

    async def _mine(self, interaction: discord.Interaction) -> Snapshot:
        return await self._started(interaction, KEY)

    def _mover(self, interaction: discord.Interaction, snap: Snapshot) -> PlayerId:
        viewer = me(snap, interaction.user.id)
        if viewer not in snap.active_players:
            raise NotYourTurn("it is not your turn; the board says whose it is")
        return viewer

    @app_commands.command(name="move")
    @app_commands.describe(
        vehicle="Your vehicle's letter, as on the board (A, B, ...; A1, B2... with 3+ sides)",
        to="Where to: L2F3 = 2 left, 3 forward; R1B2 = 1 right, 2 back (a brake); NITRO",
        confirm="Drive it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        vehicle: app_commands.Range[str, 1, 3],
        to: app_commands.Range[str, 1, 12],
        confirm: bool = False,
    ) -> None:
        """Preview a move, brake or nitro (reach, path, warnings), then confirm it with a tap."""

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            viewer = self._mover(interaction, snap)
            plan = planned(typed_action(vehicle.strip().upper(), to))
            if confirm:
                action = private.action_of(plan)
                await self.table.play(reply, action, session_id=snap.session_id)
                return
            await private.send_preview(self.table, reply, snap, viewer, plan, edit=False)

        await self._run(interaction, work)

    @move.autocomplete("vehicle")
    async def vehicle_letters(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Your vehicles that can move now (letter and name)."""
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        movers = {
            a.vehicle
            for a in snap.legal_actions(me(snap, interaction.user.id))
            if isinstance(a, MoveAction | NitroAction)
        }
        view = snap.view(me(snap, interaction.user.id))
        names = {v.letter: v.name for v in view.vehicles}
        typed = current.strip().upper()
        return [
            app_commands.Choice(name=f"{letter} {names.get(letter, '')}".strip(), value=letter)
            for letter in sorted(movers)
            if letter.startswith(typed)
        ][:MAX_CHOICES]

    @move.autocomplete("to")
    async def destinations(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Where the chosen vehicle may go, typed (`L2F3`), longest forward moves first: only
        for the asker's own vehicles that may move now (the panel's choices)."""
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        letter = str(getattr(interaction.namespace, "vehicle", "") or "").strip().upper()
        options = panel.typed_destinations(snap, me(snap, interaction.user.id), letter)
        typed = current.strip().upper()
        return [app_commands.Choice(name=o, value=o) for o in options if o.startswith(typed)][
            :MAX_CHOICES
        ]

    @app_commands.command(name="place")
    @app_commands.describe(
        vehicle="Your vehicle's letter (A, B, ...; A1, B2... with 3+ sides)",
        column="Its back-left cell's column, 0-23 (the road is 9-14)",
        row="Its back-left cell's row, 0-47 (0 at the START)",
    )
    async def place(
        self,
        interaction: discord.Interaction,
        vehicle: app_commands.Range[str, 1, 3],
        column: app_commands.Range[int, 0, 23],
        row: app_commands.Range[int, 0, 47],
    ) -> None:
        """While building: choose where one of your vehicles starts (others are placed for you)."""

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            self._mover(interaction, snap)
            action = PlaceAction(vehicle=vehicle.strip().upper(), x=column, y=row)
            await self.table.play(reply, action, session_id=snap.session_id)

        await self._run(interaction, work)

    @app_commands.command(name="panel")
    async def panel(self, interaction: discord.Interaction) -> None:
        """Your vehicles and what each may do now (only you see it)."""

        async def work(reply: Reply) -> None:
            await self.table.send_private(reply, await self._mine(interaction))

        await self._run(interaction, work)

    @app_commands.command(name="road")
    async def road(self, interaction: discord.Interaction) -> None:
        """The whole road, all 48 rows, with every vehicle and card (only you see it)."""

        async def work(reply: Reply) -> None:
            await private.send_road(self.table, reply, await self._mine(interaction))

        await self._run(interaction, work)

    @app_commands.command(name="do")
    @app_commands.describe(action="Any action open to you now (start typing: the list filters)")
    async def do(
        self, interaction: discord.Interaction, action: app_commands.Range[str, 1, 200]
    ) -> None:
        """Take any action open to you now, by name (the same as your panel's buttons)."""

        async def work(reply: Reply) -> None:
            snap = await self._mine(interaction)
            chosen = _named_action(snap, self._mover(interaction, snap), action)
            await self.table.play(reply, chosen, session_id=snap.session_id)

        await self._run(interaction, work)

    @do.autocomplete("action")
    async def action_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            snap = await self._mine(interaction)
        except ServiceError:
            return []
        typed = current.strip().lower()
        choices = []
        for legal in snap.legal_actions(me(snap, interaction.user.id)):
            label = action_label(snap, legal)
            value = legal.model_dump_json()
            if typed in label.lower() and len(value) <= 100:
                choices.append(app_commands.Choice(name=label[:100], value=value))
        return choices[:MAX_CHOICES]


def planned(action: MoveAction | NitroAction) -> Planned:
    """A typed move (the rules' parser: `L2F3`, `B4`, `N`) as the panel's plan."""
    if isinstance(action, NitroAction):
        return Planned(action.vehicle, "nitro", 0, 8)
    if action.kind == "brake":
        return Planned(action.vehicle, "brake", action.dx, action.dy)
    return Planned(action.vehicle, "move", action.dx, action.dy)


def _named_action(snap: Snapshot, viewer: PlayerId, text: str) -> Model:
    """The action whose JSON (from the list) or label (typed) is `text`."""
    try:
        return snap.spec.parse_action(bounded_json(text, max_chars=200))  # type: ignore[no-any-return]
    except (MalformedInput, ValueError):
        pass
    legal = list(snap.legal_actions(viewer))
    wanted = text.strip().lower()
    for action in legal:
        if action_label(snap, action).lower() == wanted:
            return action
    sample = ", ".join(action_label(snap, a) for a in legal[:8]) or "nothing: wait for your turn"
    raise InvalidAction(f"`{text[:60]}` is not an action open to you now; for example: {sample}")


__all__ = ["RoadWolfCog"]
