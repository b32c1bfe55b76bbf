"""Host-side failures, each a one-line message and a distinct exit status."""

EXIT_OK = 0
EXIT_FAILED = 1  # the command ran, and something it checked failed (an op line, a verification)
EXIT_USAGE = 2  # wrong command line


class StepError(Exception):
    """A failure the user can act on: printed as one line, never a traceback."""

    def __init__(self, message: str, status: int = EXIT_FAILED) -> None:
        super().__init__(message)
        self.status = status
