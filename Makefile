# make setup | lab | play | test | test-notebooks | test-all | docs | bench   (everything runs from .venv, created here when missing)
SHELL := /bin/bash
.SHELLFLAGS := -eo pipefail -c
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# pip's harmless noise from this machine's extra find-links (TOOLCHAIN.md §1)
PIP_NOISE := is ignored: it is neither
NOTEBOOKS := $(wildcard notebooks/*.ipynb)

.PHONY: setup lab play test test-notebooks test-all docs bench

setup: $(VENV)/.installed

# Installed once, and again whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q -e '.[notebook,test,docs,research]' 2>&1 | { grep -v "$(PIP_NOISE)" || true; }
	@touch $@

lab: setup
	$(VENV)/bin/jupyter lab $(if $(filter 0,$(shell id -u)),--allow-root) notebooks/01_rules_walkthrough.ipynb

# The game app alone (notebooks/app.ipynb) under Voilà, on http://localhost:8866
play: setup
	$(VENV)/bin/voila notebooks/app.ipynb

# Jupyter and IPython state goes to a temp dir, not to $$HOME or the repo (TOOLCHAIN.md §5).
# Two lanes, each in two pytest workers (pytest-xdist). `make test` (fast feedback, the goal 3 minutes
# on 2 cores) runs tests/ with small simulations (THURN_SIZE=small: fewer property-test and conformance games and
# examples, every tenth game of the replay corpus), the apps driven in-process, no browser (tests/conftest.py); its
# tests go one by one to whichever worker is free (--dist load: no notebook, whose cells must run in order in one
# kernel). The notebooks' lanes keep a file's tests on one worker (--dist loadfile).
# `make test-notebooks` compares every notebook's outputs but the sized ones with nbval (run it when a change shows
# in a notebook). `make test-all` (what CI runs)
# runs both at full size: every browser check (JupyterLab and Voilà, each notebook and app, the games played to the
# end, the map under load), the outputs of every notebook but the sized ones compared, and the sized ones run top to
# bottom at full size, where their statistical checks hold (tests/notebooks/test_sized_notebooks.py: 05, saved at its
# small size, "full" with THURN_SIZE=full).
SIZED_NOTEBOOKS := $(filter notebooks/05_strategy_lab.ipynb,$(NOTEBOOKS))
STRICT_NOTEBOOKS := $(filter-out $(SIZED_NOTEBOOKS),$(NOTEBOOKS))
JUPYTER_ENV = J=$$(mktemp -d) && trap 'rm -rf "$$J"' EXIT && \
	export JUPYTER_CONFIG_DIR=$$J/cfg JUPYTER_DATA_DIR=$$J/data JUPYTER_RUNTIME_DIR=$$J/rt \
	       JUPYTERLAB_SETTINGS_DIR=$$J/settings JUPYTERLAB_WORKSPACES_DIR=$$J/ws IPYTHONDIR=$$J/ipy \
	       MPLCONFIGDIR=$$J/mpl
PYTEST = $(PY) -m pytest -q -p no:cacheprovider

test: setup
	@$(JUPYTER_ENV) THURN_SIZE=small && \
	$(PYTEST) -n 2 --dist load --durations=30 --basetemp="$$J/pytest" tests/

test-notebooks: setup
	@$(JUPYTER_ENV) THURN_SIZE=small && \
	$(PYTEST) -n 2 --dist loadfile --basetemp="$$J/pytest" \
	  --nbval --nbval-sanitize-with nbval_sanitize.cfg $(STRICT_NOTEBOOKS)

test-all: setup
	@$(JUPYTER_ENV) THURN_SIZE=full && \
	$(PYTEST) -n 2 --dist loadfile --durations=30 --basetemp="$$J/pytest" \
	  $(if $(STRICT_NOTEBOOKS),--nbval --nbval-sanitize-with nbval_sanitize.cfg $(STRICT_NOTEBOOKS)) tests/

# The documentation site (mkdocs.yml: docs/, the docstrings, the notebooks with their outputs) into site/, offline;
# --strict: a warning is an error. Open site/index.html.
docs: setup
	NO_MKDOCS_2_WARNING=1 $(VENV)/bin/mkdocs build --strict --quiet --site-dir site

bench: setup
	$(PY) -m thurn bench
