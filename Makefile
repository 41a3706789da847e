# Two entry points for a fresh machine with Python >= 3.11: `make demo` and `make test`.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint venv bench bytecode clean

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -c 'import sys; assert sys.version_info >= (3, 11), "Python >= 3.11 is required"'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -c constraints.txt -e '.[test,bench,lint]'
	$(MAKE) bytecode
	touch $(STAMP)

venv: $(STAMP)

## Byte-compile the packages (an editable install leaves them as source): without it every
## process compiles them again when PYTHONDONTWRITEBYTECODE is set, about a third of
## `swepseudo annotate`'s start-up. Python reads these .pyc files whatever that variable says,
## and compiles in memory any module edited since (so a stale .pyc is never used).
bytecode:
	$(BIN)/python -m compileall -q builders pseudonymize flows

## Release the sample batch (building the offline snapshot when there is none) and say where
## the release, the key and the audit trail are; `swepseudo demo --rebuild` rebuilds it first.
demo: $(STAMP)
	$(BIN)/swepseudo demo

## Run the test suite (pytest's "no tests collected" exit 5 counts as success).
test: $(STAMP)
	$(BIN)/python -m pytest -q -p no:cacheprovider tests; rc=$$?; [ $$rc -eq 5 ] && rc=0; exit $$rc

## Lint: undefined names, redefinitions, unused imports and syntax errors (ruff's F and E9).
lint: $(STAMP)
	$(BIN)/ruff check --quiet --select F,E9 builders pseudonymize flows tests benchmarks

## The speed and memory benchmarks (benchmarks/bench_*.py), each beside its baseline.
bench: $(STAMP)
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf $(VENV) raw curated keys audits corpus/releases
