"""Error sentences shared by every game, by message key; each game keeps its own in
shared_rules/<game>/messages.py (a key "khan.no_yurt" is looked up there).

Loaded only when an error is shown (see shared_rules/errors.py describe), so the device
spends no RAM on them in play. A catalogue is one text (ASCII bytes), a line a message -
its key, a space, its sentence - in the order of the keys (errors.sentence halves it). Values fill {0}, {1}, ... in the order the raising code passes them;
a catalogue's FILL (if any) fills {name}. (One constant: a dict of a key and a sentence a
message, two constants each to find among the names the box has loaded, cost a Pico ~40 ms
to import - the first illegal conquest's reply; a line is looked for only when shown.)
"""

TEXT = b"""
over the game is over: undo (BACK held) takes back its end to play on
player_id {0}: a player id must be a string of 1 to {1} characters
player_neutral {0}: "neutral" is the black yurts, not a player
too_many_players at most {0} players may have pieces on a board
"""
