"""Snapshots -> what a message shows: words, a picture, buttons and menus (`table.answers`).

The shared messages every game has (the board, the lobby, a player's sheet, a stale press),
built from a snapshot. A game's own table package (`table/<game>/`) builds its own where one
button per legal action is not enough.
"""

from __future__ import annotations

import dataclasses
import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from games.engine import Model, NotYourTurn, PlayerId
from table import story
from table.answers import ButtonSpec, Message, Picture
from table.clocks import timestamp
from table.ids import (
    ACTION,
    ACTION_DIGEST,
    BOARD,
    JOIN,
    SHEET,
    START,
    ButtonId,
    action_payload,
    payload_digest,
)
from table.options import describe_options
from table.service import Snapshot
from table.verify import commitment

MAX_BUTTONS = 25  # 5 rows of 5
CONTENT_LIMIT = 1900
"""A board's words, leaving room for a game's own lines after them (Discord takes 2,000)."""


def mention(user_id: int) -> str:
    return f"<@{user_id}>"


def message_link(guild_id: int | None, channel_id: int, message_id: int) -> str:
    """A link that opens a message (chat markup, as `mention` is)."""
    return f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}/{message_id}"


def _style(snap: Snapshot, action: Model) -> str:
    styler: Callable[[Model], str] | None = snap.spec.extra.get("button_style")
    return styler(action) if styler else "secondary"


def shared_id(snap: Snapshot, verb: str, *, version: int = 0, in_place: bool = False) -> str:
    """The custom_id of a shared (`rl:`) button of this game that needs no payload: its
    number, its tag, and the board version it is bound to (0: any); `in_place`: on a private
    message drawn from `snap.for_viewer(...)`, it carries the viewer's view tag, so the host
    redraws that very message (the board, the sheet) instead of sending another."""
    tag = snap.button_tag if in_place else ""
    return ButtonId(verb, snap.session_id, version, tag=tag, game=snap.game_tag).encode()


def action_id(snap: Snapshot, action: Model) -> str:
    """The custom_id of a button that plays `action`, bound to this board's version; on a
    private message (`snap.for_viewer(...)`) also to the viewer's own view, so it goes stale
    the moment their sheet or hand changes, even if the action is still legal.

    An offered action whose JSON does not fit (a Road Wolf shot of a big game number) is
    named by a digest instead (`ACTION_DIGEST`); anything else too long raises ValueError
    (the caller offers the command instead)."""
    payload = action_payload(action.model_dump(mode="json"))
    bid = ButtonId(ACTION, snap.session_id, snap.version, payload, snap.button_tag, snap.game_tag)
    try:
        return bid.encode()
    except ValueError:
        if not is_offered(snap, action):
            raise
    return dataclasses.replace(bid, verb=ACTION_DIGEST, payload=payload_digest(payload)).encode()


def is_offered(snap: Snapshot, action: Model) -> bool:
    """Is `action` a legal action of the viewer of this message (or, on a public board, of
    someone to act)?"""
    seats = [snap.private_for] if snap.private_for is not None else sorted(snap.active_players)
    return any(action in snap.legal_actions(seat) for seat in seats)


def offered_action(snap: Snapshot, seat: PlayerId, digest: str) -> Model | None:
    """The legal action of `seat` an `ACTION_DIGEST` button names, if it is still offered."""
    found = [
        action
        for action in snap.legal_actions(seat)
        if payload_digest(action_payload(action.model_dump(mode="json"))) == digest
    ]
    return found[0] if len(found) == 1 else None


def action_buttons(snap: Snapshot, player: PlayerId) -> tuple[ButtonSpec, ...]:
    """One button per legal action of `player` (capped at 25), each bound to this version."""
    buttons: list[ButtonSpec] = []
    rows: Callable[[Model], int | None] | None = snap.spec.extra.get("button_row")
    for action in list(snap.legal_actions(player))[:MAX_BUTTONS]:
        cid = action_id(snap, action)
        row = rows(action) if rows else None
        buttons.append(ButtonSpec(snap.spec.describe(action), cid, _style(snap, action), row))
    return tuple(buttons)


