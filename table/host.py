"""The host of every table: applies what players press and type, and says what each of them
is shown (an `Answer`). One per bot; nothing here knows a chat platform.

A press goes: `Host.press` decodes its id (`table.ids`), checks it names the game that has
that number now, and hands it to the shared verb (play an action, join, start, show the board
or a sheet, end, answer a take-back) or to the game's own verbs (`table/<game>/`). A move is
`GameService.act` (one transaction with a version compare-and-swap); its answer carries the
new board as a picture to draw, never drawn here.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
from collections.abc import Iterable, Iterator, Mapping

from pydantic import ValidationError

from games.engine import GameError, InvalidAction, Model, NotYourTurn, Player, PlayerId
from render.registry import RENDERERS, GameRenderers
from table import ids, takebacks
from table import messages as shared
from table.answers import (
    SPENT,
    Answer,
    Drawer,
    Message,
    Picture,
    Placeholder,
    Press,
    Reworded,
    SavedButUnshown,
    Spent,
)
from table.gametable import GameTable, PrivatePresenter, Verbs
from table.help import rules_messages
from table.ids import ButtonId, MalformedInput, bounded_json
from table.service import (
    MOVED_ON,
    GameService,
    LobbyError,
    NotSeated,
    ServiceError,
    Snapshot,
    StaleBoard,
    not_seated,
)
from table.turns import Turns

log = logging.getLogger(__name__)

DAMAGED = "that button is damaged or was not made by this bot; use `/game status` for the board"


class Host:
    """Plays what players press and type, and composes what each of them is shown.

    `games`: each game's own part of the table by key (`table.registry.TABLES`). `drawer`:
    draws pictures for work that outlives an answer (a finished game's replay); the answers
    themselves carry pictures for the bot to draw. `extra_verbs`: buttons of no game (the
    dice's, `table.dice.VERBS`), which name no session and work anywhere, in DMs too.
    """

    def __init__(
        self,
        service: GameService,
        games: Mapping[str, GameTable] | None = None,
        *,
        renderers: Mapping[str, GameRenderers] = RENDERERS,
        drawer: Drawer | None = None,
        extra_verbs: Iterable[Verbs] = (),
    ) -> None:
        self.service = service
        self.games = dict(games or {})
        self.renderers = renderers
        self.drawer = drawer
        self.extra_verbs: dict[str, Verbs] = {v.namespace: v for v in extra_verbs}
        self.verbs: dict[str, Verbs] = {
            g.verbs.namespace: g.verbs for g in self.games.values() if g.verbs is not None
        } | self.extra_verbs
        self.turns = Turns(self)
        """The table's turn message of each session: answers carry a step (`Answer.turn`),
        which the bot hands to `turns.tell` with the way to post or edit it."""

    # ----- what a table shows ---------------------------------------------------------------

    def board_picture(self, snap: Snapshot, viewer: PlayerId | None = None) -> Picture | None:
        """The board drawn from `viewer`'s view (None: the public one)."""
        drawing = self.renderers.get(snap.spec.key)
        if drawing is None or snap.state is None:
            return None
        return Picture(
            "board",
            snap.spec.key,
            snap.session_id,
            drawing.board,
            (snap.view(viewer),),
            viewer=viewer,
            alt=shared.picture_alt(snap, "The board" if viewer is None else "Your board", viewer),
        )

    def sheet_picture(self, snap: Snapshot, viewer: PlayerId, **options: object) -> Picture | None:
        """`viewer`'s private sheet or hand, drawn from their own view only."""
        drawing = self.renderers.get(snap.spec.key)
        if drawing is None or drawing.sheet is None or snap.state is None:
            return None
        return Picture(
            "sheet",
            snap.spec.key,
            snap.session_id,
            drawing.sheet,
            (snap.view(viewer),),
            options,
            viewer=viewer,
            alt=shared.picture_alt(snap, "Your own sheet", viewer),
        )

    def board(self, snap: Snapshot, *, with_buttons: bool = True) -> Message:
        """The public board message; the position in words if its picture cannot be drawn."""
        if snap.is_lobby:
            return shared.lobby(snap)
        return self.present(snap, self.board_picture(snap), with_buttons=with_buttons)

    def present(
        self, snap: Snapshot, image: bytes | Picture | None, *, with_buttons: bool = True
    ) -> Message:
        """The public board message around `image`, by the game's own presenter if it has
        one; a picture gets the position in words as its fallback."""
        game = self.games.get(snap.spec.key)
        if game is not None and game.board is not None:
            message = game.board(snap, image, with_buttons)
            bare = game.board(snap, None, with_buttons) if isinstance(image, Picture) else None
        else:
            message = shared.board(snap, image, with_buttons=with_buttons)
            bare = shared.board(snap, None, with_buttons=with_buttons)
        if not isinstance(image, Picture) or bare is None:
            return message
        return _with_fallback(message, shared.image_failed(snap, bare))

    def sheet(self, snap: Snapshot, viewer: PlayerId, **options: object) -> Message:
        """`viewer`'s own sheet or hand with their buttons (without its image if the picture
        cannot be drawn)."""
        mine = snap.for_viewer(viewer)
        game = self.games.get(snap.spec.key)
        present: PrivatePresenter = shared.private
        if game is not None and game.private is not None:
            present = game.private
        picture = self.sheet_picture(snap, viewer, **options)
        message = present(mine, viewer, picture)
        return _with_fallback(message, present(mine, viewer, None)) if picture else message

    def open_sheet(self, snap: Snapshot, seat: PlayerId) -> Message:
        """Another player's sheet, to look at only (no buttons but the board's), in a game
        whose rules keep sheets open (`spec.extra["open_sheets"]`; the caller checks)."""
        picture = self.sheet_picture(snap, seat)
        if picture is not None:
            what = f"{snap.name_of(seat)}'s sheet"
            picture = dataclasses.replace(picture, alt=shared.picture_alt(snap, what, seat))
        content = (
            f"**{snap.name_of(seat)}'s sheet** · {snap.spec.title} · game #{snap.session_id} "
            "(only you see this; sheets are open in this game, and only its owner plays on it)"
        )
        filename = f"sheet-{snap.session_id}-{snap.version}-{seat}.png"
        return Message(content, picture, filename, (shared.board_button(snap),))

    def own_sheet(self, snap: Snapshot, user_id: int) -> Answer:
        """The user's own sheet (private) with buttons for their legal actions."""
        viewer = snap.player_of(user_id)
        if viewer is None:
            raise NotSeated(shared.not_seated_here(snap))
        if not snap.spec.has_private_views:
            raise ServiceError(
                f"{snap.spec.title} has no private sheet; everything is on the board"
            )
        return Answer(private=(self.sheet(snap, viewer),))

    def stale(self, user_id: int, stale: StaleBoard) -> Answer:
        """A press on an out-of-date message: the current board (or the presser's own current
        sheet, when the button was on a private sheet), privately."""
        snap = stale.current
        viewer = snap.player_of(user_id)
        private = stale.private and viewer is not None and snap.state is not None
        if snap.is_lobby or snap.state is None:
            current = shared.lobby(snap)
        elif private and viewer is not None:
            current = self.sheet(snap, viewer)
        else:
            current = self.board(snap)
        return Answer(private=(shared.stale(current, private=private, headline=stale.headline),))

    # ----- moves ------------------------------------------------------------------------------

    async def play(
        self,
        user_id: int,
        channel_id: int,
        action: Model,
        *,
        session_id: int | None = None,
        expected_version: int | None = None,
        expected_tag: str = "",
    ) -> Answer:
        """Apply `action` for `user_id` and answer with the step told in the table's turn
        message (`table.turns`: edited while the mover acts again, a new message pinging
        whoever must act when play passes on).

        Refusals raise. In games with private sheets the mover sees their sheet again: a move
        pressed on their own sheet (`expected_tag`: its buttons carry their view tag) redraws
        that very message, so a turn is one private message; any other (a public board's
        button, a typed command) sends the sheet anew. A pressed message is spent (unless it
        is the turn message, which is redrawn).
        """
        if session_id is None:
            session_id = (await self.service.current(channel_id)).session_id
        try:
            snap = await self.service.act(
                session_id,
                user_id,
                action,
                expected_version=expected_version,
                expected_tag=expected_tag,
            )
        except NotYourTurn as refusal:
            current = await self.service.by_id(session_id)
            raise shared.whose_move(current, user_id, refusal) from None
        with composing(snap):
            saved = f"✅ Saved: {snap.spec.describe(action)} (move {snap.record.last_seq})."
            pressed: Message | Spent = SPENT
            private: tuple[Message, ...] = ()
            if snap.spec.has_private_views:
                private = self.own_sheet(snap, user_id).private
                if expected_tag:  # pressed on the mover's own sheet: redrawn in place
                    pressed, private = private[0], ()
            return Answer(
                pressed=pressed,
                private=private,
                turn=snap,
                confirmation=saved,
                saved=snap,
                moved=snap,
                replay=snap if snap.outcome is not None else None,
            )

    # ----- presses ------------------------------------------------------------------------------

    def placeholder(self, custom_id: str) -> Placeholder:
        """What the presser of `custom_id` sees at once (decoding only: no work)."""
        namespace = custom_id.split(":", 1)[0]
        if namespace == ButtonId.PREFIX:
            bid = ButtonId.decode(custom_id)
            private = (ids.BOARD, ids.SHEET, ids.RULES)
            if bid and bid.verb in (ids.SHEET, ids.BOARD) and bid.tag:  # on a private message
                return Placeholder.NONE  # redrawn in place
            return Placeholder.PRIVATE if bid and bid.verb in private else Placeholder.NONE
        verbs = self.verbs.get(namespace)
        decoded = verbs.codec.decode(custom_id) if verbs is not None else None
        if verbs is None or decoded is None:
            return Placeholder.NONE
        return verbs.placeholders.get(decoded.verb, Placeholder.NONE)

    def knows(self, custom_id: str) -> bool:
        """Is `custom_id` of a namespace the host answers (shared verbs or a game's own)?"""
        namespace = custom_id.split(":", 1)[0]
        return namespace == ButtonId.PREFIX or namespace in self.verbs

    def works_anywhere(self, custom_id: str) -> bool:
        """Is `custom_id` a button of no game (an extra verb), which works in DMs too?"""
        return custom_id.split(":", 1)[0] in self.extra_verbs

    async def press(self, press: Press) -> Answer:
        """What a button or menu press does (refusals raise, as `ServiceError`s)."""
        namespace = press.custom_id.split(":", 1)[0]
        if namespace == ButtonId.PREFIX:
            return await self._shared(press, _decoded(ButtonId.decode(press.custom_id)))
        verbs = self.verbs.get(namespace)
        if verbs is None:
            raise ServiceError(DAMAGED)
        gid = verbs.codec.decode(press.custom_id)
        handler = verbs.handlers.get(gid.verb) if gid is not None else None
        if gid is None or handler is None:
            raise ServiceError(DAMAGED)
        if namespace not in self.extra_verbs:  # a game's: of the game that has that number now
            await self.service.check_game(gid.session_id, gid.game, press.channel_id)
        return await handler(self, press, gid)

    async def _shared(self, press: Press, bid: ButtonId) -> Answer:
        """What each shared (`rl:`) verb does."""
        service = self.service
        if bid.verb == ids.RULES:  # the games menu of `/game rules`: no session involved
            return Answer(private=rules_messages(service.spec((press.values or ("",))[0])))
        await service.check_game(bid.session_id, bid.game, press.channel_id)
        if bid.verb == ids.TAKEBACK:
            return await self._take_back_answer(press, bid)
        if bid.verb == ids.END:  # before loading: a damaged game can still be ended
            if bid.payload == "yes" and await service.live_id(press.channel_id) != bid.session_id:
                raise ServiceError("that game has already ended (or belongs to another channel)")
            return await self._end_answer(press, bid)
        snap = await service.by_id(bid.session_id)
        if snap.record.channel_id != press.channel_id:
            raise ServiceError("that button belongs to a game in another channel")
        if bid.verb in (ids.JOIN, ids.START) and not snap.is_lobby:
            raise LobbyError("that lobby has closed; see `/game status` for this channel's game")
        if bid.verb in (ids.ACTION, ids.ACTION_DIGEST):
            return await self.play(
                press.user_id,
                press.channel_id,
                action_of(snap, press.user_id, bid),
                session_id=bid.session_id,
                expected_version=bid.version,
                expected_tag=bid.tag,
            )
        if bid.verb == ids.JOIN:
            joined = await service.join(
                press.channel_id, Player(id=press.user_id, name=press.user_name)
            )
            with composing(joined, "seat"):
                return Answer(pressed=shared.lobby(joined), saved=joined, saved_what="seat")
        if bid.verb == ids.START:
            started = await service.start(press.channel_id, press.user_id)
            with composing(started, "start"):
                return Answer(
                    pressed=SPENT,
                    turn=started,
                    saved=started,
                    saved_what="start",
                    moved=started,
                )
        viewer = snap.player_of(press.user_id)
        if bid.verb == ids.BOARD:
            if viewer is None or snap.state is None or not snap.spec.has_private_views:
                return Answer(private=(self.board(snap),))
            # the board with their own sheet button; on their own sheet it replaces the sheet
            board = shared.board_for(self.board(snap), snap.view_tag(viewer))
            return Answer(pressed=board) if bid.tag else Answer(private=(board,))
        if bid.verb == ids.SHEET and bid.tag and viewer is not None:  # on the board board_for drew
            return Answer(pressed=self.own_sheet(snap, press.user_id).private[0])
        if bid.verb == ids.SHEET:
            return self.own_sheet(snap, press.user_id)
        raise ServiceError("this button belongs to an older version of the bot; use `/game status`")

    async def _end_answer(self, press: Press, bid: ButtonId) -> Answer:
        """The answer to "End the game?" (the buttons `/game end` shows)."""
        if bid.payload != "yes":
            return Answer(pressed=Message(content="The game goes on."))
        ended = await self.service.end(bid.session_id, press.user_id, can_manage=press.can_manage)
        return Answer(
            pressed=Message(content="Game ended."),
            public=Message(
                content=f"🛑 **{ended.title}** game #{ended.session_id} was ended by "
                f"{shared.mention(press.user_id)}. Start another with `/game new`."
            ),
            new=True,
        )

    async def _take_back_answer(self, press: Press, bid: ButtonId) -> Answer:
        """A Yes/No on a take-back request: the request message shows where it stands."""
        request_id, _, choice = bid.payload.partition(".")
        if not request_id.isdigit() or choice not in ("y", "n"):
            raise ServiceError(DAMAGED)
        req = await takebacks.answer(
            self.service, bid.session_id, int(request_id), press.user_id, choice == "y"
        )
        if req.open:
            return Answer(pressed=Reworded(req.text()))
        if not req.applied:
            return Answer(pressed=Message(content=req.text()))
        with composing(req.snapshot, "take-back"):
            return Answer(
                pressed=Message(content=req.text()),
                turn=req.snapshot,
                saved=req.snapshot,
                saved_what="take-back",
            )


@contextlib.contextmanager
def composing(snap: Snapshot, what: str = "move") -> Iterator[None]:
    """Composing the answer to a write that committed: a bug here still says it was saved."""
    try:
        yield
    except (ServiceError, GameError):
        raise
    except Exception as exc:
        raise SavedButUnshown(snap, what) from exc


def _with_fallback(message: Message, fallback: Message) -> Message:
    return dataclasses.replace(message, fallback=fallback)


def _decoded(bid: ButtonId | None) -> ButtonId:
    """The decoded id, or a clear refusal for a damaged or forged one."""
    if bid is None:
        raise ServiceError(DAMAGED)
    return bid


def action_of(snap: Snapshot, user_id: int, bid: ButtonId) -> Model:
    """The action an action button plays: spelled out in its payload, or (too long for that)
    named by a digest among the presser's legal actions, which the board still offers unless
    it has moved on."""
    if bid.verb == ids.ACTION:
        try:
            spelled: Model = snap.spec.parse_action(bounded_json(bid.payload))
            return spelled
        except (ValidationError, MalformedInput) as exc:
            raise InvalidAction("that button is not a move this game knows") from exc
    seat = snap.player_of(user_id)
    if seat is None:
        raise not_seated(snap)
    action = shared.offered_action(snap, seat, bid.payload)
    if action is None:
        raise StaleBoard(MOVED_ON, snap, private=bool(bid.tag))
    return action
