"""The companion: one asyncio loop for the buttons, the screens, the LEDs and the link.

The game in progress is a journal of actions on flash (record.py): a change of the game
is one line appended after its new frame is out, so a press never waits for a save and
a power cut leaves the game at its last whole action. BACK held takes the last action
back - again and again, to the start of the game - and the history overlay it opens
steps back and forth through the game (undo, redo). At boot the last game comes back.
The serial link is served beside the UI without freezing it (link.py).
"""

import gc
import os
import sys

import store
from hal import clock
from hal.buttons import LONG, PRESS, REPEAT
from shared_rules.games import NAMES
from ui import palette
from ui.base import Screen

VERSION = "0.2.0"
FRAME_MS = 16  # ~60 frames a second at most
POLL_MS = 4
IDLE_MS = 800  # no press for this long: a snapshot that is due is written now
ON_DEVICE = sys.implementation.name == "micropython"  # the rules' modules are let go only there
SUMMARY_MS = 5000  # a game's summary comes up this long after its end (without a press)
ALERT_MS = 1500  # a refusal of the App's own (FULL, MEM) is shown this long
DRAW_TRIES = 3  # a frame of the loop that finds no room this many times in a row is a fault
APP_FILE = "app.json"  # which game is current
SETTINGS_FILE = "settings.json"  # the brightness and the supply (ui/settings.py)


_DARK = bytes(256)


def seed() -> int:
    """Hardware entropy for the dice and the deck in real play."""
    return int.from_bytes(os.urandom(4), "little")


def _screen_module(game: str):
    return __import__("ui." + game, None, None, ("screen",))


def unload(name: str) -> None:
    """Let a module go: the device keeps only the code of the screen in use."""
    if name in sys.modules:
        del sys.modules[name]
        dot = name.rfind(".")
        parent = sys.modules.get(name[:dot]) if dot > 0 else None
        if parent is not None and hasattr(parent, name[dot + 1:]):
            delattr(parent, name[dot + 1:])


def label(entry) -> str:
    """An action's name on the matrix: its "do", four letters at most."""
    if not isinstance(entry, dict):
        return "STRT"
    action = entry.get("a")
    do = action.get("do") if isinstance(action, dict) else None
    return do[:4].upper() if isinstance(do, str) else "?"


