"""steppe sync: back up the device's game (state and log) to a file, and put one back.

`steppe sync pull FILE` writes the game in progress as a sync file (docs/sync.md), all at
once (a temp file, then a rename); `steppe sync push FILE` checks a sync file - or a Khan
position prepared on the laptop - here with the rules core's checked readers, the very
readers the device runs when a game comes back, and only then sends it: state.put (the
device checks it again and keeps its game when it refuses), then the log, in chunks.
"""

import argparse
import json
import os
import sys

from shared_rules import cjson
from shared_rules.errors import UNKNOWN_OP, RulesError
from shared_rules.ops import MAX_LINE
from steppe import verify
from steppe.device import DeviceError, Transport
from steppe.errors import EXIT_DEVICE_ERROR, EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError

GAMES = ("khan", "chuhan", "huns", "khaan")
VERSION = 1
SYNC_KEYS = ("steppe", "version", "game", "state", "log")
POSITION_KEYS = ("steppe", "version", "game", "players", "board", "pieces", "mode", "seed", "current")
LOG_CHUNK = 4096  # bytes of log entries in one log.put: well below the line limit


class Backup:
    """A checked game, ready for the device."""

    def __init__(self, game: str, state, log: list, kind: str) -> None:
        self.game = game
        self.state = state
        self.log = log
        self.kind = kind  # "sync" or "position"


# -- the file ------------------------------------------------------------------------------
def sync_text(game: str, state, log: list) -> str:
    """A sync file: canonical JSON, the state on one line and each log entry on its own, so
    two backups compare with diff and the same game gives the same bytes."""
    head = '{"steppe":"sync","version":%d,"game":%s,\n"state":%s,\n"log":[' % (
        VERSION, cjson.dumps(game), cjson.dumps(state))
    entries = ",".join("\n" + cjson.dumps(e) for e in log)
    return head + entries + ("\n" if log else "") + "]}\n"


def _refused(where: str, why: str) -> StepError:
    return StepError(where + ": " + why, EXIT_USAGE)


def _no_twice(pairs: list) -> dict:
    out = {}
    for key, value in pairs:
        if key in out:
            raise ValueError("key \"" + key[:40] + "\" appears twice in one object")
        out[key] = value
    return out


def _no_constant(name: str):
    raise ValueError(name + " is not JSON")


