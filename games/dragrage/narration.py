"""Drag Rage told in words (`GameSpec.narrate`): one line per event, drivers named by `names`.

Everything in Drag Rage is public (the counters, the declared dice, every roll), so every event
is told to everyone. Each event carries its facts (counter, spaces, totals) and a ready `text`
written when it happened; a line is rebuilt from the facts so drivers read under the names the
table knows them by now, and falls back to the stored `text` when a fact or a name is missing
(a log written by older code).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from games.engine import PlayerId, dice_words

Raw = Mapping[str, Any]
Names = Mapping[PlayerId, str]

_NEEDS = re.compile(r"needs (\d+)\+")
_COIN = re.compile(r"coin flip for heat (\d+)")


def narrate(event: Raw, names: Names) -> str:
    """One event in plain words, dice included (the stored `text` when the facts fall short)."""
    tell = _TELLERS.get(str(event.get("kind", "")))
    if tell is not None:
        try:
            return tell(event, names)
        except (KeyError, TypeError, ValueError):
            pass
    return str(event.get("text") or "")


def _roll(event: Raw, names: Names) -> str:
    dice = [int(d) for d in event.get("dice", ())]
    why = str(event.get("why") or "")
    coin = _COIN.match(why)
    if coin is not None:
        # Source line 10: a coin flip picks who goes first; the heat's start line says who.
        starts = why.split(":", 1)[1].strip() if ":" in why else ""
        return f"The coin flip for heat {coin.group(1)} shows {dice_words(dice)} ({starts})"
    name = names[int(event["who"])]
    total = f"{dice_words(dice)} = {sum(dice)}" if len(dice) > 1 else dice_words(dice)
    needs = _NEEDS.search(why)
    if needs is None:
        return f"{name} rolls {total}"
    return f"{name} rolls {total}, needing {needs.group(1)} to keep the move"


def _heat_started(event: Raw, names: Names) -> str:
    return f"Heat {event['heat']}: {names[int(event['first'])]} goes first"


def _advanced(event: Raw, names: Names) -> str:
    name = names[int(event["player"])]
    counter, start, end = event["counter"], event["from_space"], event["to_space"]
    return f"{name} plays the {counter}: space {start} → {end}"


def _challenged(event: Raw, names: Names) -> str:
    challenger, target = names[int(event["challenger"])], names[int(event["target"])]
    return f"{challenger} calls Let's Roll on {target}'s {event['counter']}"


def _declared(event: Raw, names: Names) -> str:
    name = names[int(event["player"])]
    if int(event["dice"]) == 3:
        return f"{name} declares 3 dice, spending their nitro"
    return f"{name} declares 2 dice"


def _spun_out(event: Raw, names: Names) -> str:
    # Source: "your opponent has 'spun out', and must move his car back"; ruling: it counts.
    name, counter = names[int(event["player"])], event["counter"]
    return (
        f"{event['total']} is short of {counter}: {name} spins out back to space "
        f"{event['back_to']} (the {counter} still counts)"
    )


def _challenge_failed(event: Raw, names: Names) -> str:
    challenger, target = names[int(event["challenger"])], names[int(event["target"])]
    counter = event["counter"]
    return (
        f"{event['total']} makes {counter}: {target}'s {counter} stands and "
        f"{challenger}'s challenge fails"
    )


def _nitro_turned_in(event: Raw, names: Names) -> str:
    return f"{names[int(event['player'])]} turns in their nitro die to advance"


def pass_words(reason: str, name: str, rival: str) -> str:
    """A pass in words: what it means depends on when it was made."""
    if reason == "rival_finished":
        return f"{name} passes; {rival} has finished, so the turn comes back"
    if reason == "after_failed_challenge":
        # Source: "If you pass, your opponent must advance ... and may not challenge".
        return f"{name} passes: {rival} must advance and may not challenge"
    return f"{name} passes and lets {rival}'s move stand"


def _passed(event: Raw, names: Names) -> str:
    reason = event["reason"]
    if reason is None:
        raise KeyError("reason")  # an older log: its stored text tells it
    return pass_words(str(reason), names[int(event["player"])], names[int(event["rival"])])


def broken_chute_words(name: str, space: int) -> str:
    # Source: "A player can only win the race with a broken 'chute if the other player fails
    # to make it across the finish line."
    return (
        f"{name} overshoots to space {space}, off the end of the track: broken chute "
        "(wins only if the other car fails to finish)"
    )


def blown_engine_words(name: str, to_go: int, free_total: int) -> str:
    # The designer: "The only way that a driver can't finish is if he has more spaces to cover
    # on his track than there are counters remaining."
    return (
        f"{name} has a blown engine: {to_go} spaces to go but the free counters add up to "
        f"{free_total}"
    )


def _broken_chute(event: Raw, names: Names) -> str:
    return broken_chute_words(names[int(event["player"])], int(event["space"]))


def _blown_engine(event: Raw, names: Names) -> str:
    name = names[int(event["player"])]
    return blown_engine_words(name, int(event["to_go"]), int(event["free_total"]))


def _crossed(event: Raw, names: Names) -> str:
    name = names[int(event["player"])]
    return f"{name} crosses the line on space {event['space']} with {event['counters']} counters"


def _heat_won(event: Raw, names: Names) -> str:
    return f"{names[int(event['player'])]} wins heat {event['heat']}: {event['reason']}"


def _dead_heat(event: Raw, names: Names) -> str:
    return f"Dead heat in heat {event['heat']} ({event['reason']}): it will be re-run"


def _race_won(event: Raw, names: Names) -> str:
    score = [int(s) for s in event["score"]]
    name = names[int(event["player"])]
    return f"🏁 {name} wins the race, {max(score)} heats to {min(score)}"


_TELLERS: dict[str, Callable[[Raw, Names], str]] = {
    "dice_rolled": _roll,
    "heat_started": _heat_started,
    "advanced": _advanced,
    "challenged": _challenged,
    "declared": _declared,
    "spun_out": _spun_out,
    "challenge_failed": _challenge_failed,
    "nitro_turned_in": _nitro_turned_in,
    "passed": _passed,
    "broken_chute": _broken_chute,
    "blown_engine": _blown_engine,
    "crossed": _crossed,
    "heat_won": _heat_won,
    "dead_heat": _dead_heat,
    "race_won": _race_won,
}
"""Every kind Drag Rage emits; an older log's event that lacks a fact says its stored text."""
