"""Benchmarks: `./redline bench` (or `python -m bench`). They report; tests assert."""
