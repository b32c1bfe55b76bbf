"""The rules modules each op imports, leaves first, without "shared_rules.": a device's first
request of an op imports them one a step, its buttons polled between (shared_rules/ops.py
stepped; importing all of a game's rules at once is a few hundred ms on a Pico, one module a
few). Read on that first request only, then let go: the lists stay out of the heap.
tests/test_op_imports.py checks them under both interpreters.
"""

# each game's ops module's own imports, imported before it
FIRST = {
    "rng": ("args", "rng"),
    "chuhan": ("args", "chuhan.tables", "rng", "steps"),
    "huns": ("args", "huns.tables", "rng", "steps"),
    "khaan": ("args", "dice", "khaan.tables", "steps"),
    "khan": ("args", "steps", "khan.tables", "khan.board"),
}

# then, once the ops module is loaded, the modules each op imports besides
NEEDS = {
    "chuhan": {
        "answer": ("chuhan.sets", "chuhan.game", "chuhan.state"),
        "events": ("chuhan.sets", "chuhan.game"),
        "going_out": ("chuhan.sets", "chuhan.game"),
        "new": ("chuhan.sets", "chuhan.game", "chuhan.state"),
        "play": ("chuhan.sets", "chuhan.game", "chuhan.state", "chuhan.actions"),
        "round": ("chuhan.sets", "chuhan.game", "chuhan.state"),
    },
    "huns": {
        "end_check": ("dice", "huns.dice", "huns.score", "huns.game", "huns.state"),
        "new": ("dice", "huns.dice", "huns.score", "huns.game", "huns.state"),
        "play": ("dice", "huns.dice", "huns.score", "huns.game", "huns.state", "huns.actions"),
        "roll": ("dice", "huns.dice", "huns.score", "huns.game", "huns.state"),
        "score": ("huns.score", "dice", "huns.dice", "huns.game", "huns.state"),
        "setup": ("dice", "huns.dice"),
        "tables": ("dice", "huns.dice", "huns.score", "huns.game", "huns.state"),
        "turns": ("dice", "huns.dice"),
    },
    "khaan": {
        "board": ("khaan.dice", "khaan.board", "khaan.growth", "rng", "khaan.state", "khaan.messages"),
        "combat": ("khaan.combat", "khaan.growth", "rng", "khaan.state", "khaan.messages"),
        "countdown": ("khaan.combat", "khaan.dice", "khaan.kurultai", "khaan.plunder", "khaan.prestige", "rng",
                        "khaan.game"),
        "diplomacy": ("khaan.dice", "khaan.diplomacy", "khaan.growth", "rng", "khaan.state", "khaan.messages"),
        "growth": ("khaan.growth", "rng", "khaan.state", "khaan.dice", "khaan.messages"),
        "kurultai": ("khaan.kurultai", "khaan.growth", "rng", "khaan.state"),
        "new": ("khaan.growth", "rng", "khaan.state", "khaan.combat", "khaan.dice", "khaan.kurultai",
                  "khaan.plunder", "khaan.prestige", "khaan.game"),
        "order": ("khaan.dice", "khaan.growth", "rng", "khaan.state"),
        "place": ("khaan.growth", "rng", "khaan.state"),
        "play": ("khaan.growth", "rng", "khaan.state", "khaan.combat", "khaan.dice", "khaan.kurultai",
                   "khaan.plunder", "khaan.prestige", "khaan.game", "khaan.actions"),
        "plunder": ("khaan.plunder", "khaan.growth", "rng", "khaan.state"),
        "prestige": ("khaan.prestige", "khaan.growth", "rng", "khaan.state"),
        "roll": ("khaan.growth", "rng", "khaan.state", "khaan.messages"),
        "setup": ("khaan.dice", "khaan.board", "khaan.growth", "rng", "khaan.state"),
        "tables": ("khaan.dice", "khaan.board", "khaan.kurultai"),
        "vote": ("khaan.kurultai", "khaan.growth", "rng", "khaan.state"),
    },
    "khan": {
        "board": ("khan.board_text",),
        "bonus": ("khan.score", "khan.position"),
        "conquer": ("khan.position", "khan.conquer", "khan.packed", "khan.load", "khan.messages"),
        "conquests": ("khan.position", "khan.conquer", "khan.packed", "khan.load"),
        "flee": ("khan.position", "khan.flee", "khan.packed", "khan.load", "khan.conquer", "khan.invade", "rng",
                   "khan.game", "khan.state"),
        "flip": ("khan.position", "khan.conquer", "khan.flee", "khan.invade", "rng", "khan.game"),
        "invasions": ("khan.position", "khan.invade", "khan.packed", "khan.load", "khan.messages"),
        "new": ("khan.position", "khan.conquer", "khan.flee", "khan.invade", "rng", "khan.game", "khan.state",
                  "khan.messages"),
        "play": ("khan.position", "khan.conquer", "khan.flee", "khan.invade", "rng", "khan.game", "khan.packed",
                   "khan.load", "khan.actions", "khan.packed_state", "khan.state"),
        "playout": ("khan.position", "khan.conquer", "khan.flee", "khan.invade", "rng", "khan.game", "khan.state",
                      "khan.actions", "khan.randplay", "khan.score"),
        "score": ("khan.position", "khan.conquer", "khan.flee", "khan.invade", "rng", "khan.game", "khan.packed",
                    "khan.load", "khan.score"),
    },
}
