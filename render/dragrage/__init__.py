"""Drag Rage renderer: the public race board (view -> PNG). No private views, so no sheet."""

from __future__ import annotations

from render.dragrage.board import render_dragrage

__all__ = ["render_dragrage"]
