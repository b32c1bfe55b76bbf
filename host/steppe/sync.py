"""steppe sync: back up the device's game (its journal) to a file, and put one back; the
box's own Khan board (`steppe sync board pull/push/remove`) likewise.

`steppe sync pull FILE` writes the game in progress as a sync file (docs/sync.md): the
journal of every action since the game began (undos included) and the state it stands at,
all at once (a temp file, then a rename). `steppe sync push FILE` replays a sync file's
journal here with the rules core - every action must apply and draw what it recorded, and
lead to the file's state - and only then sends it (journal.put, in parts): the device
replays it again and replaces its game only when it agrees. A Khan position prepared on
the laptop, or a sync file of the firmware before journals (version 1), is put as a game
that starts at that position (state.put).
"""

import argparse
import json
import os
import sys

from shared_rules import cjson
from shared_rules.errors import RulesError
from shared_rules.games import NAMES as GAMES
from shared_rules.ops import MAX_LINE
from steppe import files, verify
from steppe.device import DeviceError, Transport
from steppe.errors import EXIT_DEVICE_ERROR, EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError

VERSION = 2
SYNC_KEYS = ("steppe", "version", "game", "state", "journal")
OLD_SYNC_KEYS = ("steppe", "version", "game", "state", "log")  # version 1: a state and a log of presses
POSITION_KEYS = ("steppe", "version", "game", "players", "board", "pieces", "mode", "seed", "current")
PART = 2048  # bytes of journal lines in one journal.put at first: halved when a box has no room (put_journal)
MAX_FILE = 8 * 1024 * 1024  # a sync file is far smaller; a bigger one (or /dev/zero) is not read whole


class Backup:
    """A checked game, ready for the device: a journal (kind "sync"), or a position to
    start a game at (kind "position", or "old": a version 1 sync file)."""

    def __init__(self, game: str, kind: str, journal=None, state=None, actions: int = 0) -> None:
        self.game = game
        self.kind = kind
        self.journal = journal  # the lines as JSON objects, the header first
        self.state = state
        self.actions = actions


# -- the file ------------------------------------------------------------------------------
def sync_text(game: str, state, lines: list) -> str:
    """A sync file: canonical JSON, the state on one line and each journal line on its own,
    so two backups compare with diff and the same game gives the same bytes."""
    head = '{"steppe":"sync","version":%d,"game":%s,\n"state":%s,\n"journal":[' % (
        VERSION, cjson.dumps(game), cjson.dumps(state))
    entries = ",".join("\n" + cjson.dumps(e) for e in lines)
    return head + entries + ("\n" if lines else "") + "]}\n"


def _refused(where: str, why: str) -> StepError:
    return StepError(where + ": " + why, EXIT_USAGE)


def parse(text: "str | bytes", where: str):
    """JSON from a file's text, as strictly as the device reads it (files.loads: no
    duplicate key, NaN or fraction, at most 32 deep); a StepError naming the line and
    column, or the journal line, when it is not."""
    if isinstance(text, bytes):
        text = files.text(text, where)
    try:
        return files.loads(text)
    except files.Unwritten as e:
        if len(e.where) > 1 and e.where[0] == "journal" and isinstance(e.where[1], int):
            inside = files.place(e.where[2:])
            raise _refused(where, "journal line %d: %s%s" % (e.where[1] + 1, "at " + inside + ": " if inside else "",
                                                             e.what))
        raise _refused(where, "not a steppe file: " + str(e))
    except ValueError as e:
        raise _refused(where, "not valid JSON: " + str(e))


def read_bytes(path: str, limit: int = MAX_FILE) -> bytes:
    """A regular file's bytes, at most limit of them (a bigger file, a FIFO, a device or a
    folder is refused, never read: files.read_bytes)."""
    return files.read_bytes(path, limit, "file")


def check_state(game: str, state) -> None:
    """The state through the rules core's checked reader (shared_rules/<game>/state.py, the
    very code the device reads a position with); RulesError when it is refused."""
    from shared_rules import journal

    journal.start({"game": game, "state": state})


