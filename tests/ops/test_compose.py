"""The Compose files as the Compose an admin has reads them: docker-compose 1.x (Debian 12's
1.29) and Compose v2 (`docker compose`), whichever are installed (`config` needs no engine).
.ci/run installs docker-compose, so CI always runs the 1.x half; v2 runs where it is present."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.ops.conftest import ROOT

FILES = ("compose.yaml", "compose.sharded.yaml", "compose.build-ca.yaml")
SHARDED = "compose.sharded.yaml"


def _v2() -> list[str] | None:
    docker = shutil.which("docker")
    if docker is None:
        return None
    probe = subprocess.run([docker, "compose", "version"], capture_output=True, timeout=60)
    return [docker, "compose"] if probe.returncode == 0 else None


def _v1() -> list[str] | None:
    found = shutil.which("docker-compose")
    return [found] if found else None


def _clean_environment() -> dict[str, str]:
    """This process's environment without REDLINE_* and COMPOSE_* (HOME stays: Compose v2 is a
    plugin found through it)."""
    return {k: v for k, v in os.environ.items() if not k.startswith(("REDLINE_", "COMPOSE_"))}


V1 = "docker-compose 1.x"
TOOLS = {V1: _v1(), "docker compose v2": _v2()}


@pytest.fixture(params=list(TOOLS))
def compose(request: pytest.FixtureRequest, tmp_path: Path) -> Compose:
    command = TOOLS[request.param]
    if command is None and request.param == V1 and os.environ.get("CI"):
        pytest.fail(f"CI must check the Compose files with {V1} (.ci/run installs it)")
    if command is None:
        pytest.skip(f"{request.param} is not installed")
    for name in FILES:
        shutil.copy2(ROOT / name, tmp_path / name)
    (tmp_path / ".env").write_text("REDLINE_TOKEN=not-a-real-token\n")
    return Compose(command, tmp_path)


class Compose:
    """One Compose binary run in a copy of the files."""

    def __init__(self, command: list[str], folder: Path) -> None:
        self.command = command
        self.folder = folder

    def __call__(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [*self.command, *args],
            cwd=self.folder,
            env={**_clean_environment(), **env},
            capture_output=True,
            text=True,
            timeout=120,
        )

    def services(self, *args: str, **env: str) -> set[str]:
        out = self(*args, "config", "--services", **env)
        assert out.returncode == 0, out.stderr
        return set(out.stdout.split())


def test_the_default_file_runs_one_bot_on_sqlite(compose: Compose) -> None:
    """`docker compose up` starts the single `redline` service, nothing sharded."""
    assert compose.services() == {"redline"}


def test_the_sharded_file_runs_postgres_and_two_shards_not_the_single_bot(
    compose: Compose,
) -> None:
    """Three bots never run on one token: the sharded setup does not include `redline`."""
    assert compose.services("-f", SHARDED, REDLINE_PG_PASSWORD="s3cret") == {
        "postgres",
        "redline-shard-0",
        "redline-shard-1",
    }


def test_the_sharded_file_is_refused_without_a_password(compose: Compose) -> None:
    """No REDLINE_PG_PASSWORD: an error naming it, never a placeholder as the real password."""
    out = compose("-f", SHARDED, "config")
    assert out.returncode != 0
    assert "REDLINE_PG_PASSWORD" in out.stderr
    assert "in .env" in out.stderr


def test_the_password_reaches_postgres_and_both_shards(compose: Compose) -> None:
    """The one password from .env is the server's and is in each bot's database URL."""
    out = compose("-f", SHARDED, "config", REDLINE_PG_PASSWORD="s3cret-pw")
    assert out.returncode == 0, out.stderr
    assert out.stdout.count("postgresql://redline:s3cret-pw@postgres:5432/redline") == 2
    assert "POSTGRES_PASSWORD: s3cret-pw" in out.stdout


def test_the_default_file_needs_no_database_password(compose: Compose) -> None:
    """The SQLite setup works without REDLINE_PG_PASSWORD (the check lives in the other file)."""
    assert compose("config", "-q").returncode == 0


def test_the_ca_override_hands_the_certificate_to_the_build(compose: Compose) -> None:
    """compose.build-ca.yaml adds the Dockerfile's `ca` secret (Compose v2; 1.x cannot)."""
    if compose.command[-1] != "compose":
        pytest.skip("docker-compose 1.x has no build secrets (deploy.md: Building behind a proxy)")
    ca = compose.folder / "corp.crt"
    ca.write_text("-----BEGIN CERTIFICATE-----\n")
    out = compose(
        "config",
        COMPOSE_FILE="compose.yaml:compose.build-ca.yaml",
        REDLINE_BUILD_CA=str(ca),
    )
    assert out.returncode == 0, out.stderr
    assert "source: ca" in out.stdout
    assert f"file: {ca}" in out.stdout
