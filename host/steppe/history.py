"""steppe history: the finished games of the box, kept on the laptop in a SQLite database.

`pull` copies the box's archive (archive.list, archive.get: firmware/archive.py) into the
database - each game once, by its id (the CRC-32 of its journal's header line), and only
after its journal has been replayed with the rules core here: every action applies and
draws what it recorded, the game is over, and its summary is the one the box showed.
`list`, `show ID` (the story of every action and the summary), `replay ID` (the game played
back step by step on the front panel of a virtual Pico, with the scores after each action), `name ID red=Anna` (and `name
--default red=Anna` for every game), `bgg khan=ID` (the BoardGameGeek id of a title),
`export --bgstats FILE` / `--csv FILE`, `stats` (tables and PNG plots; `--html DIR` a
report). The database lives in the user's data folder ($XDG_DATA_HOME/steppe, else
~/.local/share/steppe); `--db FILE` takes another. docs/history.md tells the formats.

Nothing refused changes what is stored: a game is written in one transaction, after all
its checks; a database that is not ours, or locked, is refused before anything is read.
"""

import argparse
import json
import os
import sqlite3
import stat
import sys
import time
from binascii import crc32
from typing import NoReturn

from shared_rules import cjson, journal
from shared_rules.errors import RulesError
from shared_rules.games import GAMES, NAMES, module, players
from steppe import files
from steppe.errors import EXIT_BAD_ARCHIVE, EXIT_BAD_DB, EXIT_OK, EXIT_USAGE, StepError

SCHEMA_VERSION = 1
SCHEMA = (
    "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, settings TEXT NOT NULL, start INTEGER,"
    " end_time INTEGER, clock TEXT NOT NULL, actions INTEGER NOT NULL, summary TEXT NOT NULL,"
    " journal TEXT NOT NULL, pulled INTEGER NOT NULL)",
    "CREATE TABLE names (id TEXT NOT NULL, colour TEXT NOT NULL, name TEXT NOT NULL, PRIMARY KEY (id, colour))",
    "CREATE TABLE default_names (colour TEXT PRIMARY KEY, name TEXT NOT NULL)",
    "CREATE TABLE bgg (game TEXT PRIMARY KEY, bgg_id INTEGER NOT NULL)",
)
TITLES = {"khan": "Khan", "chuhan": "Chu and Han", "huns": "Huns", "khaan": "Rise of the Khaan"}
MAX_NAME = 40


# -- the database ---------------------------------------------------------------------------
def default_db() -> str:
    from steppe.paths import data_dir

    return os.path.join(data_dir(), "history.sqlite3")


def open_db(path: str, create: bool = True) -> sqlite3.Connection:
    """The history database. create: for the commands that write it (pull, name, bgg): made
    on first use (a new path, or an empty file), opened read-write; the others open it
    read-only, so they never change it. StepError (EXIT_BAD_DB), one line, for anything
    but a whole steppe history: not a regular file (a folder, a FIFO, a device), not
    SQLite, damaged (sqlite's quick_check), another program's tables, a newer steppe's
    schema, locked by another program, or read-only for a command that writes."""
    real = os.path.realpath(path)
    try:
        info = os.stat(real)
    except FileNotFoundError:
        info = None
    except OSError as e:
        raise StepError("cannot open the history database " + path + ": " + files.reason(e), EXIT_BAD_DB)
    if info is not None and not stat.S_ISREG(info.st_mode):
        raise StepError(path + " is " + files.kind(info.st_mode) + ", not a history database", EXIT_BAD_DB)
    if not create and (info is None or info.st_size == 0):
        raise StepError("no history database at " + path + (" (an empty file: " if info is not None else " (")
                        + "steppe history pull makes it)", EXIT_BAD_DB)
    if info is None:
        files.folder(os.path.dirname(os.path.abspath(real)), EXIT_BAD_DB)
    elif create:
        try:  # (root writes past the file's mode; an immutable file or a read-only disk it cannot)
            os.close(os.open(real, os.O_RDWR | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC))
        except OSError as e:
            raise StepError(path + " cannot be written (" + files.reason(e) + "): steppe history changes nothing "
                            "there", EXIT_BAD_DB)
    from urllib.parse import quote

    uri = "file:" + quote(real) + ("?mode=rwc" if create else "?mode=ro")
    db = None
    try:
        db = sqlite3.connect(uri, uri=True, timeout=1.0, isolation_level=None)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(db)
        if not tables and version == 0:
            if not create:
                raise StepError("no history in " + path + " yet (steppe history pull makes it)", EXIT_BAD_DB)
            db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA:
                db.execute(statement)
            db.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
            db.execute("COMMIT")
        elif isinstance(version, int) and version > SCHEMA_VERSION and "games" in tables:
            raise StepError(path + " is the history of a newer steppe (schema %d; this one reads %d): update steppe"
                            % (version, SCHEMA_VERSION), EXIT_BAD_DB)
        elif version != SCHEMA_VERSION or "games" not in tables:
            raise StepError(path + " is not a steppe history database (schema %s)" % version, EXIT_BAD_DB)
        else:
            for name, columns in _schema_tables().items():
                if tables.get(name) != columns:
                    raise StepError(path + " is not a steppe history database: its table %s %s" % (
                        name, "has the columns " + ", ".join(tables[name])[:80] if name in tables else "is missing"),
                        EXIT_BAD_DB)
            damage = [r[0] for r in db.execute("PRAGMA quick_check(3)")]
            if damage != ["ok"]:
                said = " ".join(str(damage[0]).replace("*** in database main ***", "").split())
                raise StepError(path + " is damaged (" + said[:100] + "): " + REPAIR, EXIT_BAD_DB)
        return db
    except sqlite3.Error as e:
        if db is not None:
            db.close()
        raise db_error(path, e)
    except BaseException:
        if db is not None:
            db.close()
        raise