def turn_line(snap: Snapshot) -> str:
    """Who must act now, mentioned, and what they are asked to do."""
    outcome = snap.outcome
    if outcome is not None:
        if outcome.is_draw:
            return f"🏁 **Game over: nobody won.** {outcome.reason}"
        names = ", ".join(snap.mention(w) for w in outcome.winners)
        return f"🏁 **{names} won the game!** ({outcome.reason})"
    if not snap.record.is_live:
        reason = snap.record.end_reason
        return (
            f"🏁 {reason}."
            if reason and not reason.startswith("ended by")
            else "This game was ended."
        )
    prompt: Callable[[Any, PlayerId], str] | None = snap.spec.extra.get("prompt")
    lines = []
    for player in sorted(snap.active_players, key=_seat_order(snap)):
        ask = prompt(snap.state, player) if prompt else "your move"
        lines.append(f"➡️ {snap.mention(player)}: {ask}{clock_note(snap, player)}")
    return "\n".join(lines)


def not_seated_here(snap: Snapshot) -> str:
    """What a spectator who asks for a sheet or hand is told."""
    return (
        f"you are not seated in game #{snap.session_id} ({snap.spec.title}): watch the board, "
        "or ask to join the next game"
    )


def whose_move(snap: Snapshot, user_id: int, refusal: NotYourTurn) -> NotYourTurn:
    """The rules' refusal of a move out of turn, said the same in every game to a seated
    player who may not act now (`not_your_move`); anyone else gets the rules' own words."""
    seat = snap.player_of(user_id)
    if seat is None or seat in snap.active_players:
        return refusal
    return NotYourTurn(not_your_move(snap))


def not_your_move(snap: Snapshot) -> str:
    """The refusal of a move by a seated player whose move it is not: whose move it is and
    what they are choosing, from the game's own prompt said of them ("not your move now, it is
    Bob's turn: Bob must choose a gear and speed")."""
    movers = sorted(snap.active_players, key=_seat_order(snap))
    if not movers:
        return "nobody may move now; the board says what happens next"
    prompt: Callable[[Any, PlayerId], str] | None = snap.spec.extra.get("prompt")
    names = " and ".join(snap.name_of(p) for p in movers[:MAX_NAMED])
    tasks = [
        f"{snap.name_of(p)} must {of_them(prompt(snap.state, p))}"
        for p in movers[:MAX_NAMED]
        if prompt is not None
    ]
    told = f": {'; '.join(tasks)}" if tasks else ""
    return f"not your move now, it is {names}'s turn{told}. The board pings you when it is yours."


MAX_NAMED = 3
"""Movers a refusal names (a table where everyone acts at once names the first few)."""
_ASIDE = re.compile(r"\s*\([^)]*\)")
_YOUR = re.compile(r"\byour(s?)\b")


def of_them(prompt: str) -> str:
    """A prompt said to the mover ("pick your cars (Show my hand)"), said of them to someone
    else ("pick their cars"): the asides meant for the mover go."""
    return _YOUR.sub(lambda m: "their" + m.group(1), _ASIDE.sub("", prompt)).strip()


def clock_note(snap: Snapshot, player: PlayerId) -> str:
    """` · ⏰ <t:…:R>` when the player's clock runs out (every reader sees their own time),
    or that the bot plays for them."""
    mine = snap.clock.of(player)
    if snap.is_bot(player):
        return ""
    if mine.away:
        return " · 🤖 the bot plays for them (`/game return` takes the seat back)"
    if mine.paused_at is not None:
        return " · 🏖️ on vacation (their clock stands still)"
    if mine.deadline is None:
        return ""
    return f" · ⏰ {timestamp(mine.deadline)}"


def _seat_order(snap: Snapshot) -> Callable[[PlayerId], int]:
    seats = {s.user_id: s.seat for s in snap.record.seats}
    return lambda p: seats.get(p, 99)


def happened_lines(snap: Snapshot, limit: int = 6) -> list[str]:
    """What the last step did that the public may read, in the game's words."""
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    return story.event_lines(snap.spec, snap.events, None, names)[-limit:]


def story_or(snap: Snapshot, last_step: Sequence[str]) -> list[str]:
    """The lines a board tells: the turn so far when it is the table's turn message
    (`Snapshot.story`, see `table.turns`), else the last step's, as bullets."""
    if snap.story is not None:
        return list(snap.story)
    return [f"• {line}" for line in last_step]


