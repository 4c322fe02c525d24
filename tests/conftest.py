"""Checks every test gets, whichever fixture or helper owns its fake Discord."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fakediscord import deprecated_completions_in_process

pytest_plugins = ["pytester"]  # tests/test_deferral_check.py runs the check on small tests

PROVOKES = "provokes_deprecated_completions"
_tally = {"tests": 0, "failed": 0, "completions": 0, "leaks": 0}


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        f"{PROVOKES}: the test makes a fake Discord see a deferral completed by its first "
        "followup on purpose (the fake's own detection); the autouse check lets it pass",
    )


@pytest.fixture(autouse=True)
def _deferrals_completed_by_editing_original(request: pytest.FixtureRequest) -> Iterator[None]:
    """Fail a test during which any fake Discord saw a "thinking" defer completed by its first
    followup: deprecated, and a leak when it asked for ephemeral after a public defer (Discord
    shows it to everyone). Autouse and outermost, so it sees what fixtures did at teardown."""
    start = len(deprecated_completions_in_process())
    yield
    _tally["tests"] += 1
    found = deprecated_completions_in_process()[start:]
    if not found or request.node.get_closest_marker(PROVOKES):
        return
    leaks = sum(c.leaked for c in found)
    _tally["failed"] += 1
    _tally["completions"] += len(found)
    _tally["leaks"] += leaks
    pytest.fail(
        f"the fake Discord recorded {len(found)} deprecated first-followup completion(s), "
        f"{leaks} of them ephemeral leak(s):\n" + "\n".join(str(c) for c in found),
        pytrace=False,
    )


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line to quote: what the fake Discords recorded across the run (both must be 0)."""
    if _tally["tests"]:
        terminalreporter.write_line(
            f"fake Discord: {_tally['leaks']} ephemeral leak(s) and {_tally['completions']} "
            f"deprecated first-followup completion(s) in {_tally['failed']} of "
            f"{_tally['tests']} test(s) (tests marked {PROVOKES} not counted)"
        )
