# Redline: slim, multi-stage, non-root. Data (the SQLite file) lives in the /data volume.
FROM python:3.11-slim AS build
WORKDIR /src
COPY pyproject.toml requirements.lock README.md ./
COPY bot ./bot
COPY games ./games
COPY render ./render
COPY storage ./storage
RUN python -m venv /venv \
 && /venv/bin/pip install --no-cache-dir --disable-pip-version-check -c requirements.lock .

FROM python:3.11-slim
RUN useradd --create-home --uid 10001 redline \
 && mkdir /data && chown redline:redline /data
COPY --from=build /venv /venv
ENV PATH=/venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    REDLINE_DATA_DIR=/data
USER redline
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["python", "-m", "bot.health"]
CMD ["python", "-m", "bot"]
