# Redline: slim, multi-stage, non-root (uid/gid 10001), stops cleanly on SIGTERM (it finishes
# moves in flight, closes the database and exits 0). Data (the SQLite file) lives in /data.
#
#   docker build -t redline .
#   docker run -d --name redline --restart unless-stopped -e REDLINE_TOKEN=... -v redline-data:/data redline
#
# Builds with BuildKit (the CA secret below needs it): Docker 23 or newer as it is; Docker
# 18.09 to 22 (Debian 12's docker.io is 20.10) with DOCKER_BUILDKIT=1 in the environment, plus
# COMPOSE_DOCKER_CLI_BUILD=1 for docker-compose 1.x. There is deliberately no `# syntax=` line:
# BuildKit's built-in Dockerfile frontend reads this file, so a build never has to fetch a
# frontend image from Docker Hub (docs/deploy.md, "With Docker").
#
# Behind a private package index or a TLS-intercepting proxy (docs/deploy.md, "Building behind a proxy"):
#   docker build --build-arg PIP_INDEX_URL=https://pypi.example.org/simple \
#                --secret id=ca,src=/usr/local/share/ca-certificates/corp.crt -t redline .
#
# The base image is pinned by digest, so a rebuild gets the same Python and Debian. Update it
# (monthly, for security fixes) with:
#   docker buildx imagetools inspect python:3.11-slim-bookworm --format '{{json .Manifest.Digest}}'
# and replace the digest below (or pass --build-arg BASE=python:3.11-slim-bookworm@sha256:...).
ARG BASE=python:3.11-slim-bookworm@sha256:2e32f7d302adc1c37428355c1e646897c0c53f4fd60b6a551245fb90ee129f91

# The dependencies, hash-checked, in /venv: this stage sees requirements.lock and nothing else
# of the source, so it is reused until the lock changes.
FROM ${BASE} AS deps
ARG PIP_INDEX_URL
ARG PIP_EXTRA_INDEX_URL
ARG PIP_TRUSTED_HOST
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DEFAULT_TIMEOUT=60
RUN python -m venv /venv
WORKDIR /src
COPY requirements.lock ./
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi \
 && /venv/bin/pip install --require-hashes --no-deps -r requirements.lock \
 && /venv/bin/pip check

# What the image runs with: the same /venv without pip and setuptools (only builds need them),
# and a .pth file that puts Redline (/app, a layer of its own) on its path.
FROM deps AS runtime
RUN /venv/bin/python -m pip uninstall --yes --quiet pip setuptools \
 && echo /app > "$(/venv/bin/python -c 'import sysconfig; print(sysconfig.get_path("purelib"))')/redline-app.pth"

# Redline itself, built from the source into /app (offline: its build backend is in the lock).
FROM deps AS app
# Only what the bot runs; .dockerignore keeps out .env, data, .venv, tests.
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY storage ./storage
RUN /venv/bin/pip install --no-deps --no-build-isolation --target /app . \
 && PYTHONPATH=/app /venv/bin/python -c "import bot.client, storage.migrate; storage.migrate.load_migrations()"

FROM ${BASE}
RUN groupadd --system --gid 10001 redline \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin redline \
 && mkdir /data && chown 10001:10001 /data
# Two layers: the dependencies (reused while requirements.lock is unchanged), then Redline
# (about 2 MB: all a source change rebuilds and ships).
COPY --from=runtime /venv /venv
COPY --from=app /app /app
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    REDLINE_DATA_DIR=/data
WORKDIR /data
USER 10001:10001
VOLUME ["/data"]
# Python is PID 1 and handles SIGTERM itself (runtime/main.py); compose adds `init: true` too.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-m", "runtime.health"]
# `docker run IMAGE` runs the bot; `docker run IMAGE backup` / `restore FILE` / `--help` too.
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
# Labels last: a new revision or date changes only the image's metadata, no layer is rebuilt.
ARG VERSION=0.1.0
ARG REVISION=unknown
ARG CREATED=unknown
LABEL org.opencontainers.image.title="Redline" \
      org.opencontainers.image.description="A Discord game master for road-and-space tabletop games" \
      org.opencontainers.image.version="${VERSION}" \
      org.opencontainers.image.revision="${REVISION}" \
      org.opencontainers.image.created="${CREATED}" \
      org.opencontainers.image.documentation="docs/deploy.md" \
      org.opencontainers.image.base.name="python:3.11-slim-bookworm"
