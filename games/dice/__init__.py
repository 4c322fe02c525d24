"""Quick dice rulings: dice notation (/roll), contested rolls (/contest), exact odds (/odds)."""

from games.dice.contest import ContestResult, ContestRoll, Reroll, contest, roll_contest
from games.dice.errors import DiceError
from games.dice.notation import DiceRoll, DiceTerm, DieFace, check_notation, roll_notation
from games.dice.odds import (
    OddsMode,
    OddsTable,
    odds_table,
    p_highest_at_least,
    p_lowest_at_least,
    p_sum_at_least,
    probability,
)

__all__ = [
    "ContestResult",
    "ContestRoll",
    "DiceError",
    "DiceRoll",
    "DiceTerm",
    "DieFace",
    "OddsMode",
    "OddsTable",
    "Reroll",
    "check_notation",
    "contest",
    "odds_table",
    "p_highest_at_least",
    "p_lowest_at_least",
    "p_sum_at_least",
    "probability",
    "roll_contest",
    "roll_notation",
]