REPAIR = "restore it from a backup, or move it away and pull the box's games again"


def _tables(db: sqlite3.Connection) -> "dict[str, list[str]]":
    """table -> its columns, in order."""
    names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")]
    return {name: [str(r[1]) for r in db.execute("SELECT * FROM pragma_table_info(?)", (name,))] for name in names}


def _schema_tables() -> "dict[str, list[str]]":
    """The tables of this steppe's schema and their columns: what a history's must be."""
    db = sqlite3.connect(":memory:")
    try:
        for statement in SCHEMA:
            db.execute(statement)
        return _tables(db)
    finally:
        db.close()


def db_error(path: str, e: sqlite3.Error) -> StepError:
    """What sqlite said, as one line about the history database (EXIT_BAD_DB)."""
    said = str(e)
    if "locked" in said or "busy" in said:
        return StepError(path + " is locked by another program: close it and try again", EXIT_BAD_DB)
    if "readonly" in said or "read-only" in said:
        return StepError(path + " is read-only (" + said + "): steppe history changes nothing there", EXIT_BAD_DB)
    if "not a database" in said:
        return StepError(path + " is not a SQLite database (" + said + ")", EXIT_BAD_DB)
    if "malformed" in said or "corrupt" in said:
        return StepError(path + " is damaged (" + said + "): " + REPAIR, EXIT_BAD_DB)
    return StepError(path + ": " + said, EXIT_BAD_DB)


def _write(db: sqlite3.Connection, statements: list) -> None:
    """Statements in one transaction: all or nothing."""
    try:
        db.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError as e:
        raise StepError("the history database is locked by another program (" + str(e) + ")", EXIT_BAD_DB)
    try:
        for sql, params in statements:
            db.execute(sql, params)
        db.execute("COMMIT")
    except BaseException:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise


# -- a game from the box, checked --------------------------------------------------------------
def game_id(head: dict) -> str:
    """A game's id as the box gives it: the CRC-32 of its journal's header line."""
    return "%08x" % crc32(journal.seal(cjson.dumps(head)).encode())


LATER = ("start",)  # summary keys a box of an older firmware does not give: the laptop's own are kept


def check_game(meta: dict) -> dict:
    """An archive.get answer checked: the game it holds, replayed. Returns the row to store;
    StepError (EXIT_BAD_ARCHIVE) naming what is wrong."""
    from shared_rules import replay

    from steppe.verify import journal_texts

    where = "game " + str(meta.get("id"))[:20]
    lines = meta.get("journal")
    if not isinstance(lines, list) or not lines or not isinstance(lines[0], dict):
        raise StepError(where + ": no journal", EXIT_BAD_ARCHIVE)
    try:
        head, texts = journal_texts(lines, "the box")
    except RulesError as e:
        raise StepError(where + ": " + e.message, EXIT_BAD_ARCHIVE)
    gid = game_id(head)
    if gid != meta.get("id"):
        raise StepError(where + ": the id is not its journal's (" + gid + ")", EXIT_BAD_ARCHIVE)
    name = head["game"]
    try:
        game = replay.replay(head, texts)
        count = len(replay.in_force(texts))
    except RulesError as e:
        raise StepError(where + ": " + e.message, EXIT_BAD_ARCHIVE)
    if not module(name).is_over(game):
        raise StepError(where + ": its journal does not end the game (truncated?)", EXIT_BAD_ARCHIVE)
    summary = module(name, "summary").summary(game, head["settings"])
    told = meta.get("summary")
    if not isinstance(told, dict) or any(cjson.dumps(told.get(k)) != cjson.dumps(summary[k]) for k in summary
                                         if k in told or k not in LATER):
        raise StepError(where + ": the summary it carries is not its journal's", EXIT_BAD_ARCHIVE)
    if meta.get("actions") != count:
        raise StepError(where + ": it says %s actions, its journal holds %d" % (meta.get("actions"), count),
                        EXIT_BAD_ARCHIVE)
    clock = meta.get("clock") if meta.get("clock") in ("set", "relative") else "relative"
    start = meta.get("start") if type(meta.get("start")) is int else None
    end = meta.get("end") if type(meta.get("end")) is int else None
    summary["actions"] = count
    if clock == "set" and start is not None and end is not None and end >= start:
        summary["minutes"] = (end - start) // 60
    return {"id": meta["id"], "game": name, "settings": head["settings"], "start": start, "end": end,
            "clock": clock, "actions": count, "summary": summary, "journal": lines}


