"""The `steppe` command: one table of commands, each with its own argument parser.

Shaped like mpremote's main.py: _COMMANDS maps a name to (handler, argparse factory,
one-line help); every handler takes the parsed arguments and returns an exit status.
Errors are mapped to one-line messages here, in one place.
"""

import argparse
import sys

from steppe import __version__, commands
from steppe.errors import EXIT_USAGE, StepError

_COMMANDS = {
    "rules": (commands.do_rules, commands.argparse_rules, "answer JSON Lines with a rules op (docs/ops.md)"),
    "demo": (commands.do_demo, commands.argparse_demo, "watch a seeded game of Khan flip and flee in the terminal"),
    "sim": (commands.do_sim, commands.argparse_sim, "run a virtual Pico on a pseudo-terminal; prints its device path"),
}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="steppe", description="Steppe Companion host tool")
    parser.add_argument("--version", action="version", version="steppe " + __version__)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, (_, factory, help_text) in _COMMANDS.items():
        factory(sub.add_parser(name, help=help_text, description=help_text))
    return parser


def main(argv=None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help(sys.stderr)
        return EXIT_USAGE
    handler = _COMMANDS[args.command][0]
    try:
        return handler(args)
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
