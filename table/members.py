"""A member's data in their own hands: `/me export` (everything stored about them, as JSON,
privately) and `/me forget` (after a confirmation; an admin's `python -m bot forget USER_ID`
for a member who left).

Forgetting removes what is theirs alone (settings, vacations, reminders, saved and secret
rolls, ratings and results, take-back requests) and replaces their name with "a former player"
in the games they played, without breaking those games' records: each game is replayed from
its seed and log with the new name (`table.verify.replay`), and its position and the events
its moves told are stored as that replay gives them, so `/game verify` still re-derives every
die and the final position. Who moved what, when, stays (the other players' history and
ratings, and the dice's proof, depend on it); that row names a Discord account by its number
only, never by name. A game still running is not rewritten: the member leaves it or lets it end
first.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable
from typing import Any

from storage import DamagedSession, GameRewrite, SessionRecord, SessionStatus
from table.answers import Answer, ButtonSpec, Message, Press
from table.gamelog import events_json
from table.gametable import TableHost, Verbs
from table.ids import ButtonId
from table.plain_buttons import PlainButton
from table.service import GameService, ServiceError
from table.verify import replay, verify

FORMER_PLAYER = "a former player"
NAMESPACE = "me"
FORGET = "forget"
LIVE = (SessionStatus.LOBBY.value, SessionStatus.ACTIVE.value)


class ForgetButton(PlainButton):
    """`me:forget:<user id>`: the confirmation of `/me forget` (only its member may press)."""

    PREFIX = NAMESPACE
    VERBS = (FORGET,)


async def export(service: GameService, user_id: int) -> Answer:
    """Everything Redline stores about the member, as a JSON file only they see."""
    repo = service.repo
    rows = await repo.member_rows(user_id)
    for roll in (*rows["secret_rolls"], *rows["secret_rolls_for_you"]):
        if roll.get("revealed_at") is None:
            roll["seed"] = "(secret until revealed)"
    games = []
    for session_id, _status in await repo.member_sessions(user_id):
        try:
            record = await repo.get_session(session_id)
        except DamagedSession:
            games.append({"game": session_id, "note": "this game's record cannot be read"})
            continue
        games.append(_game(record, user_id))
    data = {
        "about": "Everything Redline stores about you (see README, Your data)",
        "user_id": user_id,
        "exported_at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(service.now())),
        "settings": [json.loads(row["prefs_json"]) for row in rows.pop("user_prefs")],
        **rows,
        "games": games,
    }
    body = json.dumps(data, indent=2, ensure_ascii=False, default=str).encode()
    return Answer(
        private=(
            Message(
                content="📦 Your Redline data, as JSON (only you see this). `/me forget` "
                "removes it.",
                image=body,
                filename="redline-my-data.json",
                alt="Everything Redline stores about you, as a JSON file",
            ),
        )
    )


def _game(record: SessionRecord, user_id: int) -> dict[str, Any]:
    seat = next(s for s in record.seats if user_id in (s.user_id, s.controller_id))
    return {
        "game": record.id,
        "game_key": record.game_key,
        "status": record.status.value,
        "server": record.guild_id,
        "channel": record.channel_id,
        "began_at": record.created_at,
        "last_change_at": record.updated_at,
        "your_seat": seat.seat,
        "your_name_there": seat.name,
        "you_played_for": None if seat.user_id == user_id else seat.user_id,
        "end_reason": record.end_reason,
    }


def confirmation(user_id: int) -> Answer:
    """`/me forget` asks first: what goes, what stays, and a button to go ahead."""
    return Answer(
        private=(
            Message(
                content=(
                    "⚠️ **Forget you?** This removes your settings, vacations, saved and "
                    "secret rolls, ratings and stats on every server, and replaces your name "
                    f"with “{FORMER_PLAYER}” in the games you played. The games themselves "
                    "stay (the other players' records and `/game verify` need them). It "
                    "cannot be undone: `/me export` first if you want a copy."
                ),
                buttons=(
                    ButtonSpec(
                        "Forget me",
                        ForgetButton.of(FORGET, user_id).encode(),
                        style="danger",
                    ),
                ),
            ),
        )
    )


async def forget(service: GameService, user_id: int) -> str:
    """Forget the member (see module doc); what was done, in words. Refused while they sit
    in a game that is not over."""
    repo = service.repo
    sessions = await repo.member_sessions(user_id)
    live = [session_id for session_id, status in sessions if status in LIVE]
    if live:
        games = ", ".join(f"#{n}" for n in live)
        raise ServiceError(
            f"you still sit in a game that is not over ({games}): leave it (`/game leave`) or "
            "let it end, then ask again"
        )
    rewrites = [await _rewrite(service, session_id, user_id) for session_id, _ in sessions]
    removed = await repo.forget_member(user_id, FORMER_PLAYER, rewrites)
    return (
        f"🧹 Done: {removed} record{'s' if removed != 1 else ''} of yours removed, and your "
        f"name replaced with “{FORMER_PLAYER}” in {len(rewrites)} game"
        f"{'s' if len(rewrites) != 1 else ''}."
    )


async def _rewrite(service: GameService, session_id: int, user_id: int) -> GameRewrite:
    """One ended game without the member's name: replayed under the new name when its record
    replays exactly, else with the name replaced in every text of it."""
    repo = service.repo
    try:
        record = await repo.get_session(session_id)
    except DamagedSession:
        return GameRewrite(session_id, FORMER_PLAYER)  # its unreadable row is left as it is
    mine = [s for s in record.seats if s.played_by == user_id]  # the seats named after them
    # A seat a bot took over for good is named "<their name> (bot)": both forms go.
    names = {s.name for s in mine} | {s.name.removesuffix(" (bot)") for s in mine}
    end_reason = _without_names(record.end_reason, names)
    spec = service.games.get(record.game_key)
    if spec is None or record.state_json is None:
        return GameRewrite(session_id, FORMER_PLAYER, end_reason=end_reason)
    entries = await repo.log(session_id)
    renamed = record.model_copy(
        update={
            "seats": tuple(
                s.model_copy(update={"name": FORMER_PLAYER}) if s in mine else s
                for s in record.seats
            )
        }
    )
    replayed = replay(spec, renamed, entries) if verify(spec, record, entries).ok else None
    if replayed is not None and replayed.state is not None and replayed.verification.ok:
        told = {seq: events_json(events) for seq, events in replayed.events.items()}
        return GameRewrite(
            session_id,
            FORMER_PLAYER,
            state_json=spec.dump_state(replayed.state),
            end_reason=end_reason,
            events=tuple(
                (e.seq, told[e.seq])
                for e in entries
                if told.get(e.seq, e.events_json) != e.events_json
            ),
        )
    # A record this build cannot replay exactly (older rules): the name leaves its texts.
    return GameRewrite(
        session_id,
        FORMER_PLAYER,
        state_json=_json_without_names(record.state_json, names),
        end_reason=end_reason,
        events=tuple(
            (e.seq, rewritten)
            for e in entries
            if (rewritten := _json_without_names(e.events_json, names, compact=True))
            != e.events_json
        ),
    )


def _without_names(text: str, names: Iterable[str]) -> str:
    """`text` with each of `names` (as a whole word) replaced by the former-player words."""
    for name in sorted(names, key=len, reverse=True):
        if name:
            text = re.sub(rf"(?<!\w){re.escape(name)}(?!\w)", FORMER_PLAYER, text)
    return text


def _json_without_names(raw: str, names: Iterable[str], *, compact: bool = False) -> str:
    """The JSON document with the names replaced inside its string values (never its keys)."""
    wanted = set(names)

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return _without_names(value, wanted)
        if isinstance(value, list):
            return [walk(v) for v in value]
        if isinstance(value, dict):
            return {k: walk(v) for k, v in value.items()}
        return value

    try:
        document = json.loads(raw)
    except ValueError:
        return _without_names(raw, wanted)
    rewritten = walk(document)
    if rewritten == document:
        return raw
    return json.dumps(rewritten, separators=(",", ":")) if compact else json.dumps(rewritten)


async def _confirmed(host: TableHost, press: Press, bid: ButtonId) -> Answer:
    if int(bid.payload) != press.user_id:
        raise ServiceError("only the member who asked to be forgotten can confirm it")
    return Answer(pressed=Message(content=await forget(host.service, press.user_id)))


VERBS = Verbs(namespace=NAMESPACE, codec=ForgetButton, handlers={FORGET: _confirmed})
