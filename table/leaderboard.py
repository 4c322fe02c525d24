"""`/leaderboard [game] [min_games]`: a server's ranking in one game, a page at a time.

Members are ranked by their rating (the cautious number, `table/ratings.py`), and only those
with at least `min_games` counted games appear: a rating from one lucky race says little.
The page's ◀ / ▶ buttons name the page, the minimum and the game (never a session), so they
keep working after a restart; a press redraws the same message with the asked page, read
afresh (`lb:` buttons, answered as the host's extra verbs).
"""

from __future__ import annotations

from storage import RatingRow
from table.answers import Answer, ButtonSpec, Message, Press
from table.gametable import TableHost, Verbs
from table.ids import ButtonId
from table.plain_buttons import PlainButton
from table.service import GameService, ServiceError
from table.stats import games_text, rating_text

NAMESPACE = "lb"
PAGE = "page"
PAGE_SIZE = 10
MIN_GAMES = 3
"""Counted games a member needs to appear (the command's default)."""


class LeaderboardButton(PlainButton):
    """`lb:page:<page>:<min games>:<game>`: a leaderboard page of this server (the press says
    which server)."""

    PREFIX = NAMESPACE
    VERBS = (PAGE,)
    PAYLOAD = r"\d{1,6}:\d{1,3}:[a-z]{1,32}"

    @property
    def page(self) -> tuple[int, int, str]:
        """(page, min games, game key)."""
        page, min_games, game = self.payload.split(":")
        return int(page), int(min_games), game


def page_button(page: int, min_games: int, game_key: str) -> str:
    return LeaderboardButton.of(PAGE, f"{page}:{min_games}:{game_key}").encode()


async def leaderboard_page(
    service: GameService,
    *,
    guild_id: int | None,
    game_key: str | None = None,
    min_games: int = MIN_GAMES,
    page: int = 0,
) -> Message:
    """One page of the ranking, with ◀ / ▶ where there is more."""
    if guild_id is None:
        raise ServiceError("the leaderboard is per server: ask in a server's channel")
    if game_key is None:
        played = await service.repo.rated_games(guild_id=guild_id)
        if not played:
            raise ServiceError(
                "no game has been counted on this server yet: finish one (`/game new`), then "
                "look again"
            )
        game_key = played[0][0]
    title = service.spec(game_key).title
    rows, total = await service.repo.leaderboard(
        guild_id=guild_id,
        game_key=game_key,
        min_games=min_games,
        limit=PAGE_SIZE,
        offset=page * PAGE_SIZE,
    )
    pages = max(1, -(-total // PAGE_SIZE))
    if page >= pages and total:
        return await leaderboard_page(
            service, guild_id=guild_id, game_key=game_key, min_games=min_games, page=pages - 1
        )
    head = (
        f"🏆 **{title}** on this server: rating (cautious), then games played; members with "
        f"at least {min_games} counted game{'s' if min_games != 1 else ''}."
    )
    if not rows:
        body = (
            f"Nobody has {min_games} counted games of {title} yet "
            "(`/leaderboard min_games:1` shows everyone)."
        )
    else:
        body = "\n".join(_line(page * PAGE_SIZE + i, row) for i, row in enumerate(rows, start=1))
    foot = f"Page {page + 1} of {pages}" if pages > 1 else ""
    return Message(
        content="\n".join(part for part in (head, body, foot) if part),
        buttons=_buttons(page, pages, min_games, game_key),
    )


def _line(rank: int, row: RatingRow) -> str:
    shown = rating_text(row.ordinal)
    return f"{rank}. <@{row.user_id}>: **{shown}** · {games_text(row.games, row.wins)}"


def _buttons(page: int, pages: int, min_games: int, game_key: str) -> tuple[ButtonSpec, ...]:
    if pages <= 1:
        return ()
    return (
        ButtonSpec(
            "◀ Previous",
            page_button(max(0, page - 1), min_games, game_key),
            disabled=page == 0,
        ),
        ButtonSpec(
            "Next ▶",
            page_button(min(pages - 1, page + 1), min_games, game_key),
            disabled=page >= pages - 1,
        ),
    )


async def _turn_page(host: TableHost, press: Press, bid: ButtonId) -> Answer:
    assert isinstance(bid, LeaderboardButton)
    page, min_games, game_key = bid.page
    shown = await leaderboard_page(
        host.service, guild_id=press.guild_id, game_key=game_key, min_games=min_games, page=page
    )
    return Answer(pressed=shown)


VERBS = Verbs(namespace=NAMESPACE, codec=LeaderboardButton, handlers={PAGE: _turn_page})
