"""Apocalypse Road's own buttons and typed commands, asked of the table directly (a Host over a
real SQLite file, no Discord): what each answers, as plain data, and what it refuses."""

from __future__ import annotations

import itertools
import re
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from types import SimpleNamespace

import pytest

from games.apocalypseroad import policy
from games.apocalypseroad.choices import MoveResult, planned
from games.apocalypseroad.data import RACE_CARDS
from games.apocalypseroad.model import ArState, PlayCard
from games.engine import IllegalAction, Player
from games.registry import GAMES
from render.apocalypseroad import render_apocalypseroad, render_apocalypseroad_preview
from storage import Repository
from table.answers import Answer, Message, Press
from table.apocalypseroad import TABLE, choose, typed
from table.apocalypseroad.choose import choice_options
from table.apocalypseroad.ids import ArId, own_view
from table.host import Host
from table.service import GameService, NotSeated, Snapshot, StaleBoard

ANN = Player(id=101, name="Ann")
BOB = Player(id=102, name="Bob")
EVE = 103  # not seated
CHANNEL = 7


@pytest.fixture
async def host(tmp_path: Path) -> AsyncIterator[Host]:
    repo = await Repository.open(tmp_path / "race.sqlite3")
    seeds = itertools.count(5)
    yield Host(GameService(repo, GAMES, seed_source=lambda: next(seeds)), {"apocalypseroad": TABLE})
    await repo.close()


async def race(host: Host) -> Snapshot:
    """A two-team race without the car pick: the first player to act plays a card."""
    service = host.service
    await service.new_session(guild_id=1, channel_id=CHANNEL, game_key="apocalypseroad", host=ANN)
    await service.join(CHANNEL, BOB)
    await service.set_option(CHANNEL, ANN.id, "pick_cars", "false")
    return await service.start(CHANNEL, ANN.id)


def press(user: int, custom_id: str, *values: str) -> Press:
    return Press(user, f"user {user}", CHANNEL, 1, custom_id, values)


def ar_ids(message: Message) -> list[str]:
    ids = [b.custom_id for b in message.buttons] + [s.custom_id for s in message.selects]
    return [i for i in ids if i.startswith("ar:")]


def one_of(message: Message, verb: str) -> str:
    """The first `ar:` button or menu of `verb` on the message."""
    return next(i for i in ar_ids(message) if getattr(ArId.decode(i), "verb", "") == verb)


async def test_the_whole_track_is_a_private_picture_of_the_public_view(host: Host) -> None:
    """The board's "Whole track" answers privately with the whole track drawn from the public
    view (anyone may press it)."""
    snap = await race(host)
    board = host.board(snap)
    answer = await host.press(press(EVE, one_of(board, "trk")))
    (shown,) = answer.private
    picture = shown.picture
    assert picture is not None and picture.draw is render_apocalypseroad
    assert picture.viewer is None and picture.kwargs == {"whole_track": True}
    assert "whole track" in shown.content and answer.public is None


async def test_a_card_picked_in_a_cars_menu_shows_its_moves_on_the_track(host: Host) -> None:
    """Issue 26: a card picked in a car's menu plays nothing yet: the answer is the track
    around that car (a preview from the player's own view) and the move menu."""
    snap = await race(host)
    actor = min(snap.active_players)
    hand = host.sheet(snap, actor)
    menu = next(m for m in hand.selects if "ar:pl:" in m.custom_id)
    plain = next(value for _, value, _ in menu.options if value.endswith(".-"))
    answer = await host.press(press(actor, menu.custom_id, plain))
    assert isinstance(answer.pressed, Message) and answer.saved is None
    picture = answer.pressed.picture
    assert picture is not None and picture.draw is render_apocalypseroad_preview
    assert picture.viewer == actor
    assert [m for m in answer.pressed.selects if "ar:go:" in m.custom_id]


async def _move_menu(
    host: Host, picking: Callable[[], object] = lambda: None
) -> tuple[Snapshot, int, Message]:
    """The move menu of the actor's first plain card (`picking` is called once the hand is
    drawn, before the card is picked)."""
    snap = await race(host)
    actor = min(snap.active_players)
    menu = next(m for m in host.sheet(snap, actor).selects if "ar:pl:" in m.custom_id)
    plain = next(value for _, value, _ in menu.options if value.endswith(".-"))
    picking()
    answer = await host.press(press(actor, menu.custom_id, plain))
    assert isinstance(answer.pressed, Message)
    return snap, actor, answer.pressed


