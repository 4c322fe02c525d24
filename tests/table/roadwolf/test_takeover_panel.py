"""TAKEOVER on the owner's private panel: one button per crew token that may go across, the
Driver included (text: "Your vehicle must give up 1 crew token to become the driver of the
target vehicle. If your DRIVER changes vehicles, your vehicle becomes ABANDONED.")."""

from __future__ import annotations

from games.roadwolf import SPEC
from table.roadwolf.panel import own_view, vehicle_menu
from table.snapshot import Snapshot
from tests.bot.records import started
from tests.games.roadwolf.helpers import P1, P2
from tests.games.roadwolf.test_as_written import _takeover_position

RECORD = started("roadwolf", [(P1, "Ann"), (P2, "Bob")])


def test_the_panel_names_who_goes_across_in_a_takeover() -> None:
    """The Gunner, the Brawler or the Driver: each a button, the Driver's saying what it costs."""
    state, _ = _takeover_position()
    snap = Snapshot(RECORD, SPEC, state)
    actions = list(snap.legal_actions(P1))
    _, (buttons, _) = vehicle_menu(snap, own_view(snap, P1), actions, "A")
    labels = [b.label for b in buttons if "takeover" in b.label]
    assert labels == [
        "A takeover N: the Brawler goes",
        "A takeover N: the Gunner goes",
        "A takeover N: the Driver goes (A is abandoned)",
    ], labels