def store(db: sqlite3.Connection, row: dict) -> bool:
    """A checked game into the database; False when it is there already (by its id)."""
    if db.execute("SELECT 1 FROM games WHERE id = ?", (row["id"],)).fetchone():
        return False
    _write(db, [("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                 (row["id"], row["game"], cjson.dumps(row["settings"]), row["start"], row["end"], row["clock"],
                  row["actions"], cjson.dumps(row["summary"]), "\n".join(cjson.dumps(x) for x in row["journal"]),
                  int(time.time())))])
    return True


def pull(link, db: sqlite3.Connection, progress=None) -> "tuple[int, int, list[str]]":
    """The box's archive into the database: (stored, already there, refusals)."""
    from steppe.device import DeviceError

    listing = link.request("archive.list", timeout=30.0).get("games") or []
    stored = already = 0
    refused = []
    for k, entry in enumerate(listing):
        if progress is not None:
            progress(k, len(listing))
        gid = entry.get("id") if isinstance(entry, dict) else None
        if not isinstance(gid, str):
            refused.append("an archive entry without an id")
            continue
        if isinstance(entry, dict) and "damaged" in entry:  # the box could not read it: named, the others pulled
            refused.append("game " + gid[:20] + ": damaged on the box (" + str(entry["damaged"])[:80] + ")")
            continue
        if db.execute("SELECT 1 FROM games WHERE id = ?", (gid,)).fetchone():
            already += 1
            continue
        try:
            row = check_game(link.request("archive.get", {"id": gid}, timeout=60.0))
        except DeviceError as e:  # (before StepError: it is one, without the game's id)
            refused.append("game " + gid + ": " + str(e))
            continue
        except StepError as e:
            refused.append(str(e))
            continue
        if store(db, row):
            stored += 1
        else:
            already += 1
    if progress is not None:
        progress(len(listing), len(listing))
    return stored, already, refused


# -- reading it back ----------------------------------------------------------------------------
class Game:
    """A stored game, its row checked: StepError (EXIT_BAD_DB) naming the game and what is
    wrong with it (a column of the wrong type, JSON that is not steppe's, a summary of
    another shape). Its journal is read when first asked for (show, replay, the plots)."""

    def __init__(self, r: tuple) -> None:
        gid, self.game, settings, self.start, self.end, self.clock, self.actions, summary, self._text, _ = r
        self.id = gid if isinstance(gid, str) else str(gid)
        if not isinstance(gid, str) or not gid or len(gid) > 64:
            self._damaged("its id is not text")
        if self.game not in TITLES:
            self._damaged("its game %r is none of %s" % (str(self.game)[:20], ", ".join(TITLES)))
        for name, value in (("start", self.start), ("end", self.end)):
            if value is not None and type(value) is not int:
                self._damaged("its %s time is not a whole number of seconds" % name)
        if self.clock not in ("set", "relative"):
            self._damaged("its clock is neither set nor relative")
        if type(self.actions) is not int or self.actions < 0:
            self._damaged("its count of actions is not a whole number")
        self.settings = self._json("settings", settings)
        self.summary = self._json("summary", summary)
        why = _settings_wrong(self.game, self.settings) or _summary_wrong(self.summary, self.colours())
        if why:
            self._damaged(why)
        if not isinstance(self._text, str):
            self._damaged("its journal is not text")
        self._journal: "list | None" = None

    def _damaged(self, why: str) -> NoReturn:
        raise StepError("game " + self.id[:20] + " in the history is damaged: " + why, EXIT_BAD_DB)

    def _json(self, what: str, text) -> dict:
        if not isinstance(text, str):
            self._damaged("its %s is not text" % what)
        try:
            value = files.loads(text)
        except ValueError as e:
            self._damaged("its %s is not steppe's JSON (%s)" % (what, str(e)[:100]))
        if not isinstance(value, dict):
            self._damaged("its %s is not a JSON object" % what)
        return value

    @property
    def journal(self) -> list:
        """Its journal lines as JSON objects, the header first."""
        if self._journal is None:
            lines = []
            for k, line in enumerate(self._text.split("\n")):
                try:
                    entry = files.loads(line)
                except ValueError as e:
                    self._damaged("its journal line %d is not steppe's JSON (%s)" % (k + 1, str(e)[:100]))
                if not isinstance(entry, dict):
                    self._damaged("its journal line %d is not a JSON object" % (k + 1))
                lines.append(entry)
            self._journal = lines
        return self._journal

    def replayed(self):
        """The game its journal plays to (the rules core: every action applies and draws what
        it recorded); StepError (EXIT_BAD_DB) naming the line that does not."""
        from shared_rules import replay

        try:
            return replay.replay(self.journal[0], [cjson.dumps(line) for line in self.journal[1:]])
        except RulesError as e:
            self._damaged("its journal does not replay: " + e.message)

    def colours(self) -> list:
        return players(self.game, self.settings)