def _keys(doc: dict, allowed: tuple, where: str, kind: str) -> None:
    for key in doc:
        if key not in allowed:
            raise _refused(where, "unknown key \"%s\"; a %s file has %s" % (key[:40], kind, ", ".join(allowed)))


def _game(doc: dict, where: str) -> str:
    game = doc.get("game")
    if game not in GAMES:
        raise _refused(where, "unknown game %s; games are %s" % (json.dumps(game)[:40], ", ".join(GAMES)))
    return game


def read(path: str, board: str = "", seed: "int | None" = None) -> Backup:
    """A sync or position file, checked through and through; StepError (EXIT_USAGE) naming
    what is wrong. board: a board text file for a position; seed: a position's deck."""
    return check(parse(read_bytes(path), path), path, board, seed)


def check(doc, path: str, board: str = "", seed: "int | None" = None) -> Backup:
    """A sync or position file's JSON checked through and through (read()): every check
    push makes, pull makes of the backup it is about to write."""
    if not isinstance(doc, dict) or doc.get("steppe") not in ("sync", "position"):
        raise _refused(path, "not a steppe file: it must be an object with \"steppe\": \"sync\" or \"position\"")
    if doc["steppe"] == "position":
        return _position(doc, path, board, seed)
    if board:
        raise _refused(path, "--board is for position files; this is a sync file")
    version = doc.get("version")
    if version == 1:
        return _old_sync(doc, path)
    if version != VERSION:
        raise _refused(path, "sync version %s; this steppe reads versions 1 and %d" % (json.dumps(version)[:20],
                                                                                       VERSION))
    _keys(doc, SYNC_KEYS, path, "sync")
    game = _game(doc, path)
    lines = doc.get("journal")
    if not isinstance(lines, list) or not lines or not all(isinstance(e, dict) for e in lines):
        raise _refused(path, "\"journal\" must be a list of objects, the journal's header first")
    for k, e in enumerate(lines):
        if len(cjson.dumps(e)) > PART:
            raise _refused(path, "journal line %d is too long to send (%d bytes; at most %d)" % (
                k + 1, len(cjson.dumps(e)), PART))
    if lines[0].get("game") != game:
        raise _refused(path, "its journal is a game of %s, not %s" % (json.dumps(lines[0].get("game"))[:20], game))
    game_obj, actions = replay(lines, path)
    if "state" in doc:
        from shared_rules.games import module

        if cjson.dumps(module(game, "state").game_json(game_obj)) != cjson.dumps(doc["state"]):
            raise _refused(path, "its journal does not lead to its state (the file was changed by hand?)")
    return Backup(game, "sync", journal=lines, actions=actions)


def replay(lines: list, where: str):
    """(the game, actions in force) of a journal as JSON objects, replayed and checked here;
    StepError naming the line that is not the game's."""
    from shared_rules import replay

    try:
        head, texts = verify.journal_texts(lines, "the file")
        return replay.replay(head, texts), len(replay.in_force(texts))
    except RulesError as e:
        raise _refused(where, e.message)


def _old_sync(doc: dict, where: str) -> Backup:
    """A version 1 sync file (before journals): its state becomes a position."""
    _keys(doc, OLD_SYNC_KEYS, where, "version 1 sync")
    game = _game(doc, where)
    try:
        check_state(game, doc.get("state"))
    except RulesError as e:
        raise _refused(where, "state refused: " + e.message)
    return Backup(game, "old", state=doc.get("state"))


# -- Khan positions -----------------------------------------------------------------------------
def _position(doc: dict, where: str, board_file: str, seed: "int | None") -> Backup:
    _keys(doc, POSITION_KEYS, where, "position")
    if doc.get("version", 1) != 1:
        raise _refused(where, "position version %s; this steppe reads version 1" % json.dumps(doc.get("version"))[:20])
    if doc.get("game") != "khan":
        raise _refused(where, "positions are Khan positions: \"game\": \"khan\"")
    board = doc.get("board", "default")
    board_where = where
    if board_file:
        if "board" in doc:
            raise _refused(where, "it has a board, and --board gives another: choose one")
        board = files.read_text(board_file, MAX_FILE, "board")
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
    return Backup("khan", "position", state=state)


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


