"""The story benchmark: its quick mode plays a whole game, and its counting on hand-made
records (the budgets themselves are the bench's output, not checked here)."""

from __future__ import annotations

import math

import pytest

from bench.figures import Section
from bench.story import play
from bench.story_count import Post, Roll, Step, count_pings, dice_shown, section, turns_of

PERSON, BOT, OTHER = 1, 2, 3
ONE = frozenset({PERSON})
TWO = frozenset({BOT})


def _value(found: Section, name: str) -> float:
    return next(f.value for f in found.figures if f.name == name)


def _alternating() -> list[Step]:
    """The person moves (seq 1), the bot twice (2, 3), the person (4), the bot ends (5)."""
    return [
        Step(1, PERSON, ONE, TWO, ("moved",), True),
        Step(2, BOT, TWO, TWO, ("moved",), True),
        Step(3, BOT, TWO, ONE, ("moved",), True),
        Step(4, PERSON, ONE, TWO, ("moved",), True),
        Step(5, BOT, TWO, frozenset(), ("won",), True),
    ]


async def test_the_quick_mode_plays_a_whole_game_and_reports_every_figure() -> None:
    """Drag Rage with the host and one bot, to its end, gives every figure."""
    found = await play("dragrage", 2)
    assert not [n for n in found.notes if n.startswith("FAILED")], found.notes
    assert _value(found, "moves with public effects told in words") > 0
    assert len(found.figures) == 17, found.render()


