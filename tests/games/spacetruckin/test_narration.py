"""Space Truckin' told in words: the exact line of each event, and who may read it."""

from __future__ import annotations

from typing import Any

from games.engine import DiceRolled, Event, LoadedDice
from games.spacetruckin import SPEC
from games.spacetruckin.events import (
    Arrived,
    BridgeHit,
    BuildEnded,
    Built,
    CargoSold,
    ChallengeResult,
    Charted,
    Destroyed,
    FreeChoiceUsed,
    Jumped,
    NoRoom,
    Out,
    OutReason,
    PaidPirates,
    PipDrawn,
    Rewarded,
    Scored,
    SlippedPast,
    SpecialtyPicked,
    SystemLost,
    TruckPicked,
    Tweaked,
    Won,
    Wrote,
)
from games.spacetruckin.models import Accept
from tests.games.spacetruckin.delivery_helpers import P1, boxes, truck
from tests.games.spacetruckin.helpers import at_location

NAMES = {P1: "alice", 101: "bob"}


def told(event: Event | dict[str, Any]) -> str:
    raw = event.model_dump(mode="json") if isinstance(event, Event) else event
    return SPEC.narrate(raw, NAMES)


def audience(event: Event | dict[str, Any]) -> frozenset[int] | None:
    raw = event.model_dump(mode="json") if isinstance(event, Event) else event
    return SPEC.audience(raw)


def public_lines(events: tuple[Event, ...]) -> list[str]:
    return [told(e) for e in events if audience(e) is None]


# Public: what the rules put on the table -----------------------------------------------------


def test_captain_specialty_is_told() -> None:
    """A captain's specialty, public on the table, in words."""
    assert told(SpecialtyPicked(who=P1, specialty="Smuggler")) == "alice's captain is a Smuggler"


def test_truck_is_told() -> None:
    """The truck a trucker flies."""
    assert told(TruckPicked(who=P1, truck="Mauler")) == "alice flies the Mauler"


def test_charting_names_the_terrain_and_what_it_gives() -> None:
    """Rules: "GAS GIANT ... YOU WOULD GAIN ONE CARGO AND 1 VP"."""
    event = Charted(who=101, location="B", terrain="Gas Giant")
    assert told(event) == "bob charts B: Gas Giant (cargo and VP)"


def test_a_build_stopped_by_choice() -> None:
    """A trucker who stops building says so."""
    assert told(BuildEnded(who=P1)) == "alice stops building"


def test_a_build_ended_by_the_dice_names_them() -> None:
    """A roll nothing fits ends the build, and the dice are told."""
    line = told(BuildEnded(who=P1, dice=(5, 5)))
    assert line == "alice can place nothing with 5 and 5: the build is over"


def test_arrival_is_one_line_for_everyone() -> None:
    """The truckers reach the next location together."""
    assert told(Arrived(location="C", terrain="Comet")) == "The truckers arrive at C (Comet)"


def test_a_smuggler_slips_through_pirate_space() -> None:
    """Rules: "SMUGGLER: IGNORE PIRATE SPACE"."""
    assert told(SlippedPast(who=P1)) == "alice's Smuggler slips through Pirate Space"


def test_a_result_names_its_number_and_band() -> None:
    """Rules: "3-10 = Take only the first Reward from the terrain type"."""
    event = ChallengeResult(who=P1, location="A", result=7, band="first")
    assert told(event) == "alice scores 7 at A (3 to 10, the first of the two rewards)"


def test_each_band_is_told() -> None:
    """Rules: "Less than 1 = One Bridge Damage", "1-2 = Take both Rewards", 11+ consequences."""
    lines = {
        band: told(ChallengeResult(who=P1, location="A", result=0, band=band))  # type: ignore[arg-type]
        for band in ("bridge", "both", "one_hit", "two_hits")
    }
    assert lines == {
        "bridge": "alice scores 0 at A (under 1, one Bridge damage)",
        "both": "alice scores 0 at A (1 to 2, both rewards)",
        "one_hit": "alice scores 0 at A (11 to 100, one consequence)",
        "two_hits": "alice scores 0 at A (101 or more, two consequences)",
    }


def test_rewards_are_told_without_their_grid() -> None:
    """A cargo, an artifact and new crew are told; where they went stays on the sheet."""
    lines = [told(Rewarded(who=P1, reward=r)) for r in ("cargo", "artifact", "quarters")]
    assert lines == ["alice loads one cargo", "alice stows an artifact", "alice takes on new crew"]


def test_a_reward_without_room() -> None:
    """A reward the sheet has no room for is lost, and told."""
    assert told(NoRoom(who=P1, reward="cargo")) == "alice has no room for cargo"
    assert told(NoRoom(who=P1, reward=None)) == "alice has no room for the artifact's extra pip"


def test_bridge_damage_is_told() -> None:
    """Rules: "PUT AN X THROUGH ONE OF YOUR TWO BRIDGE GRIDS"."""
    assert told(BridgeHit(who=P1)) == "alice's Bridge takes damage"


def test_a_lost_system_is_told_publicly_without_naming_it() -> None:
    """A consequence or the pirates take a system: which one is on the sheet."""
    assert told(SystemLost(who=P1)) == "alice loses a system"
    assert told(SystemLost(who=P1, by_pirates=True)) == "alice loses a system in Pirate Space"


