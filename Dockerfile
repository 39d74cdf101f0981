# Croupier: python -m bot, as a non-root user, with the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    CROUPIER_DB=/data/croupier.db

RUN useradd --create-home --uid 10001 croupier \
    && mkdir -p /data && chown croupier:croupier /data

WORKDIR /app
COPY pyproject.toml README.md ./
COPY bot ./bot
COPY cogs ./cogs
COPY engine ./engine
COPY renders ./renders
COPY sandbox ./sandbox
COPY demo ./demo
RUN pip install --no-cache-dir .

USER croupier
VOLUME ["/data"]
# DISCORD_TOKEN comes from the environment: docker run -e DISCORD_TOKEN=... -v croupier:/data
CMD ["python", "-m", "bot"]
