"""The game in progress: its journal on flash (record.py) opened, begun or replaced, acted
on and saved, undone and redone, snapshotted between presses (one writer of a snapshot at a
time), and at its end archived and summed up.

Functions of the App (app.py: its record, the snapshot under way, the summary due), which
puts them together with the screens: a change of the game is one journal line appended
after its new frame is out (flush), so a press never waits for a save and a power cut
leaves the game at its last whole action.
"""

import gc

try:
    import uos as os  # MicroPython's own: a plain name is first looked for on the flash (firmware/README.md)
except ImportError:  # CPython
    import os

import sys

import store
from hal import clock
from memory import fits, let_go_game, prepare, screen_module, unload
from shared_rules.games import NAMES
from ui.base import Screen

APP_FILE = "app.json"  # which game is current
IDLE_MS = 800  # no press for this long: a snapshot that is due is written now
SUMMARY_MS = 5000  # a game's summary comes up this long after its end (without a press)
SHORT = "not enough memory to "  # how the box's notices of a want of RAM begin (hello, ui.get)


def seed() -> int:
    """Hardware entropy for the dice and the deck in real play."""
    return int.from_bytes(os.urandom(4), "little")


def saved_games(app) -> "list[str]":
    names = []
    for g in NAMES:
        try:
            os.stat(app.path(g + ".jnl"))
            names.append(g)
        except OSError:
            pass
    return names


def current(app) -> "tuple[str | None, str]":
    """The game that was in play at the last power-off (app.json), and why it could not
    be read if it could not."""
    saved, why = store.load(app.path(APP_FILE))
    game = saved.get("current") if isinstance(saved, dict) else None
    return (game if game in NAMES else None), why


def note_current(app, game) -> None:
    store.save({"current": game}, app.path(APP_FILE))


def convert_old_saves(app) -> None:
    """Games saved by the firmware before journals (NAME.json) become journals once."""
    for g in NAMES:
        try:
            os.stat(app.path(g + ".json"))
        except OSError:
            continue
        import convert

        try:
            note = convert.old_save(app.root, g)
        except MemoryError:  # the old save stays where it is, for the next boot
            note = ""
            app.free_memory()
            app.warn("MEM", SHORT + "read " + g + ".json (an older firmware's save) now: restart the box")
        if note:  # said on the box too: an old save never replaces a game in silence
            app.warn("OLD", note)
        unload("convert")
        gc.collect()


# -- a game opened, begun, replaced -----------------------------------------------------------
def let_go(app, keep_code: bool = False) -> None:
    """Drop the game in RAM (before another is built), and its code: its screen and its
    rules are imported again when a game of it comes back (keep_code: not its code - the
    game may have to come back at once, in a heap where imports may find no room)."""
    stop_snapshot(app)
    app.summary_due = None
    name = app.record.name if app.record is not None else ""
    app.screen = Screen()
    app.record = None
    if name and not keep_code:
        let_go_game(name)
    gc.collect()


def enter(app, rec) -> None:
    """A game read or built becomes the game in play, on its screen."""
    stop_snapshot(app)
    app.record = rec
    if rec.notice:
        app.notice = rec.notice
    elif app.notice.startswith(SHORT):  # a game in play after all: the want of RAM said is over
        app.notice = ""
    app.switch(screen_module(rec.name).screen(rec.game, rec.settings))
    note_current(app, rec.name)


def open_game(app, game: str) -> bool:
    """Resume a saved game; False (and a notice) if there is none or it cannot come back."""
    from record import Damaged, Record

    let_go(app)
    try:
        os.stat(app.path(game + ".jnl"))
    except OSError:
        return False  # no journal
    try:
        prepare(game)
        rec = Record.open(app.root, game)
    except MemoryError:  # the journal may be good: it stays where it is
        app.free_memory()  # (and the code loaded for it goes: the menu is next)
        app.warn("MEM", SHORT + "bring the game of " + game + " back now: restart the box")
        return False
    except Exception as e:  # a journal that cannot come back must not stop the box
        from shared_rules.errors import message

        why = e.message if isinstance(e, Damaged) else game + ".jnl could not be read back: " + message(e)
        kept = store.aside(app.path(game + ".jnl"))  # (an earlier one not fetched yet stays)
        try:
            os.rename(app.path(game + ".jnl"), kept)
            why += "; kept as " + kept[len(app.root):] + " (steppe sync pull --rescue fetches it)"
        except OSError:
            pass
        app.warn("BAD", why)
        return False
    enter(app, rec)
    if rec.notice:  # damage cut off the journal (recover.py): said on the box, and by hello
        app.warn("BAD", rec.notice)
    if rules(game).is_over(rec.game):  # archived? (a cut may have come before its file)
        import archive

        if archive.has(rec.root, rec.head_id):
            rec.archived = rec.count()
        else:  # its archiving was cut off by the power (its last action saved, its file not yet in place)
            ended(app, rec)
        unload("archive")
    return True