def parts(lines: list, size: int = PART) -> "list[list]":
    """The journal's lines in parts of at most size bytes each (a line alone may be more)."""
    out = [[]]
    held = 0
    for e in lines:
        n = len(cjson.dumps(e)) + 1
        if out[-1] and held + n > size:
            out.append([])
            held = 0
        out[-1].append(e)
        held += n
    return out


def write_atomic(path: str, text: "str | bytes", encoding: str = "ascii") -> None:
    """The whole file or none of it (bytes as they are), and only over a regular file or a
    new name (files.write_atomic)."""
    files.write_atomic(path, text, encoding)


def pull(link: Transport) -> "tuple[str, dict, list]":
    """(game, state, journal lines) of the game in progress on the device."""
    got = link.ask("state.get")
    game = got.get("game")
    if game is None:
        raise StepError("the device has no game in progress (it shows the menu): nothing to pull", EXIT_FAILED)
    log = link.ask("log.get", timeout=60.0)
    if log.get("game") != game:
        raise StepError("the device changed games while its game was read; try again", EXIT_FAILED)
    lines = log.get("journal")
    return str(game), got.get("state") or {}, lines if isinstance(lines, list) else []


def put_part(link: Transport, args: dict) -> dict:
    """One journal.put; a part the device had no room for (no_memory: its heap fragmented
    by play) is sent once more - the device has let go of what it could meanwhile."""
    try:
        return link.request("journal.put", args, timeout=120.0)
    except DeviceError as e:
        if e.code != "no_memory":
            raise
        return link.request("journal.put", args, timeout=120.0)


