# syntax=docker/dockerfile:1
# Redline: slim, multi-stage, non-root (uid/gid 10001), stops cleanly on SIGTERM (it finishes
# moves in flight, closes the database and exits 0). Data (the SQLite file) lives in /data.
#
#   docker build -t redline .
#   docker run -d --name redline --restart unless-stopped -e REDLINE_TOKEN=... -v redline-data:/data redline
#
# Behind a private package index or a TLS-intercepting proxy (docs/deploy.md, "Building"):
#   docker build --build-arg PIP_INDEX_URL=https://pypi.example.org/simple \
#                --secret id=ca,src=/usr/local/share/ca-certificates/corp.crt -t redline .
#
# The base image is pinned by digest, so a rebuild gets the same Python and Debian. Update it
# (monthly, for security fixes) with:
#   docker buildx imagetools inspect python:3.11-slim-bookworm --format '{{json .Manifest.Digest}}'
# and replace the digest below (or pass --build-arg BASE=python:3.11-slim-bookworm@sha256:...).
ARG BASE=python:3.11-slim-bookworm@sha256:2e32f7d302adc1c37428355c1e646897c0c53f4fd60b6a551245fb90ee129f91

FROM ${BASE} AS build
ARG PIP_INDEX_URL
ARG PIP_EXTRA_INDEX_URL
ARG PIP_TRUSTED_HOST
ENV PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DEFAULT_TIMEOUT=60
RUN python -m venv /venv
WORKDIR /src
# Dependencies first, hash-checked: this layer is reused until requirements.lock changes.
COPY requirements.lock ./
RUN --mount=type=secret,id=ca,required=false \
    if [ -s /run/secrets/ca ]; then export PIP_CERT=/run/secrets/ca; fi \
 && /venv/bin/pip install --require-hashes --no-deps -r requirements.lock
# Then the source (only what the bot runs; .dockerignore keeps out .env, data, .venv, tests).
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY storage ./storage
RUN /venv/bin/pip install --no-deps --no-build-isolation . \
 && /venv/bin/pip check \
 && /venv/bin/python -c "import bot.client, storage.migrate; storage.migrate.load_migrations()"

FROM ${BASE}
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
RUN groupadd --system --gid 10001 redline \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
      --shell /usr/sbin/nologin redline \
 && mkdir /data && chown 10001:10001 /data
COPY --from=build /venv /venv
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    PYTHONDONTWRITEBYTECODE=1 \
    REDLINE_DATA_DIR=/data
WORKDIR /data
USER 10001:10001
VOLUME ["/data"]
# Python is PID 1 and handles SIGTERM itself (bot/__main__.py); compose adds `init: true` too.
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-m", "bot.health"]
# `docker run IMAGE` runs the bot; `docker run IMAGE backup` / `restore FILE` / `--help` too.
ENTRYPOINT ["python", "-m", "bot"]
CMD ["run"]
