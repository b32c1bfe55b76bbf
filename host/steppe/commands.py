"""Handlers of the `steppe` commands (see main.py for the table)."""

import argparse
import json
import sys

from shared_rules import ops
from shared_rules.cli import request_lines, serve
from steppe.errors import EXIT_FAILED, EXIT_NO_FIRMWARE, EXIT_OK, EXIT_USAGE, StepError


# -- steppe rules ------------------------------------------------------------------------
def argparse_rules(p: argparse.ArgumentParser) -> None:
    p.add_argument("op", nargs="?", help="the op to run, e.g. khan.flee")
    p.add_argument("--list", action="store_true", help="list the ops and exit")
    p.add_argument("--device", action="store_true",
                   help="answer on the device (the only one attached) instead of here; the same output")
    p.add_argument("--port", default="", help="answer on the device at this port (implies --device)")


def do_rules(args) -> int:
    if args.list:
        for name in ops.names():
            print(name)
        return EXIT_OK
    if not args.op:
        raise StepError("name an op (steppe rules --list shows them)", EXIT_USAGE)
    # bytes that are not UTF-8 become U+FFFD, so such a line is answered, not a crash
    stdin = sys.stdin
    if hasattr(stdin, "reconfigure"):
        stdin.reconfigure(errors="replace")  # type: ignore[union-attr]
    if args.device or args.port:
        return EXIT_OK if serve_on_device(args.op, args.port, stdin, sys.stdout) else EXIT_FAILED
    return EXIT_OK if serve(args.op, stdin, sys.stdout) else EXIT_FAILED


def serve_on_device(name: str, port: str, stdin, stdout) -> bool:
    """shared_rules.cli.serve with the op run on the device: the same lines out, byte for
    byte. What serve answers before the op runs (an unknown op, a line too long, not JSON,
    not an object) is answered here by the same code; every object goes to the device
    exactly as it was written, and its reply is printed without the request's id."""
    from shared_rules import cjson
    from shared_rules.errors import RulesError
    from steppe import ports, verify

    try:
        ops.lookup(name)
    except RulesError as e:
        stdout.write(cjson.dumps(ops.error_reply(e.code, e.message)) + "\n")
        return False
    link, hello = ports.connect(port)
    try:
        if str(hello.get("rules")) != verify.host_hash():
            sys.stderr.write("steppe rules: warning: the device's rules are not this host's (run steppe flash); "
                             "its answers may differ\n")
        op = json.dumps(name)
        interactive = stdout.isatty()

        def jobs():
            for line in request_lines(stdin):
                try:
                    args = ops.parse_line(line)
                except RulesError as e:
                    yield ops.error_reply(e.code, e.message), 0, None
                    continue
                if not isinstance(args, dict):
                    yield ops.reply(name, args), 0, None  # the op's own bad_args; nothing runs
                    continue
                rid = link.next_id
                link.next_id += 1
                # the line parsed as one JSON value, so it closes the request object exactly
                req = ('{"id":%d,"op":%s,"args":%s}' % (rid, op, line.strip())).encode()
                if len(req) > ops.MAX_LINE:
                    req = ('{"id":%d,"op":%s,"args":%s}' % (rid, op, json.dumps(args, separators=(",", ":")))).encode()
                if len(req) > ops.MAX_LINE:
                    try:  # the device would refuse it: its limit counts the request around the args
                        ops.parse_line(req.decode())
                    except RulesError as e:
                        yield ops.error_reply(e.code, e.message), 0, None
                        continue
                yield None, rid, req

        all_ok = True
        for local, reply in link.pipelined(jobs()):
            text = cjson.dumps(local) if reply is None else verify.envelope(reply)
            if not (local if reply is None else reply).get("ok"):
                all_ok = False
            stdout.write(text + "\n")
            if interactive:
                stdout.flush()
        return all_ok
    finally:
        link.close()


# -- steppe demo -------------------------------------------------------------------------
def argparse_demo(p: argparse.ArgumentParser) -> None:
    p.add_argument("--seed", type=int, default=2026, help="seed of the game (default 2026)")
    p.add_argument("--players", type=int, choices=(2, 3, 4), default=3)
    p.add_argument("--turns", type=int, default=6, help="turns to show (default 6)")
    p.add_argument("--plain", action="store_true", help="letters instead of colours")


