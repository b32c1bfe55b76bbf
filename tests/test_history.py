"""Play records: a finished game of each title on the virtual Pico ends in its summary on
the matrix, goes into the box's archive, is pulled into the laptop's SQLite history (once,
replayed first), listed, shown, replayed, named, exported for BG Stats and as CSV, and
plotted; hostile archives and databases are refused with one line and change nothing."""

import csv
import json
import os
import sqlite3
import time

import pytest

from shared_rules import cjson, journal, replay
from shared_rules.games import module, settings as menu_settings
from shared_rules.rng import PCG32
from steppe import history, sync
from steppe.errors import EXIT_BAD_ARCHIVE, EXIT_BAD_DB, StepError
from steppe.main import main

COLOURS = ["red", "yellow", "blue", "green"]
TITLES = ("khan", "chuhan", "huns", "khaan")
NOW = 1790000000  # the time steppe gives the box (2026-09-21)
START = NOW - 3600  # the games began an hour before


def finished(name: str, seed: int) -> list:
    """A whole game of four (Chu and Han: two) by the random player: journal lines."""
    from shared_rules.errors import RulesError

    settings = menu_settings(name, COLOURS, 0)
    head = journal.header(name, settings, seed, start=START)
    game = module(name).new(settings, seed)
    rng = PCG32(seed, 5)
    lines = [head]
    while not module(name).is_over(game):
        action = module(name, "randplay").action(game, rng)
        try:
            event = module(name).apply(game, action)
        except RulesError:
            continue
        lines.append(journal.entry(action, module(name, "actions").draws(action, event)))
    return lines


def _push(link, tmp_path, name: str, lines: list) -> None:
    """The game put on the box one action short of its end (the last one undone)."""
    lines = lines + [{"undo": 1}]
    game = replay.replay(lines[0], [cjson.dumps(x) for x in lines[1:]])
    path = str(tmp_path / (name + ".sync.json"))
    with open(path, "w") as f:
        f.write(sync.sync_text(name, module(name, "state").game_json(game), lines))
    sync.push(link, sync.read(path), path)


def _press(link, button: str, long: bool = False) -> None:
    link.request("ui.press", {"button": button, "long": long})


@pytest.fixture(scope="module")
def box(tmp_path_factory):
    """One virtual Pico on which a game of each title has been ended through its buttons."""
    from conftest import Sim

    tmp = tmp_path_factory.mktemp("history")
    s = Sim(str(tmp / "pico"))
    s.wait_ready()
    s.link.request("clock.set", {"epoch": NOW})
    ended = {}
    try:
        for k, name in enumerate(TITLES):
            lines = finished(name, 40 + k)
            _push(s.link, tmp, name, lines)
            # BACK held undoes one more, RIGHT redoes twice: the last action is made on the box
            _press(s.link, "BACK", True)
            _press(s.link, "RIGHT")
            _press(s.link, "RIGHT")
            end = time.monotonic() + 15
            while s.link.request("ui.get").get("mode") != "summary":  # after 5 s without a press
                assert time.monotonic() < end, name + ": no summary on the matrix"
                time.sleep(0.25)
            frame = s.link.request("ui.frame")["pixels"]
            out = os.environ.get("STEPPE_SCREENS")  # make docs/screens: STEPPE_SCREENS=docs/screens
            from steppe import png
            from steppe.leds import shown_hex

            png.write(os.path.join(out or str(tmp), "summary-" + name + ".png"), [shown_hex(c, 255) for c in frame])
            ended[name] = (lines, frame)
        yield s, ended, tmp
    finally:
        s.close()


def test_each_title_ends_in_its_summary_on_the_matrix_and_is_archived(box):
    s, ended, _ = box
    for name in TITLES:
        lines, frame = ended[name]
        assert len(frame) == 256 and len(set(frame)) > 2, name + ": the summary is drawn"
    listing = s.link.request("archive.list")["games"]
    assert sorted(g["game"] for g in listing) == sorted(TITLES)
    for g in listing:
        assert g["clock"] == "set" and g["start"] == START and g["end"] >= NOW
        assert g["id"] == history.game_id(ended[g["game"]][0][0])