def put_journal(link: Transport, lines: list) -> None:
    """A journal to the device in parts (journal.put) of at most PART bytes. What a request
    line may be depends on the RAM a box has left, and how split it is (docs/ops.md: late in
    a game a 96wK box takes lines of 512 bytes): a part whose line the device had no room
    for (no_memory: "the line/request did not fit", id null - nothing of it was read) is sent
    again in halves, down to single lines; one the device ran out of memory working on (its
    replay: "out of memory in journal.put") once more as it is, as put_part does - the
    device has let go of what it could."""
    queue = parts(lines)
    k = 0
    while queue:
        part = queue.pop(0)
        args = {"lines": part, "part": k, "last": not queue}
        try:
            link.request("journal.put", args, timeout=120.0)
        except DeviceError as e:
            if e.code != "no_memory":
                raise
            if len(part) > 1 and e.message.startswith(("the line did not fit", "the request did not fit")):
                queue[0:0] = [part[:len(part) // 2], part[len(part) // 2:]]
                continue
            link.request("journal.put", args, timeout=120.0)
        k += 1


def push(link: Transport, backup: Backup, where: str) -> None:
    """The journal in parts (journal.put), or a position (state.put); the device keeps its
    game when it refuses."""
    try:
        if backup.kind == "sync":
            put_journal(link, backup.journal or [])
        else:
            link.request("state.put", {"game": backup.game, "state": backup.state})
    except DeviceError as e:
        if e.code == "no_memory":  # the box's heap, not the file: it is not refused as bad
            raise StepError(where + ": the device ran out of memory for it and keeps its game (the file is not at "
                            "fault): restart the box and push again", EXIT_DEVICE_ERROR)
        raise StepError(where + ": the device refused it and keeps its game: " + e.message, EXIT_DEVICE_ERROR)


# -- the command -------------------------------------------------------------------------------------
def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the device (default: the only one attached)")
    sub = p.add_subparsers(dest="action", metavar="ACTION", required=True)
    pl = sub.add_parser("pull", help="save the device's game (its journal and state) to FILE (- for stdout)",
                        description="save the device's game (its journal and state) to FILE (- for stdout)")
    pl.add_argument("file", metavar="FILE")
    pl.add_argument("--rescue", action="store_true",
                    help="instead: fetch the files the device set aside (a journal it could not read back) into "
                         "the folder FILE")
    ps = sub.add_parser("push", help="put the game of FILE (a sync file or a Khan position) on the device",
                        description="put the game of FILE (a sync file or a Khan position) on the device; "
                                    "the file is checked first, and a refused file changes nothing")
    ps.add_argument("file", metavar="FILE")
    ps.add_argument("--board", default="", metavar="TEXTFILE", help="a position's board, as board text")
    ps.add_argument("--seed", type=int, default=None, help="a position's seed (deck and dice; default random)")
    ps.add_argument("--check", action="store_true", help="only check the file: no device needed")
    bd = sub.add_parser("board", help="the box's own Khan board (board text): pull, push or remove it",
                        description="the players' own Khan board on the box (khanboard.txt: the board editor's, "
                                    "docs/ui-khan.md), as board text (docs/ops.md)")
    bsub = bd.add_subparsers(dest="board_action", metavar="BOARD_ACTION", required=True)
    bpl = bsub.add_parser("pull", help="save the box's own board to FILE (- for stdout)")
    bpl.add_argument("file", metavar="FILE")
    bps = bsub.add_parser("push", help="check FILE (board text) and make it the box's own board",
                          description="check FILE (board text) with the rules core and make it the box's own "
                                      "board for new Khan games; a refused board changes nothing")
    bps.add_argument("file", metavar="FILE")
    bps.add_argument("--check", action="store_true", help="only check the file: no device needed")
    brm = bsub.add_parser("remove", help="forget the box's own board (new games use the default board)")
    for sp in (pl, ps, bd, bpl, bps, brm):
        sp.add_argument("--port", default=argparse.SUPPRESS, help="the device (default: the only one attached)")


def run(args) -> int:
    if args.action == "push":
        return _push(args)
    if args.action == "board":
        return _board(args)
    return _pull(args)


# -- the own Khan board ---------------------------------------------------------------------------
def check_board(text: str, where: str) -> str:
    """A board text the box will take as its own board: the rules core's checks (every line,
    every ruler's start, the matrix's size); StepError naming the file and the line."""
    from shared_rules.khan.board_text import playable

    try:
        board = playable(text)
    except RulesError as e:
        raise _refused(where, e.message)
    return "%d x %d cells%s" % (board.width, board.height, ", \"%s\"" % board.name if board.name else "")


def board_findings(text: str) -> "list[str]":
    """What is not the rulebook's board in a board text the box takes (board_check.py)."""
    from shared_rules.khan import board_check
    from shared_rules.khan.board_text import playable

    return board_check.findings(board_check.check(playable(text)))


def push_board(path: str, port: str) -> int:
    """`steppe board push`: the same as `steppe sync board push FILE`."""
    return _board(argparse.Namespace(board_action="push", file=path, port=port, check=False))


def _board(args) -> int:
    what = args.board_action
    text: "str | None" = None
    summary = ""
    removed = False
    warnings = []
    if what == "push":
        text = files.read_text(args.file, 4096, "board")
        summary = check_board(text, args.file)
        if args.check:
            print(args.file + ": good: a Khan board of " + summary)
            for line in board_findings(text):
                sys.stderr.write(args.file + ": warning: " + line + "\n")
            return EXIT_OK
    if what == "pull" and args.file != "-":
        files.target(args.file)  # a FIFO, a device or a folder refused before the box is asked
    link = _connect(args.port)
    try:
        if what == "pull":
            text = link.request("board.get").get("board")
        elif what == "push":
            warnings = link.request("board.put", {"board": text}).get("warnings") or []
        else:
            removed = link.request("board.put", {"board": None}).get("removed")
    except DeviceError as e:
        raise StepError("the device refused the board and keeps its own: " + e.message, EXIT_DEVICE_ERROR)
    finally:
        link.close()
    if what == "pull":
        if not isinstance(text, str):
            raise StepError("the device has no own board (its Khan games use the default board): nothing to pull",
                            EXIT_FAILED)
        files.write(args.file, text, "utf-8")
        sys.stderr.write("%s: own Khan board saved to %s\n" % (link.port, "stdout" if args.file == "-" else args.file))
    elif what == "push":
        print("%s: a Khan board of %s, now the own board of %s" % (args.file, summary, link.port))
        for line in warnings:  # what is not the rulebook's board, in the box's words (the same rules core)
            sys.stderr.write(args.file + ": warning: " + str(line) + "\n")
    else:
        print("%s: %s" % (link.port, "own board removed: new Khan games use the default board" if removed
                          else "no own board to remove"))
    return EXIT_OK


def _connect(port: str):
    from steppe import ports

    link, hello = ports.connect(port)
    if str(hello.get("rules")) != verify.host_hash():
        _warn("the device's rules are not this host's (run steppe flash)")
    if ".bad" in str(hello.get("notice") or ""):  # what the box set aside, as it said it (its notice)
        _warn("the box says: " + str(hello["notice"]))
    return link


def _pull(args) -> int:
    if args.rescue:
        return _rescue(args)
    if args.file != "-":
        files.target(args.file)  # a FIFO, a device or a folder refused before the device is asked
    link = _connect(args.port)
    try:
        game, state, lines = pull(link)
    finally:
        link.close()
    text = sync_text(game, state, lines)
    try:  # a backup is one push takes: checked here as push checks it, before it is written
        check(parse(text, "the box"), "the box")
    except StepError as e:
        raise StepError("no backup written: the box's game is not one push would take (" + str(e) + "); restart the "
                        "box - it cuts a damaged journal at the damage, keeps the rest aside and says so - then pull "
                        "again, and fetch what was kept with --rescue", EXIT_FAILED)
    files.write(args.file, text, "ascii")
    sys.stderr.write("%s: %s game, journal of %d lines, saved to %s\n" % (
        link.port, game, len(lines), "stdout" if args.file == "-" else args.file))
    return EXIT_OK


def _rescue(args) -> int:
    """The files the device set aside, each written into the folder (its name kept), byte
    for byte whatever they hold (files.bad sends them in base64)."""
    import binascii

    files.folder(args.file)
    link = _connect(args.port)
    try:
        names = [str(n) for n in link.request("files.bad").get("files") or []]
        for name in names:
            got = link.request("files.bad", {"name": name}, timeout=60.0)
            try:
                data = binascii.a2b_base64(str(got.get("base64", "")))
            except binascii.Error:
                data = None
            if data is None or len(data) != got.get("size"):
                raise StepError("the device sent %s garbled: try again" % name, EXIT_DEVICE_ERROR)
            files.write_atomic(os.path.join(args.file, os.path.basename(name)), data)
    finally:
        link.close()
    if not names:
        sys.stderr.write("%s: the device has set no file aside: nothing to rescue\n" % link.port)
        return EXIT_FAILED
    sys.stderr.write("%s: %s saved to %s\n" % (link.port, ", ".join(names), args.file))
    return EXIT_OK


def _push(args) -> int:
    backup = read(args.file, args.board, args.seed)
    if backup.kind == "sync":
        summary = "%s game, %d actions in its journal" % (backup.game, backup.actions)
    else:
        size = len(verify.request_line(0, "state.put", {"game": backup.game, "state": backup.state}))
        if size > MAX_LINE:
            raise _refused(args.file, "the state is too large to send (%d bytes; a request line is at most %d)"
                           % (size, MAX_LINE))
        summary = "%s game from %s" % (backup.game, "a position" if backup.kind == "position" else
                                       "a version 1 sync file (its log of presses is not kept)")
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
