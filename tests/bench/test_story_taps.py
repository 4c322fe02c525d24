"""The story benchmark's taps: each tap on the step it makes, each game's units read from its
log, the figures against the budgets; and the person's aim (on hand-made offers)."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from bench.figures import Section
from bench.story_aim import aim, new_aim, pressing
from bench.story_count import Step
from bench.story_taps import UNITS, Tap, TapGame, section, taps_per_step, units_of

PERSON, BOT = 1, 2
NOBODY = frozenset[int]()


def _step(seq: int, actor: int = PERSON, **action: Any) -> Step:
    return Step(seq, actor, NOBODY, NOBODY, action=action)


def _units(key: str, steps: list[Step]) -> list[tuple[str, list[int]]]:
    return [(u.name, u.seqs) for u in units_of(steps, PERSON, UNITS[key])]


def _value(found: Section, name: str) -> float:
    return next(f.value for f in found.figures if f.name == name)


def test_a_tap_belongs_to_the_persons_next_step() -> None:
    """Taps made after seq 0 and after the bot's seq 2 count for the person's steps 1 and 3."""
    steps = [_step(1), _step(2, BOT), _step(3)]
    taps = [Tap(0), Tap(0, "select"), Tap(1), Tap(2)]
    assert taps_per_step(steps, taps, PERSON) == {1: 2, 3: 2}


def test_setup_commands_and_taps_after_the_last_move_belong_to_no_step() -> None:
    """The host's slash commands before the game and a press after their last move: step 0."""
    steps = [_step(1), _step(2, BOT)]
    taps = [Tap(-1, "slash"), Tap(-1, "slash"), Tap(0), Tap(1)]
    assert taps_per_step(steps, taps, PERSON) == {0: 3, 1: 1}


def test_a_person_turn_is_a_unit_in_turn_games() -> None:
    """Drag Rage: the person's two steps in a row are one unit; the bot's step ends it."""
    steps = [_step(1, kind="advance"), _step(2, kind="advance"), _step(3, BOT), _step(4)]
    assert _units("dragrage", steps) == [("turn", [1, 2]), ("turn", [4])]


def test_road_wolf_free_steps_go_with_their_action_and_done_closes_it() -> None:
    """A Nitro before a move joins it, a Gunner's free shot after it too, DONE closes it."""
    steps = [
        _step(1, kind="nitro", vehicle="A"),
        _step(2, kind="move", vehicle="A", dx=0, dy=2),
        _step(3, kind="shoot", vehicle="A", target="Z", weapon="gun", gunner=True),
        _step(4, kind="shoot", vehicle="A", target="Z", weapon="gun", gunner=False),
        _step(5, kind="done", vehicle="A"),
    ]
    assert _units("roadwolf", steps) == [("action", [1, 2, 3]), ("action", [4, 5])]


def test_road_wolf_building_and_an_activation_without_action_are_no_unit() -> None:
    """Buying, tokens and a vehicle that is only told DONE count no action."""
    steps = [
        _step(1, kind="buy", vehicle_class="buggy"),
        _step(2, kind="token", vehicle="A", token="gunner"),
        _step(3, kind="crew_order", vehicle="A", tokens=[]),
        _step(4, kind="done", vehicle="A"),
    ]
    assert _units("roadwolf", steps) == []


def test_an_apocalypse_road_activation_runs_from_the_card_to_the_fire() -> None:
    """Play, move, an event and fire are one activation; discarding is none."""
    steps = [
        _step(1, kind="play", card=3, car=1),
        _step(2, kind="move", path="F F"),
        _step(3, kind="event", choice="in"),
        _step(4, kind="fire", target=None),
        _step(5, BOT, kind="play"),
        _step(6, kind="discard", cards=[]),
        _step(7, kind="play", card=4, car=2),
        _step(8, kind="move", path="F"),
    ]
    assert _units("apocalypseroad", steps) == [
        ("activation", [1, 2, 3, 4]),
        ("activation", [7, 8]),
    ]


def test_space_truckin_units_span_the_other_players_steps() -> None:
    """A system placed is build, place and mark, a location its challenge to the jump, even
    while others act at once."""
    steps = [
        _step(1, kind="build", system="Engine", shape="O"),
        _step(2, BOT, kind="build"),
        _step(3, kind="place", anchor="A1", rotation=0, flip=False),
        _step(4, kind="mark", cell="A1"),
        _step(5, kind="stop"),
        _step(6, kind="fill", first="top1", second="bot1"),
        _step(7, BOT, kind="fill"),
        _step(8, kind="accept"),
        _step(9, kind="jump", pip="B2"),
        _step(10, kind="fill", first="top2", second="bot2"),
    ]
    assert _units("spacetruckin", steps) == [
        ("system placed", [1, 3, 4]),
        ("location", [6, 8, 9]),
        ("location", [10]),
    ]


