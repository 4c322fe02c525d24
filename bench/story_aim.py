"""How the story benchmark's person chooses what to press (issue 26): a person who knows what
they want goes straight to it. What they want is the move the game's bot would make in their
seat (`GameSpec.policy`); how they get there is read only from what Discord shows (labels,
which message a choice is on) and each custom_id's kind (`table/ids.py`: `<prefix>:<verb>:...`;
the table's `rl:a` carries the move it makes), never from a game's exact labels.

Of what is offered, the person:
1. presses nothing that only shows or goes back (`AVOID`: show board, the whole track, rules,
   help, back, cancel, undo, other results, editing step by step), unless nothing else is
   offered;
2. presses the move they want at once where a control makes it (on the board or in a private
   message); else a game's own control on the way to it (`toward`: how the game's table reads
   its own controls, `GameTable.toward`), the one that makes it before a step to it;
3. otherwise, once a private message of theirs offers a way on, presses only there (they do
   not start again from the board), and opens or steps on (a control that makes no move yet)
   before making another move than the one they want: the move they want may be further in.
   Of those, they press the ones whose label (a menu option: and its value) has most words
   of the move they want (its kind and values: "Brake…" to brake, "Build Reactor…" to build
   a reactor, the placement at "G6" of a menu to place at G6), then its numbers, then the
   move's kind alone ("⏩ F4" to go forward 4 before the builder "⬆ Move…");
   each kind of control at most once on the way to a move (after a select menu of placements
   they press the confirm, not a preview of another placement), unless nothing else is left,
   never one control twice (the bot may have refused it) unless it is all there is, and,
   having pressed one that reads like the move, none that reads no more of it (`no_closer`);
4. picks at random among what is left (seeded), a select menu's options counting as one
   choice among the buttons, with the game's hints (`tests/table/conformance_plan.HINTS`) as
   weights.
So the figures are the taps of a person who plays the bot's moves where the table offers
them in one press, and a move of the same kind where it must be built (a path, a placement):
the person does not search a list for the bot's exact path.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any, TypeVar

from table.ids import ACTION, ACTION_DIGEST, ButtonId, payload_digest
from tests.table.conformance_plan import Pressable

AVOID = re.compile(
    r"\bshow\b|\bwhole\b|\brules\b|\bhelp\b|\blog\b|\bback\b|\bcancel\b|\bundo\b|take back"
    r"|\bother\b|\bedit\b|step by step|◀|⬅|↩|✖|❌|🔙",
    re.IGNORECASE,
)
"""Labels of controls that only show something or go back: a person aiming at a move skips
them. Generic words (the same as the conformance player's looks), not any game's labels."""

C = TypeVar("C", bound=Pressable)


def way_key(choice: Pressable) -> str:
    """A control as a game's table names its controls on the way to a move
    (`<prefix>:<verb>=<value>`: a menu option's value, or the button's payload)."""
    value = choice.values[0] if choice.values else choice.custom_id.split(":", 4)[-1]
    return f"{kind_of(choice.custom_id)}={value}"


def kind_of(custom_id: str) -> str:
    """A control's kind: the custom_id's prefix and verb (`rl:a` makes a move at once)."""
    return ":".join(custom_id.split(":")[:2])


def identity(choice: Pressable) -> str:
    """One control, or one option of a menu, exactly."""
    return f"{choice.custom_id}={choice.values}"


def _weight(choice: Pressable, choices: Sequence[Pressable], hints: Mapping[str, float]) -> float:
    for pattern, hinted in hints.items():
        if re.search(pattern, choice.label):
            return hinted
    if choice.values is not None:
        return 1.0 / max(1, sum(1 for c in choices if c.custom_id == choice.custom_id))
    return 1.0


def words(text: str) -> set[str]:
    """The words of a label or of a move's JSON values, lower case (`crew_order`: crew, order;
    `G6`: g6), and the numbers in them (`r3`: 3)."""
    lowered = text.lower()
    return set(re.findall(r"[^\W_]+", lowered)) | set(re.findall(r"\d+", lowered))


def read(choice: Pressable) -> set[str]:
    """What the person reads of a control: its label; of a menu's option, the option's own
    label (not the menu's placeholder before ": ", which every option shares) and value."""
    if choice.values is None:
        return words(choice.label)
    return words(" ".join([choice.label.split(": ", 1)[-1], *choice.values]))


def want_words(want: str | None) -> tuple[set[str], set[str], set[str]]:
    """The words of the wanted move's values, not its keys: of its texts (the system it builds,
    the cell it places at, the vehicle it moves), of its numbers (the card it plays) and of its
    kind apart (`move`, which every builder of moves names). A text is read whole: the vehicle
    `A1` is not the number 1 of a label "L1F3"."""
    texts: set[str] = set()
    numbers: set[str] = set()
    item: Any = json.loads(want) if want is not None else {}
    kind = words(str(item.pop("kind", ""))) if isinstance(item, dict) else set()
    stack: list[Any] = [item]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack += item.values()
        elif isinstance(item, list):
            stack += item
        elif isinstance(item, str):
            texts |= set(re.findall(r"[^\W_]+", item.lower()))
        elif isinstance(item, int) and not isinstance(item, bool):
            numbers.add(str(item))
    return texts, numbers, kind


def likeness(choice: Pressable, sought: tuple[set[str], set[str], set[str]]) -> tuple[int, ...]:
    """How much of the wanted move the person reads on a control: its words first, then its
    numbers (a lone number matches too many things to come first), then its kind: a control
    that names the move's values ("⏩ F4" to go forward 4) before one that names only its kind
    (the builder "⬆ Move…"), where the person would build what is listed already."""
    seen = read(choice)
    return tuple(len(seen & part) for part in sought)


def aim(
    rnd: random.Random,
    choices: Sequence[C],
    hints: Mapping[str, float],
    pressed: Collection[str] = (),
    want: str | None = None,
    toward: Sequence[str] = (),
) -> C:
    """The one of `choices` the person presses; `pressed`: the controls (`identity`) and their
    kinds they pressed since their last move (a control pressed once is not pressed again, the
    bot may have refused it); `want`: the move they want, as `table.ids.action_payload`;
    `toward`: the game's own controls that make it, then those that lead to it (`way_key`, as
    the game's table reads them: `table.gametable.GameTable.toward`)."""
    untried = [c for c in choices if identity(c) not in pressed] or list(choices)
    forward = [c for c in untried if not AVOID.search(c.label)] or untried
    moves = {identity(c): makes_move(c.custom_id, c.values, want) for c in forward}
    wanted = [c for c in forward if moves[identity(c)]]
    if wanted:
        return wanted[0]
    on_the_way = [c for c in forward if way_key(c) in toward]
    if on_the_way:  # the furthest in: the control that makes the move before a step to it
        return min(on_the_way, key=lambda c: toward.index(way_key(c)))
    pool = [c for c in forward if c.private] or forward
    fresh = [c for c in pool if moves[identity(c)] is None and kind_of(c.custom_id) not in pressed]
    if fresh:
        # what they look for: the controls whose words are most those of the move they want
        sought = want_words(want)
        fresh = [c for c in fresh if not no_closer(likeness(c, sought), pressed, sought)] or fresh
        best = max(likeness(c, sought) for c in fresh)
        fresh = [c for c in fresh if likeness(c, sought) == best]
    pool = fresh or [c for c in pool if moves[identity(c)] is False] or pool
    weights = [_weight(c, pool, hints) for c in pool]
    if not any(weights):
        weights = [1.0] * len(pool)
    return rnd.choices(pool, weights=weights, k=1)[0]


READ = "read:"
"""Marks in `pressed` the words of a control pressed (`pressing`)."""


def pressing(choice: Pressable) -> set[str]:
    """What the person remembers of a control they press until their next aim: the control, its
    kind, and what they read on it."""
    return {identity(choice), kind_of(choice.custom_id), READ + " ".join(sorted(read(choice)))}


def no_closer(
    seen: tuple[int, ...], pressed: Collection[str], sought: tuple[set[str], ...]
) -> bool:
    """Does a control that reads like the wanted move (`seen`, its `likeness`) read no more of it
    than one the person pressed already? Having shown "👁 M F F" they drive it, they do not
    show the lesser "👁 F F" next; a control that reads nothing of the move (a confirm) is not
    one of those."""
    before = [
        tuple(len(set(p[len(READ) :].split()) & part) for part in sought)
        for p in pressed
        if p.startswith(READ)
    ]
    return any(seen) and any(all(s <= w for s, w in zip(seen, was, strict=True)) for was in before)


def makes_move(custom_id: str, values: Sequence[str] | None, want: str | None) -> bool | None:
    """Does pressing this control make the move whose `action_payload` is `want` (True), another
    move (False), or no move yet (None: it opens, previews or steps on)? The table's action
    controls (`rl:a`, `rl:ad`) name their move; a game's own controls do not."""
    bid = ButtonId.decode(custom_id)
    if bid is None or bid.verb not in (ACTION, ACTION_DIGEST):
        return None
    if want is None:
        return False
    named = want if bid.verb == ACTION else payload_digest(want)
    return bid.payload == named or want in (values or ())


def new_aim(before: str | None, now: str | None, made: Iterable[str]) -> bool:
    """Does the person start a new aim, forgetting what they pressed on the way to the old one?
    Yes when the move they want (`before`, `now`: as `table.ids.action_payload`) changed, or when
    they made a move of the kind they wanted (`made`, since they last looked): the bot may want
    the same again (forward 4 twice, the same card), and the controls that made it are to be
    pressed again. Not after a free move of another kind on the way (a crew order): the person
    does not open again what they opened for the move they still want."""
    return now != before or (before is not None and kind_in(before) in {kind_in(m) for m in made})


def kind_in(payload: str) -> object:
    """A move's kind (`kind` in its payload), None for a move that names none."""
    move = json.loads(payload)
    return move.get("kind") if isinstance(move, dict) else None
