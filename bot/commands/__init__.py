"""The slash commands: one module per command group, named after the group."""
