"""What a newcomer reads: `/help` (what Redline is, its games, how to start one, dice, play
over days) and a game's rules (`/game rules`, and the games menu it shows where no game is)."""

from __future__ import annotations

from collections.abc import Mapping

from games.registry import AnySpec
from table.absence import CLOCK_HELP
from table.answers import Answer, Message, Page, SelectSpec
from table.ids import RULES, ButtonId
from table.ratings import RATING_RULES
from table.seasons import SEASON_RULES
from table.service import GameService, NoSession

PAGE_LIMIT = 3900
"""Characters per page (Discord allows 4,096 in an embed's description; a little room kept)."""


def players(spec: AnySpec) -> str:
    if spec.min_players == spec.max_players:
        return f"{spec.min_players} players"
    return f"{spec.min_players}-{spec.max_players} players"


def help_text(games: Mapping[str, AnySpec]) -> str:
    lines = [
        "**Redline** runs tabletop games in this channel or a thread: players join and play "
        "with slash commands and buttons, the bot enforces the rules and answers every move "
        "with a fresh board. Games keep for days and survive restarts.",
        "",
        "**Games**",
    ]
    for key, spec in games.items():
        lines.append(
            f"• **{spec.title}** (`{key}`, {players(spec)}, {spec.length}): {spec.summary}"
        )
    lines += [
        "",
        "**Start one**: `/game new game:<game>` opens a lobby (you are the host); others "
        "`/game join` or press Join; the host may `/game bot add` bots and `/game option` "
        "variants, then `/game start`. Play with the buttons under each board (or the game's "
        "own `/<game> ...` commands). `/game status` shows the board again, `/game sheet` your "
        "private sheet, `/game rules` the rules, `/game log` the last moves.",
        "",
        "**Over days**: " + CLOCK_HELP + " `/vacation start` pauses your clocks in every game "
        "of the server; `/game mine` lists the games waiting for you; `/game list` all of them.",
        "",
        "**Dice anywhere** (also in DMs, and in any server once you add Redline to your "
        "account): `/roll 4d6kh3`, `/roll 1d20+5 to hit`, `/contest` (Road Wolf's contested "
        "rolls, with their exact odds), `/odds expression:4d6kh3 target:15` (exact chances of "
        "any roll, as a table and a chart; `/odds` alone: the d6 tables).",
        "",
        "**Secret rolls**: `/roll expression:1d20+5 secret:true for:@gm` shows the result to you "
        "and the GM only; the channel sees a commitment (SHA-256 of the roll's seed and "
        "expression). `/dice reveal` (or the Reveal button) publishes it with its seed, and "
        "anyone can `/dice verify` it. **Saved rolls**: `/dice save name:attack "
        "expression:1d20+7`, then `/dice use name:attack` (server-wide ones: Manage Server, "
        "`server:true`); `/dice forget` deletes one.",
        "",
        RATING_RULES,
        "",
        SEASON_RULES,
    ]
    return "\n".join(lines)


def help_answer(games: Mapping[str, AnySpec]) -> Answer:
    """`/help`, privately, a page per message (the first titled "Redline")."""
    return Answer(
        private=tuple(
            Message(content="", pages=(Page(page, "Redline" if number == 1 else None),))
            for number, page in enumerate(pages(help_text(games)), start=1)
        )
    )


def pages(text: str, limit: int = PAGE_LIMIT) -> list[str]:
    """Split a long text at paragraph (then line) boundaries into pages of at most `limit`
    characters: a rules text is paged, never cut."""
    out: list[str] = []
    current = ""
    for block in text.split("\n\n"):
        pieces = [block] if len(block) <= limit else block.split("\n")
        for piece in pieces:
            while len(piece) > limit:  # a single line longer than a page: hard split
                out.append(piece[:limit])
                piece = piece[limit:]
            joiner = "\n\n" if piece is block else "\n"
            if current and len(current) + len(joiner) + len(piece) > limit:
                out.append(current)
                current = piece
            else:
                current = f"{current}{joiner}{piece}" if current else piece
    if current:
        out.append(current)
    return out or [""]


def rules_messages(spec: AnySpec) -> tuple[Message, ...]:
    """A game's rules, a page per message (a page's text is capped)."""
    texts = pages(spec.rules_text)
    count = f" ({{}}/{len(texts)})" if len(texts) > 1 else ""
    return tuple(
        Message(content="", pages=(Page(text, f"{spec.title}: rules" + count.format(n)),))
        for n, text in enumerate(texts, start=1)
    )


def rules_menu(games: Mapping[str, AnySpec]) -> Message:
    """The games, each in a line, and a menu that opens one's rules."""
    lines = "\n".join(f"• **{s.title}** (`{k}`): {s.summary}" for k, s in games.items())
    menu = SelectSpec(
        ButtonId(RULES, 0, 0).encode(),
        "Read the rules of…",
        tuple((s.title, k, s.summary[:100]) for k, s in games.items()),
    )
    return Message(
        content="There is no game in this channel yet. Pick one to read its rules (or type "
        f"`/game rules game:<game>`):\n{lines}",
        selects=(menu,),
    )


def rules_of(service: GameService, game: str) -> Answer:
    """`/game rules game:...`: that game's rules, privately."""
    return Answer(private=rules_messages(service.spec(game)))


async def rules_here(service: GameService, channel_id: int) -> Answer:
    """`/game rules`: the rules of this channel's game (the last one, if it has ended), else
    the games to pick from; privately."""
    try:
        spec = (await service.latest(channel_id)).spec
    except NoSession:
        return Answer(private=(rules_menu(service.games),))
    return Answer(private=rules_messages(spec))
