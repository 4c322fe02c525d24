"""Player-facing rules summary with "Playing here" and every ruling (`/game rules`)."""

from __future__ import annotations

from typing import Final

RULES_TEXT: Final = "Road Wolf (draft)"