def _settings_wrong(game: str, settings: dict) -> str:
    """What makes a stored game's settings unusable here ("" if nothing)."""
    if game != "chuhan" and not isinstance(settings.get("players"), list):
        return "its settings name no players"
    colours = players(game, settings)
    if not isinstance(colours, list) or not 1 <= len(colours) <= 6 or len(set(map(str, colours))) != len(colours):
        return "its settings name no players"
    if not all(isinstance(c, str) and 0 < len(c) <= 16 for c in colours):
        return "its settings name players that are not colours"
    return ""


def _summary_wrong(summary: dict, colours: list) -> str:
    """What makes a stored summary unusable here ("" if nothing): the shape docs/history.md
    gives (shared_rules/<game>/summary.py)."""
    ranking = summary.get("ranking")
    if not isinstance(ranking, list) or not all(
            isinstance(r, dict) and r.get("player") in colours and type(r.get("total")) is int
            and type(r.get("place")) is int for r in ranking):
        return "its summary's ranking is not a list of players, totals and places"
    won = summary.get("winners") if "winners" in summary else [summary.get("winner")]
    if won is not None and (not isinstance(won, list) or not all(w is None or w in colours for w in won)):
        return "its summary's winner is not one of its players"
    for key in ("minutes", "rounds", "actions"):
        if key in summary and type(summary[key]) is not int:
            return "its summary's %s is not a whole number" % key
    breakdown = summary.get("breakdown", {})
    if not isinstance(breakdown, dict) or not all(isinstance(b, dict) for b in breakdown.values()):
        return "its summary's breakdown is not a table per player"
    return ""


def games(db: sqlite3.Connection) -> "list[Game]":
    return [Game(r) for r in db.execute("SELECT * FROM games ORDER BY coalesce(start, end_time, pulled), id")]


def find(db: sqlite3.Connection, gid: str) -> Game:
    """A game by its id or an unambiguous start of it."""
    rows = db.execute("SELECT * FROM games WHERE substr(id, 1, ?) = ? ORDER BY id",
                      (len(gid), gid.lower())).fetchall()
    if not gid or not rows:
        raise StepError("no game " + gid + " in the history (steppe history list shows them)", EXIT_USAGE)
    if len(rows) > 1:
        raise StepError(gid + " is the start of %d games' ids: give more of it" % len(rows), EXIT_USAGE)
    return Game(rows[0])


def names(db: sqlite3.Connection, g: Game) -> dict:
    """colour -> the player's name: the game's own names, else the default per colour,
    else the colour."""
    out = {c: c for c in g.colours()}
    for colour, name in db.execute("SELECT colour, name FROM default_names"):
        if colour in out and isinstance(name, str):  # (a name of another type, put there by hand: passed over)
            out[colour] = name
    for colour, name in db.execute("SELECT colour, name FROM names WHERE id = ?", (g.id,)):
        if colour in out and isinstance(name, str):
            out[colour] = name
    return out


def when(g: Game) -> str:
    """The date and time a game began (UTC), or how it is known without a clock."""
    if g.clock == "set" and g.start is not None:
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(g.start))
    if g.clock == "set" and g.end is not None:
        return time.strftime("%Y-%m-%d %H:%M", time.gmtime(g.end)) + " (end)"
    return "(no clock)"


