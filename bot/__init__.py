"""Redline's Discord adapter: client, cogs, buttons, presenters and the game service."""
