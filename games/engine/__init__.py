"""The engine contract: models, errors, RNG and the GameSpec every game registers."""

from games.engine.errors import GameError, GameOver, IllegalAction, InvalidAction, NotYourTurn
from games.engine.model import (
    DiceRolled,
    Event,
    Model,
    NoOptions,
    Note,
    Outcome,
    Player,
    PlayerId,
)
from games.engine.narration import default_narration, dice_words, everyone, raw_event
from games.engine.rng import LoadedDice, Rng, derive_seed
from games.engine.spec import GameSpec, Step, replay

__all__ = [
    "DiceRolled",
    "Event",
    "GameError",
    "GameOver",
    "GameSpec",
    "IllegalAction",
    "InvalidAction",
    "LoadedDice",
    "Model",
    "NoOptions",
    "NotYourTurn",
    "Note",
    "Outcome",
    "Player",
    "PlayerId",
    "Rng",
    "Step",
    "default_narration",
    "derive_seed",
    "dice_words",
    "everyone",
    "raw_event",
    "replay",
]
