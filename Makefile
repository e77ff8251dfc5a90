# Two commands do all set-up: `make play` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play test soak lint bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e ".[test]"
	touch $(STAMP)

play: $(STAMP)
	$(PY) main.py

test: $(STAMP)
	$(PY) -m ruff check game tests main.py
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist worksteal

# the long soaks left out of `make test` (marked soak), and the fuzzing and the monkey at
# six times and four times the examples `make test` gives them
soak: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist worksteal -m soak
	FUZZ_EXAMPLES=300 MONKEY_INPUTS=6000 SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest -n 2 --dist worksteal \
		tests/data/test_fuzz_files.py tests/ui/test_monkey_and_screenshot.py

lint: $(STAMP)
	$(PY) -m ruff check game tests main.py

bench: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) main.py bench

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
