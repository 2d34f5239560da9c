FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    DATABASE_PATH=/data/cardroom.sqlite3

RUN useradd --create-home --uid 10001 cardroom \
    && mkdir /data && chown cardroom:cardroom /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY engine ./engine
COPY storage ./storage
COPY bot ./bot
RUN pip install --no-cache-dir .

USER cardroom
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