def new_game(app, game: str, colours: list, option: int, dice_seed: int = -1, board: str = "") -> None:
    """Start a new game of the menu's choice (RulesError: settings refused, nothing
    changed). Its journal's header is written in one atomic step. board: Khan's board
    text (the players' own board), "" for the default board."""
    from record import Record
    from shared_rules import games, journal

    dice_seed = seed() if dice_seed < 0 else dice_seed
    settings = games.settings(game, colours, option)
    if board and board != "default":
        settings["board"] = board
    head = journal.header(game, settings, dice_seed, start=clock.wall())
    prepare(game)
    enter(app, writing(lambda: Record.create(app.root, head, fits(game))))
    app.began = (game, clock.uptime())


def replace(app, build):
    """A game built (build(): a Record) to replace the one in play (a host's state.put or
    journal.put). It is built beside the game in play first: a bad one is refused
    (RulesError) with nothing let go. Only when the RAM cannot hold both is the game in
    play let go first - it is on flash - and if building still fails, it comes back. The
    menu on a short heap (tight) goes before the first try, and comes back if it fails."""
    menu = app.record is None and tight()
    if menu:  # the menu (or a setup) on a short heap: it goes first - the game built takes the
        let_go(app)  # screen, and if none is, the menu comes back
        unload("ui.menu")
    try:
        rec = build()
    except MemoryError:
        rec = None
    except BaseException:
        if menu:
            app.to_menu()
        raise
    if rec is not None:
        let_go(app)
        enter(app, rec)
        return rec
    app.free_memory()  # what the first try loaded goes
    old = app.record.name if app.record is not None else None
    let_go(app, keep_code=True)
    unload("ui.menu")  # (and the menu, if it was shown: the game built takes the screen, or it comes back)
    try:
        rec = build()
        if rec is None:
            raise ValueError("no game was built")
    except BaseException:
        app.free_memory(old or "")  # what the failed build loaded goes before the old game comes back
        if old is None or not open_game(app, old):
            app.to_menu()
        raise
    enter(app, rec)
    return rec


TIGHT_WORDS = 16384  # a heap with less free than this (64 KB of a Pico's) is short for building a game


def tight() -> bool:
    """Whether the heap is short for building a game beside what is shown (a 96wK box; a
    Pico's 190 KB heap never is on the menu)."""
    free = getattr(gc, "mem_free", None)
    return free is not None and free() < TIGHT_WORDS * (8 if sys.maxsize > 0xFFFFFFFF else 4)


# -- the game: act, save, undo, redo -----------------------------------------------------------
def game_record(app):
    """The Record of the game in play (bad_args when there is none)."""
    rec = app.record
    if rec is None:
        from shared_rules.errors import bad_args

        raise bad_args("no game in progress")
    return rec


def act(app, action: dict) -> dict:
    """A screen's action on the game: what it did (RulesError: refused, nothing changed).
    Its journal line is written by flush(), once the new frame is out. An action that
    fails for want of RAM is tried once more after free_memory(), then refused: the game
    is back as it was saved."""
    rec = game_record(app)
    stop_snapshot(app)
    try:
        try:
            event = rec.act(action)
        except MemoryError:  # the game is back as saved: what can go goes, and once more
            app.free_memory()
            event = rec.act(action)
    except MemoryError:
        app.screen.show(rec.game)
        app.warn("MEM", "not enough memory for that now: the game is as it was")
        from shared_rules.errors import NO_MEMORY, RulesError

        raise RulesError(NO_MEMORY, "not enough memory for that now")
    app.dirty = True
    return event


def flush(app) -> None:
    """Save: append the last action's journal line. (Snapshots are written between presses,
    a step at a time; only when presses came too fast for one to finish is one written
    here, at once.) A flash that cannot take the line: the action is taken back, and the
    box says so."""
    rec = app.record
    if rec is None:
        return
    try:
        rec.save()
    except OSError as e:
        app.screen.show(rec.game)
        app.warn("FULL", flash_error(e))
        return
    ended(app, rec)
    if rec.far_behind():
        snapshot_whole(app, rec)


def undo(app) -> "tuple[str, dict | None, object]":
    """BACK held: the last action taken back. Returns what the history overlay shows: ("undo",
    the entry taken back) or ("start", None) at the start of the game, and the Record."""
    rec = game_record(app)
    app.screen = getattr(app.screen, "under", app.screen)  # from a summary: its game's screen
    app.summary_due = None
    stop_snapshot(app)
    app.screen.game = None  # the screen lets its game go too while the game is rebuilt
    try:
        entry = rec.undo()
    finally:
        app.screen.show(rec.game)
    return ("undo" if entry is not None else "start"), entry, rec


def redo(app) -> "tuple[str, dict | None, object]":
    """The last action taken back made again: ("redo", its entry) or ("", None) when none was."""
    rec = game_record(app)
    stop_snapshot(app)
    entry = rec.redo()
    if entry is not None:
        app.screen.show(rec.game)
    app.dirty = True
    return ("redo" if entry is not None else ""), entry, rec


# -- snapshots: written between presses, one writer at a time --------------------------------
def stop_snapshot(app) -> None:
    """The game is about to change: a snapshot being written of it is given up."""
    if app.snapping is not None:
        app.snapping.close()
        app.snapping = None


