"""Rush 'n' Crush renderers: the public race board and a planned move's preview (view -> PNG)."""

from __future__ import annotations

from render.rushncrush.board import render_rushncrush
from render.rushncrush.preview import render_rnc_preview

__all__ = ["render_rnc_preview", "render_rushncrush"]
