"""Settings, all from environment variables (see the README's Configuration section).

The embedded default needs nothing installed: SQLite and Channels' in-memory layer.
Set DATABASE_URL and REDIS_URL for PostgreSQL and Redis (production, several processes).
"""

import os
import secrets
import sys
from pathlib import Path

import environ
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent

env = environ.Env()
DEBUG = env.bool("DEBUG", default=False)

# Commands that serve or vouch for a deployment; every other manage.py command (simulate_night,
# migrate, seed_demo, ...) signs nothing a server trusts, so it runs without the secret.
SERVING_COMMANDS = {"runserver", "runworker", "testserver", "check"}


def _offline_command(argv: list[str]) -> bool:
    """True for `manage.py <command>` other than the serving ones (Daphne never is)."""
    return len(argv) > 1 and Path(argv[0]).name == "manage.py" and argv[1] not in SERVING_COMMANDS


SECRET_KEY = env.str("SECRET_KEY", default="")
if not SECRET_KEY:
    if DEBUG:
        SECRET_KEY = "insecure-dev-key-only-for-DEBUG-never-deployed"
    elif _offline_command(sys.argv):
        # A throwaway key per run ("django-insecure-" makes check --deploy flag it anyway).
        SECRET_KEY = "django-insecure-command-line-" + secrets.token_urlsafe(32)
    else:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")

ALLOWED_HOSTS = env.list("ALLOWED_HOSTS", default=["127.0.0.1", "localhost", "[::1]"])
CSRF_TRUSTED_ORIGINS = env.list("CSRF_TRUSTED_ORIGINS", default=[])

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "channels",
    "partynight",
    "games",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "partynight.middleware.StaticFilesMiddleware",  # WhiteNoise, async-capable
    "django.contrib.sessions.middleware.SessionMiddleware",
    "partynight.middleware.LocaleMiddleware",  # the browser's language, or the one picked
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]

# Databases. CONN_MAX_AGE stays 0 under ASGI (Django's advice: persistent connections
# leak across async threads); PostgreSQL gets Django's psycopg pool instead.
DATABASES = {"default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}")}
DATABASES["default"]["CONN_MAX_AGE"] = 0
# Threads for the sockets' database work (live/db.py): 1 is Channels' one database thread.
# On PostgreSQL four let one night's queries run while another's wait on the network
# (bench/README.md). SQLite has one writer, so more threads only queue on its lock.
POSTGRES = DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql"
LIVE_DB_THREADS = env.int("LIVE_DB_THREADS", default=4 if POSTGRES else 1)
# PostgreSQL: the sockets' actions run on the event loop, on a pool of async connections
# of their own (live/pg.py)
LIVE_DB_ASYNC = env.bool("LIVE_DB_ASYNC", default=True)
LIVE_DB_ASYNC_POOL = env.int("LIVE_DB_ASYNC_POOL", default=8)
if POSTGRES:
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": env.int("DB_POOL_MIN", default=2),
        # every database thread holds one connection; the request threads need some too
        "max_size": env.int("DB_POOL_MAX", default=max(10, LIVE_DB_THREADS + 4)),
    }
elif DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["OPTIONS"] = {
        # WAL lets readers run beside the writer; IMMEDIATE takes the write lock at BEGIN so
        # two writers queue on busy_timeout instead of failing with "database is locked".
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    }
    # A file (the live test server opens it too), one per test run so parallel runs never clash.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}

# Channel layer: in-memory for one process; Redis for several. The pub/sub layer won the
# measurement recorded in the README (bench/layers.py).
# Capacity: messages waiting per socket. One action on a 48-player night can send a dashboard
# about 60 (the bell reaching 12 tables, ghosts finishing their turns, the round's end), so
# 1000 leaves a wide margin (the in-memory default of 100 dropped events silently). The
# pub/sub layer's queues have no cap; RedisChannelLayer and the in-memory layer use this.
CHANNEL_CAPACITY = env.int("CHANNEL_CAPACITY", default=1000)
REDIS_URL = env.str("REDIS_URL", default="")
if REDIS_URL:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": env.str(
                "CHANNEL_LAYER_BACKEND", default="channels_redis.pubsub.RedisPubSubChannelLayer"
            ),
            "CONFIG": {
                "hosts": [REDIS_URL],
                "prefix": env.str("CHANNEL_PREFIX", "partynight"),
                "capacity": CHANNEL_CAPACITY,
            },
        }
    }
