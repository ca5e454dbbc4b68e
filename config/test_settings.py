"""Settings for the test suite: production settings with a throwaway key and plain HTTP
(the live test server and its browsers talk http://127.0.0.1)."""

import os

os.environ.setdefault("SECRET_KEY", "test-only-key-" + "x" * 40)
os.environ.setdefault("HTTPS", "0")

from config.settings import *  # noqa: E402,F403

# Each test process (and each test server) counts its own limits, even on a shared Redis.
CACHES["default"]["KEY_PREFIX"] = f"test-{os.getpid()}"  # noqa: F405
PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]  # fast test logins
ADMIN = True  # the admin's own tests (production keeps it off: tests/system/deploy)

# Parallel test processes (make check runs pytest-xdist) share one Redis: their databases
# number rows alike, so each needs channel groups of its own, or night 1's would cross.
layer = CHANNEL_LAYERS["default"]["CONFIG"]  # noqa: F405
if os.environ.get("PYTEST_XDIST_WORKER") and "prefix" in layer:
    layer["prefix"] += "-" + os.environ["PYTEST_XDIST_WORKER"]
