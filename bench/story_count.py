"""The story benchmark's counting: what one game's record (its steps, and what the fake Discord
recorded) says against the budgets of issue 25. Pure: `bench/story.py` gathers the record,
`tests/bench/test_story.py` checks these counts on records made by hand.

Words, defined once:
- a **step** is one committed move (a log entry with seq > 0), a bot's included;
- a **player-turn** is a maximal run of consecutive steps by the same actor; it is
  *simultaneous* when several players could act before or after one of its steps (a step
  everyone answers at once) and *last* when it ends the game;
- a **post** is a new message (or an edit) the fake recorded, attributed to a step: what the
  table sent while a step was the latest committed belongs to that step, and whatever answers
  the person's own press belongs to the step that press makes (or prepares). Posts before the
  first move (the lobby, the first board) belong to step 0, the setup;
- a **ping** is a new public message that notified someone (a mention in its content that
  `allowed_mentions` let through; edits and ephemeral messages never notify);
- a **handover** to the person is a point where they become able to act (the first board
  included), and were not a moment before; the ping there is the one budgeted. Where the
  person's next move there was their only one (`Step.forced`), the table made it for them
  at once without a ping (issue 26): the handover moves on to where that move leaves them a
  choice, or is none (a ping there is to no purpose).
"""

from __future__ import annotations

import re
import statistics
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from bench.figures import Section, Target

POSTS_PER_TURN = Target(1, at_most=True)
NONE = Target(0, at_most=True)
EXACTLY_ONE_AT_LEAST = Target(1, at_least=True)
EXACTLY_ONE_AT_MOST = Target(1, at_most=True)
ALL = Target(1.0, at_least=True)
DICE_WORDS = re.compile(r"🎲|\broll|\bdic?e\b", re.IGNORECASE)
SIMULTANEOUS_EXTRA = 1
END_EXTRA = 2
"""At the end: the closing message and the finished game's replay."""


@dataclass(frozen=True)
class Roll:
    """A public roll: its faces and the line the game tells it in."""

    seq: int
    dice: tuple[int, ...]
    line: str


@dataclass(frozen=True)
class Step:
    """One committed move, as the log tells it to the public."""

    seq: int
    actor: int
    active_before: frozenset[int]
    active_after: frozenset[int]
    public_lines: tuple[str, ...] = ()
    has_public_effects: bool = False
    rolls: tuple[Roll, ...] = ()
    action: dict[str, Any] = field(default_factory=dict, compare=False)
    """The move as logged (its `kind` and fields): what a game's units are read from."""
    forced: bool = False
    """It was the actor's only move (the game's `extra["forced"]`): for a person, the table
    made it at once, unasked."""

    @property
    def simultaneous(self) -> bool:
        return len(self.active_before) > 1 or len(self.active_after) > 1


@dataclass(frozen=True)
class Post:
    """A message the table sent (`new`) or edited, attributed to a step (0: the setup)."""

    seq: int
    new: bool = True
    private_to: int | None = None
    """None: public, in the game's channel; else the one person who sees it."""
    pinged: tuple[int, ...] = ()
    asked: bool = False
    """A private answer to a press on the public board: the person asked for a private view
    (a sheet, hand, panel, path builder, the whole track), as `/game sheet` does."""
    text: str = ""
    """What the public reads in it: its content and its images' descriptions."""


@dataclass(frozen=True)
class Turn:
    actor: int
    seqs: tuple[int, ...]
    simultaneous: bool
    last: bool

    @property
    def allowance(self) -> int:
        """New public posts this turn may make: one, plus the budget's extras."""
        return (
            1 + (SIMULTANEOUS_EXTRA if self.simultaneous else 0) + (END_EXTRA if self.last else 0)
        )


def turns_of(steps: Sequence[Step]) -> list[Turn]:
    """The player-turns: maximal runs of consecutive steps by the same actor."""
    runs: list[list[Step]] = []
    for step in steps:
        if runs and runs[-1][-1].actor == step.actor:
            runs[-1].append(step)
        else:
            runs.append([step])
    return [
        Turn(
            actor=run[0].actor,
            seqs=tuple(s.seq for s in run),
            simultaneous=any(s.simultaneous for s in run),
            last=index == len(runs) - 1,
        )
        for index, run in enumerate(runs)
    ]


