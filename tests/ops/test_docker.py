"""The Dockerfile, .dockerignore and compose.yaml, checked as text (CI has no Docker engine; the
real builds are measured with `python -m bench.image`, the Compose files are read by Compose
itself in test_compose.py)."""

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


def named(name: str) -> list[tuple[str, str]]:
    """The stage `FROM ... AS name`."""
    for stage in stages():
        if stage[0][1].lower().endswith(f" as {name}"):
            return stage
    raise AssertionError(f"no stage {name}")


def parent(stage: list[tuple[str, str]]) -> str:
    return stage[0][1].split()[0]


SOURCE = re.compile(r"\b(bot|games|render|storage|pyproject\.toml)\b")


def test_base_image_is_pinned_by_digest_and_the_update_is_documented() -> None:
    (base,) = [rest for word, rest in instructions() if word == "ARG" and rest.startswith("BASE=")]
    assert re.fullmatch(r"BASE=python:3\.1[1-3]-slim-\w+@sha256:[0-9a-f]{64}", base), base
    froms = [rest.split() for word, rest in instructions() if word == "FROM"]
    names = {words[-1] for words in froms if len(words) == 3}
    assert all(words[0] == "${BASE}" or words[0] in names for words in froms)
    assert "docker buildx imagetools inspect" in DOCKERFILE
    assert "docker buildx imagetools inspect" in DEPLOY


def test_dependencies_are_installed_hash_checked_in_a_stage_that_never_sees_the_source() -> None:
    """The dependency layer is reused until requirements.lock changes, whatever the source does."""
    deps = named("deps")
    assert parent(deps) == "${BASE}"
    copies = [rest for word, rest in deps if word == "COPY"]
    assert copies == ["requirements.lock ./"]
    (install,) = [rest for word, rest in deps if word == "RUN" and "--require-hashes" in rest]
    assert "--require-hashes --no-deps -r requirements.lock" in install
    runtime = named("runtime")
    assert parent(runtime) == "deps"
    assert not any(word == "COPY" for word, _ in runtime)


def test_the_app_is_a_layer_apart_from_the_dependencies() -> None:
    """A source change rebuilds and ships Redline's few MB, not the dependencies' venv."""
    app = named("app")
    assert parent(app) == "deps"
    assert any(word == "COPY" and SOURCE.search(rest) for word, rest in app)
    assert any(word == "RUN" and "--target /app ." in rest for word, rest in app)
    copies = [rest for word, rest in stages()[-1] if word == "COPY"]
    assert copies == ["--from=runtime /venv /venv", "--from=app /app /app"]


def test_pip_and_setuptools_stay_out_of_the_runtime_venv() -> None:
    """Only builds need them; the image runs without (and finds /app through a .pth file)."""
    (run,) = [rest for word, rest in named("runtime") if word == "RUN"]
    assert "pip uninstall --yes --quiet pip setuptools" in run
    assert "echo /app >" in run and ".pth" in run


def test_labels_come_after_every_layer() -> None:
    """A new REVISION or CREATED changes the image's metadata only: no layer runs again."""
    final = stages()[-1]
    layers = [i for i, (word, _) in enumerate(final) if word in ("RUN", "COPY", "WORKDIR")]
    label_args = [
        i
        for i, (word, rest) in enumerate(final)
        if word == "ARG" and rest.split("=")[0] in ("VERSION", "REVISION", "CREATED")
    ]
    assert len(label_args) == 3
    assert min(label_args) > max(layers)


def test_no_syntax_line_and_the_builders_that_read_it_are_named() -> None:
    """BuildKit's built-in frontend reads the file, so no build fetches one from Docker Hub;
    the Docker versions that build it, and the variables older ones need, are documented."""
    assert not re.search(r"^#\s*syntax\s*=", DOCKERFILE, re.M | re.I)
    for text in (DOCKERFILE, DEPLOY):
        assert "DOCKER_BUILDKIT=1" in text
        assert "COMPOSE_DOCKER_CLI_BUILD=1" in text
        assert "Docker 23" in text


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
        "runtime.health",
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
    assert {"Dockerfile", "compose*.yaml"} <= entries
    for needed in ("bot", "games", "render", "storage", "requirements.lock", "README.md"):
        assert needed not in entries


def test_compose_has_the_volume_health_check_and_a_stop_grace() -> None:
    assert re.search(r"^\s+- redline-data:/data\b", COMPOSE, re.M)
    assert re.search(r'test: \["CMD", "python", "-m", "runtime.health"\]', COMPOSE)
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
