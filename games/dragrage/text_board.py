"""The position in a few plain lines, for when the board image cannot be drawn."""

from __future__ import annotations

import re

from games.dragrage.state import DragRageView, LaneView

MAX_CHARS = 800
_MARKDOWN = re.compile(r"([\\*_~`|>#\[\]])")


def plain(text: str) -> str:
    """`text` with Discord markdown escaped and mentions defused (a zero-width space after @)."""
    return _MARKDOWN.sub(r"\\\1", text).replace("@", "@\u200b")


def text_board(view: DragRageView) -> str:
    """Heat and score, each car (space, counters, nitro, status), free counters, whose turn."""
    a, b = view.lanes
    lines = [
        f"**Drag Rage** · heat {view.heat} · {plain(a.name)} {a.heats_won}–{b.heats_won} "
        f"{plain(b.name)} (first to {view.heats_to_win} heats)",
        *(_lane(view, lane) for lane in view.lanes),
        "Free counters: " + (" ".join(str(c) for c in view.free_counters) or "none"),
        f"Finish line after space {view.finish_after}; the track ends at {view.track_length}.",
    ]
    if view.outcome is not None:
        winner = next((ln for ln in view.lanes if ln.id in view.outcome.winners), None)
        lines.append(
            f"🏁 {plain(winner.name)} {view.outcome.reason} and wins the race"
            if winner
            else f"🏁 Race over: {view.outcome.reason}"
        )
    elif view.asking:
        lines.append(f"▶ {plain(view.asking)}")
    head = "\n".join(lines)
    if view.last:
        tail = "Last: " + plain(view.last[-1])
        if len(head) + len(tail) + 1 <= MAX_CHARS:
            head = f"{head}\n{tail}"
    return head[:MAX_CHARS]


def _lane(view: DragRageView, lane: LaneView) -> str:
    turn = "▶ " if lane.is_active else ""
    if lane.position > view.track_length:
        where = f"space {lane.position}, off the end of the track"
    elif lane.position == 1:
        where = "space 1 (start)"
    else:
        where = f"space {lane.position}"
    played = ", ".join(f"~~{c.value}~~" if c.spun_out else str(c.value) for c in lane.counters)
    used = f"{lane.counters_used} counter{'' if lane.counters_used == 1 else 's'}"
    if played:
        used += f" ({played})"
    nitro = "nitro ready" if lane.nitro_available else "nitro spent"
    status = {
        "crossed": " · crossed!",
        "broken_chute": " · broken chute",
        "blown_engine": " · blown engine",
    }.get(lane.status, "")
    return f"{turn}**{plain(lane.name)}**: {where} · {used} · {nitro}{status}"