def test_a_space_truckin_build_at_is_a_system_placed() -> None:
    """BuildAt places a whole system in one move: a unit, with the free choice of die before it."""
    at = {"system": "Engine", "shape": "O", "anchor": "A1", "rotation": 0, "flip": False}
    steps = [
        _step(1, kind="build_at", pip="A1", **at),
        _step(2, BOT, kind="build_at"),
        _step(3, kind="free_choice", die=1, face=6),
        _step(4, kind="build_at", pip="C1", **at),
        _step(5, kind="stop"),
    ]
    assert _units("spacetruckin", steps) == [("system placed", [1]), ("system placed", [3, 4])]


def test_every_move_of_a_space_truckin_challenge_belongs_to_its_location() -> None:
    """A tweak and a reward's mark after the fill, a hit and the jump make one location."""
    steps = [
        _step(1, kind="fill", first="top1", second="bot1"),
        _step(2, kind="tweak", box="top1", effect="flip", pip="B2"),
        _step(3, kind="mark", cell="C3"),
        _step(4, kind="hit", piece=None),
        _step(5, kind="jump", pip="B3"),
    ]
    assert _units("spacetruckin", steps) == [("location", [1, 2, 3, 4, 5])]


def test_a_space_truckin_move_that_says_the_jump_ahead_ends_its_location() -> None:
    """The last dice written with the result accepted and the jump said: the location ends."""
    steps = [
        _step(1, kind="fill", first="top1", second="bot1"),
        _step(2, kind="fill", first="top2", second="bot2", accept=True, jump="B3"),
        _step(3, kind="fill", first="top1", second="bot1"),
        _step(4, kind="accept", jump="B3"),
    ]
    assert _units("spacetruckin", steps) == [("location", [1, 2]), ("location", [3, 4])]


def test_taps_per_unit_are_held_to_the_budget_with_the_figure_before_beside() -> None:
    """Units of 1, 1 and 3 taps: median 1 passes Rush 'n' Crush's 3, p90 3 too; before shown."""
    steps = [_step(1), _step(2, BOT), _step(3), _step(4, BOT), _step(5), _step(6, BOT)]
    taps = [Tap(0), Tap(2), Tap(4), Tap(4), Tap(4), Tap(-1, "slash")]
    found = section("t", "rushncrush", [TapGame(steps, taps, PERSON)], {"turn": (5, 9)})
    assert _value(found, "taps per turn, median") == 1
    assert _value(found, "taps per turn, p90") == 3
    assert {f.verdict for f in found.figures if f.target} == {"PASS"}
    assert "before (issue 26 start, full run): median 5, p90 9" in found.render()
    assert _value(found, "taps in no unit") == 1


def test_taps_are_pooled_over_several_games() -> None:
    """Units of three games (another person in some) make one median: 1, 2 and 6 give 2."""
    one = TapGame([_step(1)], [Tap(0)], PERSON)
    two = TapGame([_step(1, BOT)], [Tap(0)] * 2, BOT)
    three = TapGame([_step(1, BOT)], [Tap(0)] * 6, BOT)
    found = section("t", "dragrage", [one, two, three])
    assert _value(found, "taps per turn, median") == 2
    assert "3 of them" in found.render()


def test_a_game_over_its_budget_misses() -> None:
    """Four taps for a Drag Rage turn miss its budget of one."""
    found = section("t", "dragrage", [TapGame([_step(1)], [Tap(0)] * 4, PERSON)])
    assert _value(found, "taps per turn, median") == 4
    assert "MISS" in found.render()


@dataclass(frozen=True)
class Offer:
    """A control as the person sees it (`bench.story_aim.Pressable`)."""

    custom_id: str
    label: str
    private: bool = False
    values: tuple[str, ...] | None = None


WANT = '{"kind":"brake","vehicle":"A"}'


def _act(payload: str, label: str, private: bool = False) -> Offer:
    return Offer(f"rl:a:1.abcd:5:{payload}", label, private)


def _aim(offers: list[Offer], pressed: set[str] | None = None, want: str | None = WANT) -> str:
    return aim(random.Random(1), offers, {}, pressed or set(), want).label


def test_the_person_presses_the_move_they_want_where_a_control_makes_it() -> None:
    """Of a board's moves, the bot's one is pressed, on the board even while a flow is open."""
    offers = [
        _act('{"kind":"done","vehicle":"A"}', "done"),
        _act(WANT, "brake now"),
        Offer("g:x:1:2:A", "Something…", private=True),
    ]
    assert {_aim(offers) for _ in range(5)} == {"brake now"}


def test_the_person_neither_looks_nor_goes_back() -> None:
    """Show board, the whole track, Back and Cancel are skipped while anything else is offered."""
    offers = [
        Offer("rl:board:1:2:", "Show board", private=True),
        Offer("g:w:1:2:", "🗺 Whole track", private=True),
        Offer("g:b:1:2:", "◀ Back", private=True),
        Offer("g:c:1:2:", "✖ Cancel", private=True),
        Offer("g:n:1:2:A", "Next", private=True),
    ]
    assert _aim(offers) == "Next"


