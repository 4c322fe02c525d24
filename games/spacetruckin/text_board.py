"""The public position in a few plain lines, for when the board image cannot be drawn."""

from __future__ import annotations

from games.spacetruckin.data import WIN_VP
from games.spacetruckin.view import PublicView, SpaceTruckinView, TruckerSummary

NAME_LIMIT = 24
TEXT_LIMIT = 800
MARK = {"done": "✓", "current": "▶", "ahead": ""}


def text_board(view: SpaceTruckinView) -> str:
    """Phase, the shared chart and each trucker's truck, VP and state (public facts only)."""
    public = view.public
    names = {t.id: _plain(t.name) for t in public.truckers}
    lines = [_headline(public, names)]
    chart = " · ".join(
        f"{MARK[spot.status]}{spot.letter} {spot.terrain or '?'}" for spot in public.chart
    )
    lines.append(f"Chart: {chart}")
    lines.extend(_trucker_line(t, names[t.id]) for t in public.truckers)
    text = "\n".join(lines)
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def _headline(public: PublicView, names: dict[int, str]) -> str:
    if public.outcome is not None:
        winners = " & ".join(names.get(w, "?") for w in public.outcome.winners)
        result = f"{winners} won" if winners else "nobody won"
        return f"**Game over:** {result} ({public.outcome.reason})"
    goal = f"first to {WIN_VP} VP wins"
    if public.phase == "captain":
        return f"**Captains:** everyone picks a specialty and a truck · {goal}"
    if public.phase == "chart":
        placer = names.get(public.chart_placer or -1, "?")
        if public.chart_dice:
            dice = " or ".join(str(d) for d in public.chart_dice)
            return f"**Star chart:** {placer} charts the next location (die {dice}) · {goal}"
        return f"**Star chart:** {placer} chooses the last location · {goal}"
    if public.phase == "shipyard":
        return f"**Shipyard:** everyone builds their truck · {goal}"
    here = next((s.terrain for s in public.chart if s.status == "current"), None)
    return f"**Delivery** at {public.location} ({here}) · {goal}"


def _trucker_line(trucker: TruckerSummary, name: str) -> str:
    ship = ", ".join(x for x in (trucker.truck, trucker.specialty) if x) or "no truck yet"
    if trucker.status == "won":
        state = "🏆 won"
    elif trucker.status == "lost":
        state = "out"
    else:
        state = "to act" if trucker.owes_action else "waiting"
    return f"• {name} ({ship}): {trucker.vp} VP, {state}"


def _plain(name: str) -> str:
    """A display name that cannot mention anyone or break the markdown around it."""
    short = name if len(name) <= NAME_LIMIT else name[: NAME_LIMIT - 1] + "…"
    for char in "\\*_~`|>":
        short = short.replace(char, "\\" + char)
    return short.replace("@", "@\u200b")