def do_demo(args) -> int:
    from steppe.demo import run

    return run(args.seed, args.players, args.turns, args.plain or not sys.stdout.isatty())


# -- steppe sim --------------------------------------------------------------------------
def argparse_sim(p: argparse.ArgumentParser) -> None:
    p.add_argument("--fs", default="", help="the folder that is the board's filesystem (default: steppe play's, "
                                            "$XDG_DATA_HOME/steppe/pico)")
    p.add_argument("--bare", metavar="DIR", default="", help="a bare board: REPL only, its filesystem DIR")
    p.add_argument("--heap", default="", help="the interpreter's heap size, e.g. 96k (default: the port's)")


def do_sim(args) -> int:
    import os

    from steppe import play, sim

    if args.bare:
        return sim.run_forever(args.bare, True, args.heap)
    # by default the same box as steppe play's (its folder, its saved game), one interpreter
    # at a time; a folder given is the caller's (the tests' boards), as before
    fs = os.path.abspath(args.fs or play.default_fs())
    held = -1 if args.fs else play.hold_folder(fs, "steppe sim")
    try:
        sys.stderr.write("steppe sim: the virtual Pico's flash is " + fs + "\n")
        return sim.run_forever(fs, False, args.heap)
    finally:
        if held >= 0:
            os.close(held)


# -- steppe ports ------------------------------------------------------------------------
def argparse_ports(p: argparse.ArgumentParser) -> None:
    p.add_argument("--quick", action="store_true", help="list only; do not ask each device for hello")


def do_ports(args) -> int:
    from steppe import ports
    from steppe.device import SerialTransport

    found = ports.attached()
    if not found:
        print("no devices: plug in a Pico, or start a virtual one with `steppe sim`")
        return EXIT_OK
    from steppe import share

    for port in found:
        status = ""
        owner = share.holder(port.device)
        if not args.quick:
            try:
                link = share.Borrowed(owner, port.device) if owner else SerialTransport(port.device)
            except StepError as e:
                status = str(e)
            else:
                try:
                    info = ports.hello(link)
                except StepError as e:  # (the port went away while asked)
                    info, status = None, str(e)
                finally:
                    link.close()
                status = status or ("companion " + str(info.get("firmware")) + ", rules " + str(info.get("rules"))[:12]
                                    + ", " + str(info.get("screen")) if info else "no companion firmware answering")
        if owner:
            status += ("; " if status else "") + "held by " + share.held_by(owner) + ": steppe commands reach it through it"
        print("%-16s %-13s %s" % (port.device, "Pico" if port.kind == "usb" else "virtual Pico", status))
    return EXIT_OK


# -- steppe logs -------------------------------------------------------------------------
def argparse_logs(p: argparse.ArgumentParser) -> None:
    p.add_argument("--port", default="", help="the device (default: the only one attached)")
    p.add_argument("--clear", action="store_true", help="empty the box's error log once it is read")


def do_logs(args) -> int:
    """The box's errors.log (firmware/errlog.py): each error it recovered from, newest
    last, its header line and traceback, on stdout; a one-line summary on stderr."""
    from steppe import ports
    from steppe.device import DeviceError

    link, hello = ports.connect(args.port)
    try:
        try:
            result = link.request("errors.get", {"clear": True} if args.clear else {}, timeout=30.0)
        except DeviceError as e:
            if e.code == "unknown_op":
                raise StepError(link.port + ": its firmware (" + str(hello.get("firmware")) + ") keeps no error log: "
                                "run steppe flash", EXIT_NO_FIRMWARE)
            raise
    finally:
        link.close()
    text = str(result.get("text") or "")
    sys.stdout.write(text)
    if text and not text.endswith("\n"):
        sys.stdout.write("\n")
    sys.stdout.flush()
    entries = sum(1 for line in text.splitlines() if line.startswith("@ "))
    said = ("no errors logged" if not text else "%d error%s logged (%d bytes of at most %s)" % (
        entries, "" if entries == 1 else "s", len(text), result.get("cap")))
    sys.stderr.write("%s: %s; %s since the box started%s\n" % (
        link.port, said, result.get("errors"), "; the log is cleared" if args.clear else ""))
    return EXIT_OK
