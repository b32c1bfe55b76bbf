"""steppe verify: the device computes what the host computes, op by op, on seeded cases.

First the rules hash (hello's "rules" against the host's sources, as build.py writes it
into the device's HASH file); then every op's cases from steppe/cases.py run on the
device and in-process, and the canonical JSON of the two replies is compared - error
replies too, code and message. Requests are pipelined (several in flight, replies come
back in order and are matched by id), so the link is never idle while the device
computes; the host computes its own reply while the device works on the next ones.

check(link, count, seed, ops) is the whole comparison without printing: the benchmark
calls it. The pipelining is the transport's (device.Transport.pipelined).
"""

import argparse
import json
import sys
import time

from shared_rules import cjson
from shared_rules import ops as op_table
from shared_rules.errors import RulesError
from steppe import device
from steppe.device import REPLY_TIMEOUT, WINDOW, Transport, no_room
from steppe.errors import EXIT_FAILED, EXIT_OK, EXIT_USAGE, StepError
SHOWN = 300  # characters of args and replies printed per difference


def envelope(reply: dict) -> str:
    """A device reply as `steppe rules` prints it: canonical JSON without the id."""
    out = {"ok": reply.get("ok")}
    for key in ("result", "error"):
        if key in reply:
            out[key] = reply[key]
    return cjson.dumps(out)


def request_line(rid: int, op: str, args) -> bytes:
    return device.request_line({"id": rid, "op": op, "args": args}).encode()


# -- the rules hash ----------------------------------------------------------------------
def host_hash() -> str:
    """The fingerprint of this host's rules core, as `steppe flash` writes it to the device."""
    from shared_rules.fingerprint import compute
    from steppe import paths

    return compute(paths.rules_dir())


def check_hash(hello: dict) -> str:
    """The device's rules hash; StepError (run steppe flash) when it is not the host's."""
    device = str(hello.get("rules") or "")
    mine = host_hash()
    if device != mine:
        raise StepError("the device's rules (" + (device[:12] or "unknown") + ") are not this host's ("
                        + mine[:12] + "): run steppe flash", EXIT_FAILED)
    return device


# -- the comparison ------------------------------------------------------------------------
class Difference:
    def __init__(self, op: str, index: int, args, host: str, device: str) -> None:
        self.op = op
        self.index = index  # the case's number among this op's cases
        self.args = args
        self.host = host
        self.device = device


class Report:
    def __init__(self, ops: "list[str]") -> None:
        self.ops = ops
        self.cases = 0
        self.per_op: "dict[str, int]" = {}  # op -> cases run
        self.differing: "dict[str, int]" = {}  # op -> cases that differ
        self.no_room: "dict[str, int]" = {}  # op -> cases the device had no room for, each time asked
        self.differences: "list[Difference]" = []  # the first ones, in order
        self.seconds = 0.0

    @property
    def agree(self) -> bool:
        return not self.differing and not self.no_room and self.cases > 0

    def add(self, other: "Report") -> None:
        """another run's cases, counts and first differences after this one's"""
        self.cases += other.cases
        self.seconds += other.seconds
        self.differences += other.differences
        for mine, theirs in ((self.per_op, other.per_op), (self.differing, other.differing),
                             (self.no_room, other.no_room)):
            for op, n in theirs.items():
                mine[op] = mine.get(op, 0) + n

    def compare(self, op: str, index: int, args, device: str, host: str, keep: int) -> None:
        self.cases += 1
        self.per_op[op] = self.per_op.get(op, 0) + 1
        if device != host:
            self.differing[op] = self.differing.get(op, 0) + 1
            if len(self.differences) < keep:
                self.differences.append(Difference(op, index, args, host, device))

    @property
    def rate(self) -> float:
        """Cases a second, both sides and the link together."""
        return self.cases / self.seconds if self.seconds > 0 else 0.0


def host_reply(op: str, args, line: bytes) -> str:
    """What the device must answer for this request line, computed here."""
    if len(line) > op_table.MAX_LINE:
        try:
            op_table.parse_line(line.decode())
        except RulesError as e:  # the same too_long the device's link gives
            return cjson.dumps(op_table.error_reply(e.code, e.message))
    return cjson.dumps(op_table.reply(op, json.loads(json.dumps(args))))


PICO_SPEED_US = 79840  # hello's "speed_us" on a Pico: 10,000 calibration additions (DESIGN.md: 7,984 ms a million)


