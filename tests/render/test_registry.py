"""render.registry is the one list of game renderers; importing `render` registers nothing."""

from __future__ import annotations

import subprocess
import sys

from games.registry import GAMES
from render.registry import RENDERERS


def test_importing_render_loads_no_game_package() -> None:
    """`import render` is a docstring: game packages load only when the registry is imported."""
    code = "import render, sys; print(sorted(m for m in sys.modules if m.startswith('render.')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_registry_names_each_games_board_and_sheet() -> None:
    """Each entry has a public board renderer; exactly the games with private views have a
    private sheet."""
    private = {key for key, spec in GAMES.items() if spec.has_private_views}
    assert {key for key, r in RENDERERS.items() if r.sheet is not None} == private
