"""Words for games that run for days: `/game list`, `/game mine`, `/game history`, and the
clock (`/game clock`, or `/game option setting:clock`)."""

from __future__ import annotations

from table.answers import Answer
from table.clocks import ClockMode, ClockSettings, TimeoutPolicy, parse_span, span, timestamp
from table.service import GameService
from table.snapshot import ServiceError, Snapshot
from table.turns import turn_link


def clock_settings(
    mode: str,
    time: str | None,
    increment: str | None,
    *,
    end_after: int | None = None,
) -> ClockSettings:
    """`/game clock` options as settings; a clear refusal for what does not read.
    `end_after`: end the game after that many missed turns in a row (else the bot plays on)."""
    try:
        chosen = ClockMode(mode)
        if chosen is ClockMode.NONE:
            return ClockSettings()
        if time is None:
            raise ValueError(
                "give the time too, e.g. `time:24h` per turn, or `time:3d increment:12h`"
            )
        policy = {"on_timeout": TimeoutPolicy.END, "end_after": end_after} if end_after else {}
        if chosen is ClockMode.TURN:
            return ClockSettings(mode=chosen, per_turn=parse_span(time), **policy)
        extra = parse_span(increment) if increment else 0.0
        return ClockSettings(mode=chosen, bank=parse_span(time), increment=extra, **policy)
    except ValueError as exc:
        raise ServiceError(str(exc)) from None


def clock_from_text(text: str) -> ClockSettings:
    """`/game option setting:clock value:...`: `none`, `24h` (per turn) or `3d+12h` (a bank
    plus an increment)."""
    cleaned = text.strip().lower()
    if cleaned in ("none", "off", "no"):
        return ClockSettings()
    if "+" in cleaned:
        bank, increment = cleaned.split("+", 1)
        return clock_settings("bank", bank, increment)
    return clock_settings("turn", cleaned, None)


def turn_summary(snap: Snapshot) -> str:
    """Whose turn it is and when their time runs out, in one short line."""
    if snap.is_lobby:
        return f"lobby ({len(snap.record.seats)} seated)"
    active = sorted(snap.active_players)
    if not active:
        return "over"
    parts = []
    for player in active:
        deadline = snap.clock.of(player).deadline
        when = f" (⏰ {timestamp(deadline)})" if deadline else ""
        parts.append(f"{snap.name_of(player)}{when}")
    return ", ".join(parts)


def game_line(snap: Snapshot) -> str:
    return (
        f"• **{snap.spec.title}** #{snap.session_id} in <#{snap.record.channel_id}>: "
        f"{turn_summary(snap)}"
    )


def list_text(snaps: list[Snapshot]) -> str:
    if not snaps:
        return "No game is running in this server. Start one with `/game new`."
    lines = [game_line(s) for s in snaps[:30]]
    more = f"\n…and {len(snaps) - 30} more" if len(snaps) > 30 else ""
    return "**Games in this server**\n" + "\n".join(lines) + more


def mine_text(snaps: list[Snapshot], user_id: int, links: dict[int, str] | None = None) -> str:
    """The games waiting for `user_id`, each with a link to its turn message (`links`, by
    session), which sums up what happened since their last move."""
    waiting = [s for s in snaps if s.player_of(user_id) in s.active_players]
    if not waiting:
        return "Nothing is waiting for you. 🎉"
    links = links or {}
    lines = [
        game_line(s)
        + (
            f" · [what happened since your move]({links[s.session_id]})"
            if links.get(s.session_id)
            else ""
        )
        for s in waiting[:30]
    ]
    return "**Your move in**\n" + "\n".join(lines)


async def games_in(service: GameService, guild_id: int) -> Answer:
    """`/game list`: the server's running games, privately."""
    return Answer.told(list_text(await service.live_in_guild(guild_id)))


async def waiting_for(service: GameService, guild_id: int, user_id: int) -> Answer:
    """`/game mine`: the server's games waiting for `user_id`'s move, privately, each with a
    link to its turn message."""
    snaps = await service.live_in_guild(guild_id)
    waiting = [s for s in snaps if s.player_of(user_id) in s.active_players][:30]
    links = {s.session_id: await turn_link(service.repo, s) for s in waiting}
    return Answer.told(mine_text(snaps, user_id, links))


CLOCK_HELP = (
    "Turn clocks: `/game clock mode:turn time:24h` gives each player 24 h per turn; "
    "`mode:bank time:3d increment:12h` a bank of 3 days plus 12 h per move. Players are "
    "reminded after a third of their time and again near the end (never in their quiet hours, "
    "see `/me`); when it runs out the bot plays for them until they `/game return`."
)


def history_text(snaps: list[Snapshot]) -> str:
    """`/game history`: the channel's ended games, newest first."""
    if not snaps:
        return "No game has ended in this channel yet."
    lines = []
    for snap in snaps:
        outcome = snap.outcome
        if outcome is not None and outcome.winners:
            result = "won by " + ", ".join(snap.name_of(w) for w in outcome.winners)
        elif outcome is not None:
            result = "nobody won"
        else:
            result = "ended early"
        took = span(max(60.0, snap.record.updated_at - snap.record.created_at))
        lines.append(
            f"• **{snap.spec.title}** #{snap.session_id} · {timestamp(snap.record.updated_at, 'd')}"
            f" · {result} · {snap.record.last_seq} moves over {took}"
        )
    return (
        "**Finished games here**\n"
        + "\n".join(lines)
        + "\n`/game verify` checks the last one's dice from its revealed seed."
    )
