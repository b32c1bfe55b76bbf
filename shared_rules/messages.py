"""Error sentences shared by every game, by message key; each game keeps its own in
shared_rules/<game>/messages.py (a key "khan.no_yurt" is looked up there).

Loaded only when an error is shown (see shared_rules/errors.py describe), so the device
spends no RAM on them in play. A catalogue is one text (ASCII bytes), a line a message -
its key, a space, its sentence - in the order of the keys (sentence() halves it). Values
fill {0}, {1}, ... in the order the raising code passes them;
a catalogue's FILL (if any) fills {name}. (One constant: a dict of a key and a sentence a
message, two constants each to find among the names the box has loaded, cost a Pico ~40 ms
to import - the first illegal conquest's reply; a line is looked for only when shown.)
"""


def sentence(catalogue, key: str):
    """The sentence of a message key in a catalogue module (shared_rules/messages.py: its
    TEXT's line, found by halving - the lines are in the order of their keys - else its
    MORE), or None. (TEXT is bytes: a str's index is a walk of its characters on
    MicroPython, and a str constant one more name to find as its module loads.)"""
    text = catalogue.TEXT
    want = key.encode()
    lo = 1  # text[lo:hi]: whole lines, each ending in its newline (text[hi])
    hi = len(text) - 1
    while lo < hi:
        start = text.rfind(b"\n", lo - 1, (lo + hi) // 2 + 1) + 1  # the line holding the middle
        stop = text.find(b"\n", start)
        space = text.find(b" ", start)
        found = text[start:space]
        if found == want:
            return text[space + 1:stop].decode()
        if found < want:
            lo = stop + 1
        else:
            hi = start - 1
    more = getattr(catalogue, "MORE", None)
    return more.get(key) if more is not None else None


TEXT = b"""
over the game is over: undo (BACK held) takes back its end to play on
player_id {0}: a player id must be a string of 1 to {1} characters
player_neutral {0}: "neutral" is the black yurts, not a player
too_many_players at most {0} players may have pieces on a board
"""