def winners(g: Game) -> list:
    s = g.summary
    if "winners" in s:
        return list(s["winners"] or [])
    return [s["winner"]] if s.get("winner") else []


def score_series(g: Game) -> "dict[str, list[int]]":
    """Each player's total after every action in force (the summary's ranking totals as the
    game stood then): what the score plot draws."""
    from shared_rules import replay

    g.replayed()  # a journal that does not replay is named as the damage it is
    head = g.journal[0]
    texts = [cjson.dumps(line) for line in g.journal[1:]]
    colours = g.colours()
    series: "dict[str, list[int]]" = {c: [] for c in colours}
    summary_of = module(g.game, "summary").summary

    def each(game, k, entry, event, who) -> None:
        totals = {r["player"]: r["total"] for r in summary_of(game, g.settings)["ranking"]}
        for c in colours:
            series[c].append(totals.get(c, 0))

    replay.replay(head, texts, each)
    return series


# -- export ---------------------------------------------------------------------------------------
def bgstats(db: sqlite3.Connection, rows: "list[Game]") -> dict:
    """The BG Stats import file (.bgsplay JSON; docs/history.md lists the fields we fill)."""
    import uuid

    space = uuid.uuid5(uuid.NAMESPACE_URL, "https://steppe-companion.invalid/history")
    bgg = {name: number for name, number in db.execute("SELECT game, bgg_id FROM bgg") if type(number) is int}
    player_ids: "dict[str, int]" = {}
    game_ids: "dict[str, int]" = {}
    plays = []
    for g in rows:
        if g.game not in game_ids:
            game_ids[g.game] = NAMES.index(g.game) + 1
        named = names(db, g)
        won = winners(g)
        ranking = {r["player"]: r for r in g.summary.get("ranking") or []}
        scores = []
        colours = g.colours()
        start = g.summary.get("start") if g.summary.get("start") in colours else colours[0] if colours else None
        for seat, colour in enumerate(colours):
            person = named[colour]
            if person not in player_ids:
                player_ids[person] = len(player_ids) + 1
            r = ranking.get(colour, {})
            scores.append({"playerRefId": player_ids[person], "score": str(r.get("total", "")),
                           "winner": colour in won, "rank": r.get("place", 0), "seatOrder": seat + 1,
                           "startPlayer": colour == start, "newPlayer": False, "role": colour})
        date = g.start if g.clock == "set" and g.start is not None else g.end if g.clock == "set" else None
        plays.append({
            "uuid": str(uuid.uuid5(space, "play-" + g.id)).upper(),
            "gameRefId": game_ids[g.game],
            "playDate": time.strftime("%Y-%m-%d %H:%M:%S", time.gmtime(date)) if date is not None else "",
            "durationMin": g.summary.get("minutes", 0),
            "ignored": False, "manualWinner": False, "rounds": g.summary.get("rounds", 0),
            "usesTeams": False, "scoringSetting": 0, "rating": 0,
            "comments": "Steppe Companion game " + g.id + ", " + str(g.actions) + " actions",
            "playerScores": scores,
        })
    return {
        "about": "Plays exported by Steppe Companion (steppe history export --bgstats) for Board Game Stats",
        "games": [{"id": gid, "uuid": str(uuid.uuid5(space, "game-" + name)).upper(), "name": TITLES[name],
                   "bggId": bgg.get(name, 0), "highestWins": True, "noPoints": False, "cooperative": False,
                   "usesTeams": False, "minPlayerCount": GAMES[NAMES.index(name)][2],
                   "maxPlayerCount": GAMES[NAMES.index(name)][3]}
                  for name, gid in game_ids.items()],
        "players": [{"id": pid, "uuid": str(uuid.uuid5(space, "player-" + person)).upper(), "name": person,
                     "isAnonymous": False} for person, pid in player_ids.items()],
        "locations": [],
        "plays": plays,
    }


CSV_COLUMNS = ("game_id", "title", "date", "minutes", "actions", "seat", "colour", "player", "score", "place",
               "winner")


