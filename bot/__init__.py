"""Redline in Discord: the client, its commands, the persistent component, the reply funnel and
the outbox. It carries what the table (`table/`) decides."""
