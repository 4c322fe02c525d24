"""Dice rulings anywhere (not a game: no sessions): what `/roll`, `/contest`, `/odds` and
`/dice` decide and show, as answers; the secret rolls' buttons (`VERBS`), which the host
answers as extra verbs (`table.host.Host`)."""

from __future__ import annotations

from table.dice.secret import VERBS

__all__ = ["VERBS"]