async def test_one_pick_in_the_move_menu_plays_the_card_and_the_move(host: Host) -> None:
    """The move menu's first (best) result plays the card and the move in one press."""
    snap, actor, choosing = await _move_menu(host)
    (menu,) = [m for m in choosing.selects if "ar:go:" in m.custom_id]
    answer = await host.press(press(actor, menu.custom_id, menu.options[0][1]))
    assert answer.saved is not None and answer.saved.version == snap.version + 1
    state = answer.saved.state
    assert isinstance(state, ArState) and state.last is not None and state.last.paths


async def test_move_options_fit_whole_ranked_with_the_movers_car_first(host: Host) -> None:
    """Issue 26: every result's label and description fit Discord's 100 characters without a
    word cut ("…C1 →"), lanes counted from 1, each label naming the moving car first."""
    choosing = (await _move_menu(host))[2]
    (menu,) = [m for m in choosing.selects if "ar:go:" in m.custom_id]
    mover = menu.placeholder.split(":")[0].removeprefix("Move ")
    for label, _, description in menu.options:
        assert len(label) <= 100 and len(description) <= 100
        assert "…" not in label + description and "lane 0" not in label + description
        assert label.startswith(f"{mover} to "), label


def _searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the rules' searches for a move's results that the move menus ask for."""
    searched: list[int] = []
    search = policy.move_results

    def counted(state: ArState, max_nodes: int = 1500) -> list[MoveResult]:
        searched.append(max_nodes)
        return search(state, max_nodes)

    monkeypatch.setattr(policy, "move_results", counted)
    return searched


async def test_a_cars_results_are_searched_once_while_its_menus_are_pressed(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: a card picked, "◀ Back" and the same card again search the card's results
    once: the listing is kept for that position."""
    _, actor, choosing = await _move_menu(host)
    searched = _searches(monkeypatch)
    back = next(b.custom_id for b in choosing.buttons if b.label.startswith("◀"))
    hand = (await host.press(press(actor, back))).pressed
    assert isinstance(hand, Message)
    menu = next(m for m in hand.selects if "ar:pl:" in m.custom_id)
    plain = next(value for _, value, _ in menu.options if value.endswith(".-"))
    again = (await host.press(press(actor, menu.custom_id, plain))).pressed
    assert isinstance(again, Message)
    assert [m.options for m in again.selects] == [m.options for m in choosing.selects]
    assert searched == []