def parse(text: "str | bytes", where: str):
    """JSON from a file's text; a StepError naming the line and column when it is not."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _refused(where, "not UTF-8 text (byte %d)" % e.start)
    try:
        return json.loads(text, object_pairs_hook=_no_twice, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise _refused(where, "not valid JSON: line %d, column %d: %s" % (e.lineno, e.colno, e.msg))
    except ValueError as e:
        raise _refused(where, "not valid JSON: " + str(e))


def read_bytes(path: str) -> bytes:
    if path == "-":
        return sys.stdin.buffer.read()
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise StepError("cannot read " + path + ": " + (e.strerror or str(e)), EXIT_USAGE)


def check_state(game: str, state) -> None:
    """The state through exactly the reader the device runs: the game screen's restore()
    (firmware/ui/<game>.py, which calls the rules core's checked reader), here on the host;
    RulesError when it is refused."""
    import importlib
    import sys

    from steppe import paths

    firmware = paths.firmware_dir()
    added = firmware not in sys.path
    if added:
        sys.path.insert(0, firmware)
    try:
        importlib.import_module("ui." + game).restore(state)
    finally:
        if added:
            sys.path.remove(firmware)


def _keys(doc: dict, allowed: tuple, where: str, kind: str) -> None:
    for key in doc:
        if key not in allowed:
            raise _refused(where, "unknown key \"%s\"; a %s file has %s" % (key[:40], kind, ", ".join(allowed)))


def _version(doc: dict, where: str, default=None) -> None:
    version = doc.get("version", default)
    if version != VERSION:
        raise _refused(where, "%s version %s; this steppe reads version %d" % (
            doc.get("steppe"), json.dumps(version), VERSION))


def _game(doc: dict, where: str) -> str:
    game = doc.get("game")
    if game not in GAMES:
        raise _refused(where, "unknown game %s; games are %s" % (json.dumps(game)[:40], ", ".join(GAMES)))
    return game


def read(path: str, board: str = "", seed: "int | None" = None) -> Backup:
    """A sync or position file, checked through and through; StepError (EXIT_USAGE) naming
    what is wrong. board: a board text file for a position; seed: a position's deck."""
    doc = parse(read_bytes(path), path)
    if not isinstance(doc, dict) or doc.get("steppe") not in ("sync", "position"):
        raise _refused(path, "not a steppe file: it must be an object with \"steppe\": \"sync\" or \"position\"")
    if doc["steppe"] == "position":
        return _position(doc, path, board, seed)
    if board:
        raise _refused(path, "--board is for position files; this is a sync file")
    _keys(doc, SYNC_KEYS, path, "sync")
    _version(doc, path)
    game = _game(doc, path)
    state = doc.get("state")
    try:
        check_state(game, state)
    except RulesError as e:
        raise _refused(path, "state refused: " + e.message)
    log = doc.get("log", [])
    if not isinstance(log, list):
        raise _refused(path, "\"log\" must be a list of objects")
    for k, entry in enumerate(log):
        if not isinstance(entry, dict):
            raise _refused(path, "log[%d] is not an object" % k)
        if len(cjson.dumps(entry)) > LOG_CHUNK:
            raise _refused(path, "log[%d] is too long to send (%d bytes; at most %d)" % (
                k, len(cjson.dumps(entry)), LOG_CHUNK))
    return Backup(game, state, log, "sync")


# -- Khan positions -----------------------------------------------------------------------------
def _position(doc: dict, where: str, board_file: str, seed: "int | None") -> Backup:
    _keys(doc, POSITION_KEYS, where, "position")
    _version(doc, where, VERSION)
    if doc.get("game") != "khan":
        raise _refused(where, "positions are Khan positions: \"game\": \"khan\"")
    board = doc.get("board", "default")
    board_where = where
    if board_file:
        if "board" in doc:
            raise _refused(where, "it has a board, and --board gives another: choose one")
        raw = read_bytes(board_file)
        try:
            board = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise _refused(board_file, "not UTF-8 text (byte %d)" % e.start)
        board_where = board_file
    if not isinstance(board, str):
        raise _refused(where, "\"board\" must be \"default\" or the board text")
    if seed is None:
        seed = doc.get("seed")
    if seed is None:
        seed = int.from_bytes(os.urandom(4), "little")  # as the device seeds a real game
    if type(seed) is not int or not 0 <= seed < 2**32:
        raise _refused(where, "\"seed\" must be an integer 0..4294967295")
    try:
        state = khan_state(doc.get("players"), board, doc.get("pieces", {}), doc.get("mode", "table"), seed,
                           doc.get("current"))
    except RulesError as e:
        message = e.message
        raise _refused(board_where if message.startswith("board ") else where, message)
    return Backup("khan", state, [], "position")


def khan_state(players, board: str, pieces, mode: str, seed: int, current=None) -> dict:
    """A whole Khan game (game JSON) standing at a position: the start of `current`'s turn
    (the first player's by default), or the final phase once 5 rulers are home. Rulers
    neither on the board nor home stand on their start cells; the figures on the board
    come out of the box's stock; the special cards are all in hand. RulesError if the
    rules core refuses any of it."""
    from shared_rules.errors import bad_args
    from shared_rules.khan import conquer, load
    from shared_rules.khan import state as state_mod
    from shared_rules.khan.game import CONQUESTS, FINAL, FLIP, TURN, new_game
    from shared_rules.khan.tables import RULERS

    game = new_game(board, players, mode, seed)
    if not isinstance(pieces, dict):
        raise bad_args("pieces must be a JSON object")
    pieces = dict(pieces)
    rulers = pieces.get("rulers", {})
    home = pieces.get("home", [])
    if isinstance(rulers, dict) and isinstance(home, list):
        rulers = dict(rulers)
        for r, cell in sorted(game.board.starts.items()):
            if RULERS[r] not in rulers and RULERS[r] not in home:
                rulers[RULERS[r]] = game.board.name_of(cell)
        pieces["rulers"] = rulers
    game.pos = load.pieces(game.board, pieces, players)
    for p in game.pos.players:
        if p not in players:
            raise bad_args("pieces names " + p + ", who is not a player")
    game.stock = conquer.stock_after(game.pos)
    if current is None:
        current = players[0]
    if current not in players:
        raise bad_args("\"current\" must be one of the players")
    game.current = players.index(current)
    game.turn = 1
    game.setup_left = 0
    if sum(game.pos.home) >= 5:
        game.phase, game.step = FINAL, CONQUESTS
    else:
        game.phase, game.step = TURN, FLIP
    state = state_mod.game_json(game)
    load.game(json.loads(json.dumps(state)))  # what the device will read, read here first
    return state


# -- the device -------------------------------------------------------------------------------------
def _warn(text: str) -> None:
    sys.stderr.write("steppe sync: warning: " + text + "\n")


def get_log(link: Transport, game: str) -> list:
    """The device's log of the game in progress; [] (and a warning) from a firmware that
    keeps none."""
    try:
        got = link.request("log.get")
    except DeviceError as e:
        if e.code != UNKNOWN_OP:
            raise
        _warn("the device keeps no game log (its firmware is older): the file's log is empty")
        return []
    if got.get("game") != game:
        raise StepError("the device changed games while its game was read; try again", EXIT_FAILED)
    entries = got.get("entries")
    return entries if isinstance(entries, list) else []


def put_log(link: Transport, entries: list) -> int:
    """Start the device's log anew with these entries, in log.put requests well below the
    line limit; the number of requests."""
    chunks = [[]]
    size = 0
    for entry in entries:
        n = len(cjson.dumps(entry)) + 1
        if chunks[-1] and size + n > LOG_CHUNK:
            chunks.append([])
            size = 0
        chunks[-1].append(entry)
        size += n
    for k, chunk in enumerate(chunks):
        try:
            link.request("log.put", {"entries": chunk, "reset": k == 0})
        except DeviceError as e:
            if e.code != UNKNOWN_OP:
                raise
            if entries:
                _warn("the device keeps no game log (its firmware is older): the log was not put")
            return k
    return len(chunks)


def write_atomic(path: str, text: str) -> None:
    """The whole file or none of it: a temp file beside it, then a rename."""
    tmp = os.path.join(os.path.dirname(os.path.abspath(path)), "." + os.path.basename(path) + ".%d.tmp" % os.getpid())
    try:
        with open(tmp, "w", encoding="ascii") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except OSError as e:
        try:
            os.remove(tmp)
        except OSError:
            pass
        raise StepError("cannot write " + path + ": " + (e.strerror or str(e)), EXIT_USAGE)


def pull(link: Transport) -> "tuple[str, dict, list]":
    """(game, state, log) of the game in progress on the device."""
    got = link.request("state.get")
    game = got.get("game")
    if game is None:
        raise StepError("the device has no game in progress (it shows the menu): nothing to pull", EXIT_FAILED)
    return str(game), got.get("state") or {}, get_log(link, str(game))


def push(link: Transport, backup: Backup, where: str) -> None:
    """state.put, then the log; the device keeps its game when it refuses the state."""
    try:
        link.request("state.put", {"game": backup.game, "state": backup.state})
    except DeviceError as e:
        raise StepError(where + ": the device refused it and keeps its game: " + e.message, EXIT_DEVICE_ERROR)
    put_log(link, backup.log)


# -- the command -------------------------------------------------------------------------------------
def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the device (default: the only one attached)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    pl = sub.add_parser("pull", help="save the device's game and log to FILE (- for stdout)",
                        description="save the device's game and log to FILE (- for stdout)")
    pl.add_argument("file", metavar="FILE")
    ps = sub.add_parser("push", help="put the game of FILE (a sync file or a Khan position) on the device",
                        description="put the game of FILE (a sync file or a Khan position) on the device; "
                                    "the file is checked first, and a refused file changes nothing")
    ps.add_argument("file", metavar="FILE")
    ps.add_argument("--board", default="", metavar="TEXTFILE", help="a position's board, as board text")
    ps.add_argument("--seed", type=int, default=None, help="a position's seed (deck and dice; default random)")
    ps.add_argument("--check", action="store_true", help="only check the file: no device needed")
    for sp in (pl, ps):
        sp.add_argument("--port", default=argparse.SUPPRESS, help="the device (default: the only one attached)")


def run(args) -> int:
    if args.action == "push":
        return _push(args)
    return _pull(args)


def _connect(port: str):
    from steppe import ports

    link, hello = ports.connect(port)
    if str(hello.get("rules")) != verify.host_hash():
        _warn("the device's rules are not this host's (run steppe flash)")
    return link


def _pull(args) -> int:
    link = _connect(args.port)
    try:
        game, state, log = pull(link)
    finally:
        link.close()
    text = sync_text(game, state, log)
    if args.file == "-":
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_atomic(args.file, text)
    sys.stderr.write("%s: %s game, log %d entries, saved to %s\n" % (
        link.port, game, len(log), "stdout" if args.file == "-" else args.file))
    return EXIT_OK


def _push(args) -> int:
    backup = read(args.file, args.board, args.seed)
    size = len(verify.request_line(0, "state.put", {"game": backup.game, "state": backup.state}))
    if size > MAX_LINE:
        raise _refused(args.file, "the state is too large to send (%d bytes; a request line is at most %d)"
                       % (size, MAX_LINE))
    summary = "%s game%s, log %d entries" % (
        backup.game, " (from a position)" if backup.kind == "position" else "", len(backup.log))
    if args.check:
        print(args.file + ": good: " + summary)
        return EXIT_OK
    link = _connect(args.port)
    try:
        push(link, backup, args.file)
    finally:
        link.close()
    print("%s: %s, put on %s" % (args.file, summary, link.port))
    return EXIT_OK
