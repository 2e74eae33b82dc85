# Everything a newcomer needs: `make run` serves the site, `make test` runs the suite.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# Stamp of the last install: reinstalls only when pyproject.toml changes.
INSTALLED := $(VENV)/.installed

.PHONY: run serve-prod test lint bench install messages

install: $(INSTALLED)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

# The port `make run` serves on: `make run PORT=8080`.
PORT ?= 8000
# The address it listens on: this machine alone, or `make run HOST=0.0.0.0` for the club's
# phones on the same network (README, "Phones at the table"). Served beyond this machine,
# any name the phones use for it (its address changes with the network) is accepted, unless
# DJANGO_ALLOWED_HOSTS names them.
HOST ?= 127.0.0.1
LOOPBACK := 127.0.0.1 localhost ::1
BEYOND := $(filter-out $(LOOPBACK),$(HOST))

run: export DJANGO_DEBUG := 1
run: $(INSTALLED)
	$(BIN)/python manage.py migrate
	$(if $(BEYOND),@echo "Serving to the network: open http://<this machine's address>:$(PORT) on the phones (README, Phones at the table).")
	$(if $(BEYOND),DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-*}" )$(BIN)/python manage.py runserver $(HOST):$(PORT)

# Production: needs DJANGO_SECRET_KEY and DJANGO_ALLOWED_HOSTS (README, "Running in
# production"); gunicorn's settings (workers, bind address) are in scorekeeper/gunicorn.conf.py.
serve-prod: $(INSTALLED)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput
	$(BIN)/gunicorn -c scorekeeper/gunicorn.conf.py

# One test process per core; the tests against a real server keep to one of them (its
# servers are started once per process that runs them).
test: $(INSTALLED)
	$(BIN)/pytest -n auto --dist loadgroup

# mypy's Django plugin loads the settings, which want a secret key unless DEBUG is on.
lint: $(INSTALLED)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	DJANGO_DEBUG=1 $(BIN)/mypy scoring scorekeeper scorekeeper_client

bench: $(INSTALLED)
	$(BIN)/pytest tests/bench --benchmark-enable

# After changing the site's words: collect them into locale/ja/LC_MESSAGES/django.po
# (makemessages needs GNU gettext's xgettext), translate the new ones there, then compile
# the .mo file that the site reads (with polib: no gettext needed for that step).
messages: $(INSTALLED)
	DJANGO_DEBUG=1 $(BIN)/python manage.py makemessages -l ja --no-obsolete --no-location \
		--ignore='.venv/*' --ignore='tests/*' --ignore='staticfiles/*'
	DJANGO_DEBUG=1 $(BIN)/python manage.py compile_translations