def snapshot_step(app, now: int) -> None:
    """Between presses: a snapshot is begun when due (the box idle, or many lines since the
    last one) and written a step at a time, one step a turn of the loop."""
    rec = app.record
    if rec is None:
        return
    if app.snapping is None:
        if not (rec.overdue() or (rec.snapshot_due() and clock.elapsed(now, app.last_press) >= IDLE_MS)):
            return
        app.snapping = rec.snapshot_steps()
    try:
        next(app.snapping)
    except StopIteration:
        app.snapping = None
    except OSError as e:  # the game is saved; only the boot will replay more
        app.snapping = None
        app.warn("FULL", flash_error(e, "the game is saved, but no snapshot of it fits: boot will be slower"))
    except MemoryError:  # out of RAM (its temp file gone): a snapshot only shortens the boot's
        app.snapping = None  # replay - the game, saved line for line, stays in play (a fault would
        app.free_memory()  # let it go); what code can go goes, the next try waits OVERDUE lines


def snapshot_whole(app, rec) -> None:
    """Presses came so fast that no snapshot finished between them: one is written now,
    whole. A snapshot already under way (of this very game: a change gives it up) is
    finished, never a second one begun beside it - both would write the same temp file."""
    steps = app.snapping
    app.snapping = None
    try:
        if steps is None:
            rec.snapshot()
        else:
            for _ in steps:
                pass
    except OSError as e:  # the action is saved; only the boot will replay more
        app.warn("FULL", flash_error(e, "the game is saved, but no snapshot of it fits: boot will be slower"))
    except MemoryError:  # (as snapshot_step's: the game stays in play)
        app.free_memory()


# -- the end: archived, summed up ----------------------------------------------------------------
def ended(app, rec) -> None:
    """A game that has just ended goes into the archive (the players' history) and its
    summary comes up. Once per ending: an ending undone and played again is archived
    again, replacing the first (the same game id)."""
    if rec.archived == rec.count() or not rules(rec.name).is_over(rec.game):
        return
    rec.archived = rec.count()
    out = None
    try:
        out = summary(app)
        _archive(app, rec, out)
    except OSError as e:
        app.warn("FULL", flash_error(e, "the game is saved, but it could not be archived"))
    except MemoryError:  # (archived at the next power-on: open_game's check)
        app.warn("MEM", "the game is saved, but there was no memory to archive it")
    if out is not None:  # shown once the game's own end has had its moment
        app.summary_due = (out, clock.now())


def summary_due(app, now: int):
    """The summary of a game just ended, once SUMMARY_MS have gone by without a press (the
    game's screen announces its end first); None until then, and after."""
    due = app.summary_due
    if due is None or clock.elapsed(now, max_ticks(due[1], app.last_press)) < SUMMARY_MS:
        return None
    app.summary_due = None
    return due[0]


def summary(app) -> dict:
    """The end of the game in play summed up (shared_rules/<game>/summary.py): winner,
    ranking, the rules' breakdown; with its length in actions and, where the box knows
    the time, in minutes."""
    rec = game_record(app)
    name = "shared_rules." + rec.name + ".summary"
    try:
        try:
            out = __import__(name, None, None, ("summary",)).summary(rec.game, rec.settings)
        except MemoryError:  # (a split heap: its code found no block) what can go goes, and once more
            unload(name)  # (an import cut short may have left its module half made)
            app.free_memory()
            out = __import__(name, None, None, ("summary",)).summary(rec.game, rec.settings)
    except ImportError:
        out = {}
    out["actions"] = rec.count()
    when = times(app, rec)
    if when[0] is not None and when[1] is not None:
        out["minutes"] = (when[1] - when[0]) // 60
    return out


def times(app, rec) -> tuple:
    """(start, end, clock) of the game in play: seconds since 1970 when a host set the
    clock, else seconds since the box started ("relative"; start known only when the
    game began since)."""
    end = clock.wall()
    if end is not None:
        return rec.start, end, "set"
    began = app.began
    return (began[1] if began is not None and began[0] == rec.name else None), clock.uptime(), "relative"


def _archive(app, rec, out: dict) -> None:
    import archive

    try:
        start, end, how = times(app, rec)
        archive.keep(rec, out, start, end, how, app.archive_budget or archive.BUDGET)
    finally:
        unload("archive")


# -- helpers -----------------------------------------------------------------------------------
def writing(fn):
    """fn(), a write to the flash for the link: an OSError becomes a clear refusal."""
    try:
        return fn()
    except OSError as e:
        from shared_rules.errors import NO_SPACE, RulesError

        raise RulesError(NO_SPACE, flash_error(e).split(":")[0] + ": nothing was changed")


def flash_error(e, then: str = "the last action was not saved and is taken back") -> str:
    if e.args and e.args[0] == 28:
        return "the box's flash is full: " + then
    return "the box could not write its flash (OSError " + str(e.args[0] if e.args else "") + "): " + then


def max_ticks(a: int, b: int) -> int:
    """The later of two times on the wrapping clock."""
    return a if clock.elapsed(a, b) >= 0 else b


def rules(game: str):
    return __import__("shared_rules." + game + ".game", None, None, ("is_over",))
