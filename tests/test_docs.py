"""The documents stay true: every op documented, the README's two commands exist."""

import os
import re

from conftest import ROOT

from shared_rules import ops


def _read(*path) -> str:
    with open(os.path.join(ROOT, *path)) as f:
        return f.read()


def test_every_op_is_documented():
    import glob

    documented = set()
    for path in glob.glob(os.path.join(ROOT, "docs", "ops*.md")):
        with open(path) as f:
            documented.update(re.findall(r"^### `([a-z]+\.[a-z_]+)`", f.read(), re.M))
    assert documented == set(ops.names())


def test_documented_line_limit_is_the_real_one():
    assert "%d bytes" % ops.MAX_LINE in _read("docs", "ops.md")


def test_readme_commands_are_make_targets():
    readme = _read("README.md")
    makefile = _read("Makefile")
    for target in ("run", "test", "web"):
        assert "make " + target in readme
        assert re.search(r"^%s:" % target, makefile, re.M)
    assert "make test" in _read(".ci", "run")


def test_readme_says_where_make_run_puts_steppe():
    """`make run` installs steppe into .venv, not onto PATH: the README says how to call it."""
    readme = _read("README.md")
    makefile = _read("Makefile")
    assert re.search(r"^VENV := \.venv$", makefile, re.M) and re.search(r"^BIN := \$\(VENV\)/bin$", makefile, re.M)
    assert "$(BIN)/pip install" in makefile and "`.venv/bin/steppe`" in readme
    assert "pipx install ." in readme and "pip install -e ." in readme


def test_every_rules_package_goes_into_the_wheel():
    pyproject = _read("pyproject.toml")
    for folder, dirs, files in os.walk(os.path.join(ROOT, "shared_rules")):
        if "__init__.py" in files:
            package = os.path.relpath(folder, ROOT).replace(os.sep, ".")
            assert '"%s"' % package in pyproject, package


def test_every_message_key_raised_has_a_sentence():
    import glob

    from shared_rules.errors import describe

    keys = set()
    for path in glob.glob(os.path.join(ROOT, "shared_rules", "**", "*.py"), recursive=True):
        with open(path) as f:
            source = f.read()
        keys.update(re.findall(r'(?:bad_args|illegal)\(\s*"([a-z_]+(?:\.[a-z_]+)?)"', source))
        keys.update(re.findall(r'return \(?"([a-z]+\.[a-z_]+)"', source))
    assert len(keys) > 40
    for key in sorted(keys):
        sentence = describe(key, *(["x"] * 6))
        assert " " in sentence and not sentence.startswith(key), key


def test_the_pages_of_steppe_web_go_into_the_wheel():
    import fnmatch

    from steppe import web

    pyproject = _read("pyproject.toml")
    globs = re.search(r'^"steppe" = \[(.*)\]', pyproject, re.M)
    assert globs, "steppe's package data names its page"
    patterns = re.findall(r'"([^"]+)"', globs.group(1))
    for name in web.page_files():
        assert any(fnmatch.fnmatch("page/" + name, p) for p in patterns), name
        assert os.path.exists(os.path.join(web.page_dir(), name)), name


def test_every_word_the_summary_can_show_is_explained_and_no_other():
    """docs/ui.md's table of the summary's words is firmware/ui/summary.py's WORDS (issue 21:
    it named a BONU the box never showed, and not HANX, TWOS, XIAO, STRT)."""
    from ui import summary  # (the firmware's: tests/conftest.py puts its folder first)

    text = open(os.path.join(ROOT, "docs", "ui.md")).read()
    table = text[text.index("The breakdown's words"):]
    table = table[:table.index("\n\n", table.index("| word |"))]
    documented = set()
    for row in table.splitlines()[3:]:
        documented.update(re.findall(r"`([A-Z]{2,4})`", row.split("|")[1]))
    assert documented == set(summary.WORDS.split()[1::2])


def test_the_rise_manual_says_the_prestige_the_box_shows_can_be_below_0():
    """Issue 21: the box showed -1 (a loss before any gain: the ledger is signed, tested in
    tests/firmware/test_fw_khaan_ui.py) while the manual said tokens never go below 0."""
    text = " ".join(_read("docs", "ui-khaan.md").split())
    pres = text[text.index("## PRES"):text.index("## LOOT")]
    assert "can be below 0" in pres and "Tokens never go below 0" not in pres