async def test_the_host_plays_on_when_the_bots_pause_after_a_press(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bots that pause their chain after the host's press (no board names anyone) play on."""
    monkeypatch.setattr("table.schedule.MAX_CHAIN", 1)
    found = await play("spacetruckin", 2)
    assert not [n for n in found.notes if n.startswith("FAILED")], found.notes


async def test_the_host_acts_in_road_wolf_at_a_table_of_three() -> None:
    """Road Wolf with two bots: the host presses in their own turns (their own side)."""
    found = await play("roadwolf", 3)
    assert not [n for n in found.notes if n.startswith("FAILED")], found.notes
    assert not math.isnan(_value(found, "private posts per person-turn, max")), found.render()


def test_a_player_turn_is_a_run_of_steps_by_one_actor() -> None:
    """Two bot steps in a row are one turn; the last turn is marked last."""
    turns = turns_of(_alternating())
    assert [(t.actor, t.seqs) for t in turns] == [
        (PERSON, (1,)),
        (BOT, (2, 3)),
        (PERSON, (4,)),
        (BOT, (5,)),
    ]
    assert [t.last for t in turns] == [False, False, False, True]


def test_a_turn_where_several_may_act_is_simultaneous_and_may_post_once_more() -> None:
    """A step everyone answers at once allows one extra post; the end allows two more."""
    both = frozenset({PERSON, BOT})
    turns = turns_of([Step(1, PERSON, ONE, both), Step(2, BOT, both, frozenset())])
    assert turns[0].simultaneous and turns[0].allowance == 2
    assert turns[1].allowance == 4


def test_public_posts_are_counted_per_player_turn() -> None:
    """Three posts in the bot's two-step turn put that turn over its allowance of one."""
    posts = [Post(1), Post(2), Post(2), Post(3), Post(4), Post(5), Post(3, new=False)]
    found = section("t", _alternating(), posts, PERSON)
    assert _value(found, "public posts per player-turn, max") == 3
    assert _value(found, "public posts per player-turn, median") == 1
    assert _value(found, "player-turns over their allowance") == 1
    assert _value(found, "public edits per player-turn, median") == 0


def test_the_ping_at_a_handover_is_the_budgeted_one() -> None:
    """The board that passes play to the person pings them once: one handover, one ping."""
    posts = [Post(0, pinged=(PERSON,)), Post(3, pinged=(PERSON,))]
    pings = count_pings(_alternating(), posts, PERSON)
    assert pings.per_handover == [1, 1]
    assert (pings.own_step, pings.repeated, pings.stray) == (0, 0, 0)


def test_a_handover_without_a_ping_counts_zero() -> None:
    """A handover whose boards never ping the person shows 0 for it."""
    pings = count_pings(_alternating(), [Post(0, pinged=(PERSON,)), Post(3)], PERSON)
    assert pings.per_handover == [1, 0]


def test_a_ping_for_the_movers_own_next_step_is_counted_apart() -> None:
    """The person moves and may move again: a ping then is for their own next step."""
    steps = [Step(1, PERSON, ONE, ONE), Step(2, PERSON, ONE, TWO)]
    pings = count_pings(steps, [Post(0, pinged=(PERSON,)), Post(1, pinged=(PERSON,))], PERSON)
    assert pings.per_handover == [1] and pings.own_step == 1


def test_pings_of_one_asked_already_or_not_to_act_are_extra() -> None:
    """A second ping while the person is already asked, and one when they need not act."""
    both = frozenset({PERSON, BOT})
    steps = [Step(1, BOT, TWO, both), Step(2, BOT, both, both), Step(3, PERSON, both, TWO)]
    posts = [Post(1, pinged=(PERSON,)), Post(2, pinged=(PERSON,)), Post(3, pinged=(PERSON,))]
    pings = count_pings(steps, posts, PERSON)
    assert pings.per_handover == [1]
    assert (pings.repeated, pings.stray) == (1, 1)


def test_a_handover_to_a_move_the_table_made_for_the_person_needs_no_ping() -> None:
    """The person's only move (seq 4, forced) is played for them: no handover there, no miss."""
    steps = _alternating()
    steps[3] = Step(4, PERSON, ONE, TWO, ("moved",), True, forced=True)
    pings = count_pings(steps, [Post(0, pinged=(PERSON,)), Post(3)], PERSON)
    assert pings.per_handover == [1]


def test_after_a_move_made_for_the_person_their_next_choice_is_the_handover() -> None:
    """A forced move that leaves the person a real choice hands over there: its ping counts."""
    steps = [
        Step(1, BOT, TWO, ONE),
        Step(2, PERSON, ONE, ONE, forced=True),
        Step(3, PERSON, ONE, TWO),
    ]
    pings = count_pings(steps, [Post(2, pinged=(PERSON,))], PERSON)
    assert pings.per_handover == [1] and pings.own_step == 0


def test_edits_and_private_messages_never_ping() -> None:
    """Only new public posts can be pings."""
    posts = [Post(3, new=False, pinged=(PERSON,)), Post(3, private_to=PERSON, pinged=(PERSON,))]
    assert count_pings(_alternating(), posts, PERSON).per_handover == [0, 0]


def test_private_posts_count_per_turn_of_the_person_without_sheet_requests() -> None:
    """Two private posts in one of the person's turns, a third asked for: max 2."""
    posts = [
        Post(1, private_to=PERSON),
        Post(1, private_to=PERSON),
        Post(1, private_to=PERSON, asked=True),
        Post(4, private_to=PERSON, new=False),
        Post(2, private_to=OTHER),
    ]
    found = section("t", _alternating(), posts, PERSON)
    assert _value(found, "private posts per person-turn, max") == 2
    assert _value(found, "private posts per person-turn, median") == 1


def test_a_move_with_public_effects_and_no_line_is_not_told() -> None:
    """One of two moves with public effects says nothing: half are told."""
    steps = [Step(1, PERSON, ONE, TWO, ("moved",), True), Step(2, BOT, TWO, ONE, (), True)]
    found = section("t", steps, [], PERSON)
    assert _value(found, "moves with public effects told in words") == 0.5


def test_a_roll_is_shown_when_its_dice_are_in_a_public_post_of_its_turn() -> None:
    """The faces in a public post of the roll's turn count; private or earlier posts do not."""
    roll = Roll(1, (6, 2), "host rolled 6 2 (advance)")
    steps = [Step(1, PERSON, ONE, TWO, (roll.line,), True, (roll,))]
    shown = [Post(1, text="• 🎲 **host** rolls: 6, 2")]
    hidden = [Post(1, private_to=PERSON, text=roll.line), Post(0, text=roll.line)]
    figure = "public rolls with their dice in the channel"
    assert _value(section("t", steps, shown, PERSON), figure) == 1
    assert _value(section("t", steps, hidden, PERSON), figure) == 0


def test_a_roll_told_without_dice_words_is_shown_by_its_own_line() -> None:
    """Drag Rage's coin flip ("shows 2", no word of dice) is shown when its line is posted."""
    roll = Roll(1, (2,), "The coin flip for heat 2 shows 2 (1 = host starts, 2 = bot starts)")
    steps = [Step(1, PERSON, ONE, TWO, (roll.line,), True, (roll,))]
    posts = [Post(1, text=f"**Drag Rage** · move 1\n• #1 host: passes; {roll.line}; Heat 2")]
    found = section("t", steps, posts, PERSON)
    assert _value(found, "public rolls with their dice in the channel") == 1


def test_dice_are_found_one_after_another_on_a_line_about_dice() -> None:
    """ "3 + 6 + 2 = 11" shows 3 6 2; a board's "move 1 · round 1" never shows a roll of 1 1."""
    assert dice_shown((3, 6, 2), "• 🎲 3 + 6 + 2 = 11 (host needs 8+)")
    assert not dice_shown((1, 1), "**Race** · move 1 · round 1\n• host rolls 4")
    assert not dice_shown((5,), "host drives 5 spaces")


def test_a_roll_whose_line_lacks_a_die_is_counted() -> None:
    """Faces 6 6 told as "rolled 6": the roll's dice are not all in its line."""
    roll = Roll(1, (6, 6), "host rolled 6 (advance)")
    steps = [Step(1, PERSON, ONE, TWO, (roll.line,), True, (roll,))]
    found = section("t", steps, [], PERSON)
    assert _value(found, "public rolls with every die in their line") == 0


def test_a_game_without_public_rolls_has_no_verdict_on_dice() -> None:
    """No public roll at all: the dice figures are information, not a miss."""
    found = section("t", _alternating(), [], PERSON)
    verdicts = {f.name: f.verdict for f in found.figures}
    assert verdicts["public rolls with every die in their line"] == "info"
    assert verdicts["public rolls with their dice in the channel"] == "info"