def csv_text(db: sqlite3.Connection, rows: "list[Game]") -> str:
    """The CSV export's text: a header, then csv_rows()."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(CSV_COLUMNS)
    w.writerows(csv_rows(db, rows))
    return buf.getvalue()


def csv_rows(db: sqlite3.Connection, rows: "list[Game]") -> list:
    """One row per player per play."""
    out = []
    for g in rows:
        named = names(db, g)
        won = winners(g)
        ranking = {r["player"]: r for r in g.summary.get("ranking") or []}
        for seat, colour in enumerate(g.colours()):
            r = ranking.get(colour, {})
            out.append((g.id, TITLES[g.game], when(g), g.summary.get("minutes", ""), g.actions, seat + 1, colour,
                        named[colour], r.get("total", ""), r.get("place", ""), int(colour in won)))
    return out


# -- the command --------------------------------------------------------------------------------
def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--db", default="", metavar="FILE", help="the history database (default: " + default_db() + ")")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    pl = sub.add_parser("pull", help="copy the box's finished games into the database (each once, replayed first)")
    pl.add_argument("--port", default="", help="the device (default: the only one attached)")
    sub.add_parser("list", help="the games: date, title, players, winner, scores")
    sh = sub.add_parser("show", help="a game's every action told, and its summary")
    sh.add_argument("id", metavar="ID")
    rp = sub.add_parser("replay", help="a game played back step by step, the scores after each action")
    rp.add_argument("id", metavar="ID")
    rp.add_argument("--delay", type=float, default=0.0, metavar="S", help="seconds between actions (default: "
                    "wait for Enter on a terminal, none otherwise)")
    rp.add_argument("--text", action="store_true", help="the story and the scores only, without the front panel")
    nm = sub.add_parser("name", help="name the players of a game (ID red=Anna blue=Ben), or --default for all")
    nm.add_argument("id", metavar="ID", nargs="?", default="")
    nm.add_argument("pairs", metavar="COLOUR=NAME", nargs="*")
    nm.add_argument("--default", action="store_true", help="the names of these colours in every game")
    bg = sub.add_parser("bgg", help="the BoardGameGeek id of a title for the export: khan=ID ...")
    bg.add_argument("pairs", metavar="GAME=ID", nargs="+")
    ex = sub.add_parser("export", help="the plays for BG Stats (--bgstats FILE) or a spreadsheet (--csv FILE)")
    ex.add_argument("--bgstats", default="", metavar="FILE")
    ex.add_argument("--csv", default="", metavar="FILE")
    _stats_options(sub.add_parser("stats", help="wins by seat and colour, lengths, scores: tables, PNG plots, "
                                                "--html DIR"))


def _stats_options(st: argparse.ArgumentParser) -> None:
    st.add_argument("--html", default="", metavar="DIR", help="a report: the tables and the plots in one page")
    st.add_argument("--plot", default="", metavar="ID", help="one game's scores action by action, as a PNG")
    st.add_argument("--out", default="", metavar="FILE", help="where --plot writes (default: ID.png)")
    st.add_argument("--show", action="store_true", help="open the plots in a window where there is one")


def stats_arguments(p: argparse.ArgumentParser) -> None:
    """`steppe stats`: the same as `steppe history stats`."""
    p.add_argument("--db", default="", metavar="FILE", help="the history database (default: " + default_db() + ")")
    _stats_options(p)


def run_stats(args) -> int:
    args.action = "stats"
    return run(args)


def run(args) -> int:
    path = args.db or default_db()
    db = open_db(path, create=args.action in ("pull", "name", "bgg"))
    try:
        return ACTIONS[args.action](db, args)
    except sqlite3.Error as e:  # (a damaged page found only when it is read)
        raise db_error(path, e)
    finally:
        db.close()


def _pull(db, args) -> int:
    from steppe import ports

    link, hello = ports.connect(args.port)
    try:
        stored, already, refused = pull(link, db, progress_bar("pulling"))
    finally:
        link.close()
    for line in refused:
        sys.stderr.write("refused: " + line + "\n")
    sys.stderr.write("%s: %d game(s) stored, %d already there, %d refused\n" % (
        link.port, stored, already, len(refused)))
    return EXIT_BAD_ARCHIVE if refused else EXIT_OK


def progress_bar(what: str):
    """A progress bar on stderr where there is a terminal; nothing otherwise."""
    if not sys.stderr.isatty():
        return None

    def show(k: int, n: int) -> None:
        width = 30
        done = width * k // n if n else width
        sys.stderr.write("\r%s [%s%s] %d/%d" % (what, "#" * done, "." * (width - done), k, n))
        if k == n:
            sys.stderr.write("\n")
        sys.stderr.flush()

    return show


def _scores(g: Game, named: dict) -> str:
    return ", ".join("%s %s" % (named.get(r["player"], r["player"]), r["total"]) for r in g.summary.get("ranking", []))


def _list(db, args) -> int:
    """The readable games listed; a damaged one named last (one line, EXIT_BAD_DB)."""
    rows = []
    damaged: "list[StepError]" = []
    for r in db.execute("SELECT * FROM games ORDER BY coalesce(start, end_time, pulled), id"):
        try:
            rows.append(Game(r))
        except StepError as e:
            damaged.append(e)
    if damaged:
        _print_list(db, rows)
        more = " (and %d more)" % (len(damaged) - 1) if len(damaged) > 1 else ""
        raise StepError(str(damaged[0]) + more, EXIT_BAD_DB)
    if not rows:
        sys.stderr.write("the history is empty (steppe history pull copies the box's finished games)\n")
        return EXIT_OK
    _print_list(db, rows)
    return EXIT_OK


def _print_list(db, rows: "list[Game]") -> None:
    print("%-8s  %-18s  %-17s  %-30s  %-12s  %s" % ("ID", "DATE", "GAME", "PLAYERS", "WINNER", "SCORES"))
    for g in rows:
        named = names(db, g)
        print("%-8s  %-18s  %-17s  %-30s  %-12s  %s" % (
            g.id, when(g), TITLES[g.game], ", ".join(named[c] for c in g.colours())[:30],
            ", ".join(named.get(w, w) for w in winners(g)) or "-", _scores(g, named)))


def summary_lines(g: Game, named: dict) -> list:
    s = g.summary
    out = ["winner: " + (", ".join(named.get(w, w) for w in winners(g)) or "nobody")]
    for r in s.get("ranking", []):
        parts = (s.get("breakdown") or {}).get(r["player"]) or {}
        out.append("  %d. %s (%s): %s%s" % (r["place"], named.get(r["player"], r["player"]), r["player"], r["total"],
                                            "  [" + ", ".join("%s %s" % kv for kv in sorted(parts.items())) + "]"
                                            if parts else ""))
    out.append("length: %d actions%s" % (g.actions, ", %d minutes" % s["minutes"] if "minutes" in s else ""))
    return out


def _show(db, args) -> int:
    from steppe.story import tell

    g = find(db, args.id)
    named = names(db, g)
    g.replayed()  # (told only once it is known to be the game)
    print("%s game %s, %s, players %s" % (TITLES[g.game], g.id, when(g), ", ".join(named[c] for c in g.colours())))
    for number, sentence in tell(g.journal):
        print("%4d  %s" % (number, sentence))
    for line in summary_lines(g, named):
        print(line)
    return EXIT_OK


def _replay(db, args) -> int:
    """The game played back action by action: on the front panel of a virtual Pico (the
    matrix as the box drew it, after each action) unless --text; each step told in words
    with the scores as the game stood. Enter steps on a terminal (q stops), else --delay."""
    from steppe.story import Story

    g = find(db, args.id)
    named = names(db, g)
    g.replayed()  # a damaged journal is said before the panel starts
    story = Story(g.journal[0])
    summary_of = module(g.game, "summary").summary
    wait = args.delay <= 0 and sys.stdin.isatty() and sys.stdout.isatty()
    print("%s game %s: %d actions%s" % (TITLES[g.game], g.id, g.actions, " (Enter: next, q: stop)" if wait else ""))
    with _panel(g, not args.text) as step:
        for k in range(1, len(g.journal)):
            sentence = story.feed(cjson.dumps(g.journal[k]))
            if "a" not in g.journal[k]:
                continue  # an undo or redo of the table's: the story says it, the panel plays what stands
            matrix = step()
            totals = summary_of(story.game, g.settings)["ranking"]
            if matrix:
                sys.stdout.write(matrix)
            print("%4d  %-60s  %s" % (k + 1, sentence, "  ".join(
                "%s %s" % (named.get(r["player"], r["player"]), r["total"]) for r in totals)))
            sys.stdout.flush()
            if wait:
                if sys.stdin.readline().strip().lower() == "q":
                    return EXIT_OK
            elif args.delay > 0:
                time.sleep(args.delay)
    for line in summary_lines(g, named):
        print(line)
    return EXIT_OK


class _panel:
    """A virtual Pico in a temporary folder holding the game at its start (its actions in
    force, all undone): step() redoes the next one through the buttons and gives the
    matrix as the box drew it, or "" without the panel."""

    def __init__(self, g: Game, on: bool) -> None:
        self.g = g
        self.on = on
        self.stack = None
        self.link = None

    def __enter__(self):
        if not self.on:
            return lambda: ""
        import contextlib
        import tempfile

        from shared_rules import replay
        from steppe import play
        from steppe.sync import parts

        texts = [cjson.dumps(line) for line in self.g.journal[1:]]
        actions = [self.g.journal[1 + k] for k in replay.in_force(texts)]
        self.stack = contextlib.ExitStack()
        fs = self.stack.enter_context(tempfile.TemporaryDirectory(prefix="steppe-replay-"))
        self.link, _, _ = self.stack.enter_context(play._device("", fs, lock=False))
        todo = parts([self.g.journal[0]] + actions + [{"undo": 1}] * len(actions))
        for k, part in enumerate(todo):
            self.link.request("journal.put", {"lines": part, "part": k, "last": k == len(todo) - 1}, timeout=120.0)
        self.link.request("ui.press", {"button": "BACK", "long": True})  # the history, at the start
        return self._step

    def _step(self) -> str:
        from steppe.leds import shown_hex
        from steppe.panel import pixel

        assert self.link is not None
        self.link.request("ui.press", {"button": "RIGHT"})  # redo: the next action
        px = self.link.request("ui.frame")["pixels"]  # the palette's levels, shown as the panel shows them
        rows = ["".join(pixel(shown_hex(c, 255)) for c in px[16 * y:16 * y + 16]) + "\x1b[0m" for y in range(16)]
        return "\n".join(rows) + "\n"

    def __exit__(self, *exc) -> None:
        if self.stack is not None:
            self.stack.close()


def _name(db, args) -> int:
    pairs = []
    for text in ([args.id] if args.default and args.id else []) + args.pairs:
        colour, sep, name = text.partition("=")
        if not sep or not colour or not name.strip() or len(name) > MAX_NAME:
            raise StepError("name players as COLOUR=NAME (a name of 1-%d characters), not %r" % (MAX_NAME, text),
                            EXIT_USAGE)
        pairs.append((colour, name))
    if not pairs:
        raise StepError("give COLOUR=NAME pairs, e.g. red=Anna", EXIT_USAGE)
    pairs = set_names(db, None if args.default else args.id, pairs)
    sys.stderr.write("%s: %s\n" % ("default names" if args.default else "game " + find(db, args.id).id,
                                   ", ".join("%s=%s" % p for p in pairs)))
    return EXIT_OK


def set_names(db: sqlite3.Connection, gid: "str | None", pairs: "list[tuple[str, str]]") -> list:
    """Names for colours: a game's (gid), or the defaults of every game (None). The pairs
    as stored; StepError (EXIT_USAGE) for a bad name or a colour that is not the game's."""
    out = []
    for colour, name in pairs:
        colour, name = str(colour).strip().lower(), str(name).strip()
        if not colour or not name or len(name) > MAX_NAME:
            raise StepError("name players as COLOUR=NAME (a name of 1-%d characters), not %r" % (
                MAX_NAME, colour + "=" + name), EXIT_USAGE)
        out.append((colour, name))
    if gid is None:
        _write(db, [("INSERT OR REPLACE INTO default_names VALUES (?, ?)", p) for p in out])
        return out
    g = find(db, gid)
    for colour, _ in out:
        if colour not in g.colours():
            raise StepError("%s is not a player of game %s (%s)" % (colour, g.id, ", ".join(g.colours())), EXIT_USAGE)
    _write(db, [("INSERT OR REPLACE INTO names VALUES (?, ?, ?)", (g.id, c, n)) for c, n in out])
    return out


