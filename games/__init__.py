"""Pure game rules. Nothing here imports discord, PIL, sqlite or asyncio (a test enforces it)."""
