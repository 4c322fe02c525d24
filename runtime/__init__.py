"""The process around the bot: settings, logs, health, metrics, backups, drawing off the loop."""
