# The quick start: `make run` serves with embedded defaults, `make test` runs every test.
VENV   ?= .venv
PYTHON ?= python3
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed

.PHONY: run test bench lint migrate messages words clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@

run: $(STAMP)
	$(BIN)/pbem migrate
	$(BIN)/honcho start

test: $(STAMP)
	$(BIN)/python -m pytest -n 2 --dist loadgroup $(PYTEST_ARGS)

bench: $(STAMP)
	$(BIN)/python -m engine.bench
	$(BIN)/python -m engine.bench_bots
	$(BIN)/python -m pbem.bench
	$(BIN)/python -m pbem.pictures.bench
	$(BIN)/python -m pbem.bench_load
	$(BIN)/python -m pbem.mail.bench
	$(BIN)/python -m pbem.bench_plans
	$(BIN)/python -m pbem.bench_digest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

migrate: $(STAMP)
	$(BIN)/pbem migrate

# the template translators start from (pbem/locale/<lang>/LC_MESSAGES/pbem.po, see babel.cfg),
# and the English catalogue written from it; then each translator runs
# pybabel update -i pbem/locale/pbem.pot -d pbem/locale -D pbem -l <lang> --no-location
messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -o pbem/locale/pbem.pot --project pbem --no-location --sort-output .
	$(BIN)/python -m pbem.english

# the word lists that tell prose from a mistyped command (engine/words, read by engine.resemble),
# derived from pyspellchecker's and wordfreq's word frequencies: shipped, so no process loads them
words: $(STAMP)
	$(BIN)/python -c 'from engine import word_lists; word_lists.write()'
	git diff --stat -- engine/words

clean:
	rm -rf $(VENV) var .pytest_cache
