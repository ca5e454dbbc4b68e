# The commands (see README): `make run` serves the app, `make test` runs every check,
# `make check` the fast tiers.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-$(shell sha1sum requirements.txt | cut -c1-12)
HOST ?= 127.0.0.1
PORT ?= 8000
# Daphne's cap on a websocket frame from a client, and on a message either way: the server's
# 48-player snapshot must fit (its default is 1 MiB; README: Operations)
DAPHNE_LIMITS := --websocket-max-message-size 262144 --websocket-max-frame-size 16384

.PHONY: run test check lint format bench clean messages

$(STAMP): requirements.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	rm -f $(VENV)/.installed-* && touch $@

run: $(STAMP)
	DEBUG=$${DEBUG:-1} $(BIN)/python manage.py migrate --noinput
	if [ "$${DEBUG:-1}" != 0 ]; then DEBUG=$${DEBUG:-1} $(BIN)/python manage.py seed_demo --base-url http://$(HOST):$(PORT); fi
	DEBUG=$${DEBUG:-1} $(BIN)/daphne -b $(HOST) -p $(PORT) $(DAPHNE_LIMITS) config.asgi:application

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# The inner loop: the unit and integration tiers (no servers, no browser) on every core, each
# property test trying a few examples (tests/helpers/examples.py); each module's tests on one
# worker, so a night a module shares is played once (tests/helpers/once.py). `make test`
# runs every tier with the full examples, as CI does (README: Tests).
check: $(STAMP)
	HYPOTHESIS_PROFILE=check $(BIN)/python -m pytest tests/unit tests/integration -n auto \
		--dist worksteal $(PYTEST_ARGS)

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# The words to translate (README: Languages): every language's .po files from the templates,
# Python (gettext and live/words.py's said) and JavaScript, then the compiled .mo files the
# app reads (committed, so a fresh machine needs no gettext tools).
LOCALES := it tl es
messages: $(STAMP)
	$(BIN)/python manage.py makemessages $(addprefix -l ,$(LOCALES)) --no-obsolete \
		--ignore '.venv/*' --ignore 'tests/*' --ignore 'bench/*'
	$(BIN)/python manage.py makemessages -d djangojs $(addprefix -l ,$(LOCALES)) --no-obsolete \
		--ignore '.venv/*' --ignore 'tests/*' --ignore 'bench/*'
	$(BIN)/python manage.py compilemessages --ignore '.venv/*'

bench: $(STAMP)
	$(BIN)/python bench/layers.py

clean:
	rm -rf $(VENV) db.sqlite3* .test-db.sqlite3* .pytest_cache