def test_paying_the_pirates() -> None:
    """Rules: "PIRATES WILL ATTACK IN AN ATTEMPT TO STEAL FROM YOU"."""
    assert told(PaidPirates(who=P1)) == "alice pays one cargo to cross Pirate Space"


def test_a_jump_and_its_vp() -> None:
    """Rules: "EACH TIME YOU JUMP TO A NEW LOCATION, GAIN 2 VP"."""
    assert told(Jumped(who=P1, to="B")) == "alice jumps to B"
    assert told(Scored(who=P1, vp=2, why="jump", total=5)) == "alice scores 2 VP for jumping (5 VP)"


def test_every_reason_for_vp_is_told() -> None:
    """Rules: "YOU GAIN 2 VP EVERY TIME YOUR SHIP LOSES A LOCATION AS A CONSEQUENCE"."""
    lines = [
        told(Scored(who=P1, vp=vp, why=why, total=9))  # type: ignore[arg-type]
        for vp, why in ((1, "reward"), (2, "Grizzled"), (1, "truck"))
    ]
    assert lines == [
        "alice scores 1 VP (9 VP)",
        "alice scores 2 VP as a Grizzled captain (9 VP)",
        "alice scores 1 VP for a complete truck (9 VP)",
    ]


def test_a_win() -> None:
    """Rules: "THE FIRST PLAYER TO 20 VP WINS"."""
    assert told(Won(who=P1, vp=21)) == "alice reaches 21 VP and wins"


def test_out_is_public_but_its_reason_is_the_truckers() -> None:
    """The table sees a truck leave; why is on its sheet."""
    assert (told(Out(who=P1)), audience(Out(who=P1))) == ("alice is out of the game", None)
    reason = OutReason(who=P1, reason="both Bridge grids damaged")
    assert told(reason) == "alice is out: both Bridge grids damaged"
    assert audience(reason) == frozenset({P1})


def test_a_sale_says_a_smugglers_extra_load() -> None:
    """Rules: "SMUGGLER ... TOTAL YOUR CARGO AS IF YOU HAD ONE EXTRA"."""
    assert told(CargoSold(who=P1, loads=3, counted=3, vp=6)) == "alice sells 3 cargo for 6 VP"
    line = told(CargoSold(who=P1, loads=3, counted=4, vp=9))
    assert line == "alice sells 3 cargo for 9 VP (counted as 4: Smuggler)"


def test_a_challenge_roll_is_public_with_its_dice() -> None:
    """Every die rolled is told to everyone."""
    roll = DiceRolled(who=P1, why="challenge at A", dice=(6, 2))
    assert (told(roll), audience(roll)) == ("alice rolled 6 2 (challenge at A)", None)


# Private: what the code keeps on a trucker's sheet --------------------------------------------


def test_sheet_details_are_the_truckers_own() -> None:
    """Builds, pips, the free choice, written dice, tweaks and destroyed systems: `who` only."""
    events: list[Event] = [
        Built(who=101, system="Engine", shape="O", cells=("C10", "D10")),
        PipDrawn(who=101, cell="C10"),
        FreeChoiceUsed(who=101, die=1, face=4),
        Wrote(who=101, dice=(3, 5), boxes=("top1", "bot2")),
        Tweaked(who=101, effect="reroll", box="top1", old=3, new=1, pip="B4"),
        Destroyed(who=101, system="Cargo", shape="L", cells=("E5",)),
    ]
    assert {audience(e) for e in events} == {frozenset({101})}
    assert [told(e) for e in events] == [
        "bob builds Engine/O on C10, D10",
        "bob draws the new system's pip on C10",
        "bob uses the free choice: die 1 becomes 4",
        "bob writes 3 in top1 and 5 in bot2",
        "bob rerolls top1: 3 -> 1 (pip B4 spent)",
        "bob's Cargo/L on E5 is destroyed",
    ]


# A step, as the game emits it ----------------------------------------------------------------


def test_accepting_a_result_tells_the_location_results() -> None:
    """Rules: "IF YOUR RESULT IS 1-2 YOU GAIN BOTH REWARDS" (Gas Giant: cargo and VP)."""
    state = at_location(truck(), boxes=boxes("2000", "1998"), tasks=("tweak",))
    events = SPEC.apply(state, P1, Accept(), LoadedDice([])).events
    assert public_lines(events)[0] == "alice scores 2 at A (1 to 2, both rewards)"


# Logs stored before the typed events ------------------------------------------------------------


def test_an_old_note_is_told_with_the_sheet_details_cut() -> None:
    """A stored note that named a system and its grids tells the public only that it was built."""
    old = {"kind": "note", "text": "alice: builds Engine/O on C10, D10, C11, D11"}
    assert (told(old), audience(old)) == ("alice: builds a system", None)


def test_old_notes_of_public_facts_are_told_as_stored() -> None:
    """Old public notes (the chart, a result) keep their words."""
    old = {"kind": "note", "text": "bob charts B: Gas Giant"}
    assert told(old) == "bob charts B: Gas Giant"
    assert told({"kind": "note", "text": "alice: jumps to C (pip B4 spent)"}) == "alice: jumps to C"


def test_an_old_reroll_roll_hides_its_box() -> None:
    """An old roll's reason named the rerolled box; the public line does not."""
    old = {"kind": "dice_rolled", "who": P1, "why": "reroll top1", "dice": [4], "sides": 6}
    assert told(old) == "alice rolled 4 (a reroll)"