@dataclass
class Pings:
    """Every ping of the person, by what it was for."""

    per_handover: list[int]
    own_step: int = 0
    """Pings of the mover for their own next step."""
    repeated: int = 0
    """Pings of someone already asked to act (a second ping for the same handover)."""
    stray: int = 0
    """Pings of someone who need not act."""


def count_pings(steps: Sequence[Step], posts: Sequence[Post], person: int) -> Pings:
    """Sort the person's pings: at each handover to them, for their own next step, repeated
    while they were already asked, or to no purpose."""
    by_seq = {s.seq: s for s in steps}
    first = steps[0].active_before if steps else frozenset()

    def after(seq: int) -> frozenset[int]:
        return by_seq[seq].active_after if seq in by_seq else first

    def before(seq: int) -> frozenset[int]:
        return by_seq[seq].active_before if seq in by_seq else frozenset()

    def asked_at(seq: int) -> int | None:
        """Where the person becomes able to act at `seq` is asked: past the moves the table
        made for them, None if those leave them nothing to choose."""
        for step in steps:
            if step.seq <= seq or step.actor != person:
                continue
            if not step.forced:
                return seq
            if person not in step.active_after:
                return None
            seq = step.seq
        return seq

    became_able = [
        seq
        for seq in [0, *by_seq]
        if person in after(seq)
        and person not in before(seq)
        and (seq == 0 or by_seq[seq].actor != person)
    ]
    handovers = [seq for seq in map(asked_at, became_able) if seq is not None]
    at = Counter[int]()
    pings = Pings(per_handover=[])
    for post in posts:
        if not post.new or post.private_to is not None or person not in post.pinged:
            continue
        step = by_seq.get(post.seq)
        if post.seq in handovers:
            at[post.seq] += 1
        elif person not in after(post.seq) or post.seq in became_able:
            pings.stray += 1
        elif step is not None and step.actor == person:
            pings.own_step += 1
        elif person in before(post.seq):
            pings.repeated += 1
        else:
            at[post.seq] += 1
    pings.per_handover = [at[seq] for seq in handovers]
    return pings


def _plain(text: str) -> str:
    """Text as read, without Discord's markup (bold, italics, escapes) or doubled spaces."""
    return re.sub(r"[ \t]+", " ", re.sub(r"[*_~`\\|]", "", text)).strip()


def faces_in_order(dice: Sequence[int], line: str) -> bool:
    """Every face appears in the line, in order (as tests/games/test_narration.py checks)."""
    numbers = iter(int(n) for n in re.findall(r"\d+", line))
    return all(any(n == d for n in numbers) for d in dice)


def dice_shown(dice: Sequence[int], text: str) -> bool:
    """Are the faces in the text, one after another ("6 3 6", "6, 3, 6", "3 + 6 + 2 = 11"), on
    a line that speaks of dice (a 🎲, a roll, a die)? The line's word keeps a lone face from
    matching any number on the board."""
    faces = r"[^\w\n]{1,3}".join(str(d) for d in dice)
    run = re.compile(rf"(?<!\d){faces}(?!\d)")
    return any(DICE_WORDS.search(line) and run.search(line) for line in _plain(text).splitlines())


def shown_in_public(roll: Roll, posts: Sequence[Post], until: int) -> bool:
    """Are the roll's faces in a public post made from its step to the end of its turn? On a
    line about dice, or in the roll's own line as the log tells it (Drag Rage's coin flip
    "shows 2" without a word of dice; whether that line has every face is its own figure)."""
    told = _plain(roll.line)
    return any(
        post.private_to is None
        and roll.seq <= post.seq <= until
        and (dice_shown(roll.dice, post.text) or (told and told in _plain(post.text)))
        for post in posts
    )


def _median(values: Sequence[float]) -> float:
    return float(statistics.median(values)) if values else float("nan")


def _share(hits: int, total: int) -> float:
    return hits / total if total else float("nan")


