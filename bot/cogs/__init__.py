"""Thin adapters: parse options, call the service, present the result."""