def board_content(snap: Snapshot) -> str:
    header = f"**{snap.spec.title}** · game #{snap.session_id} · move {snap.record.last_seq}"
    parts = [header]
    if snap.notice:
        parts.append(snap.notice)
    if snap.record.last_seq == 0 and snap.record.is_live:
        parts.append(commitment_line(snap))
    tail = [turn_line(snap)]
    if not snap.record.is_live and snap.state is not None:
        tail.append(
            f"🔓 Seed: `{snap.record.seed}` (its SHA-256 is the commitment of the first board); "
            "`/game verify` re-derives every die from it."
        )
    # whoever must act is always named (and pinged): the story gives way, never the prompt
    room = CONTENT_LIMIT - sum(len(p) + 1 for p in [*parts, *tail])
    story_text = "\n".join(story_or(snap, happened_lines(snap)))
    if len(story_text) > room:
        story_text = story_text[: max(0, room - 2)] + "…"
    return "\n".join(p for p in [*parts, story_text, *tail] if p)[:CONTENT_LIMIT]


def commitment_line(snap: Snapshot) -> str:
    """The first board's promise: the SHA-256 of the seed every die comes from."""
    return (
        f"🔒 Dice commitment (SHA-256 of the seed, revealed at the end): "
        f"`{commitment(snap.record.seed)}`"
    )


def text_board(snap: Snapshot, viewer: PlayerId | None = None) -> str:
    """The position in plain lines as `viewer` sees it (None: the public; the game's own
    `text_board`, else a fallback)."""
    if snap.state is None:
        return ""
    view = snap.view(viewer)
    render: Callable[[Any], str] | None = snap.spec.text_board
    if render is not None:
        try:
            return render(view)[:1000]
        except Exception:
            pass
    return "(the board cannot be shown as text for this game; `/game status` tries again)"


ALT_LIMIT = 1000  # Discord takes 1,024 characters of alt text


def picture_alt(snap: Snapshot, what: str, viewer: PlayerId | None = None) -> str:
    """Alt text for a picture of this position: what it is, what just happened (the lines
    `viewer` may read) and the position in words, from the same view as the picture."""
    names = {seat.user_id: seat.name for seat in snap.record.seats}
    head = f"{what}, {snap.spec.title} game #{snap.session_id}, move {snap.record.last_seq}."
    happened = story.event_lines(snap.spec, snap.events, viewer, names)[-4:]
    parts = [head]
    if happened:
        parts.append("Last: " + story.joined(happened) + ".")
    parts.append(text_board(snap, viewer))
    return " ".join(p for p in parts if p)[:ALT_LIMIT]


def saved_text_board(snap: Snapshot, note: str) -> Message:
    """After a commit whose board image could not be drawn or sent: the truth, in text."""
    if snap.is_lobby:
        return Message(content=f"{note}\n{lobby(snap).content}"[:1990])
    parts = [note, board_content(snap), text_board(snap)]
    return Message(content="\n".join(p for p in parts if p)[:1990], mentions=snap.pinged)


def image_failed(snap: Snapshot, current: Message) -> Message:
    """A board whose image could not be drawn: the same message with the position in text."""
    body = f"{current.content}\n🖼️ (the board image could not be drawn; here it is in text)\n"
    return Message(
        content=(body + text_board(snap))[:1990],
        buttons=current.buttons,
        selects=current.selects,
        mentions=current.mentions,
    )


def board(snap: Snapshot, image: bytes | Picture | None, *, with_buttons: bool = True) -> Message:
    """The public board message after a move (image rendered by the caller, off the loop)."""
    buttons: list[ButtonSpec] = []
    if with_buttons and snap.outcome is None and snap.record.is_live:
        active = sorted(snap.active_players)
        if len(active) == 1 and moves_are_public(snap):
            buttons.extend(action_buttons(snap, active[0]))
        if snap.spec.has_private_views:
            buttons.append(ButtonSpec("Show my sheet", shared_id(snap, SHEET), "primary"))
    return Message(
        content=board_content(snap),
        image=image,
        filename=f"{snap.spec.key}-{snap.session_id}-{snap.version}.png",
        buttons=tuple(buttons[:MAX_BUTTONS]),
        mentions=snap.pinged,
    )


