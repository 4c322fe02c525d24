"""Secret rolls keep until revealed (even across a reopen), once; saved rolls are bounded."""

from __future__ import annotations

from pathlib import Path

from storage import Repository

ROLLER, GM, OTHER, GUILD, CHANNEL = 1, 2, 3, 10, 20


async def _secret(repo: Repository) -> int:
    row = await repo.add_secret_roll(
        guild_id=GUILD,
        channel_id=CHANNEL,
        roller_id=ROLLER,
        viewer_id=GM,
        expression="1d20+5",
        seed="ab" * 32,
        commitment="cd" * 32,
    )
    return row.id


async def test_a_secret_roll_survives_a_reopen_unrevealed(target: str | Path) -> None:
    """A secret roll made before a restart is still there, seed and all, and still hidden."""
    async with await Repository.open(target) as before:
        roll_id = await _secret(before)
    async with await Repository.open(target) as again:
        await _check_hidden(again, roll_id)


async def _check_hidden(again: Repository, roll_id: int) -> None:
    row = await again.get_secret_roll(roll_id)
    assert row is not None and not row.is_revealed
    assert (row.seed, row.commitment, row.viewer_id) == ("ab" * 32, "cd" * 32, GM)
    assert [r.id for r in await again.hidden_secret_rolls(GM)] == [roll_id]


async def test_a_secret_roll_is_revealed_by_one_call(repo: Repository) -> None:
    """Two reveals: the first one reveals (and announces), the second finds it done."""
    roll_id = await _secret(repo)
    first, revealed_here = await repo.reveal_secret_roll(roll_id)
    second, again = await repo.reveal_secret_roll(roll_id)
    assert revealed_here and not again
    assert first is not None and first.is_revealed and second == first
    assert await repo.hidden_secret_rolls(ROLLER) == []


async def test_saved_rolls_are_bounded_per_owner(repo: Repository) -> None:
    """A full owner can replace a roll but not add one; owners and servers do not mix."""
    for n in range(3):
        assert await repo.save_roll(
            scope_id=GUILD, owner_id=ROLLER, name=f"r{n}", expression="1d6", limit=3
        )
    assert not await repo.save_roll(
        scope_id=GUILD, owner_id=ROLLER, name="r3", expression="1d6", limit=3
    )
    assert await repo.save_roll(
        scope_id=GUILD, owner_id=ROLLER, name="r1", expression="2d6", limit=3
    )
    assert await repo.save_roll(scope_id=GUILD, owner_id=0, name="init", expression="1d20", limit=3)
    rows = await repo.saved_rolls(scope_id=GUILD, owner_ids=(ROLLER, 0))
    assert [(r.name, r.expression) for r in rows] == [
        ("init", "1d20"),
        ("r0", "1d6"),
        ("r1", "2d6"),
        ("r2", "1d6"),
    ]
    assert await repo.saved_rolls(scope_id=GUILD, owner_ids=(OTHER,)) == []
    assert await repo.forget_roll(scope_id=GUILD, owner_id=ROLLER, name="r0")
    assert not await repo.forget_roll(scope_id=GUILD, owner_id=ROLLER, name="r0")
