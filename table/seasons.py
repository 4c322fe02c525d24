"""Seasons: play-by-chat campaigns that add up. `/season new` opens one in a channel (a name,
the game, how many races, a points table, who may join), `/season join` adds a member,
`/season race` (or one tap on "Next race of the season") opens the next race's lobby with
every member seated, and each counted race adds its points (in the same transaction as its
results: `table/ratings.py`). After each race the standings are posted; after the last, the
final table. The rulings are in `SEASON_RULES` (and `/help`).
"""

from __future__ import annotations

import re

from games.engine import Player
from render.standings import render_standings
from storage import SeasonMember, SeasonRow
from table import messages as shared
from table.answers import SPENT, Answer, ButtonSpec, Message, Picture, Press
from table.gametable import TableHost, Verbs
from table.ids import ButtonId
from table.plain_buttons import PlainButton
from table.service import GameService, NotAllowed, ServiceError, Snapshot

NAMESPACE = "season"
NEXT = "next"
RACE_POINTS = (25, 18, 15, 12, 10, 8, 6, 4, 2, 1)
"""Points for 1st, 2nd, ... in a race game (motor racing's table)."""
GAME_POINTS = (10, 6, 4, 3, 2, 1)
"""Points in a game that is not a race (Space Truckin', Road Wolf)."""
DEFAULT_POINTS = {
    "rushncrush": RACE_POINTS,
    "apocalypseroad": RACE_POINTS,
    "dragrage": RACE_POINTS,
    "spacetruckin": GAME_POINTS,
    "roadwolf": GAME_POINTS,
}
MAX_RACES = 50

RULING_SEASON_POINTS = (
    "A season race gives each member the points of their place in it, bots counted: a bot "
    "that finishes ahead of you takes that place (and its points go to nobody). Members who "
    "share a place each get its points."
)
RULING_SEASON_ENDS = (
    "A race the host ends with `/game end` does not count for the season: the next race "
    "takes its number. A race that ends because someone missed too many turns counts, as "
    "its rating does. The season ends with its last counted race."
)
SEASON_RULES = (
    "**Seasons**: `/season new` in a channel (name, game, races, points), `/season join`, "
    "then `/season race` (or the button after each race) opens the next race with every "
    "member seated; `/season standings` shows the table. "
    + RULING_SEASON_POINTS
    + " "
    + RULING_SEASON_ENDS
)


class NextRaceButton(PlainButton):
    """`season:next:<season id>`: open the season's next race here."""

    PREFIX = NAMESPACE
    VERBS = (NEXT,)


def parse_points(text: str | None, game_key: str) -> tuple[int, ...]:
    """A points table as typed ("25-18-15" or "25, 18, 15"), or the game's default."""
    if not text:
        return DEFAULT_POINTS.get(game_key, GAME_POINTS)
    parts = [p for p in re.split(r"[\s,;-]+", text.strip()) if p]
    if not parts or len(parts) > 20 or not all(p.isdigit() and int(p) <= 1000 for p in parts):
        raise ServiceError(
            f"`{text}` is not a points table: give the points for 1st, 2nd, ... as whole "
            "numbers, e.g. `25-18-15-12-10-8`"
        )
    return tuple(int(p) for p in parts)


async def new_season(
    service: GameService,
    *,
    guild_id: int | None,
    channel_id: int,
    creator: Player,
    name: str,
    game_key: str,
    races: int,
    points: str | None = None,
    role_id: int | None = None,
) -> Answer:
    """`/season new`: an open season in this channel, its creator its first member."""
    if guild_id is None:
        raise ServiceError("seasons are played in a server's channel")
    spec = service.spec(game_key)
    if not 1 <= races <= MAX_RACES:
        raise ServiceError(f"a season has 1 to {MAX_RACES} races")
    table = parse_points(points, game_key)
    season = await service.repo.create_season(
        guild_id=guild_id,
        channel_id=channel_id,
        name=name.strip()[:60] or "Season",
        game_key=game_key,
        races=races,
        points=table,
        role_id=role_id,
        creator_id=creator.id,
        creator_name=creator.name,
    )
    if season is None:
        raise ServiceError(
            "a season is already open in this channel: `/season standings` shows it; open a "
            "new one in another channel or thread, or when it is over"
        )
    who = f"members with <@&{role_id}>" if role_id else "anyone"
    return Answer(
        public=Message(
            content=(
                f"🏆 Season **{season.name}** is open: {races} race{'s' if races != 1 else ''} "
                f"of {spec.title}. Points for 1st, 2nd, ...: {'-'.join(map(str, table))}. "
                f"{who.capitalize()} may `/season join`; `/season race` opens the first race."
            )
        ),
        new=True,
    )


