"""`python -m bench.image`: the Docker image's size and layers, and what a rebuild costs.

Needs a Docker engine (and the base image, or a local stand-in tagged as it: see
docs/deploy.md, "Building without a registry"). Builds a copy of the committed tree (`git
ls-files`) with BuildKit, three times:
- first: with whatever the engine has cached (a cold build when nothing is);
- after a source-only change (a comment appended to bot/commands/help.py): only Redline's layer is
  rebuilt; the seconds and the bytes of the layers that changed are what a deploy ships;
- with only a new REVISION label: no layer at all is rebuilt.

    python -m bench.image [--docker docker] [--base python:3.11-slim-bookworm] [-- build args]

Not part of `python -m bench` (it needs an engine, and its first build downloads packages).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1_000_000


def copy_tree(into: Path) -> None:
    """The committed files (as a build from a fresh clone sees them)."""
    files = subprocess.run(
        ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True
    ).stdout.split(b"\0")
    archive = into / "tree.tar"
    with tarfile.open(archive, "w") as tar:
        for name in filter(None, files):
            path = ROOT / name.decode()
            if path.exists():
                tar.add(path, arcname=name.decode())
    with tarfile.open(archive) as tar:
        tar.extractall(into / "tree", filter="data")
    archive.unlink()


def build(docker: str, context: Path, args: list[str]) -> float:
    """Seconds one `docker build` took (BuildKit)."""
    t0 = time.perf_counter()
    subprocess.run(
        [docker, "build", "-q", "-t", "redline:bench", *args, str(context)],
        env={**os.environ, "DOCKER_BUILDKIT": "1"},
        check=True,
        capture_output=True,
    )
    return time.perf_counter() - t0


LAYER_STEPS = ("RUN", "COPY", "ADD", "WORKDIR")
"""Steps that make a layer even when it is empty (the others only change the image's config)."""


def _output(docker: str, *args: str) -> str:
    done = subprocess.run([docker, *args], capture_output=True, check=True, text=True)
    return done.stdout


def layers(docker: str) -> list[tuple[str, int]]:
    """(created by, bytes) of every layer, bottom up (as the image's RootFS lists them)."""
    found = []
    out = _output(docker, "history", "--no-trunc", "--format", "{{json .}}", "redline:bench")
    for line in reversed(out.splitlines()):
        entry = json.loads(line)
        size = _bytes(entry["Size"])
        step = entry["CreatedBy"].removeprefix("/bin/sh -c #(nop) ").strip()
        if size or step.startswith(LAYER_STEPS):
            found.append((step[:60], size))
    return found


def _inspect(docker: str, field: str) -> str:
    return _output(docker, "image", "inspect", "--format", field, "redline:bench")


def layer_ids(docker: str) -> list[str]:
    return list(json.loads(_inspect(docker, "{{json .RootFS.Layers}}")))


def image_size(docker: str) -> int:
    return int(_inspect(docker, "{{.Size}}"))


def _bytes(text: str) -> int:
    units = {"B": 1, "kB": 1000, "KB": 1000, "MB": MB, "GB": 1000 * MB}
    for unit in sorted(units, key=len, reverse=True):
        if text.endswith(unit):
            return int(float(text[: -len(unit)]) * units[unit])
    return int(float(text or 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--docker", default="docker")
    parser.add_argument("--base", help="build arg BASE (e.g. a local stand-in's tag)")
    parser.add_argument("build_args", nargs="*", help="more `docker build` arguments")
    args = parser.parse_args()
    extra = [*(["--build-arg", f"BASE={args.base}"] if args.base else []), *args.build_args]
    with tempfile.TemporaryDirectory(prefix="redline-image-") as tmp:
        copy_tree(Path(tmp))
        context = Path(tmp) / "tree"
        first = build(args.docker, context, extra)
        before = layer_ids(args.docker)
        size = image_size(args.docker)
        print(f"first build {first:.1f} s; image {size / MB:.0f} MB in {len(before)} layers:")
        for created_by, layer_size in layers(args.docker):
            print(f"  {layer_size / MB:8.1f} MB  {created_by}")
        with (context / "bot" / "commands" / "help.py").open("a") as source:
            source.write(f"# a source-only change ({time.time_ns()})\n")
        again = build(args.docker, context, extra)
        after = layer_ids(args.docker)
        sizes = [size for _, size in layers(args.docker)]
        new = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        shipped = (
            f"{sum(sizes[i] for i in new) / MB:.1f} MB to ship"
            if len(sizes) == len(after)
            else "sizes unknown"
        )
        print(
            f"after a source-only change: {again:.1f} s, {len(new)} of {len(after)} layers new "
            f"({shipped})"
        )
        labelled = build(args.docker, context, [*extra, "--build-arg", "REVISION=bench"])
        relabelled = sum(a != b for a, b in zip(after, layer_ids(args.docker), strict=True))
        print(f"with only a new REVISION label: {labelled:.1f} s, {relabelled} layers new")


if __name__ == "__main__":
    main()