def reply_timeout(hello: dict, base: float = REPLY_TIMEOUT) -> float:
    """The time one reply may take on this device: REPLY_TIMEOUT is a Pico's; a device that
    says it is slower (hello's "speed_us", its time for DESIGN.md's calibration additions)
    gets as many times more, so a slow but answering device is never given up on."""
    speed = hello.get("speed_us")
    if type(speed) is not int or speed <= 0:
        return base
    return base * max(1.0, speed / PICO_SPEED_US)


NO_ROOM_TRIES = 3  # a case the device had no room for (no_memory) is asked again alone, this many times


SLOW_OPS = {"khan.playout": 10.0}  # a whole random game: this many times the reply timeout on a Pico
PROGRESS_S = 10.0  # a line on stderr this often while a verify runs (a Pico takes minutes)


def check(link: Transport, count: int = 25, seed: int = 1, ops: "list[str] | None" = None, keep: int = 20,
          window: int = WINDOW, timeout: float = REPLY_TIMEOUT, progress=None) -> Report:
    """Run count seeded cases of each op (default: every op) on the device and here, and
    compare the replies. The first `keep` differences are kept with their arguments.
    progress(done, total, op, rate) is called every PROGRESS_S seconds."""
    from steppe import cases, wire

    names = list(ops) if ops else op_table.names()
    report = Report(names)
    cases.snapshots(seed)  # the positions the cases start from, made before the clock starts
    first = link.next_id

    def jobs():
        rid = first
        for op in names:
            for k, args in enumerate(cases.generate(op, count, seed)):
                sent = wire.pack_args(op, args)  # (Khan's pieces packed, as steppe sends them)
                line = request_line(rid, op, sent)
                rid += 1
                link.next_id = rid
                yield (op, k, args, line, sent), rid - 1, line

    start = time.monotonic()
    told = start
    total = count * len(names)
    slowest = max([SLOW_OPS.get(op, 1.0) for op in names])  # the device answers in order: one timeout for all
    later = []  # the cases the device had no room for: asked again once the pipeline is done
    for (op, k, args, line, sent), reply in link.pipelined(jobs(), window, timeout * slowest):
        assert reply is not None
        reply = wire.unpack_reply(op, sent, reply)  # (its pieces as objects, as the host's)
        now = time.monotonic()
        if progress is not None and now - told >= PROGRESS_S:
            told = now
            progress(report.cases, total, op, report.cases / (now - start))
        if no_room(reply):  # (no RAM for it now: not its answer to the case, a rules difference it is not)
            later.append((op, k, args, line))
            continue
        report.compare(op, k, args, envelope(reply), host_reply(op, args, line), keep)
    for op, k, args, line in later:  # each alone (a turn of the box's loop between tidies its heap, and
        time.sleep(0.2)  # it lets go of code it does not need; Khan's pieces packed and back: steppe/wire.py)
        again = link.exchange_with_room(op, args, timeout * SLOW_OPS.get(op, 1.0), NO_ROOM_TRIES)
        if no_room(again):
            report.no_room[op] = report.no_room.get(op, 0) + 1
            continue
        report.compare(op, k, args, envelope(again), host_reply(op, args, line), keep)
    report.seconds = time.monotonic() - start
    return report


# -- the whole game --------------------------------------------------------------------------
def journal_texts(lines: list, where: str = "the device") -> "tuple[dict, list[str]]":
    """(header, JSON text of every later line) of a journal given as JSON objects (log.get's,
    a sync file's); a line the device found damaged ({"damaged": line number}) is named.
    RulesError (bad_args) saying what is wrong."""
    from shared_rules import journal
    from shared_rules.errors import bad_args

    if not isinstance(lines, list) or not lines:
        raise bad_args(where + " has no journal")
    texts = []
    for k, line in enumerate(lines):
        if isinstance(line, dict) and set(line) == {"damaged"}:
            raise bad_args("journal line %d is damaged on %s (changed or torn: its checksum, length or JSON)"
                           % (k + 1, where))
        texts.append(cjson.dumps(line))
    try:
        head = journal.check_header(lines[0])
    except RulesError as e:
        raise bad_args("journal line 1: " + e.message)
    return head, texts[1:]


