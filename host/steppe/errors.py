"""Host-side failures, each a one-line message and a distinct exit status.

The statuses are part of the tool's contract (README, `steppe --help`): a script can tell
"plug the board in" from "flash it" from "it hung" without reading the message.
"""

EXIT_OK = 0
EXIT_FAILED = 1  # the command ran, and something it checked failed (an op line, a verification)
EXIT_USAGE = 2  # wrong command line, or a file that is not what it should be
EXIT_NO_DEVICE = 3  # no companion attached (or the named port does not exist)
EXIT_NO_ANSWER = 4  # the device stopped answering (cable pulled, hung)
EXIT_DEVICE_ERROR = 5  # the device answered with an error
EXIT_AMBIGUOUS = 6  # several devices and no --port to choose
EXIT_NOT_A_PICO = 7  # the port answers neither the companion protocol nor a MicroPython REPL
EXIT_NO_FIRMWARE = 8  # a MicroPython board without the companion firmware (run steppe flash)
EXIT_BAD_ARCHIVE = 9  # a finished game from the box that is not whole (steppe history pull refused it)
EXIT_BAD_DB = 10  # the history database is not ours, damaged or locked
EXIT_INTERNAL = 11  # a bug of steppe's: an error no check foresaw (one line; STEPPE_DEBUG=1 shows the traceback)

STATUSES = (
    (EXIT_OK, "success"),
    (EXIT_FAILED, "a check failed (an op line, a verification)"),
    (EXIT_USAGE, "bad command line or input file"),
    (EXIT_NO_DEVICE, "no device found"),
    (EXIT_NO_ANSWER, "the device stopped answering"),
    (EXIT_DEVICE_ERROR, "the device answered with an error"),
    (EXIT_AMBIGUOUS, "several devices: choose one with --port"),
    (EXIT_NOT_A_PICO, "the port is not a MicroPython board"),
    (EXIT_NO_FIRMWARE, "a MicroPython board without the companion firmware"),
    (EXIT_BAD_ARCHIVE, "a game from the box's archive was refused"),
    (EXIT_BAD_DB, "the history database is not usable"),
    (EXIT_INTERNAL, "an internal error of steppe's (a bug: STEPPE_DEBUG=1 shows where)"),
)


class StepError(Exception):
    """A failure the user can act on: printed as one line, never a traceback."""

    def __init__(self, message: str, status: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.status = status
