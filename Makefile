# tally: every target creates its own virtual environment in .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: demo test check lint format bench bench-season profile samples corpus clean catalogs

$(STAMP): pyproject.toml constraints.txt $(wildcard pipeline/locale/*/LC_MESSAGES/*.po)
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	$(BIN)/python tools/catalogs.py --compile
	touch $(STAMP)

## demo: run every bundled sample in sample_data/ and write the standings workbooks to out/ (the Spanish and
##       Chinese twins, sample_data/es/ and zh/, to out/es/ and out/zh/, each in its own language)
demo: $(STAMP)
	$(BIN)/tally demo --out out

## test: the test suite on every core, without the slow runs; `make test SLOW=1` runs everything (as CI does)
JOBS ?= auto
test: $(STAMP)
	bash tools/system-packages.sh
	$(BIN)/python -m pytest -n $(JOBS) $(if $(SLOW),,-m "not slow")

## lint: ruff, ruff format --check and mypy
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

## check: lint, types and tests
check: lint test

format: $(STAMP)
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

## bench: stage-by-stage timings and peak memory; figures go to bench/README.md
bench: $(STAMP)
	$(BIN)/python -m bench.run
	$(BIN)/python -m bench.season

## bench-season: only the federation season (2,000 events: batch, rank, local against Dask)
bench-season: $(STAMP)
	$(BIN)/python -m bench.season

## profile: where a season event's time goes, function by function (own and inclusive ms an event, the
##          largest first; bench/profile.py); `make profile EVENTS=200 TOP=60` for more
EVENTS ?= 60
TOP ?= 40
profile: $(STAMP)
	$(BIN)/python -m bench.profile $(EVENTS) $(TOP)

## samples: regenerate the bundled sample workbooks and their Spanish and Chinese twins (tools/twins.py)
samples: $(STAMP)
	$(BIN)/python tools/make_samples.py

## catalogs: extract the prose to translate and update pipeline/locale/*/LC_MESSAGES/*.po, then compile them
catalogs: $(STAMP)
	$(BIN)/python tools/catalogs.py

clean:
	rm -rf $(VENV) out .pytest_cache .mypy_cache .ruff_cache