def test_the_person_stays_in_their_private_flow() -> None:
    """While a private message offers a way on, the board's openers are not pressed again."""
    offers = [Offer("g:open:1:2:", "🚗 My panel"), Offer("g:step:1:2:F", "F", private=True)]
    assert {_aim(offers) for _ in range(5)} == {"F"}


def test_the_person_opens_what_names_the_move_they_want() -> None:
    """To brake, "Brake…" is opened rather than "Crew order…" or another move."""
    offers = [
        Offer("g:crew:1:2:A", "🧍 Crew order…", private=True),
        Offer("g:mv:1:2:A.b", "⬇ Brake…", private=True),
        _act('{"kind":"done","vehicle":"A"}', "A done", private=True),
    ]
    assert _aim(offers) == "⬇ Brake…"


def test_the_person_presses_no_control_twice_nor_a_kind_again_before_a_move() -> None:
    """After a placement menu, its confirm rather than a preview of the same kind again."""
    preview = Offer("g:pv:1:2:A1.0", "A1 r0", private=True)
    confirm = Offer("g:ok:1:2:A1.0", "✅ Place", private=True)
    other = Offer("g:pv:1:2:B1.0", "B1 r0", private=True)
    pressed = {"g:pv", f"{preview.custom_id}={preview.values}"}
    assert _aim([preview, other, confirm], pressed, want=None) == "✅ Place"


def test_the_person_picks_the_menu_option_that_names_what_they_want() -> None:
    """To place at G6, the option "G6 r1" of a menu whose placeholder names A1 for every option."""
    menu = "Top-left grid A1 … H4"
    offers = [
        Offer("g:at:1:2:", f"{menu}: {cell}", private=True, values=(f"{cell}.1",))
        for cell in ("A1", "D6", "G6")
    ]
    want = '{"anchor":"G6","flip":false,"kind":"place","rotation":1}'
    assert _aim(offers, want=want) == f"{menu}: G6"


MOVE_FORWARD_4 = '{"dx":0,"dy":4,"kind":"move","vehicle":"A1"}'


def test_the_person_takes_the_listed_move_rather_than_a_builder_naming_only_its_kind() -> None:
    """To go forward 4, the listed "⏩ F4" is pressed, not the builder "⬆ Move…"."""
    offers = [
        Offer("g:mv:1:2:A1.m", "⬆ Move…", private=True),
        Offer("g:pv:1:2:A1.m.0.4", "⏩ F4", private=True),
    ]
    assert {_aim(offers, want=MOVE_FORWARD_4) for _ in range(5)} == {"⏩ F4"}


def test_the_person_reads_a_named_thing_whole_not_its_digits() -> None:
    """The vehicle A1 does not make "⏩ L1F3" read as the move forward 4 ("⏩ F4")."""
    offers = [
        Offer("g:pv:1:2:A1.m.-1.3", "⏩ L1F3", private=True),
        Offer("g:pv:1:2:A1.m.0.4", "⏩ F4", private=True),
    ]
    assert {_aim(offers, want=MOVE_FORWARD_4) for _ in range(5)} == {"⏩ F4"}


def test_the_person_starts_afresh_after_the_move_they_wanted_even_if_wanted_again() -> None:
    """Having gone forward 4, the person may press a preview again to go forward 4 once more."""
    assert new_aim(MOVE_FORWARD_4, MOVE_FORWARD_4, made=[MOVE_FORWARD_4])


def test_a_free_move_on_the_way_keeps_the_persons_aim() -> None:
    """A crew order made on the way to a move leaves what was pressed for that move pressed."""
    crew = '{"kind":"crew","order":[],"vehicle":"A1"}'
    assert not new_aim(MOVE_FORWARD_4, MOVE_FORWARD_4, made=[crew])


def test_after_a_preview_of_the_move_they_want_the_person_drives_it_not_a_lesser_one() -> None:
    """Having previewed "👁 M F F" on the board, "✅ Drive it" rather than a preview "👁 F F"."""
    want = '{"kind":"move","path":"M F F"}'
    shown = Offer("g:v:1:2:MFF", "👁 M F F")
    offers = [Offer("g:w:1:2:FF", "👁 F F", private=True), Offer("g:d:1:2:MFF", "✅ Drive it", True)]
    pressed = set(pressing(shown))
    assert {_aim(offers, pressed, want=want) for _ in range(5)} == {"✅ Drive it"}


def test_the_person_takes_the_way_the_table_names_to_the_move_they_want() -> None:
    """A game's own controls that lead to the wanted move (`toward`) are pressed before any
    other, the one that makes it first: the pip of the system, not the spot again."""
    spots = [Offer("st:sp:1.abcd:5~0123abcd:m0", f"Spots: {s}", True, (s,)) for s in "ABC"]
    pip = Offer("st:yd:1.abcd:5~0123abcd:B.1.P", "✅ Pip on P", True)
    toward = ("st:yd=B.1.P", "st:sp=B")
    assert {aim(random.Random(n), spots, {}, set(), WANT, toward).values for n in range(5)} == {
        ("B",)
    }
    assert aim(random.Random(1), [*spots, pip], {}, set(), WANT, toward) == pip