def lobby(snap: Snapshot) -> Message:
    seats = ", ".join(
        f"{s.name}" + (" (host)" if s.user_id == snap.record.host_id else "")
        for s in snap.record.seats
    )
    spec = snap.spec
    seated = len(snap.record.seats)
    if seated < spec.min_players:
        missing = spec.min_players - seated
        need = f"Needs {missing} more player{'s' if missing > 1 else ''} to start."
    elif seated < spec.max_players:
        need = f"Ready to start; up to {spec.max_players - seated} more may join."
    else:
        need = "Every seat is taken: ready to start."
    options = (
        f"\nTurn clock: {snap.clock.settings.describe()} (the host sets it with `/game clock`)"
    )
    if snap.bots:
        options += "\n🤖 Bots play the seats marked (bot); the host adds them with `/game bot add`."
    if spec.options_model.model_fields:
        shown = describe_options(spec.options_model, snap.record.options_json)
        options += f"\nOptions: {shown} (the host changes them with `/game option`)"
        note: Callable[[Any], str] | None = spec.extra.get("lobby_note")
        if note is not None:  # what the options mean for this table (a race's length...)
            options += "\n" + note(spec.parse_options(json.loads(snap.record.options_json)))
    content = (
        f"**{spec.title}** lobby · game #{snap.session_id}\n"
        f"Seated ({seated}/{spec.max_players}): {seats}\n"
        f"{need} Join with the button or `/game join`; "
        f"the host starts with `/game start`.{options}"
    )
    buttons = (
        ButtonSpec("Join", shared_id(snap, JOIN, version=snap.version), "success"),
        ButtonSpec("Start", shared_id(snap, START, version=snap.version), "primary"),
    )
    return Message(content=content, buttons=buttons)


def private(snap: Snapshot, viewer: PlayerId, image: bytes | Picture | None) -> Message:
    """A player's own sheet or hand, with buttons for what they may do now (ephemeral).
    `snap` is `for_viewer(viewer)`, so its buttons carry the viewer's view tag."""
    buttons = action_buttons(snap, viewer) if snap.outcome is None else ()
    if viewer in snap.active_players:
        prompt: Callable[[Any, PlayerId], str] | None = snap.spec.extra.get("prompt")
        ask = prompt(snap.state, viewer) if prompt else "your move: use the buttons or the commands"
        status = f"➡️ {ask}"
    elif snap.outcome is not None:
        status = turn_line(snap)
    else:
        status = "Nothing to do right now: waiting for the others."
    return Message(
        content=f"**Your sheet** · {snap.spec.title} · game #{snap.session_id} "
        f"(only you see this)\n{status}",
        image=image,
        filename=f"sheet-{snap.session_id}-{snap.version}.png",
        buttons=(*tuple(buttons)[: MAX_BUTTONS - 1], board_button(snap)),
    )


def board_button(snap: Snapshot) -> ButtonSpec:
    return ButtonSpec("Show board", shared_id(snap, BOARD))


def board_in_place_button(snap: Snapshot) -> ButtonSpec:
    """Show board on a private message drawn from `snap.for_viewer(...)`: the host redraws
    that message as the board (`board_for`, whose sheet button turns it back)."""
    return ButtonSpec("Show board", shared_id(snap, BOARD, in_place=True))


def stale(current: Message, *, private: bool = False, headline: str = "") -> Message:
    """Answer to a press on an old board or sheet: the current one, privately."""
    why = headline or (
        "⏩ Your sheet has changed since that message (nothing was played); here it is now."
        if private
        else "⏩ The board has moved on (nothing was played); here is the current one."
    )
    return dataclasses.replace(current.headed(why), mentions=())


def lines_block(title: str, lines: Sequence[str]) -> str:
    body = "\n".join(lines) if lines else "(nothing yet)"
    text = f"**{title}**\n```\n{body}\n```"
    if len(text) > 1990:
        body = body[-(1990 - len(title) - 20) :]
        text = f"**{title}**\n```\n…{body}\n```"
    return text


def moves_are_public(snap: Snapshot) -> bool:
    """May the public board carry the lone active player's move buttons? Games with private
    sheets say when (`extra["public_moves"](state)`): the labels would reveal the sheet."""
    public: Callable[[Any], bool] | None = snap.spec.extra.get("public_moves")
    return public is None or snap.state is None or public(snap.state)


def board_for(board: Message, tag: str) -> Message:
    """The board shown privately to one seated player (whose view tag is `tag`): its sheet
    button carries the tag, so pressing it redraws this very message as their sheet instead
    of sending another private message (the public board's sheet button has no tag)."""

    def tagged(button: ButtonSpec) -> ButtonSpec:
        bid = ButtonId.decode(button.custom_id)
        if bid is None or bid.verb != SHEET:
            return button
        return dataclasses.replace(button, custom_id=dataclasses.replace(bid, tag=tag).encode())

    return dataclasses.replace(board, buttons=tuple(tagged(b) for b in board.buttons))
