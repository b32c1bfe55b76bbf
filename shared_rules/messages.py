"""Error sentences shared by every game, by message key; each game keeps its own in
shared_rules/<game>/messages.py (a key "khan.no_yurt" is looked up there).

Loaded only when an error is shown (see shared_rules/errors.py), so the device spends no
RAM on them in play. Values fill {0}, {1}, ... in the order the raising code passes them.
"""

MESSAGES = {
    # shared
    "player_id": "{0}: a player id must be a string of 1 to {1} characters",
    "player_neutral": "{0}: \"neutral\" is the black yurts, not a player",
    "too_many_players": "at most {0} players may have pieces on a board",
    "over": "the game is over: undo (BACK held) takes back its end to play on",
}