class App:
    VERSION = VERSION

    def __init__(self, pixels, buttons=None, fs_root: str = "") -> None:
        self.pixels = pixels
        self.buttons = buttons
        self.root = fs_root  # folder of the saved games ("" = the current folder)
        self.screen = Screen()
        self.record = None  # the game in progress (record.Record), None on the menu
        self.dirty = True
        self.notice = ""  # why the last boot or state.put fell back, for hello
        self.frames = 0
        self.leaving = False  # BACK on a game's top level: "menu?" until OK or another button
        self.history = None  # (kind, entry) while the history overlay shows: "undo", "redo", "start"
        self.snapping = None  # a snapshot being written a step at a time (record.snapshot_steps)
        self.alert = ""  # why the last press could not be done (the flash full, no RAM): shown a moment
        self.alert_at = 0
        self.last_press = clock.now()
        self.link_us = 0  # the last request's cost on the device, first byte in to last byte out
        self.tidy_us = 0  # ...and the tidying after it (Link.tidy: a collection when the heap runs short)
        self.link_op = ""
        self.max_gap = 0  # ms: the longest gap between two turns of the button loop (link.stats)
        self.max_busy = 0  # us: the most CPU time a press could wait for its poll (link.stats):
        # a stretch of the link's work between two of its yields and a turn of the loop (the
        # gap without the loop's sleep, which a benchmark scales to a Pico's speed)
        self.busy_at = ""  # ...and where it was: "loop", or the link's stage (Link.stage) and op
        self.busy_op = ""
        self.turn_us = 0  # us: the loop's last turn's own work (the presses, a frame, a snapshot step)
        self.stats_read = False  # link.stats answered in the link's stretch under way: not counted
        self.summary_due = None  # (summary, when the game ended) until its summary comes up
        self.archive_budget = 0  # bytes of flash for finished games (0: archive.BUDGET)
        self.began = None  # (game, uptime) of the game begun since the box started: its relative start
        self.why = ""  # the sentence scrolling over the screen (ui/scroll.py): why a press was refused, or help
        self.why_text = ""  # ...as the matrix shows it
        self.why_at = 0
        self.why_help = False  # the help of the mode in use (OK and BACK held together), not a refusal
        self.faults = 0  # errors the box recovered from since it started (fault())
        self.draw_misses = 0  # the loop's frames in a row that found no room (_draw)
        self.fault_logged = None  # (code, when) of the last one written to errors.log
        self.overhead_ma = 100  # what the Pico and the margin take of the supply (pins.json: main sets it)
        self.usb_ma = getattr(pixels, "budget_ma", 400) + self.overhead_ma  # the supply pins.json names

    # -- files -----------------------------------------------------------------------
    def _path(self, name: str) -> str:
        return self.root + name

    def saved_games(self) -> "list[str]":
        names = []
        for g in NAMES:
            try:
                os.stat(self._path(g + ".jnl"))
                names.append(g)
            except OSError:
                pass
        return names

    # -- screens ---------------------------------------------------------------------
    def boot(self) -> None:
        """Come back to the game in progress, or to the menu."""
        self.apply_settings()
        current, why = store.load(self._path(APP_FILE))
        self.notice = why
        self._convert_old_saves()
        game = current.get("current") if isinstance(current, dict) else None
        if game in NAMES and self.open_game(game):
            return
        self.to_menu()

    def apply_settings(self) -> None:
        """The brightness and the supply saved on the box (ui/settings.py), if any."""
        try:
            os.stat(self._path(SETTINGS_FILE))
        except OSError:
            return  # pins.json's budget and the default brightness
        from ui import settings

        settings.apply(self, *settings.load(self))
        unload("ui.settings")

    def _convert_old_saves(self) -> None:
        """Games saved by the firmware before journals (NAME.json) become journals once."""
        for g in NAMES:
            try:
                os.stat(self._path(g + ".json"))
            except OSError:
                continue
            import convert

            try:
                note = convert.old_save(self.root, g)
            except MemoryError:  # the old save stays where it is, for the next boot
                note = ""
                self.free_memory()
                self.warn("MEM", "not enough memory to read " + g + ".json (an older firmware's save) now: restart the box")
            if note:
                self.notice = note
            unload("convert")
            gc.collect()

    def to_menu(self) -> None:
        from ui.menu import Menu

        left = self.record.name if self.record is not None else ""
        self._let_go()
        self.switch(Menu(self.saved_games(), NAMES.index(left) if left else 0))
        self._note_current(None)

    def switch(self, screen) -> None:
        self.screen = screen
        self.dirty = True
        self.leaving = False
        self.history = None
        if screen.name:  # a game: the menu's code can go until the player comes back
            unload("ui.menu")
            for game in NAMES:
                if game != screen.name:
                    unload("ui." + game)

    def screen_name(self) -> str:
        return self.screen.name or getattr(self.screen, "of", "") or "menu"  # (of: under the error screen)

    def ui_json(self) -> dict:
        """What the screen asks for (mode, cursor, choice...) and which screen it is."""
        if self.leaving:
            out = {"mode": "leave"}
        elif self.history is not None:
            kind, entry, n, total = self.history
            out = {"mode": "history", "kind": kind, "entry": entry, "actions": n, "redo": total > n}
        else:
            out = self.screen.ui_json()
        if self.alert and 0 <= clock.elapsed(clock.now(), self.alert_at) < ALERT_MS:
            out["alert"] = self.alert
            out["why"] = self.notice
        if self.why:
            out["help" if self.why_help else "why"] = self.why
        out["screen"] = self.screen_name()
        if self.record is not None:
            out["actions"] = self.record.count()
        return out

    def _let_go(self, keep_code: bool = False) -> None:
        """Drop the game in RAM (before another is built), and its code: its screen and its
        rules are imported again when a game of it comes back (keep_code: not its code - the
        game may have to come back at once, in a heap where imports may find no room)."""
        self._stop_snapshot()
        self.summary_due = None
        name = self.record.name if self.record is not None else ""
        self.screen = Screen()
        self.record = None
        if name and not keep_code:
            unload("ui." + name)
            if ON_DEVICE:  # (under CPython, the tests' process, other code holds these modules)
                for module in list(sys.modules):
                    if module.startswith("shared_rules." + name + "."):
                        unload(module)
        gc.collect()

    def free_memory(self, keep: str = "") -> None:
        """The RAM ran out: let go of all code that is not the game in play's (other games'
        rules, loaded for the link's ops; the menu; the host's occasional ops). keep: a game
        whose code stays though it is not in play (it is about to come back)."""
        keep = self.record.name if self.record is not None else keep
        mine = "shared_rules." + keep + "." if keep else None
        for module in list(sys.modules):
            other_game = ON_DEVICE and module.startswith("shared_rules.") and module.count(".") >= 2 and not (
                mine is not None and module.startswith(mine))
            screen = module.startswith("ui.") and module[3:] in NAMES and module[3:] not in (self.screen.name, keep)
            menu = module == "ui.menu" and self.screen.name != ""  # not while it is shown
            if other_game or screen or menu or module == "hostops" or (ON_DEVICE and module == "shared_rules.rng_ops"):
                unload(module)
        gc.collect()

    def _stop_snapshot(self) -> None:
        """The game is about to change: a snapshot being written of it is given up."""
        if self.snapping is not None:
            self.snapping.close()
            self.snapping = None

    def _snapshot_step(self, now: int) -> None:
        """Between presses: a snapshot is begun when due (the box idle, or many lines since
        the last one) and written a step at a time, one step a turn of the loop."""
        rec = self.record
        if rec is None:
            return
        if self.snapping is None:
            if not (rec.overdue() or (rec.snapshot_due() and clock.elapsed(now, self.last_press) >= IDLE_MS)):
                return
            self.snapping = rec.snapshot_steps()
        try:
            next(self.snapping)
        except StopIteration:
            self.snapping = None
        except OSError as e:  # the game is saved; only the boot will replay more
            self.snapping = None
            self.warn("FULL", _flash_error(e, "the game is saved, but no snapshot of it fits: boot will be slower"))

    def open_game(self, game: str) -> bool:
        """Resume a saved game; False (and a notice) if there is none or it cannot come back."""
        from record import Damaged, Record

        self._let_go()
        try:
            os.stat(self._path(game + ".jnl"))
        except OSError:
            return False  # no journal
        try:
            _prepare(game)
            rec = Record.open(self.root, game)
        except MemoryError:  # the journal may be good: it stays where it is
            self.free_memory()  # (and the code loaded for it goes: the menu is next)
            self.warn("MEM", "not enough memory to bring the game of " + game + " back now: restart the box")
            return False
        except Exception as e:  # a journal that cannot come back must not stop the box
            why = e.message if isinstance(e, Damaged) else game + ".jnl could not be read back: " + _message(e)
            try:
                os.rename(self._path(game + ".jnl"), self._path(game + ".jnl.bad"))
                why += "; kept as " + game + ".jnl.bad (steppe sync pull --rescue fetches it)"
            except OSError:
                pass
            self.warn("BAD", why)
            return False
        self._enter(rec)
        if _rules(game).is_over(rec.game):  # archived? (a cut may have come before its file)
            import archive

            archive.after_boot(self, rec)
            unload("archive")
        return True

    def new_game(self, game: str, colours: list, option: int, dice_seed: int = -1, board: str = "") -> None:
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
        _prepare(game)
        self._enter(_writing(lambda: Record.create(self.root, head, _fits(game))))
        self.began = (game, clock.uptime())

    def _enter(self, rec) -> None:
        self._stop_snapshot()
        self.record = rec
        if rec.notice:
            self.notice = rec.notice
        self.switch(_screen_module(rec.name).screen(rec.game, rec.settings))
        self._note_current(rec.name)

    def _note_current(self, game) -> None:
        store.save({"current": game}, self._path(APP_FILE))

    # -- the game: act, save, undo, redo -------------------------------------------------
    def act(self, action: dict) -> dict:
        """A screen's action on the game: what it did (RulesError: refused, nothing changed).
        Its journal line is written by flush(), once the new frame is out. An action that
        fails for want of RAM is tried once more after free_memory(), then refused: the game
        is back as it was saved."""
        rec = self._record()
        self._stop_snapshot()
        try:
            try:
                event = rec.act(action)
            except MemoryError:  # the game is back as saved: what can go goes, and once more
                self.free_memory()
                event = rec.act(action)
        except MemoryError:
            self.screen.show(rec.game)
            self.warn("MEM", "not enough memory for that now: the game is as it was")
            from shared_rules.errors import NO_MEMORY, RulesError

            raise RulesError(NO_MEMORY, "not enough memory for that now")
        self.dirty = True
        return event

    def _record(self):
        rec = self.record
        if rec is None:
            from shared_rules.errors import bad_args

            raise bad_args("no game in progress")
        return rec

    def flush(self) -> None:
        """Save: append the last action's journal line. (Snapshots are written between
        presses, a step at a time; only when presses came too fast for one to finish is one
        written here, at once.) A flash that cannot take the line: the action is taken back,
        and the box says so."""
        rec = self.record
        if rec is None:
            return
        try:
            rec.save()
        except OSError as e:
            self.screen.show(rec.game)
            self.warn("FULL", _flash_error(e))
            return
        self._ended(rec)
        if rec.far_behind():
            self._snapshot_whole(rec)

    def _snapshot_whole(self, rec) -> None:
        """Presses came so fast that no snapshot finished between them: one is written now,
        whole. A snapshot already under way (of this very game: a change gives it up) is
        finished, never a second one begun beside it - both would write the same temp file."""
        steps = self.snapping
        self.snapping = None
        try:
            if steps is None:
                rec.snapshot()
            else:
                for _ in steps:
                    pass
        except OSError as e:  # the action is saved; only the boot will replay more
            self.warn("FULL", _flash_error(e, "the game is saved, but no snapshot of it fits: boot will be slower"))

    def _ended(self, rec) -> None:
        """A game that has just ended goes into the archive (the players' history) and its
        summary comes up. Once per ending: an ending undone and played again is archived
        again, replacing the first (the same game id)."""
        if rec.archived == rec.count() or not _rules(rec.name).is_over(rec.game):
            return
        rec.archived = rec.count()
        summary = None
        try:
            summary = self.summary()
            self._archive(rec, summary)
        except OSError as e:
            self.warn("FULL", _flash_error(e, "the game is saved, but it could not be archived"))
        except MemoryError:  # (archived at the next power-on: archive.py's check at boot)
            self.warn("MEM", "the game is saved, but there was no memory to archive it")
        if summary is not None:  # shown once the game's own end has had its moment
            self.summary_due = (summary, clock.now())

    def tick(self, now: int) -> None:
        """The loop's turn without a press: the summary of a game just ended comes up
        after SUMMARY_MS without a press (the game's screen announces its end first)."""
        due = self.summary_due
        if due is not None and clock.elapsed(now, max_ticks(due[1], self.last_press)) >= SUMMARY_MS:
            self.summary_due = None
            if self.record is not None and self.screen.name == self.record.name and not self.leaving:
                self.history = None  # a game ended by a redo: the summary replaces the history shown
                self._show_summary(due[0])

    def summary(self) -> dict:
        """The end of the game in play summed up (shared_rules/<game>/summary.py): winner,
        ranking, the rules' breakdown; with its length in actions and, where the box knows
        the time, in minutes."""
        rec = self._record()
        name = "shared_rules." + rec.name + ".summary"
        try:
            try:
                out = __import__(name, None, None, ("summary",)).summary(rec.game, rec.settings)
            except MemoryError:  # (a split heap: its code found no block) what can go goes, and once more
                unload(name)  # (an import cut short may have left its module half made)
                self.free_memory()
                out = __import__(name, None, None, ("summary",)).summary(rec.game, rec.settings)
        except ImportError:
            out = {}
        out["actions"] = rec.count()
        when = self._times(rec)
        if when[0] is not None and when[1] is not None:
            out["minutes"] = (when[1] - when[0]) // 60
        return out

    def _times(self, rec) -> tuple:
        """(start, end, clock) of the game in play: seconds since 1970 when a host set the
        clock, else seconds since the box started ("relative"; start known only when the
        game began since)."""
        end = clock.wall()
        if end is not None:
            return rec.start, end, "set"
        began = self.began
        return (began[1] if began is not None and began[0] == rec.name else None), clock.uptime(), "relative"

    def _archive(self, rec, summary: dict) -> None:
        import archive

        try:
            start, end, how = self._times(rec)
            archive.keep(rec, summary, start, end, how, self.archive_budget or archive.BUDGET)
        finally:
            unload("archive")

    def _show_summary(self, summary: dict) -> None:
        try:
            from ui.summary import Summary
        except MemoryError:
            return  # the game's own screen shows its end
        self.screen = Summary(self.screen, summary)
        self.dirty = True

    def clock_json(self) -> str:
        return "set" if clock.wall() is not None else "relative"

    def warn(self, label: str, why: str) -> None:
        """A refusal the App itself makes (not the rules): the reason scrolls (a red band
        with the word if the RAM has no room for that), and is kept for hello and ui.get."""
        self.alert = label
        self.alert_at = clock.now()
        self.notice = why
        self.dirty = True
        self.refuse(why)

    def refuse(self, why, help: bool = False) -> None:
        """Say why a press was refused - why: a sentence, or a screen's (message key,
        values) - or, help, what the mode's buttons do: it scrolls over the screen until it
        has gone by or a button is pressed (that press does nothing else); ui_json gives
        it whole as "why" (or "help"). The code for it (ui/scroll.py) is loaded till then."""
        try:
            _scroll().begin(self, why, help)
        except MemoryError:  # no room to say it: the red flash (App.warn's band) alone
            self.why = ""
            gc.collect()

    def _end_scroll(self) -> None:
        self.why = ""
        self.alert = ""  # (an App's refusal: its word goes too; the notice stays for hello)
        self.dirty = True
        unload("ui.scroll")

    def undo(self) -> None:
        """BACK held: the last action taken back; the history overlay shows it."""
        rec = self._record()
        self.screen = getattr(self.screen, "under", self.screen)  # from a summary: its game's screen
        self.summary_due = None
        self._stop_snapshot()
        self.screen.game = None  # the screen lets its game go too while the game is rebuilt
        try:
            entry = rec.undo()
        finally:
            self.screen.show(rec.game)
        self._show_history("undo" if entry is not None else "start", entry, rec)

    def redo(self) -> None:
        rec = self._record()
        self._stop_snapshot()
        entry = rec.redo()
        if entry is not None:
            self.screen.show(rec.game)
            self._show_history("redo", entry, rec)
        self.dirty = True

    def _show_history(self, kind: str, entry, rec) -> None:
        """The overlay: what was undone or redone, the actions in force and in all."""
        self.history = (kind, entry, rec.count(), rec.count() + rec.stack.u)
        self.dirty = True

    def _history(self, button: str, long: bool) -> None:
        """The history overlay: BACK held or LEFT undoes one more, OK held or RIGHT redoes
        one; BACK closes it, and any other press closes it and goes on to the screen."""
        if (button == "BACK" and long) or button == "LEFT":
            self.undo()
        elif (button == "OK" and long) or button == "RIGHT":
            self.redo()
        else:
            self.history = None
            self.dirty = True
            if button != "BACK":
                self.screen.press(self, button, long)

    # -- input -----------------------------------------------------------------------
    def press(self, button: str, long: bool = False) -> None:
        """A button: the screen acts, the new frame goes out at once, then the game is
        saved (a cut in between leaves the game as it was before this press)."""
        self.last_press = clock.now()
        screen = self.screen
        if self.why:
            going = _scroll().going(self, self.last_press)
            self._end_scroll()
            if going:  # any button ends the sentence, and does nothing else
                self.render(clock.now())
                return
        if button == "HELP":  # OK and BACK held together: the help of what is shown
            self.refuse(None, True)
        elif self.leaving:  # "menu?": OK goes (the game stays saved), anything else stays
            self.leaving = False
            self.dirty = True
            if button == "OK" and not long:
                self.to_menu()
        elif screen.name and self.history is not None:
            self._history(button, long)
        elif button == "BACK" and long and screen.name:  # BACK held: undo, on every game screen
            self.undo()
        elif button == "BACK" and screen.name and screen.at_top():
            self.leaving = True
            self.dirty = True
        else:
            screen.press(self, button, long)
        self._say_refusals(screen)
        try:
            self.render(clock.now())
        except MemoryError:  # the press is made: its frame comes when the RAM allows
            self.free_memory()
            self.dirty = True
        self.screen.settle(self)  # (e.g. a Khan flip: the card is out, now the flight is worked out)
        self._say_refusals(self.screen)
        self.flush()

    def _say_refusals(self, screen) -> None:
        for shown in (screen, self.screen):  # the screen refused the press, or the one it opened: why
            if shown.refused is not None:
                self.refuse(shown.refused)
                shown.refused = None

    # -- output ----------------------------------------------------------------------
    def render(self, now: int) -> None:
        frame = self.pixels.frame
        frame[:] = _DARK  # palette.OFF everywhere, at C speed
        if self.leaving:
            _ask_menu(frame)
        else:
            self.screen.draw(frame, now)
            if self.history is not None:
                self._draw_history(frame, self.history)
        if self.why:
            _scroll().draw_over(self, frame, now)  # (ends it once it has gone by)
        elif self.alert and 0 <= clock.elapsed(now, self.alert_at) < ALERT_MS and not self.leaving:
            _draw_alert(frame, self.alert)
        self.pixels.show()
        self.frames += 1
        self.dirty = self.why != ""  # the sentence moves on: the loop draws it frame by frame

    def _draw_history(self, frame: bytearray, history: tuple) -> None:
        """The action just undone (orange) or redone (green), over the top of the screen,
        and a bar: how far into the game the history stands."""
        from ui.base import fill, text

        kind, entry, n, total = history
        fill(frame, 0, 0, 16, 6, palette.OFF)
        text(frame, 0, 0, label(entry), palette.GOOD if kind == "redo" else palette.HINT)
        lit = 16 * n // total if total else 0
        fill(frame, 0, 5, lit, 1, palette.TEXT)
        fill(frame, lit, 5, 16 - lit, 1, palette.HALF)

    # -- the link's device ops (hostops.py, loaded when a request comes) -----------------
    def frame_json(self) -> dict:
        return _link()._frame(self, {})

    def hello(self) -> dict:
        return _link()._hello(self, {})

    def state_get(self, stream: bool = False) -> dict:
        return _link().state_get(self, stream)

    def state_put(self, args: dict) -> dict:
        return _hostops().state_put(self, args)

    def log_get(self, args: dict) -> dict:
        return _hostops().log_get(self, args)

    def journal_put(self, args: dict) -> dict:
        return _hostops().journal_put(self, args)

    def bad_files(self, args: dict) -> dict:
        return _hostops().bad_files(self, args)

    def archive_list(self, args: dict) -> dict:
        return _hostops().archive_list(self, args)

    def archive_get(self, args: dict) -> dict:
        return _hostops().archive_get(self, args)

    def clock_set(self, args: dict) -> dict:
        return _hostops().clock_set(self, args)

    # -- the loop ----------------------------------------------------------------------
    async def run(self, link, stdin, stdout) -> None:
        import asyncio

        asyncio.create_task(self._serve(link, stdin, stdout))
        last = 0
        turn = clock.now()
        work = 0  # us: this turn's own work (the presses, the frame, a snapshot step)
        while True:
            now = clock.now()
            began = clock.now_us()
            gap = clock.elapsed(now, turn)  # the buttons unpolled this long (a request, a save)
            if gap > self.max_gap:
                self.max_gap = gap
            turn = now
            where = "press"  # what the loop is doing: the error screen's code and the log say it
            try:
                if self.buttons is not None:
                    for name, event in self.buttons.poll(now):
                        if event == PRESS or event == REPEAT:
                            self.press(name, False)
                        elif event == LONG:
                            self.press(name, True)
                where = "animating"
                if (self.dirty or self.screen.animating(now)) and clock.elapsed(now, last) >= FRAME_MS:
                    where = "draw"
                    self._draw(now)
                    last = now
                where = "snapshot"
                self._snapshot_step(now)
                where = "tick"
                self._fault_shown(now)
                self.tick(now)
            except Exception as e:  # the loop never stops: the error screen, the log, the saved game
                try:
                    self.fault(e, where)
                except Exception:  # (even that, for want of RAM: the loop goes on)
                    gc.collect()
            work = clock.elapsed(clock.now_us(), began)
            self.turn_us = work
            if work > self.max_busy:
                self.max_busy = work
                self.busy_at = "loop"
                self.busy_op = ""
            await _pause(asyncio)  # always: the link's task must get its turn

    def _draw(self, now: int) -> None:
        """The loop's frame. One that finds no room (a split heap: an import, a new qstr
        pool) is drawn again at the next turn, the RAM tidied meanwhile - as a press's
        frame is; only a frame that fails DRAW_TRIES times in a row is a fault."""
        try:
            self.render(now)
            self.draw_misses = 0
        except MemoryError:
            self.draw_misses += 1
            if self.draw_misses >= DRAW_TRIES:
                self.draw_misses = 0
                raise
            self.free_memory()
            self.dirty = True

    def fault(self, e, where: str) -> str:
        """Something the box did failed (a bug; the RAM ran out): the error screen with a
        code, the traceback into errors.log, the game as last saved - its journal read
        again, so what the failed step half changed in RAM is gone - and the loop goes on.
        Returns the code. Never raises: a step that fails in turn (the log, for want of
        RAM) is left out."""
        self.faults += 1
        game = self.record.name if self.record is not None else ""
        try:
            about = self.screen_name() + "/" + str(self.screen.ui_json().get("mode"))
        except Exception:  # the screen itself may be what is broken
            about = "?"
        try:  # the game in RAM and all code that can go, first: the log may want the room
            self._let_go()
            self.free_memory()
        except Exception:
            self.snapping = self.record = None
            self.screen = Screen()
        try:
            import errlog

            return errlog.after(self, e, where, about, game)  # the log, the saved game, ERR
        except Exception:  # not even room for that: a red band, and a dark screen the loop
            unload("errlog")  # replaces with the menu at its next turn (_fault_shown)
            self.record = None
            self.screen = Screen()
            self.warn("ERR", "the box recovered from an error")
            return "??"

    def _fault_shown(self, now: int) -> None:
        """The error screen has shown long enough: the screen under it comes back. (No
        screen at all: after an error not even the menu could come back; it is tried again.)"""
        over = getattr(self.screen, "fault_over", None)
        if over is not None and over(now):
            self.screen = getattr(self.screen, "under")
            self.dirty = True
            unload("ui.fault")
        if type(self.screen) is Screen:
            self.free_memory()
            self.to_menu()

    def _recovered(self, e) -> None:
        """The link's reading ran out of RAM (a line too big for the heap left): answered
        no_memory, noted for hello; not a fault - the game is untouched."""
        self.snapping = None
        self.dirty = True
        gc.collect()
        try:
            self.notice = "the box recovered from " + type(e).__name__ + ": " + _message(e)
        except Exception:
            self.notice = "the box recovered from an error"

    async def _serve(self, link, stdin, stdout) -> None:
        """Read requests as bytes arrive, answer each line; never block the UI."""
        import asyncio

        from link import Lines, Reader

        lines = Lines(free=self.free_memory)
        reader = Reader(stdin)
        chunk = reader.chunk  # the bytes that came, reserved once
        while True:
            began = clock.now_us()
            n = 0
            try:
                n = reader.fill()
                if not n:
                    link.idle(clock.now())  # (quiet: the host's ops go after a while)
                if n:
                    for line in lines.feed(bytes(chunk[:n])):
                        for _ in link.stages(line, stdout.write):  # a rules op: the buttons' turn
                            self._stretch(began, link.stage, link.op)  # between its stages
                            if self._wanted(clock.now()):
                                await _pause(asyncio, 0)
                            began = clock.now_us()
                        now = clock.now_us()  # its reply's last byte written:
                        self.link_us = clock.elapsed(now, lines.line_began)  # what it cost, all told
                        self.link_op = link.op
                        self._stretch(began, "reply", link.op)  # and once its reply is out
                        await _pause(asyncio, 0)
                        began = clock.now_us()
                        link.tidy()  # a collection only when the heap runs short
                        self.tidy_us = clock.elapsed(clock.now_us(), began)
                        self._stretch(began, "tidy", link.op)
                        began = clock.now_us()
            except KeyboardInterrupt:
                raise
            except Exception as e:  # the link is never left dead: every line is answered
                try:
                    self._link_trouble(e, lines, chunk, n, stdout)
                except Exception:  # (even that, for want of RAM: the reading goes on)
                    gc.collect()
            self._stretch(began, "read")
            await _pause(asyncio, POLL_MS if not n else 0)  # (0: the buttons' turn between pieces)

    def _wanted(self, now: int) -> bool:
        """Whether the button loop has work at a request's stage's end: an edge latched or a
        button held (its repeat, its long press; PinButtons.waiting), or a screen that
        animates. Only then does the link yield there: a yield costs the request a round
        of the scheduler (~5 ms a Pico; khan.play's five were ~25 ms of its ~75), and a
        press that comes during a stage is latched and served at the stage's end all the
        same (busy_us counts each stage so)."""
        waiting = getattr(self.buttons, "waiting", None)
        return waiting is None or waiting() or self.screen.animating(now)

    def _stretch(self, began: int, where: str = "read", op: str = "") -> None:
        """The link's task yields: what it did since began, with a turn of the loop, is what a
        press that came as it began waited for (link.stats busy_us). On a Pico the loop is
        due at every yield of a stretch longer than its sleep (POLL_MS), so each stretch
        counts on its own; the virtual Pico runs ~50 times faster, its loop still asleep at
        most, and is measured as a Pico would be. The stretch that answered link.stats is
        left out: the figures it read are of the requests before it."""
        if self.stats_read:
            self.stats_read = False
            return
        busy = clock.elapsed(clock.now_us(), began) + self.turn_us
        if busy > self.max_busy:
            self.max_busy = busy
            self.busy_at = where
            self.busy_op = op

    def _link_trouble(self, e, lines, chunk: bytearray, n: int, stdout) -> None:
        """Reading or answering a line failed: the line is answered no_memory (the reader
        out of RAM: noted) or it was a bug (App.fault)."""
        from link import OUT_OF_MEMORY

        if _ends_line(chunk, n):
            lines.reset()
            stdout.write("\n")
            stdout.write(OUT_OF_MEMORY)  # the line that ended in these bytes
        else:
            lines.lose()  # the rest of the line goes; its newline says no_memory
        if isinstance(e, MemoryError):
            self._recovered(e)
        else:
            self.fault(e, "link")


