"""The custom_id codec: a button names its game (a tag of its seed commitment) beside its
number, boards drawn before tags still decode, and no session button is drawn without one."""

from __future__ import annotations

import base64
import re

import pytest

from games.engine import Player, Rng
from games.spacetruckin import SPEC
from table.apocalypseroad.ids import ArId
from table.host import action_of
from table.ids import ACTION_DIGEST, GAME_TAG_LEN, RULES, ButtonId, UntaggedButton
from table.messages import action_id, offered_action
from table.roadwolf.ids import RwId
from table.rushncrush.ids import RncId
from table.snapshot import NotSeated, Snapshot, StaleBoard, game_tag
from table.spacetruckin.ids import StId
from table.verify import commitment
from tests.bot.records import started

CODECS = (ButtonId, StId, RncId, RwId, ArId)


@pytest.mark.parametrize("codec", CODECS, ids=lambda c: c.PREFIX)
def test_a_button_names_its_game_and_decodes_to_itself(codec: type[ButtonId]) -> None:
    """Number, game tag, version and view tag survive the round trip in every namespace."""
    bid = codec("pv", 12, 34, "A1", "0123abcd", "k3xq")
    text = bid.encode()
    assert text.startswith(f"{codec.PREFIX}:pv:12.k3xq:34~0123abcd:")
    assert codec.decode(text) == bid


def test_a_board_drawn_before_game_tags_still_decodes() -> None:
    """The previous version's ids (no game tag) decode, with an empty tag."""
    bid = ButtonId.decode('rl:a:12:34:{"kind":"advance","counter":3}')
    assert bid is not None and bid.session_id == 12 and bid.game == ""


@pytest.mark.parametrize("bad", ["rl:a:12.K3XQ:3:", "rl:a:12.k3x:3:", "rl:a:12.k3xq9:3:"])
def test_a_damaged_game_tag_does_not_decode(bad: str) -> None:
    """A tag of other characters or another length is a damaged id, refused in words."""
    assert ButtonId.decode(bad) is None


def test_no_session_button_is_drawn_without_its_game() -> None:
    """Drawing a button for a session without the game's tag is a bug, caught at once; the
    rules menu (no session) needs none."""
    with pytest.raises(UntaggedButton):
        ButtonId("a", 12, 34, "{}").encode()
    assert ButtonId(RULES, 0, 0).encode() == "rl:rules:0:0:"


def test_the_game_tag_is_the_start_of_the_seed_commitment() -> None:
    """Four base-32 characters: the first 20 bits of the commitment shown on the first board."""
    seed = 8_123_456_789_012_345_678
    tag = game_tag(seed)
    assert re.fullmatch(rf"[a-z2-7]{{{GAME_TAG_LEN}}}", tag)
    bits = base64.b32decode(tag.upper() + "A" * 4)[:2]
    assert bits.hex() == commitment(seed)[:4]
    assert game_tag(str(seed)) == tag, "the seed as stored gives the same tag"


def test_seeds_give_different_tags() -> None:
    """Games are told apart: a thousand seeds, (almost) a thousand tags."""
    assert len({game_tag(seed) for seed in range(1000)}) >= 999


def test_an_offered_action_too_long_to_spell_out_is_named_by_its_digest() -> None:
    """A game numbered in the billions: every action of a Space Truckin' sheet still gets a
    button of at most 100 characters; one too long to spell out names its action by a digest,
    which resolves to that action among the player's legal ones."""
    seats = tuple(Player(id=700 + i, name=f"P{i}") for i in range(2))
    state = SPEC.setup(seats, SPEC.options_model(), Rng(1))
    assert SPEC.policy is not None
    for step in range(1, 5):  # into the shipyard, where the choices are longer
        mover = min(SPEC.active_players(state))
        state = SPEC.apply(state, mover, SPEC.policy(state, mover, Rng(step)), Rng(step)).state
    huge = started("spacetruckin", [(p.id, p.name) for p in seats]).model_copy(
        update={"id": 10**17, "version": 10**17}
    )
    snap = Snapshot(huge, SPEC, state).for_viewer(700)
    digests = 0
    for action in snap.legal_actions(700):
        bid = ButtonId.decode(action_id(snap, action))
        assert bid is not None and bid.game == snap.game_tag
        if bid.verb == ACTION_DIGEST:
            digests += 1
            assert offered_action(snap, 700, bid.payload) == action
    assert digests, "some actions are too long to spell out beside such numbers"


def test_a_digest_no_longer_offered_is_stale_and_a_strangers_press_is_refused() -> None:
    """A digest button is played only as one of the presser's legal actions: once none has
    that digest the board has moved on, and someone without a seat is told so."""
    seats = tuple(Player(id=700 + i, name=f"P{i}") for i in range(2))
    snap = Snapshot(
        started("spacetruckin", [(p.id, p.name) for p in seats]),
        SPEC,
        SPEC.setup(seats, SPEC.options_model(), Rng(1)),
    )
    offered = ButtonId(ACTION_DIGEST, 1, 2, "0" * 8, game=snap.game_tag)
    with pytest.raises(StaleBoard):
        action_of(snap, 700, offered)
    with pytest.raises(NotSeated):
        action_of(snap, 999, offered)
