"""The `steppe` command: one table of commands, each with its own argument parser.

Shaped like mpremote's main.py: _COMMANDS maps a name to (handler, argparse factory,
one-line help); every handler takes the parsed arguments and returns an exit status.
Errors are mapped to one-line messages here, in one place.
"""

import argparse
import signal
import sys

from steppe import __version__, board, commands, flash, history, play, sync, verify
from steppe.errors import EXIT_NO_ANSWER, EXIT_USAGE, STATUSES, StepError

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
    try:
        return handler(args)
    except TimedOut:
        sys.stderr.write("steppe %s: gave up after %g s: the device stopped answering (%s)\n" % (
            args.command, limit, ADVICE.get(args.command, "unplug it and plug it in again")))
        return EXIT_NO_ANSWER
    except StepError as e:
        sys.stderr.write("steppe " + args.command + ": " + str(e) + "\n")
        return e.status
    except KeyboardInterrupt:
        sys.stderr.write("steppe " + args.command + ": interrupted\n")
        return 130
    except BrokenPipeError:
        # the reader went away (e.g. `| head`); nothing more to say
        sys.stderr.close()
        return 0
    finally:
        if limit > 0:
            signal.setitimer(signal.ITIMER_REAL, 0)
