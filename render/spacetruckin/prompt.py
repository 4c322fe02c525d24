"""What a Space Truckin' trucker must decide now, in words, from their own view.

The sheet renderer prints this at the top, so a player who opens their sheet sees their next
move before anything else. Pure text: no drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from games.spacetruckin.data import (
    CHOOSE_FACE,
    LOCATIONS,
    SHAPE_BY_DIE,
    SPECIALTY_BY_DIE,
    SYSTEM_BY_DIE,
    TERRAIN_BY_DIE,
    TRUCKS,
    WIN_VP,
)
from games.spacetruckin.view import PieceView, SheetView, SpaceTruckinView
from render.spacetruckin.common import REWARD_LABELS, face_meaning

Tone = Literal["act", "wait", "out", "won"]

TASK_LABELS = {
    "pirates": "pirates",
    "reward": "reward",
    "extra_pip": "artifact pip",
    "fill": "fill boxes",
    "tweak": "tweak/accept",
    "hit": "consequence",
    "hit_two": "2 consequences",
    "jump": "jump",
}
REWARD_SPOTS = {
    "cargo": "choose an empty Cargo pip (outlined) to load the cargo on",
    "artifact": "choose an empty Cargo pip (outlined) for the artifact and, in the same "
    "choice, a grid beside it for its extra pip",
    "quarters": "choose a free Quarters grid (outlined) for the new crew pip",
    "vp": "take 1 VP",
}


@dataclass(frozen=True)
class Prompt:
    """The headline tag, the instruction lines, and the dice (with captions) that go with them."""

    tone: Tone
    lines: tuple[str, ...]
    dice: tuple[tuple[int, str], ...] = ()
    todo: str = ""
    highlight: tuple[str, ...] = field(default=())
    numbered: bool = False
    """Draw piece numbers: the choice names pieces ("lose system #3")."""

    @property
    def tag(self) -> str:
        return {"act": "YOUR MOVE", "wait": "WAITING", "out": "OUT", "won": "YOU WON"}[self.tone]


def prompt(view: SpaceTruckinView) -> Prompt:
    """The trucker's next decision (or why they are waiting), from `view(state, player)`."""
    sheet = view.sheet
    public = view.public
    if sheet is None:
        raise ValueError("this is a public view; render the sheet from view(state, player)")
    if sheet.status == "won":
        lines = [f"You reached {sheet.vp} VP ({WIN_VP} to win)."]
        if public.outcome is None:  # multiplayer: the win is settled when the location ends
            lines.append("You win once every trucker has finished this location.")
        return Prompt("won", tuple(lines))
    if sheet.status == "lost":
        return Prompt("out", (f"Your truck is out: {sheet.reason}.",))
    if public.outcome is not None:
        if sheet.player in public.outcome.winners:
            return Prompt("won", (f"You won: {public.outcome.reason}.",))
        return Prompt("wait", (f"Game over: {public.outcome.reason}.",))
    mine = sheet.player in public.waiting_for
    stage = sheet.stage
    if public.phase == "captain":
        return _captain(view)
    if public.phase == "chart":
        return _chart(view, mine)
    if not mine or stage == "ready":
        where = "Truck built" if public.phase == "shipyard" else f"Done at {public.location}"
        return Prompt("wait", (f"{where}. Waiting for the other truckers.",))
    if public.phase == "shipyard":
        return _shipyard(view)
    return _delivery(view)


def _captain(view: SpaceTruckinView) -> Prompt:
    sheet = view.sheet
    assert sheet is not None
    lines: list[str] = []
    # The dice and each captain's power are drawn in the choice below, so no dice row here.
    if sheet.specialty is None:
        a, b = sheet.specialty_dice
        names = " or ".join(dict.fromkeys((SPECIALTY_BY_DIE[a], SPECIALTY_BY_DIE[b])))
        lines.append(f"Pick your captain: {names} (powers below).")
    if sheet.truck is None:
        lines.append(f"Pick one of the {len(TRUCKS)} trucks drawn below.")
    if not lines:
        return Prompt("wait", ("Captain and truck chosen. Waiting for the others.",))
    return Prompt("act", tuple(lines))


def _chart(view: SpaceTruckinView, mine: bool) -> Prompt:
    public = view.public
    if not mine:
        names = {t.id: t.name for t in public.truckers}
        placer = names.get(public.chart_placer or -1, "another trucker")
        return Prompt("wait", (f"{placer} is charting a location. Wait for your turn.",))
    free = ", ".join(s.letter for s in public.chart if s.terrain is None)
    if not public.chart_dice:
        return Prompt("act", (f"Chart the last location ({free}) with any terrain.",))
    terrains = " or ".join(dict.fromkeys(TERRAIN_BY_DIE[d] for d in public.chart_dice))
    dice = tuple((d, TERRAIN_BY_DIE[d]) for d in public.chart_dice)
    return Prompt("act", (f"Chart {terrains} on a free location: {free}.",), dice)


