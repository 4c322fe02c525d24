"""Every game the bot can run, by key. Add a game by adding its SPEC to `_load`."""

from __future__ import annotations

from typing import Any

from games.engine import GameSpec

AnySpec = GameSpec[Any, Any, Any, Any]


def _load() -> dict[str, AnySpec]:
    from games.apocalypseroad import SPEC as APOCALYPSE_ROAD
    from games.dragrage import SPEC as DRAG_RAGE
    from games.roadwolf import SPEC as ROAD_WOLF
    from games.rushncrush import SPEC as RUSH_N_CRUSH
    from games.spacetruckin import SPEC as SPACE_TRUCKIN

    specs: tuple[AnySpec, ...] = (
        DRAG_RAGE,
        SPACE_TRUCKIN,
        RUSH_N_CRUSH,
        APOCALYPSE_ROAD,
        ROAD_WOLF,
    )
    return {spec.key: spec for spec in specs}


GAMES: dict[str, AnySpec] = _load()


def get_game(key: str) -> AnySpec:
    """The game registered under `key`; KeyError names the known keys."""
    try:
        return GAMES[key]
    except KeyError:
        raise KeyError(f"unknown game {key!r}; known games: {', '.join(sorted(GAMES))}") from None