def check_game(link: Transport, timeout: float = REPLY_TIMEOUT) -> "tuple[str, int, int]":
    """The device's game proven whole: its journal (log.get) replayed here with the same
    rules code, every action's draws checked, and the state it leads to compared byte for
    byte with the device's (state.get). (game, actions in force, bytes of state) when they
    agree; StepError naming the journal line or the first difference when not."""
    from shared_rules import replay
    from shared_rules.games import module

    box = link.ask("state.get", timeout=timeout)
    name = box.get("game")
    if name is None:
        raise StepError("the device has no game in progress (it shows the menu): no game to verify", EXIT_FAILED)
    try:
        head, texts = journal_texts(link.ask("log.get", timeout=timeout).get("journal") or [])
        game = replay.replay(head, texts)
    except RulesError as e:
        raise StepError(e.message, EXIT_FAILED)
    mine = cjson.dumps(module(name, "state").game_json(game))
    theirs = cjson.dumps(box.get("state"))
    if mine != theirs:
        at = next((k for k in range(min(len(mine), len(theirs))) if mine[k] != theirs[k]), min(len(mine), len(theirs)))
        raise StepError("the journal's %d lines replay to another state than the device's: first difference at "
                        "character %d: here ...%s... device ...%s..." % (len(texts) + 1, at, mine[max(0, at - 30):at + 30],
                                                                         theirs[max(0, at - 30):at + 30]), EXIT_FAILED)
    return str(name), len(replay.in_force(texts)), len(mine)


# -- the command -----------------------------------------------------------------------------
def arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the device (default: the only one attached)")
    p.add_argument("--count", type=int, default=25, metavar="N", help="cases of each op (default 25)")
    p.add_argument("--seed", type=int, default=1, help="seed of the cases (default 1)")
    p.add_argument("--op", action="append", default=[], metavar="NAME",
                   help="verify only this op (repeatable; default every op)")
    p.add_argument("--show", type=int, default=3, metavar="K", help="differences to print in full (default 3)")
    p.add_argument("--window", type=int, default=WINDOW, metavar="N",
                   help="requests in flight (default %d; 1 = one at a time)" % WINDOW)
    p.add_argument("--game", action="store_true",
                   help="prove the game in progress instead: its journal replayed here, the state compared")


def _short(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + "... (" + str(len(text)) + " chars)"


def _progress(done: int, total: int, op: str, rate: float) -> None:
    left = (total - done) / rate if rate > 0 else 0
    sys.stderr.write("steppe verify: %d of %d cases (%s), %.0f cases/s, about %.0f s to go\n"
                     % (done, total, op, rate, left))
    sys.stderr.flush()


def run(args) -> int:
    from steppe import ports

    if args.count < 1:
        raise StepError("--count must be at least 1", EXIT_USAGE)
    if args.window < 1:
        raise StepError("--window must be at least 1", EXIT_USAGE)
    known = op_table.names()
    for name in args.op:
        if name not in known:
            raise StepError("unknown op " + name + " (steppe rules --list shows them)", EXIT_USAGE)
    names = sorted(set(args.op)) if args.op else known
    link, hello = ports.connect(args.port)
    try:
        rules = check_hash(hello)
        print("%s: rules %s, the same as this host's" % (link.port, rules[:12]))
        sys.stdout.flush()
        if args.game:
            start = time.monotonic()
            game, actions, size = check_game(link, reply_timeout(hello))
            print("%s game: %d actions replayed here, the state is the device's byte for byte (%d bytes, %.1f s)"
                  % (game, actions, size, time.monotonic() - start))
            return EXIT_OK
        report = check(link, args.count, args.seed, names, keep=max(args.show, 0), window=args.window,
                       timeout=reply_timeout(hello), progress=_progress)
    finally:
        link.close()
    for op in names:
        if op in report.differing:
            print("%s: %d of %d cases differ" % (op, report.differing[op], report.per_op.get(op, 0)))
        if op in report.no_room:
            print("%s: %d case%s not checked: the device had no RAM for %s, asked %d times more (no_memory)" % (
                op, report.no_room[op], "" if report.no_room[op] == 1 else "s", "it" if report.no_room[op] == 1
                else "them", NO_ROOM_TRIES))
    if report.agree:
        verdict = "all agree"
    else:
        bad = sum(report.differing.values())
        said = []
        if bad:
            said.append("%d differ in %d op%s" % (bad, len(report.differing), "" if len(report.differing) == 1 else "s"))
        if report.no_room:
            said.append("%d not checked (no RAM on the device)" % sum(report.no_room.values()))
        verdict = ", ".join(said) or "no case run"
    print("%d cases, %d op%s, %s, %.0f cases/s (%.1f s, seed %d)" % (
        report.cases, len(names), "" if len(names) == 1 else "s", verdict, report.rate, report.seconds, args.seed))
    if report.differences and args.show > 0:
        print("first differences:")
        for d in report.differences[:args.show]:
            print("  %s case %d" % (d.op, d.index))
            print("    args   " + _short(json.dumps(d.args, separators=(",", ":"))))
            print("    host   " + _short(d.host))
            print("    device " + _short(d.device))
    return EXIT_OK if report.agree else EXIT_FAILED
