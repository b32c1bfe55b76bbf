"""The `steppe` command: one table of commands, each with its own argument parser.

Shaped like mpremote's main.py: _COMMANDS maps a name to (handler, argparse factory,
one-line help); every handler takes the parsed arguments and returns an exit status.
Errors are mapped to one-line messages here, in one place.
"""

import argparse
import signal
import sys

from steppe import __version__, board, commands, flash, history, play, sync, verify
from steppe.errors import EXIT_INTERNAL, EXIT_NO_ANSWER, EXIT_USAGE, STATUSES, StepError

# every command that talks to a device ends by this many seconds (--timeout): a device that
# stops answering in the middle (mpremote waiting for a board that reset) never hangs steppe
TIMEOUTS = {"ports": 60, "flash": 600, "sync": 600, "board": 600, "logs": 60, "verify": 3600, "rules": 0, "play": 0, "demo": 0, "sim": 0,
            "history": 0, "stats": 0, "web": 0}
ADVICE = {"flash": "unplug the Pico, plug it in and run steppe flash again"}


class TimedOut(BaseException):
    """The overall timeout (--timeout): a BaseException, like KeyboardInterrupt, so that no
    `except Exception` on the way (the rules ops answer any Exception with an "internal"
    reply) can take it for a failure of its own and carry on past the time."""


def _time_up(signum, frame):
    raise TimedOut()


class StdoutError(StepError):
    """stdout could not be written (a redirect to a full disk, a device): EXIT_USAGE."""

    def __init__(self, e: OSError) -> None:
        super().__init__("cannot write to stdout: " + (e.strerror or str(e)), EXIT_USAGE)


class _Stdout:
    """sys.stdout while a command runs: its own write error becomes StdoutError, one line,
    wherever the command prints."""

    def __init__(self, out) -> None:
        self._out = out

    def write(self, text: str) -> int:
        try:
            return self._out.write(text)
        except BrokenPipeError:
            raise
        except OSError as e:
            raise StdoutError(e)

    def flush(self) -> None:
        try:
            self._out.flush()
        except BrokenPipeError:
            raise
        except OSError as e:
            raise StdoutError(e)

    def __getattr__(self, name: str):
        return getattr(self._out, name)


def _settle_stdout() -> None:
    """Whatever is still buffered for stdout, written or dropped: never an error at exit
    (the one line said has been said)."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        _quiet_stdout()


def _quiet_stdout() -> None:
    """stdout pointed at /dev/null: what is still buffered cannot fail again at exit."""
    import os

    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass


def _internal(command: str, e: BaseException) -> int:
    """An error no check foresaw: a bug of steppe's. One line naming it and where it was
    raised; the traceback with STEPPE_DEBUG=1."""
    import os
    import traceback

    if os.environ.get("STEPPE_DEBUG"):
        traceback.print_exc()
    frames = traceback.extract_tb(e.__traceback__)
    where = "%s:%d" % (os.path.basename(frames[-1].filename), frames[-1].lineno) if frames else "?"
    try:
        sys.stderr.write("steppe %s: internal error: %s: %s (at %s; a bug of steppe's: please report it, with the "
                         "traceback STEPPE_DEBUG=1 shows)\n" % (command, type(e).__name__, str(e)[:160], where))
    except OSError:
        pass
    return EXIT_INTERNAL


_COMMANDS = {
    "ports": (commands.do_ports, commands.argparse_ports,
              "list attached Picos and virtual Picos, and which run the companion"),
    "flash": (flash.run, flash.arguments, "compile the firmware and put it on a Pico (only what changed)"),
    "sync": (sync.run, sync.arguments, "back up the device's game to a file (pull), or restore one (push)"),
    "board": (board.run, board.arguments, "a Khan board as text: new (a template), check, draw (PNG), push to the box"),
    "logs": (commands.do_logs, commands.argparse_logs,
             "the errors the box recovered from (its errors.log: what, where, the traceback); --clear empties it"),
    "verify": (verify.run, verify.arguments, "prove the device computes what the host computes: every op, seeded cases"),
    "rules": (commands.do_rules, commands.argparse_rules,
              "answer JSON Lines with a rules op, here or on the device (docs/ops.md)"),
    "play": (play.run, play.arguments, "the front panel in the terminal: the matrix in colour, keys as buttons"),
    "web": (lambda args: __import__("steppe.web").web.run(args), lambda p: __import__("steppe.web").web.arguments(p),
            "the box, its game, the board editor and the history in a browser (a page on this machine)"),
    "demo": (commands.do_demo, commands.argparse_demo, "watch a seeded game of Khan flip and flee in the terminal"),
    "sim": (commands.do_sim, commands.argparse_sim, "run a virtual Pico on a pseudo-terminal; prints its device path"),
    "history": (history.run, history.arguments,
                "the box's finished games on the laptop: pull, list, show, replay, name, export, stats"),
    "stats": (history.run_stats, history.stats_arguments,
              "the history's statistics: tables, PNG plots, --html DIR a report (= steppe history stats)"),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="steppe", description="Steppe Companion host tool")
    parser.add_argument("--version", action="version", version="steppe " + __version__)
    parser.add_argument("--timeout", type=float, default=None, metavar="S",
                        help="give up after S seconds in all (default: per command; 0: never)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_, factory, help_text) in _COMMANDS.items():
        factory(sub.add_parser(name, help=help_text, description=help_text))
    parser.epilog = "exit status: " + "; ".join("%d %s" % s for s in STATUSES)
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    return parser


def main(argv=None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    handler = _COMMANDS[args.command][0]
    limit = TIMEOUTS.get(args.command, 0) if args.timeout is None else args.timeout
    if limit > 0:
        signal.signal(signal.SIGALRM, _time_up)
        signal.setitimer(signal.ITIMER_REAL, limit)
    real_stdout = sys.stdout
    sys.stdout = _Stdout(real_stdout)
    try:
        status = handler(args)
        sys.stdout.flush()  # (what it printed, out now: a write error said here, not at exit)
        return status
    except TimedOut:
        sys.stderr.write("steppe %s: gave up after %g s: the device stopped answering (%s)\n" % (
            args.command, limit, ADVICE.get(args.command, "unplug it and plug it in again")))
        return EXIT_NO_ANSWER
    except StepError as e:
        if isinstance(e, StdoutError):
            _quiet_stdout()
        sys.stderr.write("steppe " + args.command + ": " + " ".join(str(e).splitlines()) + "\n")
        return e.status
    except KeyboardInterrupt:
        sys.stderr.write("steppe " + args.command + ": interrupted\n")
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); nothing more to say
        _quiet_stdout()
        sys.stderr.close()
        return 0
    except Exception as e:  # noqa: BLE001 - the last resort: a bug of ours, still one line
        return _internal(args.command, e)
    finally:
        if limit > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
        sys.stdout = real_stdout
        _settle_stdout()
