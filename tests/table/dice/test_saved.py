"""Saved rolls as the table decides them: whose they are, where, and how many."""

from __future__ import annotations

import pytest

from games.dice import DiceError
from table.dice import saved
from table.dice.saved import MAX_SAVED_PER_MEMBER, Member
from table.host import Host
from table.service import ServiceError

GUILD = 10
ALICE, BOB = Member(1, GUILD), Member(2, GUILD)
MOD = Member(3, GUILD, can_manage=True)


async def _save(
    host: Host, name: str, expression: str = "1d20", *, by: Member = ALICE, server: bool = False
) -> str:
    """A member saves a roll: what they are told."""
    answer = await saved.save(host.service, by, name, expression, server=server)
    return answer.private[0].content


async def test_a_saved_roll_is_used_by_name_and_offered_while_typing(host: Host) -> None:
    """Names are folded (case, spaces); using one rolls it publicly, naming it."""
    assert "`attack`" in await _save(host, "  Attack ", "1d20+7 to hit")
    assert await saved.names(host.service, ALICE, "AT") == [("attack: 1d20+7 to hit", "attack")]
    used = await saved.use(host.service, ALICE, "attack")
    assert used.public is not None and "saved roll `attack`" in used.public.content
    with pytest.raises(ServiceError, match="saved: attack"):
        await saved.use(host.service, ALICE, "init")


async def test_saved_rolls_are_per_member_and_per_server(host: Host) -> None:
    """Bob does not get Alice's; outside servers is a scope of its own."""
    await _save(host, "mine")
    assert await saved.names(host.service, BOB, "") == []
    assert await saved.names(host.service, Member(ALICE.user_id, None), "") == []


async def test_a_server_wide_roll_needs_manage_server_in_a_server(host: Host) -> None:
    """Refused without the permission or outside a server; offered to everyone once saved."""
    with pytest.raises(ServiceError, match="Manage Server"):
        await _save(host, "init", server=True)
    with pytest.raises(ServiceError, match="Manage Server"):
        await _save(host, "init", by=Member(MOD.user_id, None, can_manage=True), server=True)
    assert "for everyone here" in await _save(host, "init", by=MOD, server=True)
    assert [value for _, value in await saved.names(host.service, BOB, "")] == ["init"]


async def test_bad_notation_and_too_many_rolls_are_refused(host: Host) -> None:
    """A roll that cannot be rolled is never saved; a member keeps a bounded number."""
    with pytest.raises(DiceError):
        await _save(host, "bad", "2d")
    for n in range(MAX_SAVED_PER_MEMBER):
        await _save(host, f"r{n}")
    with pytest.raises(ServiceError, match="forget"):
        await _save(host, "one more")


async def test_forget_says_whether_there_was_one(host: Host) -> None:
    """Forgetting a saved roll deletes it; forgetting it again says there was none."""
    await _save(host, "gone")
    for said in ("Forgot `gone`", "There was no saved roll `gone`"):
        answer = await saved.forget(host.service, ALICE, "gone", server=False)
        assert said in answer.private[0].content