def _ends_line(chunk: bytearray, n: int) -> bool:
    """Whether the n bytes read hold a newline (looked for without allocating)."""
    for i in range(n):
        if chunk[i] == 10:
            return True
    return False


async def _pause(asyncio, ms: int = -1) -> None:
    """One poll's sleep (or ms); the RAM running out even here does not stop the loop."""
    try:
        await asyncio.sleep_ms(POLL_MS if ms < 0 else ms)
    except MemoryError:
        gc.collect()


def _draw_alert(frame: bytearray, label: str) -> None:
    """A red band over the middle of the screen with a word: FULL, MEM, BAD."""
    from ui.base import fill, text

    fill(frame, 0, 5, 16, 7, palette.BAD)
    text(frame, 0, 6, label, palette.WHITE)


def _writing(fn):
    """fn(), a write to the flash for the link: an OSError becomes a clear refusal."""
    try:
        return fn()
    except OSError as e:
        from shared_rules.errors import NO_SPACE, RulesError

        raise RulesError(NO_SPACE, _flash_error(e).split(":")[0] + ": nothing was changed")


def _flash_error(e, then: str = "the last action was not saved and is taken back") -> str:
    if e.args and e.args[0] == 28:
        return "the box's flash is full: " + then
    return "the box could not write its flash (OSError " + str(e.args[0] if e.args else "") + "): " + then


