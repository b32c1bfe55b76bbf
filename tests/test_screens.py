"""docs/screens/: every screen the manuals show is rendered from the firmware by `make
screens` (docs/render_screens.py), and the PNG in the repository is what it renders now."""

import glob
import os
import re

import pytest
from conftest import ROOT

from steppe import png


def _render_screens():
    """docs/render_screens.py, imported from its file (it is no package's module)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("render_screens", os.path.join(ROOT, "docs", "render_screens.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


screens = _render_screens()

SCREENS = os.path.join(ROOT, "docs", "screens")
NAMES = [row[0] for row in screens.SCREENS]


def _manual_images() -> "set[str]":
    named = set()
    for path in glob.glob(os.path.join(ROOT, "docs", "ui*.md")):
        with open(path) as f:
            named.update(re.findall(r"!\[[^\]]*\]\(screens/([a-z0-9-]+)\.png\)", f.read()))
    return named


def test_every_screen_a_manual_shows_is_rendered_and_every_one_rendered_is_shown():
    assert _manual_images() == set(NAMES)
    assert len(NAMES) == len(set(NAMES))


@pytest.mark.parametrize("name", NAMES)
def test_the_png_is_what_the_firmware_shows_now(name):
    path = os.path.join(SCREENS, name + ".png")
    assert os.path.exists(path), "docs/screens/%s.png is missing: run make screens" % name
    with open(path, "rb") as f:
        kept = f.read()
    assert png.image_rows(screens.render(name)) == png.image_rows(kept), \
        "docs/screens/%s.png is stale: run make screens" % name
    assert len(kept) < 40 * 1024


def test_a_screen_renders_the_same_every_time_and_from_the_emitted_bytes():
    first = screens.render("khan-board")
    assert screens.render("khan-board") == first
    with __import__("tempfile").TemporaryDirectory() as root:
        pixels, white = screens.frame("khan", (["red", "yellow", "blue", "green"], 0, 4, 60), "", root + "/")
    assert 0 < white <= 48 and len(pixels) == 256
    # LEDs at the board's floors: dim, never off where a terrain is
    lit = [p for p in pixels[:11 * 16] if p != "#000000"]
    assert len(lit) > 80 and all(max(int(p[k:k + 2], 16) for k in (1, 3, 5)) < 48 for p in lit)


def test_the_screens_stay_small():
    total = sum(os.path.getsize(os.path.join(SCREENS, n + ".png")) for n in NAMES)
    assert total < 256 * 1024


KHAN4 = (["red", "yellow", "blue", "green"], 0, 4, 58)


def _root(tmp_path, name: str) -> str:
    os.makedirs(str(tmp_path / name))
    return str(tmp_path / name) + "/"


def _band(pixels: "list[str]") -> "list[str]":
    return pixels[5 * 16:12 * 16]  # the scrolling band's rows between its two lines


def test_at_ms_catches_the_refusal_as_it_scrolls_and_the_rest_of_the_frame_stays(tmp_path):
    setup = (["red", "yellow", "blue"], 0, 3, 0)
    presses = "nohints DOWN OK DOWN RIGHT OK"
    start, _ = screens.frame("khan", setup, presses + " @600", _root(tmp_path, "a"))
    why = screens.frame.box.ui_json()["why"]  # type: ignore[attr-defined]
    later, _ = screens.frame("khan", setup, presses + " @1320", _root(tmp_path, "b"))
    gone, _ = screens.frame("khan", setup, presses + " @30000", _root(tmp_path, "c"))
    assert "region of I5 already holds a yurt" in why
    assert _band(start) != _band(later)  # the letters moved
    for pixels in (start, later):  # the band's lines: red, a refusal (help's are orange)
        for p in pixels[4 * 16:5 * 16] + pixels[12 * 16:13 * 16]:
            r, g, b = (int(p[k:k + 2], 16) for k in (1, 3, 5))
            assert r > 0 and g == 0 and b == 0, p
    assert _band(gone) != _band(later) and "why" not in screens.frame.box.ui_json()  # type: ignore[attr-defined]


def test_bug_shows_the_error_screen_logs_it_and_the_saved_game_comes_back(tmp_path):
    root = str(tmp_path) + "/"
    pixels, _ = screens.frame("khan", KHAN4, "BUG", root)
    box = screens.frame.box  # type: ignore[attr-defined]
    assert box.ui_json()["mode"] == "error" and box.ui_json()["code"] == "PK"
    with open(os.path.join(root, "errors.log")) as f:
        assert "KeyError" in f.read()
    box.press("LEFT")  # any button: the error screen goes
    assert box.ui_json()["screen"] == "khan" and box.ui_json()["actions"] == 58
    assert pixels != screens.frame("khan", KHAN4, "", _root(tmp_path, "b"))[0]


# -- steppe web's pages ---------------------------------------------------------------------------
WEB = {row[0]: row for row in screens.WEB_SCREENS}


def test_every_web_page_rendered_is_shown_in_its_manual_and_the_readme_shows_the_live_one():
    with open(os.path.join(ROOT, "docs", "web.md")) as f:
        named = set(re.findall(r"!\[[^\]]*\]\(screens/(web-[a-z0-9-]+)\.png\)", f.read()))
    assert named == set(WEB)
    with open(os.path.join(ROOT, "README.md")) as f:
        assert "docs/screens/web-live-khan.png" in f.read()


@pytest.mark.parametrize("name", sorted(WEB))
def test_the_web_png_is_of_the_page_and_the_data_it_shows_now(name):
    """Not the browser's pixels (a blinking matrix, the machine's fonts): the digest the PNG
    carries of what its page was given (docs/render_screens.py web_digest)."""
    path = os.path.join(SCREENS, name + ".png")
    assert os.path.exists(path), "docs/screens/%s.png is missing: run make screens" % name
    with open(path, "rb") as f:
        kept = f.read()
    assert png.size(kept) == screens.WEB_SIZE
    assert png.text(kept, screens.WEB_KEY) == screens.web_digest(WEB[name]), \
        "docs/screens/%s.png is stale (the page or what it shows changed): run make screens" % name
    assert len(kept) < 120 * 1024


def test_the_web_digest_moves_with_what_the_page_shows():
    row = WEB["web-live-chuhan"]
    assert screens.web_digest(row) == screens.web_digest(row)
    assert screens.web_digest(row) != screens.web_digest(row[:5] + (row[5] + 1,)), "one action more"
    assert screens.web_digest(row) != screens.web_digest(("web-live-huns",) + row[1:])