async def test_a_move_menu_works_out_the_reach_only_of_the_results_it_reads(
    host: Host, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: the cars in reach after a result are worked out for the best results until
    the menu is full, not for every result the rules found."""
    found: list[int] = []
    reached: list[str] = []
    search, reach = policy.move_results, policy.targets_after

    def searched(state: ArState, max_nodes: int = 1500) -> list[MoveResult]:
        results = search(state, max_nodes)
        found.append(len(results))
        return results

    def reached_after(state: ArState, result: MoveResult) -> tuple[int, ...]:
        reached.append(result.path)
        return reach(state, result)

    monkeypatch.setattr(policy, "move_results", searched)
    monkeypatch.setattr(policy, "targets_after", reached_after)
    # the hand's ⚡ suggestion is the bot's own search (`suggest.py`): counted from the pick
    choosing = (await _move_menu(host, lambda: (found.clear(), reached.clear())))[2]
    (menu,) = [m for m in choosing.selects if "ar:go:" in m.custom_id]
    assert len(menu.options) == choose.MENU_OPTIONS
    assert found and 0 < len(reached) < found[0], (len(reached), found)


async def test_after_a_move_the_next_press_lists_the_new_position(host: Host) -> None:
    """Issue 31: a move's results kept for one position are never listed for the next one:
    after a move the next card picked lists what the rules find now."""
    _, actor, choosing = await _move_menu(host)
    (menu,) = [m for m in choosing.selects if "ar:go:" in m.custom_id]
    played = await host.press(press(actor, menu.custom_id, menu.options[0][1]))
    after = played.saved
    assert after is not None and isinstance(after.state, ArState)
    nxt = min(after.active_players)
    cars = next(m for m in host.sheet(after, nxt).selects if "ar:pl:" in m.custom_id)
    plain = next(value for _, value, _ in cars.options if value.endswith(".-"))
    shown = (await host.press(press(nxt, cars.custom_id, plain))).pressed
    assert isinstance(shown, Message)
    card, lead, _ = choose.parse_play(plain)
    car = int(cars.custom_id.rsplit(":", 1)[1])
    plan = planned(after.state, nxt, card, car, lead)
    fresh = choose.choice_options(
        own_view(after, nxt),
        policy.move_choices(plan, policy.LISTED_NODES),
        aims=True,
        after_event=RACE_CARDS[card].starburst,
    )
    (results,) = [m for m in shown.selects if "ar:go:" in m.custom_id]
    assert list(results.options) == fresh


async def test_a_shot_before_moving_is_told_with_its_card_and_hit_or_miss(host: Host) -> None:
    """Issue 26: "Fire at D3 first" answers with the combat card against the defense and hit
    or miss, on the hand that now asks for the move."""
    snap = await race(host)
    for actor in sorted(snap.active_players):
        menus = [m for m in host.sheet(snap, actor).selects if "ar:pl:" in m.custom_id]
        shots = [(m, o) for m in menus for o in m.options if "🔫" in o[0]]
        if shots:
            break
    menu, (_, value, _) = shots[0]
    answer = await host.press(press(actor, menu.custom_id, value))
    assert isinstance(answer.pressed, Message)
    assert re.search(r"🎲 \w+ fires its .+: combat card \d.* vs defense \d: \*\*(hit|miss)\*\*",
                     answer.pressed.content), answer.pressed.content  # fmt: skip


async def test_a_hand_button_refuses_a_stranger_and_goes_stale_when_the_hand_changed(
    host: Host,
) -> None:
    """Someone not playing may not press a hand's buttons; a hand drawn before a move of its
    owner is out of date (privately, with the current hand)."""
    snap = await race(host)
    actor = min(snap.active_players)
    hand = host.sheet(snap, actor)
    menu = hand.selects[0]
    assert "ar:pl:" in menu.custom_id
    with pytest.raises(NotSeated):
        await host.press(press(EVE, menu.custom_id, menu.options[0][1]))
    card = next(a for a in snap.legal_actions(actor) if isinstance(a, PlayCard))
    await host.play(actor, CHANNEL, card)
    with pytest.raises(StaleBoard) as stale:
        await host.press(press(actor, menu.custom_id, menu.options[0][1]))
    assert stale.value.private


async def test_typed_cards_and_cars_are_refused_in_words(host: Host) -> None:
    """`/apocalypseroad play` with a place beyond the hand, or a target that is no car, says
    what would be right; `move` out of turn is refused."""
    snap = await race(host)
    actor = min(snap.active_players)
    other = ({ANN.id, BOB.id} - {actor}).pop()
    with pytest.raises(IllegalAction, match="your hand has 6 cards: pick 1 to 6"):
        typed.hand_card(own_view(snap, actor), 7)
    with pytest.raises(IllegalAction, match="is not a car"):
        await typed.play_card(host, actor, CHANNEL, 1, 1, fire_first="Q9")
    with pytest.raises(IllegalAction, match="not your move"):
        await typed.move(host, other, CHANNEL, "F")


async def test_typed_hand_and_track_answer_privately(host: Host) -> None:
    """`/apocalypseroad hand` is the user's own hand; `track` the whole track."""
    snap = await race(host)
    assert isinstance(snap.state, ArState)
    hand: Answer = await typed.hand(host, ANN.id, CHANNEL)
    (mine,) = hand.private
    assert mine.picture is not None and mine.picture.viewer == ANN.id
    (track,) = (await typed.track(host, CHANNEL)).private
    assert track.picture is not None and track.picture.viewer is None


def test_results_that_read_the_same_are_offered_once() -> None:
    """Two ends a player cannot tell apart in words (label and description) are one option:
    the better-ranked one."""

    def result(path: str) -> MoveResult:
        return MoveResult(path=path, mover=1, end=(27, 2), moved=((1, (27, 2)),), crossings=())

    view = SimpleNamespace(cars=(SimpleNamespace(id=1, label="I8"),))
    choices = [SimpleNamespace(result=result(p), targets=()) for p in ("FFL", "FLF", "LFF")]
    options = choice_options(view, choices, aims=False, after_event=False)  # type: ignore[arg-type]
    assert [value for _, value, _ in options] == ["FFL|-"]