def _shipyard(view: SpaceTruckinView) -> Prompt:
    sheet = view.sheet
    assert sheet is not None
    if sheet.stage == "pick":
        free = "used" if sheet.free_choice_used else "still unused: set one die to any face"
        return Prompt(
            "act",
            (
                "Build: one die is the system, the other the shape (6 = any).",
                "Choose a spot in a menu below, then tap its pip. Or stop.",
                f"Free choice {free}.",
                "Faces: 1 R/I, 2 Q/L, 3 E/T, 4 W/S, 5 C/O, 6 any.",
            ),
            tuple((d, face_meaning(d)) for d in sheet.dice),
        )
    if sheet.stage == "place":
        spots = f"{sheet.placements} legal spot{'s' if sheet.placements != 1 else ''}"
        return Prompt(
            "act",
            (
                f"Place your {sheet.picked} ({spots}).",
                "Choose where in the menu below, check the preview, confirm. Or stop.",
            ),
        )
    if sheet.stage == "pip":
        newest = sheet.pieces[-1] if sheet.pieces else None
        system = newest.system if newest else "new system"
        return Prompt(
            "act",
            (f"Draw a pip in your new {system} (outlined), not next to another pip.",),
            highlight=newest.cells if newest else (),
        )
    return Prompt("wait", ("Waiting for the other truckers.",))


def _delivery(view: SpaceTruckinView) -> Prompt:
    sheet = view.sheet
    assert sheet is not None
    todo = " → ".join(TASK_LABELS.get(t.split(":")[0], t) for t in sheet.tasks)
    stage = sheet.stage
    location = view.public.location or "?"
    if stage == "fill":
        a, b = sheet.dice
        lines: tuple[str, ...] = (
            f"Write die 1 ({a}) and die 2 ({b}) in two empty boxes: one menu choice puts both.",
        )
        if sum(box.value is None for box in sheet.boxes) == 2:
            lines = (
                f"The last two boxes: die 1 ({a}) and die 2 ({b}).",
                "Each menu choice shows the result: accept it (and jump) in the same choice, "
                "or reroll or flip first.",
            )
        return Prompt("act", lines, ((a, "die 1"), (b, "die 2")), todo)
    if stage == "tweak":
        lines = (
            "Reroll a box (Weapons pip) or flip it to 7 - face (Reactor pip), or accept "
            "(and jump, in the same choice).",
            "A Quarters pip can stand in while that system has pips.",
        )
        return Prompt("act", lines, (), todo)
    if stage in ("hit", "hit_two"):
        how = (
            "choose a system a die matches as system or shape (6 = any), "
            "or a die matching nothing: 1 Bridge damage"
            if stage == "hit"
            else "one die names the system, the other the shape: choose the two systems"
        )
        dice = tuple((d, face_meaning(d)) for d in sheet.hit_dice)
        lines = (f"Consequence! {how.capitalize()}.", "Outlined: systems a die matches.")
        return Prompt("act", lines, dice, todo, _matching(sheet), numbered=True)
    if stage == "reward":
        reward = sheet.tasks[0].split(":")[1] if ":" in sheet.tasks[0] else "cargo"
        label = REWARD_LABELS.get(reward, reward)
        lines = (f"Reward ({label}): {REWARD_SPOTS.get(reward, 'choose (outlined)')}.",)
        spots = _cells(sheet, "Q", None) if reward == "quarters" else _cells(sheet, "C", "open")
        return Prompt("act", lines, (), todo, spots)
    if stage == "extra_pip":
        lines = ("Artifact: choose a grid next to it (a live system, no pip) for an extra pip.",)
        return Prompt("act", lines, (), todo)
    if stage == "pirates":
        lines = ("Pirates! Give them one loaded cargo, or lose an aft-most system (outlined).",)
        spots = _cells(sheet, "C", "cargo") + _aft_most(sheet)
        return Prompt("act", lines, (), todo, spots, numbered=True)
    if stage == "jump":
        index = LOCATIONS.index(location) if location in LOCATIONS else 0
        target = LOCATIONS[min(index + 1, len(LOCATIONS) - 1)]
        lines = (f"Jump to {target}: spend an Engine pip (or a wild pip) for +2 VP.",)
        return Prompt("act", lines, (), todo, _jump_payers(sheet))
    return Prompt("wait", (f"Done at {location}. Waiting for the other truckers.",))


def _cells(sheet: SheetView, letter: str, pip: str | None) -> tuple[str, ...]:
    """Names of live `letter` cells whose pip state is `pip` (None: cells without a pip)."""
    return tuple(
        cell.name
        for row in sheet.grid
        for cell in row
        if cell.letter == letter and not cell.damaged and cell.pip == pip
    )


def _matching(sheet: SheetView) -> tuple[str, ...]:
    """Cells of live pieces a consequence die hits, as a system or as a shape (6 hits any)."""

    def hit(piece: PieceView, die: int) -> bool:
        if die == CHOOSE_FACE:
            return True
        return SYSTEM_BY_DIE.get(die) == piece.system or SHAPE_BY_DIE.get(die) == piece.shape

    return tuple(
        name
        for piece in sheet.pieces
        if not piece.damaged and any(hit(piece, d) for d in sheet.hit_dice)
        for name in piece.cells
    )


def _aft_most(sheet: SheetView) -> tuple[str, ...]:
    """Cells of the live pieces reaching furthest aft (the pirates' other choice)."""
    live = [p for p in sheet.pieces if not p.damaged]
    sterns = {p.id: max(int(name[1:]) for name in p.cells) for p in live}
    if not sterns:
        return ()
    last = max(sterns.values())
    return tuple(name for p in live if sterns[p.id] == last for name in p.cells)


def _jump_payers(sheet: SheetView) -> tuple[str, ...]:
    """Open Engine pips, plus wilds (Quarters; a Physicist's Reactors) while Engines have some."""
    engines = _cells(sheet, "E", "open")
    if not engines:
        return ()
    wild = ("Q", "R") if sheet.specialty == "Physicist" else ("Q",)
    return engines + tuple(name for letter in wild for name in _cells(sheet, letter, "open"))
