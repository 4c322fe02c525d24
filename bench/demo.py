"""`./redline demo`: no token needed. Boots the real bot against the local fake Discord, plays a
scripted Drag Rage race by buttons and slash commands, and writes the transcript and every
image to a folder (default `out/demo`).
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import tempfile
import time
from pathlib import Path

from bench.driver import active_user_id, boot, live_buttons, shut_down
from fakediscord import FakeDiscord, FakeMessage


class Transcript:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.lines: list[str] = ["# Redline demo: a Drag Rage race on a local fake Discord", ""]
        self.images = 0
        self.names: dict[int, str] = {}

    def message(self, who: str, action: str, message: FakeMessage) -> None:
        self.lines.append(f"**{who}** {action}")
        self.lines.append("")
        scope = " (only they see this)" if message.ephemeral else ""
        self.lines.append(f"> Redline{scope}:")
        content = message.content
        for user_id, name in self.names.items():
            content = content.replace(f"<@{user_id}>", f"@{name}")
        self.lines.extend(f"> {line}" for line in content.splitlines())
        for name, data in message.files:
            self.images += 1
            path = self.folder / f"{self.images:03d}-{name}"
            path.write_bytes(data)
            self.lines.append(f"> ![{name}]({path.name})")
        labels = [label for label, _ in live_buttons(message)]
        if labels:
            self.lines.append(f"> buttons: {' | '.join(labels)}")
        self.lines.append("")

    def save(self) -> Path:
        path = self.folder / "transcript.md"
        path.write_text("\n".join(self.lines), encoding="utf-8")
        return path


async def play(folder: Path, seed: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.glob("*.png"):
        old.unlink()
    transcript = Transcript(folder)
    rnd = random.Random(seed)
    async with FakeDiscord() as fake:
        guild = fake.add_guild("Demo Speedway")
        channel = fake.add_channel(guild, "drag-strip")
        alice = fake.add_member(guild, "Alice")
        bob = fake.add_member(guild, "Bob")
        users = {alice.id: alice, bob.id: bob}
        transcript.names = {u.id: u.name for u in users.values()}
        with tempfile.TemporaryDirectory() as data:
            app = await boot(fake, Path(data), seed_source=itertools.count(seed).__next__)
            try:
                r = await fake.slash(alice, channel, "game new", game="dragrage", where="here")
                transcript.message("Alice", "`/game new game:Drag Rage`", r.message)
                r = await fake.slash(bob, channel, "game join")
                transcript.message("Bob", "`/game join`", r.message)
                r = await fake.slash(alice, channel, "game start")
                await r.wait_followups(1)
                transcript.message("Alice", "`/game start`", r.messages[-1])
                r = await fake.slash(bob, channel, "roll", expression="2d6 for luck")
                await r.wait_followups(1)
                transcript.message("Bob", "`/roll expression:2d6 for luck`", r.messages[-1])
                board = r.messages[-1]
                for _ in range(300):
                    board = [
                        m
                        for m in fake.channel_messages(channel)
                        if m.files and m.files[0][0].startswith("dragrage")
                    ][-1]
                    if "won the game!" in board.content:
                        break
                    player = users[active_user_id(board)]
                    label, custom_id = rnd.choice(live_buttons(board))
                    r = await fake.click(player, board, custom_id)
                    await r.wait_followups(1)
                    transcript.message(player.name, f"presses **{label}**", r.messages[-1])
                fake.assert_clean()
            finally:
                await shut_down(app)
    return transcript.save()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=Path("out/demo"), help="output folder")
    parser.add_argument("--seed", type=int, default=2026, help="seed for the race and choices")
    args = parser.parse_args()
    t0 = time.perf_counter()
    path = asyncio.run(play(args.out, args.seed))
    images = len(list(args.out.glob("*.png")))
    print(f"wrote {path} and {images} images in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
