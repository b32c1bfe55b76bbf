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
import sys
import time
from binascii import crc32

from shared_rules import cjson, journal
from shared_rules.errors import RulesError
from shared_rules.games import GAMES, NAMES, module, players
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
    """The history database, made on first use. StepError (EXIT_BAD_DB) for a file that is
    not a SQLite database of ours, or one another program holds locked."""
    if not os.path.exists(path):
        if not create:
            raise StepError("no history database at " + path + " (steppe history pull makes it)", EXIT_BAD_DB)
        os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    try:
        db = sqlite3.connect(path, timeout=1.0, isolation_level=None)
        version = db.execute("PRAGMA user_version").fetchone()[0]
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if not tables and version == 0:
            db.execute("BEGIN IMMEDIATE")
            for statement in SCHEMA:
                db.execute(statement)
            db.execute("PRAGMA user_version = %d" % SCHEMA_VERSION)
            db.execute("COMMIT")
        elif version != SCHEMA_VERSION or "games" not in tables:
            db.close()
            raise StepError(path + " is not a steppe history database (schema %d)" % version, EXIT_BAD_DB)
        return db
    except sqlite3.OperationalError as e:
        if "locked" in str(e) or "busy" in str(e):
            raise StepError(path + " is locked by another program: close it and try again", EXIT_BAD_DB)
        raise StepError(path + ": " + str(e), EXIT_BAD_DB)
    except sqlite3.DatabaseError as e:
        raise StepError(path + " is not a SQLite database (" + str(e) + ")", EXIT_BAD_DB)


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
    """A stored game."""

    def __init__(self, r: tuple) -> None:
        self.id, self.game, settings, self.start, self.end, self.clock, self.actions, summary, text, _ = r
        self.settings = json.loads(settings)
        self.summary = json.loads(summary)
        self.journal = [json.loads(line) for line in text.split("\n")]

    def colours(self) -> list:
        return players(self.game, self.settings)


def games(db: sqlite3.Connection) -> "list[Game]":
    return [Game(r) for r in db.execute("SELECT * FROM games ORDER BY coalesce(start, end_time, pulled), id")]


def find(db: sqlite3.Connection, gid: str) -> Game:
    """A game by its id or an unambiguous start of it."""
    rows = db.execute("SELECT * FROM games WHERE id LIKE ? ORDER BY id", (gid.lower() + "%",)).fetchall()
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
        if colour in out:
            out[colour] = name
    for colour, name in db.execute("SELECT colour, name FROM names WHERE id = ?", (g.id,)):
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
    bgg = dict(db.execute("SELECT game, bgg_id FROM bgg").fetchall())
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
            "ignored": False, "manualWinner": False, "rounds": int(g.summary.get("rounds", 0)),
            "usesTeams": False, "scoringSetting": 0, "rating": 0,
            "comments": "Steppe Companion game " + g.id + ", " + str(g.actions) + " actions",
            "playerScores": scores,
        })
    return {
        "about": "Plays exported by Steppe Companion (steppe history export --bgstats) for Board Game Stats",
        "games": [{"id": gid, "uuid": str(uuid.uuid5(space, "game-" + name)).upper(), "name": TITLES[name],
                   "bggId": int(bgg.get(name, 0)), "highestWins": True, "noPoints": False, "cooperative": False,
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
    rows = games(db)
    if not rows:
        sys.stderr.write("the history is empty (steppe history pull copies the box's finished games)\n")
        return EXIT_OK
    print("%-8s  %-18s  %-17s  %-30s  %-12s  %s" % ("ID", "DATE", "GAME", "PLAYERS", "WINNER", "SCORES"))
    for g in rows:
        named = names(db, g)
        print("%-8s  %-18s  %-17s  %-30s  %-12s  %s" % (
            g.id, when(g), TITLES[g.game], ", ".join(named[c] for c in g.colours())[:30],
            ", ".join(named.get(w, w) for w in winners(g)) or "-", _scores(g, named)))
    return EXIT_OK


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
        if not sep:
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
    from steppe.sync import write_atomic

    if not args.bgstats and not args.csv:
        raise StepError("say where: --bgstats FILE and/or --csv FILE", EXIT_USAGE)
    rows = games(db)
    if args.bgstats:
        write_atomic(args.bgstats, json.dumps(bgstats(db, rows), indent=1, ensure_ascii=False) + "\n", "utf-8")
    if args.csv:
        write_atomic(args.csv, csv_text(db, rows), "utf-8")
    sys.stderr.write("%d play(s) exported to %s\n" % (len(rows), " and ".join(f for f in (args.bgstats, args.csv) if f)))
    return EXIT_OK


def _stats(db, args) -> int:
    from steppe import stats

    return stats.run(db, args)


ACTIONS = {"pull": _pull, "list": _list, "show": _show, "replay": _replay, "name": _name, "bgg": _bgg,
           "export": _export, "stats": _stats}