def _ask_menu(frame: bytearray) -> None:
    """Leave the game for the menu? OK yes, any other button no."""
    from ui.base import text

    text(frame, 0, 1, "MENU", palette.WHITE)
    text(frame, 2, 9, "OK?", palette.HINT)


def _prepare(game: str) -> None:
    """Before a game is built: its screen and everything it needs in play imported, while
    the heap is tidy (record.load_parts)."""
    from record import load_parts

    gc.collect()
    _screen_module(game)
    load_parts(game)


def max_ticks(a: int, b: int) -> int:
    """The later of two times on the wrapping clock."""
    return a if clock.elapsed(a, b) >= 0 else b


def _rules(game: str):
    return __import__("shared_rules." + game + ".game", None, None, ("is_over",))


def _scroll():
    return __import__("ui.scroll", None, None, ("begin",))


def _link():
    return __import__("link")


def _hostops():
    return __import__("hostops")


def _fits(game: str):
    """The screen's demands on a game (Khan: the board fits the matrix), or None."""
    return getattr(_screen_module(game), "fits", None)


def _message(e) -> str:
    msg = getattr(e, "message", None)
    return msg if isinstance(msg, str) else type(e).__name__


def main() -> None:
    """Start the companion on this board (or the virtual Pico)."""
    import asyncio

    from hal import pins
    from hal.buttons import PinButtons
    from hal.pixels import NeoPixelStrip
    from link import Link

    asyncio.new_event_loop()  # a restart (main.py) begins without the tasks of the loop that stopped
    cfg = pins.load()
    power = cfg["power"]
    matrix = cfg["matrix"]
    pixels = NeoPixelStrip(matrix["pin"], matrix["width"], matrix["height"], palette.PALETTE,
                           budget_ma=power["led_budget_ma"], ma_per_channel=power["ma_per_channel"],
                           ma_per_dark_led=power["ma_per_dark_led"], floor=palette.FLOOR, large=palette.LARGE)
    app = App(pixels, PinButtons(cfg["buttons"]))
    app.usb_ma = power["usb_ma"]
    app.overhead_ma = power["usb_ma"] - power["led_budget_ma"]
    cfg = power = matrix = None
    unload("hal.pins")  # read once: its code and the pin map go before the game comes
    try:
        app.boot()
    except Exception as e:  # (the flash refusing app.json...) the loop starts all the same: the link can mend it
        app.fault(e, "boot")
    sys.stdout.write("steppe companion " + VERSION + " ready\n")
    asyncio.run(app.run(Link(app), sys.stdin, sys.stdout))