def section(title: str, steps: Sequence[Step], posts: Sequence[Post], person: int) -> Section:
    """Every figure of one game against its budget."""
    out = Section(title)
    turns = turns_of(steps)
    turn_of = {seq: i for i, t in enumerate(turns) for seq in t.seqs}
    new_public = Counter[int]()
    edits = Counter[int]()
    private = Counter[int]()
    private_asked = Counter[int]()
    for post in posts:
        turn = turn_of.get(post.seq)
        if turn is None:
            continue
        if post.private_to is None:
            (new_public if post.new else edits)[turn] += 1
        elif post.private_to == person and post.new:
            (private_asked if post.asked else private)[turn] += 1
    per_turn = [new_public[i] for i in range(len(turns))]
    over = [i for i, t in enumerate(turns) if new_public[i] > t.allowance]
    setup = sum(1 for p in posts if p.seq == 0 and p.private_to is None and p.new)
    out.add("public posts per player-turn, median", _median(per_turn), "", target=POSTS_PER_TURN)
    out.add(
        "public posts per player-turn, max",
        max(per_turn, default=0),
        "",
        note="a turn may post 1, +1 at a simultaneous step, +2 at the end",
    )
    out.add(
        "player-turns over their allowance",
        len(over),
        "",
        target=NONE,
        note=f"of {len(turns)} player-turns; {setup} public posts before the first move",
    )
    out.add(
        "public edits per player-turn, median",
        _median([edits[i] for i in range(len(turns))]),
        "",
        note=f"max {max(edits.values(), default=0)}",
    )

    pings = count_pings(steps, posts, person)
    handovers = pings.per_handover
    out.add(
        "pings per handover to the person, median",
        _median(handovers),
        "",
        note=f"{len(handovers)} handovers",
    )
    out.add(
        "pings per handover, fewest",
        min(handovers, default=float("nan")),
        "",
        target=EXACTLY_ONE_AT_LEAST,
    )
    out.add(
        "pings per handover, most",
        max(handovers, default=float("nan")),
        "",
        target=EXACTLY_ONE_AT_MOST,
    )
    out.add("pings for the mover's own next step", pings.own_step, "", target=NONE)
    out.add(
        "pings of one asked already, or not to act",
        pings.repeated + pings.stray,
        "",
        target=NONE,
        note=f"{pings.repeated} repeated, {pings.stray} to no purpose",
    )

    mine = [i for i, t in enumerate(turns) if t.actor == person]
    asked = [private[i] + private_asked[i] for i in mine]
    out.add(
        "private posts per person-turn, median",
        _median([private[i] for i in mine]),
        "",
        note="not counting answers to presses on the public board (asking, as /game sheet)",
    )
    out.add(
        "private posts per person-turn, max",
        max((private[i] for i in mine), default=float("nan")),
        "",
        target=EXACTLY_ONE_AT_MOST,
        note=f"with those answers: median {_median(asked):g}, max {max(asked, default=0)}; "
        f"{len(mine)} turns",
    )

    effective = [s for s in steps if s.has_public_effects]
    told = [s for s in effective if s.public_lines]
    lines = [len(s.public_lines) for s in effective]
    out.add(
        "moves with public effects told in words",
        _share(len(told), len(effective)),
        "",
        target=ALL,
        note=f"{len(told)} of {len(effective)}; lines per move median "
        f"{_median(lines):g}, max {max(lines, default=0)}",
    )
    rolls = [r for s in steps for r in s.rolls]
    in_line = sum(1 for r in rolls if faces_in_order(r.dice, r.line))
    turn_end = {seq: t.seqs[-1] for t in turns for seq in t.seqs}
    shown = sum(1 for r in rolls if shown_in_public(r, posts, turn_end[r.seq]))
    out.add(
        "public rolls with every die in their line",
        _share(in_line, len(rolls)),
        "",
        target=ALL if rolls else None,
        note=f"{in_line} of {len(rolls)} (the log's narration)",
    )
    out.add(
        "public rolls with their dice in the channel",
        _share(shown, len(rolls)),
        "",
        target=ALL if rolls else None,
        note=f"{shown} of {len(rolls)} (a public post's text or alt text, within its turn)",
    )
    return out
