"""The autouse check in tests/conftest.py: a deferral completed by its first followup fails
the test that caused it, unless the test is marked as provoking it on purpose."""

from __future__ import annotations

from pathlib import Path

import pytest

CONFTEST = Path(__file__).with_name("conftest.py")

# Deferrals completed the deprecated way, recorded as the fake records them (no bot needed).
PROVOKED = """
import pytest
from fakediscord import DeprecatedCompletion, FakeDiscord

def complete_by_followup(*, leaked):
    completion = DeprecatedCompletion("/refuse by alice", "followup", 1, leaked=leaked)
    FakeDiscord().store.record_deprecated(completion)

def test_leaks():
    complete_by_followup(leaked=True)

def test_completes_by_followup():
    complete_by_followup(leaked=False)

@pytest.mark.provokes_deprecated_completions
def test_on_purpose():
    complete_by_followup(leaked=True)

def test_clean():
    FakeDiscord()
"""


@pytest.mark.provokes_deprecated_completions  # the inner tests run in this process
def test_a_deprecated_completion_fails_the_test_that_caused_it(pytester: pytest.Pytester) -> None:
    """A leak and a plain deprecated completion each fail their own test (at teardown); a
    marked test and a clean one pass; the summary line counts what the failing tests saw."""
    pytester.makeconftest(CONFTEST.read_text())
    pytester.makepyfile(test_provoked=PROVOKED)
    result = pytester.runpytest_inprocess("-p", "no:cacheprovider")
    result.assert_outcomes(passed=4, errors=2)
    result.stdout.fnmatch_lines(
        [
            "*ERROR at teardown of test_leaks*",
            "*1 deprecated first-followup completion(s), 1 of them ephemeral leak(s)*",
            "*ERROR at teardown of test_completes_by_followup*",
            "*1 deprecated first-followup completion(s), 0 of them ephemeral leak(s)*",
            "fake Discord: 1 ephemeral leak(s) and 2 deprecated first-followup completion(s)"
            " in 2 of 4 test(s)*",
        ]
    )
