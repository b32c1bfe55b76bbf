"""The end of a game summed up on the matrix, paged with the arrows.

Pages: the winner (WIN over a band of the winner's colour, striped for a shared win); the
ranking, two players a page (their colour, place and total); the rules' breakdown, one
figure a page (the player's colour on top, what it counts, how much); the game's length
(ACT: actions; MIN: minutes, when the box knew the time). LEFT/RIGHT page (the pages
wrap), OK or BACK go back to the game's own end screen (BACK held there undoes the last
action: the ending can be played again). Built from the summary dict of
shared_rules/<game>/summary.py; what a summary lacks is left out.
"""

from ui import palette
from ui.base import Screen, fill, help_text, number, text


def colour_of(player) -> int:
    """A player's palette index: a colour id, or Chu and Han's sides."""
    if player == "han":
        return palette.HAN
    if player == "chu":
        return palette.CHU
    if player in palette.PLAYER_COLOURS:
        return palette.PLAYER + palette.PLAYER_COLOURS.index(player)
    return palette.TEXT


# what each breakdown key of the games' summaries counts, as the matrix says it: four letters,
# the same as the games' own screens say (Huns' result: RAID ... WAGN, STSH); docs/ui.md
# explains every one. A key not here is its first four letters.
WORDS = ("figures FIGU territory TERR vp VP twos TWOS out OUT han_xin HANX xiao_ying XIAO bonus PASS "
         "start STRT earlier EARL raids RAID mercenaries MERC treasures TREA curses CURS wagons WAGN "
         "stash STSH prestige PRES khan KHAN")


def word(key) -> str:
    """A breakdown key's four letters on the matrix."""
    key = str(key)
    at = WORDS.find(key + " ")
    while at > 0 and WORDS[at - 1] != " ":  # (a key ending another: "out" in "about")
        at = WORDS.find(key + " ", at + 1)
    if at >= 0 and (at == 0 or WORDS[at - 1] == " "):
        start = at + len(key) + 1
        end = WORDS.find(" ", start)
        return WORDS[start:end if end >= 0 else len(WORDS)]
    return key.replace("_", "").upper()[:4]


class Summary(Screen):
    def __init__(self, under, summary: dict) -> None:
        self.under = under  # the game's screen, shown again by OK or BACK
        self.name = under.name
        self.game = under.game
        self.page = 0
        self.pages = pages(summary)

    def press(self, app, button: str, long: bool) -> None:
        if button in ("OK", "BACK"):
            app.screen = self.under
            app.dirty = True
        elif button in ("RIGHT", "DOWN"):
            self.page = (self.page + 1) % len(self.pages)
        elif button in ("LEFT", "UP"):
            self.page = (self.page - 1) % len(self.pages)

    def show(self, game) -> None:
        self.game = game
        self.under.show(game)

    def help(self) -> str:
        return help_text("summary")

    def ui_json(self) -> dict:
        return {"mode": "summary", "page": self.page, "pages": len(self.pages), "show": self.pages[self.page][0]}

    def draw(self, frame: bytearray, now: int) -> None:
        page = self.pages[self.page]
        kind = page[0]
        if kind == "win":
            winners = page[1]
            text(frame, 2, 0, "WIN" if winners else "END", palette.TEXT)
            for k in range(16):  # a band in the winners' colours, striped when they share
                if winners:
                    fill(frame, k, 7, 1, 8, colour_of(winners[(k // 2) % len(winners)]))
        elif kind == "rank":
            for row, (place, player, total) in enumerate(page[1]):
                y = 1 + 8 * row
                fill(frame, 0, y, 3, 5, colour_of(player))
                number(frame, 4, y, place, palette.HINT, 1)
                number(frame, 8 if total < 100 else 4, y, total, palette.TEXT, 2 if total < 100 else 3)
        elif kind == "part":
            player, what, value = page[1], page[2], page[3]
            fill(frame, 0, 0, 16, 2, colour_of(player))
            text(frame, 0, 4, what, palette.HINT)
            number(frame, 4, 10, value, palette.TEXT, 3)
        else:  # "len": the game's length, ACT (actions) or MIN (minutes)
            text(frame, 2, 2, page[1], palette.HINT)
            number(frame, 2, 9, page[2], palette.TEXT, 3)


def pages(summary: dict) -> list:
    """The pages a summary gives, in order."""
    winners = summary.get("winners")
    if winners is None:
        w = summary.get("winner")
        winners = [] if w is None else (w if isinstance(w, list) else [w])
    out: list = [("win", winners)]
    ranking = summary.get("ranking") or []
    rows = []
    for k, r in enumerate(ranking):
        if isinstance(r, dict):
            rows.append((int(r.get("place", k + 1)), r.get("player"), int(r.get("total", 0))))
    for k in range(0, len(rows), 2):
        out.append(("rank", rows[k:k + 2]))
    breakdown = summary.get("breakdown") or {}
    if isinstance(breakdown, dict):
        for row in rows:  # in ranking order
            parts = breakdown.get(row[1])
            if isinstance(parts, dict):
                for what in sorted(parts):
                    if type(parts[what]) is int:
                        out.append(("part", row[1], word(what), parts[what]))
    out.append(("len", "ACT", int(summary.get("actions", 0))))
    if type(summary.get("minutes")) is int:
        out.append(("len", "MIN", summary["minutes"]))
    return out