def _bgg(db, args) -> int:
    rows = []
    for text in args.pairs:
        name, sep, number = text.partition("=")
        if name not in NAMES or not number.isdigit():
            raise StepError("give GAME=ID with GAME one of %s, not %r" % (", ".join(NAMES), text), EXIT_USAGE)
        rows.append(("INSERT OR REPLACE INTO bgg VALUES (?, ?)", (name, int(number))))
    _write(db, rows)
    return EXIT_OK


def _export(db, args) -> int:
    """Each file whole or not at all, and only a regular file or a new path (`-`: stdout):
    both targets judged, and both texts made, before either is written."""
    if not args.bgstats and not args.csv:
        raise StepError("say where: --bgstats FILE and/or --csv FILE", EXIT_USAGE)
    if args.bgstats == "-" and args.csv == "-":
        raise StepError("only one of --bgstats and --csv can be - (stdout)", EXIT_USAGE)
    for path in (args.bgstats, args.csv):
        if path and path != "-":
            files.target(path)
    rows = games(db)
    out = []
    if args.bgstats:
        out.append((args.bgstats, json.dumps(bgstats(db, rows), indent=1, ensure_ascii=False) + "\n"))
    if args.csv:
        out.append((args.csv, csv_text(db, rows)))
    for path, text in out:
        files.write(path, text, "utf-8")
    sys.stderr.write("%d play(s) exported to %s\n" % (len(rows), " and ".join(
        "stdout" if f == "-" else f for f in (args.bgstats, args.csv) if f)))
    return EXIT_OK


def _stats(db, args) -> int:
    from steppe import stats

    return stats.run(db, args)


ACTIONS = {"pull": _pull, "list": _list, "show": _show, "replay": _replay, "name": _name, "bgg": _bgg,
           "export": _export, "stats": _stats}
