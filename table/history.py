"""What `/game` tells of a table's past: the latest moves (`log`), the channel's finished
games (`history`), their dice re-derived from the revealed seed (`verify`), which finished game
a replay is of (`replayed`), and a move taken back (`undo`)."""

from __future__ import annotations

from table import absence, takebacks
from table import messages as shared
from table import verify as verification
from table.answers import Answer, ButtonSpec, Message
from table.host import Host, composing
from table.ids import TAKEBACK, ButtonId
from table.service import ServiceError, Snapshot

SEED_HIDDEN = (
    "the seed is revealed when the game ends (before that it would tell the dice to come); "
    "verify it then"
)


class History:
    """A table's past (see module doc)."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self.service = host.service

    async def log(self, channel_id: int, user_id: int, last: int) -> Answer:
        """`/game log`: the latest `last` moves in words, as `user_id` may see them."""
        snap = await self.service.latest(channel_id)
        lines = await self.service.log_lines(snap.session_id, viewer=user_id, limit=last)
        title = f"{snap.spec.title} · game #{snap.session_id} · log"
        return Answer.told(shared.lines_block(title, lines))

    async def history(self, channel_id: int) -> Answer:
        """`/game history`: the channel's finished games, newest first."""
        return Answer.told(absence.history_text(await self.service.history(channel_id)))

    async def verify(self, channel_id: int) -> Answer:
        """`/game verify`: every die of the channel's last finished game re-derived from its
        seed (refused while the game runs: the seed would tell the dice to come)."""
        snap = await self.service.latest(channel_id)
        if snap.record.is_live:
            raise ServiceError(SEED_HIDDEN)
        entries = await self.service.repo.log(snap.session_id)
        checked = verification.verify(snap.spec, snap.record, entries)
        return Answer.told(
            f"**{snap.spec.title}** game #{snap.session_id}: seed `{snap.record.seed}`, "
            f"commitment `{verification.commitment(snap.record.seed)}`.\n{checked.summary()}"
        )

    async def replayed(self, channel_id: int, number: int | None) -> Snapshot:
        """The game `/game replay` shows: game #`number`, or the channel's last one; refused
        for a game of another channel."""
        service = self.service
        snap = await service.latest(channel_id) if number is None else await service.by_id(number)
        if snap.record.channel_id != channel_id:
            raise ServiceError(f"game #{number} was not played in this channel")
        return snap

    async def undo(self, channel_id: int, user_id: int) -> Answer:
        """`/game undo`: ask the table to take back `user_id`'s last move (the others answer
        with buttons; alone at the table, it is taken back at once and the board redrawn)."""
        req = await takebacks.request(self.service, channel_id, user_id)
        if req.applied:
            with composing(req.snapshot, "take-back"):
                return Answer(
                    public=Message(content=req.text()),
                    new=True,
                    turn=req.snapshot,
                    saved=req.snapshot,
                    saved_what="take-back",
                )
        game = req.snapshot.game_tag
        yes = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.y", game=game).encode()
        no = ButtonId(TAKEBACK, req.session_id, 0, f"{req.id}.n", game=game).encode()
        return Answer(
            public=Message(
                content=req.text(),
                buttons=(
                    ButtonSpec("Agree", yes, "success"),
                    ButtonSpec("Refuse", no, "danger"),
                ),
                mentions=tuple(req.snapshot.user_of(p) for p in req.waiting_for),
            ),
            new=True,
        )
