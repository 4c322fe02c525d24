"""Quick dice rulings: dice notation (/roll), contested rolls (/contest), exact odds (/odds)."""

from games.dice.contest import ContestResult, ContestRoll, Reroll, contest, roll_contest
from games.dice.contest_odds import ContestOdds, contest_odds
from games.dice.errors import DiceError
from games.dice.exact import ExactOdds, exact_odds
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
    "ContestOdds",
    "ContestResult",
    "ContestRoll",
    "DiceError",
    "DiceRoll",
    "DiceTerm",
    "DieFace",
    "ExactOdds",
    "OddsMode",
    "OddsTable",
    "Reroll",
    "check_notation",
    "contest",
    "contest_odds",
    "exact_odds",
    "odds_table",
    "p_highest_at_least",
    "p_lowest_at_least",
    "p_sum_at_least",
    "probability",
    "roll_contest",
    "roll_notation",
]