def test_pull_stores_each_game_once_replayed_and_lists_shows_replays_it(box, capsys):
    s, ended, tmp = box
    db_path = str(tmp / "h1.sqlite3")
    db = history.open_db(db_path)
    assert history.pull(s.link, db) == (4, 0, [])
    assert history.pull(s.link, db) == (0, 4, []), "a game pulled twice is stored once"
    rows = db.execute("SELECT id, game, actions, clock, summary, journal FROM games").fetchall()
    assert len(rows) == 4
    for gid, name, actions, clock, summary, text in rows:
        lines = ended[name][0]
        played = lines + [{"undo": 1}, {"undo": 1}, {"redo": 1}, {"redo": 1}]  # pushed, then the buttons
        assert text.split("\n") == [cjson.dumps(x) for x in played], "the journal stored as the box played it"
        assert actions == len(lines) - 1 and clock == "set"
        game = replay.replay(lines[0], [cjson.dumps(x) for x in lines[1:]])
        want = module(name, "summary").summary(game, lines[0]["settings"])
        got = json.loads(summary)
        assert all(got[k] == want[k] for k in want) and got["actions"] == actions
    db.close()
    assert main(["history", "--db", db_path, "list"]) == 0
    out = capsys.readouterr().out
    assert "Rise of the Khaan" in out and "Chu and Han" in out and "2026-" in out
    khan_id = next(r[0] for r in rows if r[1] == "khan")
    assert main(["history", "--db", db_path, "name", khan_id[:6], "red=Anna", "blue=Ben"]) == 0
    assert main(["history", "--db", db_path, "name", "--default", "green=Gosia"]) == 0
    capsys.readouterr()
    assert main(["history", "--db", db_path, "show", khan_id]) == 0
    out = capsys.readouterr().out
    assert "players Anna, yellow, Ben, Gosia" in out and "winner:" in out
    assert "flees" in out and "conquers" in out or "invades" in out
    assert main(["history", "--db", db_path, "replay", khan_id, "--delay", "0.0001", "--text"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") >= len(ended["khan"][0]) and "Anna" in out
    chu = next(r[0] for r in rows if r[1] == "chuhan")
    assert main(["history", "--db", db_path, "replay", chu, "--delay", "0.0001"]) == 0  # on the front panel
    out = capsys.readouterr().out
    steps = len(ended["chuhan"][0]) - 1
    assert out.count("\x1b[0m\n") == 16 * steps, "the matrix after every action"
    assert "winner: " in out


def test_bgstats_and_csv_exports_carry_the_documented_fields(box, tmp_path):
    s, ended, tmp = box
    db_path = str(tmp_path / "h2.sqlite3")
    db = history.open_db(db_path)
    history.pull(s.link, db)
    db.close()
    assert main(["history", "--db", db_path, "bgg", "khan=123"]) == 0
    bg, table = str(tmp_path / "plays.bgsplay"), str(tmp_path / "plays.csv")
    assert main(["history", "--db", db_path, "export", "--bgstats", bg, "--csv", table]) == 0
    doc = json.load(open(bg))
    assert set(doc) >= {"about", "games", "players", "locations", "plays"}
    games = {g["id"]: g for g in doc["games"]}
    assert sorted(g["name"] for g in games.values()) == ["Chu and Han", "Huns", "Khan", "Rise of the Khaan"]
    assert next(g for g in games.values() if g["name"] == "Khan")["bggId"] == 123
    for g in games.values():
        assert {"id", "uuid", "name", "bggId", "highestWins", "noPoints", "cooperative", "usesTeams"} <= set(g)
    people = {p["id"]: p["name"] for p in doc["players"]}
    assert len(doc["plays"]) == 4
    for play in doc["plays"]:
        assert play["gameRefId"] in games and play["playDate"].startswith("2026-")
        assert {"uuid", "durationMin", "ignored", "playerScores"} <= set(play)
        seats = [p["seatOrder"] for p in play["playerScores"]]
        assert seats == list(range(1, len(seats) + 1))
        assert any(p["winner"] for p in play["playerScores"])
        for p in play["playerScores"]:
            assert p["playerRefId"] in people and p["score"].lstrip("-").isdigit() and p["rank"] >= 1
    rows = list(csv.DictReader(open(table)))
    assert len(rows) == 4 + 2 + 4 + 4 and set(rows[0]) == set(history.CSV_COLUMNS)
    assert sum(int(r["winner"]) for r in rows) >= 4


def test_the_plotted_scores_are_the_journals(box, tmp_path):
    """(The plots are drawn by steppe in its own process: matplotlib's objects in this one
    would make every later test's gc.collect() crawl.)"""
    import subprocess

    from conftest import tool

    s, ended, tmp = box
    db_path = str(tmp_path / "h3.sqlite3")
    db = history.open_db(db_path)
    history.pull(s.link, db)
    out = os.environ.get("STEPPE_SCREENS")  # the README's plot: STEPPE_SCREENS=docs/screens
    for g in history.games(db):
        series = history.score_series(g)  # what the plot draws
        lines = ended[g.game][0]
        assert all(len(v) == len(lines) - 1 for v in series.values())
        # the scores told by the journal itself, action by action
        want = {c: [] for c in series}
        from shared_rules.chuhan.tables import START_VP

        vp = {"han": START_VP[0], "chu": START_VP[1]}  # Chu begins with 1 VP

        def each(game, k, entry, event, who, name=g.game):
            if name == "chuhan":  # Chu and Han: the VP of every gain the events tell
                for gain in event.get("gains") or []:
                    vp[gain["player"]] += gain["vp"]
                for c in want:
                    want[c].append(vp[c])
            elif name == "khaan":
                for c in want:
                    want[c].append(max(0, game.prestige[game.players.index(c)]))
            elif name == "khan":
                totals = game.scores()["total"]
                for c in want:
                    want[c].append(totals[c])
            else:
                for c in want:
                    want[c].append(game.result()["vp"][COLOURS.index(c)] if game.result() else 0)

        replay.replay(lines[0], [cjson.dumps(x) for x in lines[1:]], each)
        assert series == want, g.game
        if g.game == "khan" or out:
            path = os.path.join(out, "scores-" + g.game + ".png") if out else str(tmp_path / (g.id + ".png"))
            done = subprocess.run([tool("steppe"), "stats", "--db", db_path, "--plot", g.id, "--out", path],
                                  capture_output=True, text=True, timeout=120)
            assert done.returncode == 0, done.stderr
            assert open(path, "rb").read(8) == b"\x89PNG\r\n\x1a\n"
    report = str(tmp_path / "report")
    done = subprocess.run([tool("steppe"), "stats", "--db", db_path, "--html", report], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    page = open(os.path.join(report, "index.html")).read()
    assert "khan.png" in page and page.count("<img") == 4 + 4
    assert "wins by seat" in done.stdout
    import sys

    assert "matplotlib" not in sys.modules, "plots are drawn in steppe's own process"


# -- hostile archives and databases -----------------------------------------------------------------
def _meta(link, name: str) -> dict:
    gid = next(g["id"] for g in link.request("archive.list")["games"] if g["game"] == name)
    return link.request("archive.get", {"id": gid})


def test_a_truncated_or_changed_journal_or_a_wrong_summary_is_refused(box, tmp_path):
    s, ended, tmp = box
    good = _meta(s.link, "khan")  # the deck draws in its journal
    assert history.check_game(good)["actions"] == good["actions"]
    cases = []
    cut = dict(good, journal=good["journal"][:-3])
    cases.append((cut, "does not end the game"))
    changed = json.loads(json.dumps(good))
    k = next(k for k in range(1, len(changed["journal"])) if "r" in changed["journal"][k])
    first = next(iter(changed["journal"][k]["r"]))
    changed["journal"][k]["r"][first] = [99]
    cases.append((changed, "journal line %d recorded the draws" % (k + 1)))
    cases.append((dict(good, summary={"winner": "nobody"}), "summary"))
    cases.append((dict(good, id="00000000"), "the id is not its journal's"))
    cases.append((dict(good, journal=good["journal"][:5] + [{"damaged": 6}]), "damaged"))
    db = history.open_db(str(tmp_path / "h4.sqlite3"))
    for meta, why in cases:
        with pytest.raises(StepError, match=why) as e:
            history.store(db, history.check_game(meta))
        assert e.value.status == EXIT_BAD_ARCHIVE
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 0, "nothing refused is stored"
    assert history.store(db, history.check_game(good)) and not history.store(db, history.check_game(good))
    assert db.execute("SELECT count(*) FROM games").fetchone()[0] == 1


def test_a_locked_or_foreign_database_is_refused_and_kept(box, tmp_path, capsys):
    s, ended, tmp = box
    path = str(tmp_path / "h5.sqlite3")
    db = history.open_db(path)
    history.store(db, history.check_game(_meta(s.link, "huns")))
    db.close()
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StepError, match="locked") as e:
            db = history.open_db(path)
            history.store(db, history.check_game(_meta(s.link, "khaan")))
        assert e.value.status == EXIT_BAD_DB
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    db = history.open_db(path)
    assert [r[0] for r in db.execute("SELECT game FROM games")] == ["huns"], "the locked database is unchanged"
    db.close()
    foreign = tmp_path / "notes.sqlite3"
    foreign.write_bytes(b"these are my notes, not a database" * 10)
    assert main(["history", "--db", str(foreign), "list"]) == EXIT_BAD_DB
    assert "not a SQLite database" in capsys.readouterr().err
    other = sqlite3.connect(str(tmp_path / "other.sqlite3"))
    other.execute("CREATE TABLE t (x)")
    other.commit()
    other.close()
    assert main(["history", "--db", str(tmp_path / "other.sqlite3"), "list"]) == EXIT_BAD_DB
    assert foreign.read_bytes().startswith(b"these are my notes")
    assert main(["history", "--db", path, "show", "ffffffff"]) == 2
    assert main(["history", "--db", path, "name", "zzz", "red=Anna"]) == 2


def test_bgstats_names_the_start_player_the_box_drew(tmp_path):
    """Issue 21: the export named seat 1 as the start player; Huns' box draws its first
    player (and Rise of the Khaan's turn-order roll picks who begins): the summary carries
    who began, and an older box's summary without it is still taken (seat 1 then)."""
    seed = 1
    while module("huns").new(menu_settings("huns", COLOURS, 0), seed).first == 0:
        seed += 1  # a game whose drawn first player is not the first seat
    lines = finished("huns", seed)
    first = COLOURS[module("huns").new(menu_settings("huns", COLOURS, 0), seed).first]
    game = replay.replay(lines[0], [cjson.dumps(x) for x in lines[1:]])
    summary = module("huns", "summary").summary(game, lines[0]["settings"])
    assert summary["start"] == first
    meta = {"id": history.game_id(lines[0]), "game": "huns", "journal": lines, "summary": summary,
            "actions": len(lines) - 1, "clock": "set", "start": START, "end": NOW}
    older = dict(meta, summary={k: v for k, v in summary.items() if k != "start"})
    assert history.check_game(older)["summary"]["start"] == first  # (a box of an older firmware)
    db_path = str(tmp_path / "h.sqlite3")
    db = history.open_db(db_path)
    assert history.store(db, history.check_game(meta))
    play = history.bgstats(db, history.games(db))["plays"][0]
    db.close()
    starts = [p["role"] for p in play["playerScores"] if p["startPlayer"]]
    assert starts == [first] and first != COLOURS[0]
