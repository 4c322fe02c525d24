"""What one game of the story benchmark recorded: the posts and edits the fake Discord saw and
the person's taps, each attributed to a step as it happened (`Recorder`), and the game's
steps from its log (`steps_of`). `bench/story.py` plays the game; `bench/story_count.py` and
`bench/story_taps.py` count.
"""

from __future__ import annotations

import dataclasses
import io
import json
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

from bench.story_count import Post, Roll, Step
from bench.story_taps import Tap
from fakediscord import FakeChannel, FakeDiscord, FakeMessage
from games.engine import Rng
from runtime.app import App
from table import story
from table.movelog import players_of


@dataclass
class Recorder:
    """What the table sent and edited, each attributed to a step as it happens.

    Everything runs on one event loop (the bot, the fake Discord and the person), so the seq
    last committed when a message is recorded is the step it follows. While the person's press
    is answered, what is recorded belongs to the step that press makes or prepares (the next
    one), unless bots have committed steps since (their posts are theirs). The person's taps
    are recorded by the person (`bench.story.Person`) with the seq last committed."""

    channel_id: int
    person: int
    committed: int = 0
    pressing: int | None = None
    asking: bool = False
    posts: list[Post] = field(default_factory=list)
    taps: list[Tap] = field(default_factory=list)

    def watch(self, fake: FakeDiscord, app: App) -> None:
        store, repo = fake.store, app.repo
        assert repo is not None
        create, edit, record_move = store.create_message, store.edit_message, repo.record_move

        def created(*args: Any, **kwargs: Any) -> FakeMessage:
            message = create(*args, **kwargs)
            self.seen(message, new=True)
            return message

        def edited(message: FakeMessage, *args: Any, **kwargs: Any) -> None:
            edit(message, *args, **kwargs)
            self.seen(message, new=False)

        async def recorded(*args: Any, **kwargs: Any) -> Any:
            record = await record_move(*args, **kwargs)
            self.committed = max(self.committed, record.last_seq)
            return record

        store.create_message = created  # type: ignore[method-assign]
        store.edit_message = edited  # type: ignore[method-assign]
        repo.record_move = recorded  # type: ignore[method-assign]

    def seen(self, message: FakeMessage, *, new: bool) -> None:
        seq = self.committed if self.pressing is None else max(self.committed, self.pressing + 1)
        if message.ephemeral_to is not None:
            if message.ephemeral_to == self.person:
                self.posts.append(Post(seq, new, self.person, asked=self.asking))
            return
        if message.channel_id != self.channel_id:
            return
        alt = " ".join(a.description or "" for a in message.attachments)
        text = f"{message.content} {alt}"
        pinged = tuple(message.notified_ids) if new else ()
        self.posts.append(Post(seq, new, None, pinged, text=text))


async def steps_of(app: App, channel: FakeChannel) -> list[Step]:
    """The game's moves from its log, replayed from its seed: who could act before and after
    each, what the public reads of it (`table/story.py`), and whether it was the actor's only
    move (which the table makes for a person at once: the repository keeps no flag for it)."""
    assert app.bot is not None and app.repo is not None
    snap = await app.bot.service.latest(channel.id)
    record, spec = snap.record, snap.spec
    names = {s.user_id: s.name for s in record.seats}
    state = spec.setup(
        players_of(record),
        spec.options_model.model_validate_json(record.options_json),
        Rng.for_step(record.seed, 0),
    )
    only_move = spec.extra.get("forced")
    steps: list[Step] = []
    for entry in await app.repo.log(record.id, after_seq=0):
        assert entry.actor is not None, "a take-back in the log: the person never presses one"
        events = json.loads(entry.events_json)
        before = frozenset(spec.active_players(state))
        action = spec.parse_action(json.loads(entry.action_json))
        forced = only_move is not None and only_move(state, entry.actor) is not None
        state = spec.apply(state, entry.actor, action, Rng.for_step(record.seed, entry.seq)).state
        after = frozenset() if spec.outcome(state) is not None else spec.active_players(state)
        lines = story.event_lines(spec, events, None, names, actor=entry.actor)
        rolls = tuple(
            Roll(entry.seq, tuple(e["dice"]), " ".join(told))
            for e in events
            if e.get("kind") == "dice_rolled" and story.is_public(spec, e)
            for told in [story.event_lines(spec, [e], None, names, actor=entry.actor)]
        )
        steps.append(
            Step(
                entry.seq,
                entry.actor,
                before,
                frozenset(after),
                tuple(lines),
                story.has_public_effects(spec, events),
                rolls,
                json.loads(entry.action_json),
                forced,
            )
        )
    return steps


def tiny_png() -> bytes:
    out = io.BytesIO()
    Image.new("P", (1, 1)).save(out, format="PNG")
    return out.getvalue()


def stand_in_drawings(app: App) -> None:
    """Boards and sheets become a 1-pixel PNG: this part counts messages, not pixels, and the
    drawing is most of a move's CPU on a shared machine (the finished game's replay is still
    drawn for real, by `table/replays.py`)."""
    assert app.bot is not None
    host = app.bot.table.host
    png = tiny_png()

    def drawn(*args: Any, **kwargs: Any) -> bytes:
        return png

    host.renderers = {
        key: dataclasses.replace(r, board=drawn, sheet=drawn if r.sheet else None)
        for key, r in host.renderers.items()
    }