async def join(
    service: GameService, channel_id: int, player: Player, role_ids: tuple[int, ...] = ()
) -> Answer:
    """`/season join`: the channel's open season, if the season lets this member in."""
    season = await _open(service, channel_id)
    if season.role_id is not None and season.role_id not in role_ids:
        raise NotAllowed(f"season {season.name} is for members with <@&{season.role_id}>")
    if not await service.repo.join_season(season.id, player.id, player.name):
        return Answer.told(f"you are already in season {season.name}")
    members = await service.repo.season_members(season.id)
    return Answer(
        public=Message(
            content=f"🏁 **{player.name}** joined season **{season.name}** "
            f"({len(members)} members)."
        )
    )


async def next_race(service: GameService, channel_id: int, user: Player) -> Answer:
    """`/season race` or the button: the next race's lobby, every member seated (as many as
    the game seats), its host the member who asked."""
    season = await _open(service, channel_id)
    members = await service.repo.season_members(season.id)
    if all(m.user_id != user.id for m in members):
        raise NotAllowed(f"only members of season {season.name} open its races (`/season join`)")
    snap = await service.new_session(
        guild_id=season.guild_id, channel_id=channel_id, game_key=season.game_key, host=user
    )
    await service.repo.add_race(season.id, snap.session_id)
    others = [m for m in members if m.user_id != user.id][: snap.spec.max_players - 1]
    for member in others:
        snap = await service.join(channel_id, Player(id=member.user_id, name=member.name))
    race = season.races_done + 1
    lobby = shared.lobby(snap)
    return Answer(
        public=Message(
            content=f"🏆 Season **{season.name}**, race {race} of {season.races}.\n"
            + lobby.content,
            buttons=lobby.buttons,
        ),
        new=True,
        saved=snap,
        saved_what="new lobby",
    )


async def standings(service: GameService, channel_id: int) -> Answer:
    """`/season standings`: this channel's open season (or its last) as an image and words."""
    season = await service.repo.latest_season(channel_id)
    if season is None:
        raise ServiceError("no season has been played in this channel: `/season new` opens one")
    return Answer(public=await table_message(service, season))


async def after_race(service: GameService, snap: Snapshot) -> Message | None:
    """After a season's race: the standings, with one tap to the next race (or the final
    table after the last). None for a game of no season."""
    season = await service.repo.season_of_session(snap.session_id)
    if season is None:
        return None
    return await table_message(service, season)


async def table_message(service: GameService, season: SeasonRow) -> Message:
    members = await service.repo.season_members(season.id)
    title = service.spec(season.game_key).title
    if season.is_open:
        head = f"🏆 Season **{season.name}** ({title}): {season.races_done} of {season.races} races"
        buttons: tuple[ButtonSpec, ...] = ()
        if season.races_done:
            buttons = (
                ButtonSpec(
                    "Next race of the season",
                    NextRaceButton.of(NEXT, season.id).encode(),
                    "primary",
                ),
            )
    else:
        head = f"🏁 Season **{season.name}** ({title}) is over: the final table"
        buttons = ()
    rows = _rows(members)
    words = "; ".join(
        f"{p} {name}: {pts} points, {r} races, {w} wins" for p, name, pts, r, w in rows
    )
    subtitle = f"{season.races_done} of {season.races} races of {title}"
    picture = Picture(
        "standings",
        season.game_key,
        None,
        render_standings,
        (season.name, subtitle, tuple(rows)),
        alt=f"Season {season.name}, {subtitle}: {words}."[:1000],
    )
    lines = "\n".join(f"{p} **{name}**: {pts} points" for p, name, pts, _, _ in rows)
    content = f"{head}\n{lines}"[:1990]
    return Message(
        content=content,
        image=picture,
        filename="standings.png",
        buttons=buttons,
        fallback=Message(content=content, buttons=buttons),
    )


def _rows(members: list[SeasonMember]) -> list[tuple[str, str, int, int, int]]:
    """(place, name, points, races, wins): members level on points and wins share a place."""
    rows: list[tuple[str, str, int, int, int]] = []
    for i, m in enumerate(members):
        level = i and (m.points, m.wins) == (members[i - 1].points, members[i - 1].wins)
        place = rows[-1][0] if level else f"{i + 1}."
        rows.append((place, m.name, m.points, m.races, m.wins))
    return rows


async def _open(service: GameService, channel_id: int) -> SeasonRow:
    season = await service.repo.open_season(channel_id)
    if season is None:
        raise ServiceError("no season is open in this channel: `/season new` opens one")
    return season


async def _next_pressed(host: TableHost, press: Press, bid: ButtonId) -> Answer:
    season = await host.service.repo.open_season(press.channel_id)
    if season is None or str(season.id) != bid.payload:
        raise ServiceError("that season is over; `/season standings` shows its final table")
    opened = await next_race(
        host.service, press.channel_id, Player(id=press.user_id, name=press.user_name)
    )
    return Answer(pressed=SPENT).then(opened)


VERBS = Verbs(namespace=NAMESPACE, codec=NextRaceButton, handlers={NEXT: _next_pressed})
