"""`/apocalypseroad ...`: the slash twins of the hand's menus and buttons.

Cards are named by their place in your hand (1-6, as the hand image numbers them), cars by
number (your own) or by team letter and number (`B3`, a target). A typed move is previewed
first; `play:True` plays it at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import discord
from discord import app_commands
from discord.ext import commands

from bot.apocalypseroad import moves
from bot.apocalypseroad.ids import own_view
from bot.apocalypseroad.private import preview_image, send_track
from bot.replies import Reply
from bot.table import TableCog, channel_of, me
from games.apocalypseroad.model import ArState, ArView, Debris, Discard, Fire, Move, PlayCard
from games.apocalypseroad.movement import BadStep
from games.engine import IllegalAction, Model
from table.service import ServiceError, Snapshot, WrongGame

KEY = "apocalypseroad"
ActionBuilder = Callable[[ArView], Model]
CAR_LABEL = re.compile(r"\s*([A-Ja-j])\s*([1-8])\s*")


def _game(snap: Snapshot) -> ArState:
    if snap.spec.key != KEY:
        raise WrongGame(
            f"the game here is {snap.spec.title}; its moves are its buttons and the "
            f"`/{snap.spec.key}` commands"
        )
    if not isinstance(snap.state, ArState) or snap.is_lobby:
        raise ServiceError("the race has not started yet; the host starts it with `/game start`")
    return snap.state


def car_id(view: ArView, label: str) -> int:
    """`B3` -> the id of team B's car 3 (refused in words if no such car races)."""
    match = CAR_LABEL.fullmatch(label)
    if match is None:
        raise IllegalAction(
            f"{label[:10]!r} is not a car: write its team letter and number, e.g. B3"
        )
    letter, number = match[1].upper(), int(match[2])
    for car in view.cars:
        if car.letter == letter and car.number == number:
            return car.id
    raise IllegalAction(f"there is no car {letter}{number} in this race")


def hand_card(view: ArView, position: int) -> int:
    hand = view.hand or ()
    if not 1 <= position <= len(hand):
        raise IllegalAction(f"your hand has {len(hand)} cards: pick 1 to {len(hand)}")
    return hand[position - 1].id


@app_commands.guild_only()
class ApocalypseRoadCog(
    TableCog,
    commands.GroupCog,
    group_name="apocalypseroad",
    group_description="Apocalypse Road moves (the hand's menus and buttons do the same)",
):
    """Slash commands of Apocalypse Road."""

    async def _play(self, interaction: discord.Interaction, build: ActionBuilder) -> None:
        async def work(reply: Reply) -> None:
            snap = await self.service.current(channel_of(interaction))
            _game(snap)
            viewer = me(snap, interaction.user.id)
            action = build(own_view(snap, viewer))
            await self.table.play(reply, action, session_id=snap.session_id)

        await self._run(interaction, work)

    @app_commands.command(name="hand")
    async def hand(self, interaction: discord.Interaction) -> None:
        """Show your hand and team mat, with the menus for your move (only you see it)."""

        async def work(reply: Reply) -> None:
            snap = await self.service.current(channel_of(interaction))
            _game(snap)
            await self.table.send_private(reply, snap)

        await self._run(interaction, work)

    @app_commands.command(name="track")
    async def track(self, interaction: discord.Interaction) -> None:
        """Show the whole track with every car (only you see it)."""

        async def work(reply: Reply) -> None:
            await send_track(self.table, reply, await self.service.current(channel_of(interaction)))

        await self._run(interaction, work)

    @app_commands.command(name="play")
    @app_commands.describe(
        card="The card's place in your hand (1-6, as your hand image numbers them)",
        car="Your car that plays it (its number, 1-8): one that has not moved this turn",
        fire_first="Fire before moving at this car (team letter and number, e.g. B3)",
        ram_lead="A Ram card: move as Lead (pulling the cars behind) instead of Solo",
    )
    async def play(
        self,
        interaction: discord.Interaction,
        card: app_commands.Range[int, 1, 6],
        car: app_commands.Range[int, 1, 8],
        fire_first: app_commands.Range[str, 1, 4] | None = None,
        ram_lead: bool = False,
    ) -> None:
        """Play a race card for one of your cars."""

        def build(view: ArView) -> Model:
            target = car_id(view, fire_first) if fire_first else None
            return PlayCard(card=hand_card(view, card), car=car, target=target, ram_lead=ram_lead)

        await self._play(interaction, build)

    @app_commands.command(name="move")
    @app_commands.describe(
        path="Steps: F forward, L/R a lane in/out, DL/DR diagonal, X overtake (e.g. `F F L F`)",
        play="Play it at once instead of previewing it first (default: preview)",
    )
    async def move(
        self,
        interaction: discord.Interaction,
        path: app_commands.Range[str, 0, 120] = "",
        play: bool = False,
    ) -> None:
        """Preview a move (where every car ends), then play it with one tap."""

        async def work(reply: Reply) -> None:
            snap = await self.service.current(channel_of(interaction))
            state = _game(snap)
            if play:
                await self.table.play(reply, Move(path=path), session_id=snap.session_id)
                return
            viewer = me(snap, interaction.user.id)
            if viewer not in snap.active_players:
                raise IllegalAction("it is not your move now")
            mine = snap.for_viewer(viewer)
            view = own_view(mine, viewer)
            try:
                image = await preview_image(self.table, view, path, state)
            except BadStep as error:  # a bad step: said in words
                raise IllegalAction(str(error)) from None
            await reply.answer(moves.option_board(mine, view, path, image), ephemeral=True)

        await self._run(interaction, work)

    @app_commands.command(name="fire")
    @app_commands.describe(
        target="The car to fire at (team letter and number, e.g. B3); leave it out to hold fire"
    )
    async def fire(
        self, interaction: discord.Interaction, target: app_commands.Range[str, 1, 4] | None = None
    ) -> None:
        """Fire after moving (or hold fire)."""
        await self._play(
            interaction, lambda view: Fire(target=car_id(view, target) if target else None)
        )

    @app_commands.command(name="discard")
    @app_commands.describe(cards="Places in your hand to discard, e.g. `1 4` (leave out: keep all)")
    async def discard(
        self, interaction: discord.Interaction, cards: app_commands.Range[str, 0, 20] = ""
    ) -> None:
        """End of turn: discard the cards you do not want."""

        def build(view: ArView) -> Model:
            places = sorted({int(p) for p in re.findall(r"\d+", cards)})
            return Discard(cards=tuple(hand_card(view, p) for p in places))

        await self._play(interaction, build)

    @app_commands.command(name="debris")
    @app_commands.describe(car="Your car that takes the Dangerous Debris damage (its number)")
    async def debris(
        self, interaction: discord.Interaction, car: app_commands.Range[int, 1, 8]
    ) -> None:
        """Dangerous Debris: choose which of your cars takes the damage."""
        await self._play(interaction, lambda view: Debris(car=car))


__all__ = ["ApocalypseRoadCog"]
