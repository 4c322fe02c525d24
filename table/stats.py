"""`/stats [member] [game] [versus]`: a member's record on this server, as a card and in words.

Games played and won per game, the rating and its trend, the average time to move, the
longest winning streak, and head-to-head against another member. Everything comes from the
counted games (`table/ratings.py`): one read of the member's ratings and one of their results,
and for `versus` one of the games both played. The card (`render/stats.py`) and its alt text
say the same things, so a screen reader or a failed drawing loses nothing.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine import Player
from render.stats import StatsCard, render_stats_card
from storage import Meeting, RatingRow, ResultRow
from table.answers import Answer, Message, Picture
from table.clocks import span
from table.ratings import DEFAULT_SKILL
from table.service import GameService, ServiceError

TREND_GAMES = 30
"""Rated games the trend line shows (the newest)."""


def rating_text(ordinal: float) -> str:
    """The rating as players read it: one decimal (0.0 for a newcomer)."""
    return f"{ordinal:.1f}"


def games_text(games: int, wins: int) -> str:
    return f"{games} game{'s' if games != 1 else ''} · {wins} win{'s' if wins != 1 else ''}"


def time_text(seconds: float) -> str:
    return f"{round(seconds)}s" if seconds < 60 else span(seconds)


def longest_streak(results: Sequence[ResultRow]) -> int:
    """The most games won in a row (results oldest first)."""
    best = run = 0
    for result in results:
        run = run + 1 if result.won else 0
        best = max(best, run)
    return best


def head_to_head(met: Sequence[Meeting]) -> str:
    """How often the member finished ahead of the other in the games both played."""
    ahead = sum(m.place < m.their_place for m in met)
    behind = sum(m.place > m.their_place for m in met)
    level = len(met) - ahead - behind
    if not met:
        return "no counted game together yet"
    tied = f", {level} level" if level else ""
    return f"{ahead} ahead, {behind} behind{tied} of {len(met)}"


async def stats(
    service: GameService,
    *,
    guild_id: int | None,
    member: Player,
    game_key: str | None = None,
    versus: Player | None = None,
) -> Answer:
    """The stats answer (public: a card and its words), or a private note when there are none."""
    if guild_id is None:
        raise ServiceError("stats are per server: ask in a server's channel")
    if game_key is not None:
        service.spec(game_key)  # an unknown game is refused with the games there are
    repo = service.repo
    ratings = [
        r
        for r in await repo.ratings_of(guild_id=guild_id, user_id=member.id)
        if game_key is None or r.game_key == game_key
    ]
    if not ratings:
        where = f" of {service.spec(game_key).title}" if game_key else ""
        return Answer.told(
            f"{member.name} has no finished game{where} counted on this server yet: games "
            "count when they end (see `/help`, Ratings)."
        )
    headline = ratings[0]  # the game asked for, or the most played
    results = await repo.results_of(guild_id=guild_id, user_id=member.id, game_key=game_key)
    rows = _rows(service, ratings, results)
    if versus is not None and versus.id != member.id:
        met = await repo.meetings(
            guild_id=guild_id, user_id=member.id, other_id=versus.id, game_key=game_key
        )
        rows.append((f"vs {versus.name}", head_to_head(met)))
    title = service.spec(headline.game_key).title
    card = StatsCard(
        title=member.name,
        subtitle=f"{title} on this server"
        if game_key or len(ratings) == 1
        else (f"{title} (most played) on this server"),
        rating=rating_text(headline.ordinal),
        games=games_text(headline.games, headline.wins),
        trend=_trend(results, headline.game_key),
        rows=tuple(rows),
    )
    words = _words(card)
    picture = Picture("stats", headline.game_key, None, render_stats_card, (card,), alt=words)
    headline_text = f"📊 **{member.name}** · {card.subtitle}: rating {card.rating} ({card.games})"
    return Answer(
        public=Message(
            content=headline_text,
            image=picture,
            filename="stats.png",
            fallback=Message(content=f"📊 {words}"[:1990]),
        )
    )


def _trend(results: Sequence[ResultRow], game_key: str) -> tuple[float, ...]:
    """The rating after each rated game of `game_key` (the newest `TREND_GAMES`), from the
    starting rating when they all fit, so the change shown is the change over those games."""
    after = [r.ordinal_after for r in results if r.rated and r.game_key == game_key]
    if len(after) >= TREND_GAMES:
        return tuple(after[-TREND_GAMES:])
    return (DEFAULT_SKILL.ordinal, *after)


def _rows(
    service: GameService, ratings: Sequence[RatingRow], results: Sequence[ResultRow]
) -> list[tuple[str, str]]:
    rows: list[tuple[str, str]] = []
    if len(ratings) > 1:
        rows += [
            (
                service.spec(r.game_key).title,
                f"{rating_text(r.ordinal)} · {games_text(r.games, r.wins)}",
            )
            for r in ratings
        ]
    moves = sum(r.moves for r in results)
    if moves:
        rows.append(
            ("Average time to move", time_text(sum(r.move_seconds for r in results) / moves))
        )
    rows.append(("Longest winning streak", str(longest_streak(results))))
    return rows


def _words(card: StatsCard) -> str:
    """The card in words: its alt text, and the message that carries it."""
    trend = ""
    if len(card.trend) >= 2:
        change, games = card.trend[-1] - card.trend[0], len(card.trend) - 1
        trend = f", {change:+.1f} over the last {games} rated game{'s' if games != 1 else ''}"
    lines = [f"{card.title}: {card.subtitle}: rating {card.rating} ({card.games}){trend}."]
    lines += [f"{label}: {value}." for label, value in card.rows]
    return " ".join(lines)
