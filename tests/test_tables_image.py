"""A game's tables as the image holds them (host/steppe/build.py tables_text, firmware/link.py
known_tables): the canonical text of GAME.tables, made by the build from the rules code and
checked by its CRC-32 on the box before a byte goes out. The box answers with the file's text
- without loading the rules or the host's ops - and a missing, cut or damaged file is never
answered: the box's own rules compute the tables then, the same text."""

import json
import os
import subprocess
import zlib

import pytest

from conftest import ROOT, Sim
from shared_rules import cjson, ops
from shared_rules.games import NAMES
from steppe import build


def test_the_image_holds_each_games_tables_as_the_rules_answer_them():
    image = build.files(build.HOST)
    for game in NAMES:
        head, text = image[build.TABLES_PATH % game].split(b"\n", 1)
        assert head == b"%08x" % zlib.crc32(text), game
        assert text.decode() == cjson.dumps(ops.call(game + ".tables", {})), game


# the booted box in the micropython binary at a Pico's heap (as bench/count_requests.py): each
# game's tables asked with the image's file, then with it gone (the box's rules compute them)
BOX = r'''
import gc, json, os, sys
sys.path[:0] = [SIM, "lib"]
import app, link
from hal.pixels import NeoPixelStrip
from ui import palette
a = app.App(NeoPixelStrip(22, 16, 16, palette.PALETTE, floor=palette.FLOOR, large=palette.LARGE), None, "fs/")
a.boot()
L = link.Link(a)
L.loop = True
for game in GAMES:
    for how in HOW:
        if how == "rules":
            os.rename("lib/shared_rules/tables/%s.json" % game, "gone.json")
        gc.collect()
        before = set(sys.modules)
        out = []
        for _ in L.stages(b'{"args":{},"id":7,"op":"%s.tables"}' % game.encode(), out.append):
            pass
        loaded = sorted(set(sys.modules) - before)
        L.tidy()
        print(json.dumps({"game": game, "how": how, "reply": "".join(out), "loaded": loaded,
                          "largest": max(len(p) for p in out)}))
        if how == "rules":
            os.rename("gone.json", "lib/shared_rules/tables/%s.json" % game)
'''


@pytest.mark.parametrize("heap", ["190wK", "96wK"])
def test_the_box_answers_its_tables_from_the_file_loading_nothing_and_its_rules_agree(tmp_path, micropython, heap):
    """At a Pico's heap, each game's tables from the file and then from the box's own rules;
    at the 96wK design target from the file (Khan's rules barely fit beside the firmware
    there: computing its tables took 0.35-3 s, README)."""
    how = ("file", "rules") if heap == "190wK" else ("file",)
    image = str(tmp_path / "image")
    build.write(image, build.files(build.HOST))
    os.makedirs(os.path.join(image, "fs"))
    script = os.path.join(image, "box.py")
    with open(script, "w") as f:
        f.write("SIM = %r\nGAMES = %r\nHOW = %r\n" % (os.path.join(ROOT, "firmware", "sim"), list(NAMES), how) + BOX)
    run = subprocess.run([micropython, "-X", "heapsize=" + heap, script], cwd=image, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    rows = [json.loads(line) for line in run.stdout.splitlines()]
    assert [(r["game"], r["how"]) for r in rows] == [(g, h) for g in NAMES for h in how]
    for r in rows:
        want = cjson.dumps({"id": 7, "ok": True, "result": ops.call(r["game"] + ".tables", {})}) + "\n"
        assert r["reply"] == want, (r["game"], r["how"])
        if r["how"] == "file":
            assert r["loaded"] == [], "the file's text needs neither the rules nor the host's ops"
            assert r["largest"] <= 2 * 512, "streamed a block at a time, never the whole text at once"
        else:
            assert "shared_rules.%s.ops" % r["game"] in r["loaded"], "with no file, the box's own rules answer"


def _damage(path: str, how: str) -> None:
    with open(path, "rb") as f:
        data = bytearray(f.read())
    if how == "flipped":  # one bit of the text: a card's direction, say
        data[len(data) // 2] ^= 0x04
    elif how == "cut":  # a write cut short
        data = data[:len(data) - 100]
    elif how == "head":  # the CRC line itself
        data[3] = ord("g")
    if how == "gone":
        os.remove(path)
        return
    with open(path, "wb") as f:
        f.write(bytes(data))


def test_a_damaged_tables_file_is_never_answered_the_box_computes_them(tmp_path):
    """Over the virtual Pico's serial port, as steppe verify asks: each game's file damaged a
    different way (a bit flipped, cut short, its CRC line spoiled, gone) - the answer is the
    rules' tables every time, never the file's bytes."""
    sim = Sim(str(tmp_path / "pico"))
    try:
        sim.wait_ready()
        folder = tmp_path / "pico" / "lib" / "shared_rules" / "tables"
        for op in ("nope.tables", "../pins.tables", "lib/main.tables"):  # (no game's: the ops table's answer)
            assert sim.link.exchange(op, {})["error"]["code"] == "unknown_op", op
        for game, how in zip(NAMES, ("flipped", "cut", "head", "gone")):
            want = json.loads(cjson.dumps(ops.call(game + ".tables", {})))
            assert sim.link.ask(game + ".tables", {}) == want, game
            _damage(str(folder / (game + ".json")), how)
            assert sim.link.ask(game + ".tables", {}) == want, (game, how)
    finally:
        sim.close()
