# Cardroom in a container: `docker build -t cardroom .` then
# `docker run -d --name cardroom -v cardroom-data:/data --env-file .env cardroom`.
# Games live in the volume (/data); `docker stop` sends SIGTERM, which Cardroom handles cleanly.
FROM python:3.11.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/data/cardroom.sqlite3

RUN useradd --create-home --uid 10001 cardroom \
    && mkdir /data && chown cardroom:cardroom /data

WORKDIR /app

# The dependencies first, in a layer of their own: it survives changes to the source.
COPY pyproject.toml setup.py README.md ./
RUN mkdir engine storage bot \
    && touch engine/__init__.py storage/__init__.py bot/__init__.py \
    && pip install --no-cache-dir . \
    && pip uninstall --yes cardroom \
    && rm -r engine storage bot

COPY engine ./engine
COPY storage ./storage
COPY bot ./bot
RUN pip install --no-cache-dir --no-deps .

USER cardroom
VOLUME ["/data"]
STOPSIGNAL SIGTERM
CMD ["cardroom", "run"]
