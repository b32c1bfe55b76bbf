"""A long rules op lets the box's buttons take their turn: pause().

The rules' long loops (a conquest search, a game played out, a list of actions applied, a
board read) call pause() every few milliseconds of a Pico's work. On the box, while a
host's rules op is answered, HOOK[0] is a turn of its button loop (firmware/rulesop.py
breathe): the buttons are polled and a press that came is acted on and its frame drawn,
then the op goes on where it was - a press never waits for the op. Everywhere else (the
host, the tests, the box's own screens) HOOK[0] is None and pause() does nothing.
"""

HOOK: list = [None]  # the box's loop turn while a host's rules op runs (firmware/rulesop.py), else None


def pause() -> None:
    hook = HOOK[0]
    if hook is not None:
        hook()


def applied(apply, game, actions: list) -> list:
    """What each action did, applied to game in turn (a play op's: each game's ops module),
    a pause before the first and after each."""
    pause()
    events = []
    for action in actions:
        events.append(apply(game, action))
        pause()
    return events