else:
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels.layers.InMemoryChannelLayer",
            "CONFIG": {"capacity": CHANNEL_CAPACITY},
        }
    }
# Every live socket sends the night's current versions this often (live/consumers.py).
LIVE_HEARTBEAT_SECONDS = env.float("LIVE_HEARTBEAT_SECONDS", default=15.0)

# The cache holds the limits' counts (live/limits.py): per process by default, on the
# same Redis with REDIS_URL so every process sees the same counts.
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": env.str("CACHE_PREFIX", "partynight"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "site:login"
LOGIN_REDIRECT_URL = "host:nights"
LOGOUT_REDIRECT_URL = "site:home"

# Every page in the reader's language (README: Languages): a phone follows its browser or
# the player's pick, the host's pages the host's pick, the stage and paper the night's.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("it", "Italiano"), ("tl", "Filipino"), ("es", "Español")]
# Ours (`make messages`), then Django's own words (dates, form errors) in Filipino, which
# Django has no catalog for; config/formats has Filipino's date and number formats.
LOCALE_PATHS = [BASE_DIR / "locale", BASE_DIR / "locale_django"]
FORMAT_MODULE_PATH = ["config.formats"]
# Tests only (off unless set): PSEUDO_LANGUAGE adds a made-up language whose catalogs are
# in EXTRA_LOCALE_PATHS (tests/helpers/pseudo.py builds "qps", every word in [!! !!]), so a
# browser test finds words nobody marked. Django knows no such code: LANG_INFO learns it.
PSEUDO_LANGUAGE = env.str("PSEUDO_LANGUAGE", default="")
LOCALE_PATHS += [Path(path) for path in env.list("EXTRA_LOCALE_PATHS", default=[])]
if PSEUDO_LANGUAGE:
    from django.conf.locale import LANG_INFO

    LANGUAGES.append((PSEUDO_LANGUAGE, "Pseudo"))
    LANG_INFO.setdefault(
        PSEUDO_LANGUAGE,
        {"bidi": False, "code": PSEUDO_LANGUAGE, "name": "Pseudo", "name_local": "Pseudo"},
    )
TIME_ZONE = env.str("TIME_ZONE", default="UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
# Set STATIC_ROOT where collectstatic should write (the Docker image does); without it the
# files are served straight from the source folders, so `make run` and tests need no step.
STATIC_ROOT = env.str("STATIC_ROOT", default=None)
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Security. HTTPS is on by default outside DEBUG. Behind a TLS-terminating proxy, its
# X-Forwarded-For (the client's address, which the limits count) and X-Forwarded-Proto are
# believed only from the proxy's own addresses, TRUSTED_PROXIES (live/proxy.py): a replica
# reached directly cannot be told another address. (PROXY_SSL_HEADER=1 trusts the scheme
# header from anyone: for a proxy whose address is not known.)
HTTPS = env.bool("HTTPS", default=not DEBUG)
TRUSTED_PROXIES = env.list("TRUSTED_PROXIES", default=[])
# Django's admin site, off in production unless asked for (ADMIN=1): one more login page
# on the Internet, for what a host's own pages already do.
ADMIN = env.bool("ADMIN", default=DEBUG)
SECURE_SSL_REDIRECT = HTTPS
# The compose health check asks each replica over plain HTTP, inside the network, without
# the proxy's X-Forwarded-Proto: a redirect to https:// would fail it forever.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 31_536_000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
if env.bool("PROXY_SSL_HEADER", default=False):
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Content-Security-Policy (django-csp): scripts and styles only from our own static files
# (no inline <script>, handlers or style attributes anywhere; JSON data blocks from
# json_script are not run), websockets to ourselves, never framed.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"outage": {"()": "live.logs.OutageInOneLine"}},  # Redis down: one line
    "handlers": {"console": {"class": "logging.StreamHandler", "filters": ["outage"]}},
    "root": {"handlers": ["console"], "level": env.str("LOG_LEVEL", default="WARNING")},
}
