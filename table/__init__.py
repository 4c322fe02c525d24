"""The table: what happens at a game and what each person is shown, as plain data.

The core of Redline. It imports no chat platform: the bot (`bot/`) carries what it decides.
"""
