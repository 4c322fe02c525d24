"""The Dockerfile, .dockerignore and compose.yaml, checked as text (no Docker engine here)."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = (ROOT / "Dockerfile").read_text(encoding="utf-8")
IGNORE = (ROOT / ".dockerignore").read_text(encoding="utf-8")
COMPOSE = (ROOT / "compose.yaml").read_text(encoding="utf-8")
DEPLOY = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")


def instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) with continuation lines joined and comments dropped."""
    out: list[tuple[str, str]] = []
    pending = ""
    for raw in DOCKERFILE.splitlines():
        line = raw.strip()
        if not pending and (not line or line.startswith("#")):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        line = pending + line
        pending = ""
        word, _, rest = line.partition(" ")
        out.append((word.upper(), rest.strip()))
    return out


def stages() -> list[list[tuple[str, str]]]:
    found: list[list[tuple[str, str]]] = []
    for instr in instructions():
        if instr[0] == "FROM":
            found.append([])
        if found:
            found[-1].append(instr)
    return found


def test_base_image_is_pinned_by_digest_and_the_update_is_documented() -> None:
    (base,) = [rest for word, rest in instructions() if word == "ARG" and rest.startswith("BASE=")]
    assert re.fullmatch(r"BASE=python:3\.1[1-3]-slim-\w+@sha256:[0-9a-f]{64}", base), base
    assert all(rest.startswith("${BASE}") for word, rest in instructions() if word == "FROM")
    assert "docker buildx imagetools inspect" in DOCKERFILE
    assert "docker buildx imagetools inspect" in DEPLOY


def test_dependencies_are_installed_hash_checked_before_the_source_is_copied() -> None:
    build = stages()[0]
    copies = [i for i, (w, rest) in enumerate(build) if w == "COPY"]
    install = next(
        i for i, (w, rest) in enumerate(build) if w == "RUN" and "--require-hashes" in rest
    )
    lock_copy = next(i for i in copies if "requirements.lock" in build[i][1])
    source = [i for i in copies if re.search(r"\b(bot|games|render|storage)\b", build[i][1])]
    assert lock_copy < install < min(source)
    assert "--require-hashes --no-deps -r requirements.lock" in build[install][1]


def test_every_package_the_bot_imports_is_copied() -> None:
    copied = {m.group(1) for m in re.finditer(r"^COPY (\w+) \./\1$", DOCKERFILE, re.M)}
    assert copied >= {"bot", "games", "render", "storage"}
    for name in copied:
        assert (ROOT / name).is_dir()


def test_package_index_and_ca_bundle_can_be_passed() -> None:
    build = stages()[0]
    args = {rest.split("=")[0] for w, rest in build if w == "ARG"}
    assert {"PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL", "PIP_TRUSTED_HOST"} <= args
    assert re.search(r"--mount=type=secret,id=ca\b", DOCKERFILE)
    assert "PIP_CERT=/run/secrets/ca" in DOCKERFILE


def test_runtime_is_non_root_stops_on_sigterm_and_runs_in_exec_form() -> None:
    final = stages()[-1]
    words = {w: rest for w, rest in final}
    user = words["USER"].split(":")[0]
    assert user not in ("root", "0")
    assert words["STOPSIGNAL"] == "SIGTERM"
    assert json.loads(words["ENTRYPOINT"]) == ["python", "-m", "bot"]
    assert json.loads(words["CMD"]) == ["run"]
    health = words["HEALTHCHECK"]
    assert json.loads(health[health.index("CMD") + 3 :].strip()) == [
        "python",
        "-m",
        "bot.health",
    ]
    assert 'VOLUME ["/data"]' in DOCKERFILE
    assert f"chown -R {user}:{user}" in DEPLOY


def test_oci_labels() -> None:
    labels = " ".join(rest for w, rest in stages()[-1] if w == "LABEL")
    for key in ("title", "description", "version", "revision", "created"):
        assert f"org.opencontainers.image.{key}=" in labels


def test_dockerignore_keeps_secrets_data_and_environments_out() -> None:
    entries = {line.strip() for line in IGNORE.splitlines() if line.strip()}
    assert {".env", ".env.*", "data", ".venv", ".git", "tests", "**/*.sqlite3"} <= entries
    for needed in ("bot", "games", "render", "storage", "requirements.lock", "README.md"):
        assert needed not in entries


def test_compose_has_the_volume_health_check_and_a_stop_grace() -> None:
    assert re.search(r"^\s+- redline-data:/data\b", COMPOSE, re.M)
    assert re.search(r'test: \["CMD", "python", "-m", "bot.health"\]', COMPOSE)
    grace = re.search(r"stop_grace_period: (\d+)s", COMPOSE)
    assert grace and int(grace.group(1)) >= 15
    assert "init: true" in COMPOSE
    assert re.search(r"^\s+- \.env\b", COMPOSE, re.M)
    assert "max-size" in COMPOSE
    code = "\n".join(line.split("#", 1)[0] for line in COMPOSE.splitlines())
    assert "REDLINE_TOKEN" not in code  # the token comes from .env, never from this file


def test_deploy_doc_covers_what_an_admin_meets() -> None:
    for words in (
        "unable to open database file",
        "## Exit codes",
        "## Backups",
        "### Restoring",
        "## Retention",
        "## Metrics",
        "With Docker Compose",
        "## Faults",
        "apt-get install python3-venv",
        "Redline needs Python 3.11+",
    ):
        assert words in DEPLOY, words
