"""Every hard limit of the dice features, in one place (the bot quotes them in its help text)."""

from __future__ import annotations

# Dice notation (/roll).
MAX_EXPRESSION_LENGTH = 200
"""Characters in one /roll expression, label included (Discord options allow 6000)."""
MAX_DICE_PER_TERM = 100
"""Dice in one term such as `100d6`."""
MAX_DICE_TOTAL = 200
"""Dice named in the whole expression, summed over its terms, before explosions and rerolls."""
MAX_SIDES = 1000
"""Sides on one die."""
MAX_ROLLS = 500
"""Every die actually rolled, explosions and rerolls included (d20's RollContext budget)."""
MAX_NESTING = 10
"""Depth of parentheses and sets, e.g. `((1d6))` is 2."""

# Contested rolls (/contest).
MIN_CONTEST_DICE = 1
MAX_CONTEST_DICE = 20
MAX_REROLLS = 5

# Exact odds (/odds).
MIN_ODDS_DICE = 1
MAX_ODDS_DICE = 10
MAX_ODDS_COLUMNS = 24
"""Targets (columns) in one odds table: beyond this an image stops being readable on a phone."""

# Exact odds of any expression (/odds expression:).
MAX_ODDS_WORK = 3_000_000
"""Outcome pairs combined while building a distribution (`exact_tree.estimate`'s price):
the worst expression allowed takes about a second on a busy 2-core machine."""
MAX_ODDS_OUTCOMES = 5_000
"""Distinct totals in one distribution."""
MAX_ODDS_POOL = 30
"""Dice in a pool that keeps or drops the highest or lowest."""
EXPLODE_CUTOFF = 1e-6
"""Explosions are followed until the chance of going deeper is below this."""
MAX_EXPLODE_DEPTH = 20
"""Deeper than this (a die that explodes on half its faces or more) is refused."""
