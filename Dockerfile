# The production image: Daphne serving HTTP and websockets. docker-compose.yml runs it
# beside PostgreSQL and Redis; the same image runs migrations when it starts.
FROM python:3.11-slim
ENV PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 \
    STATIC_ROOT=/app/staticfiles
WORKDIR /app
# Pango and a font for WeasyPrint's server-side PDFs (README: Printing).
RUN apt-get update && apt-get install -y --no-install-recommends \
        libpango-1.0-0 libpangoft2-1.0-0 libharfbuzz-subset0 fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY requirements.txt .
RUN pip install -r requirements.txt
COPY . .
RUN SECRET_KEY=collectstatic-only python manage.py collectstatic --noinput
RUN useradd --system partynight && chown -R partynight /app
USER partynight
EXPOSE 8000
# No --proxy-headers: Daphne would believe X-Forwarded-For from anyone. The app believes it
# from TRUSTED_PROXIES only (live/proxy.py).
CMD ["sh", "-c", "python manage.py migrate --noinput && exec daphne -b 0.0.0.0 -p 8000 --websocket-max-message-size 262144 --websocket-max-frame-size 16384 config.asgi:application"]
