"""Golden traces: seeded complete games of each of the four games kept as files
(tests/golden/*.jsonl), so that a change of the rules shows as a diff to a file someone
reviews, never as a silent drift (the way open_spiel keeps its playthroughs).

A file: line 1 {"game", "settings", "seed", "chooser"}; then a line per action {"a": the
action, "r": the random draws it made (or null), "h": the hash of the whole state after it,
"say": the narration}; the last line {"end": the game's summary, "actions", "h"}. Written
by `python tests/golden/regen.py` (CPython), replayed by tests/rules/test_golden.py under
CPython and MicroPython. Runs on both interpreters; reads no file itself.
"""

from binascii import crc32

from shared_rules import cjson
from shared_rules.games import module
from shared_rules.rng import PCG32

MAX_ACTIONS = 5000

# (game, settings, seed): the games kept; the chooser's seed is seed + 1000
TRACES = (
    ("khan", {"mode": "virtual", "players": ["red", "yellow", "blue", "green"]}, 11),
    ("khan", {"mode": "virtual", "players": ["red", "blue"]}, 12),
    ("chuhan", {"events": "virtual"}, 21),
    ("chuhan", {"events": "off"}, 22),
    ("huns", {"players": ["red", "yellow", "blue", "green"]}, 31),
    ("huns", {"players": ["red", "blue"]}, 32),
    ("khaan", {"players": ["red", "yellow", "blue"], "unit": "turn", "every": 4}, 41),
    ("khaan", {"players": ["red", "blue", "green", "purple", "white"], "unit": "round", "every": 2}, 42),
)


def file_name(game: str, settings: dict, seed: int) -> str:
    return game + "-" + str(len(settings.get("players") or [0, 0])) + "p-" + str(seed) + ".jsonl"


def state_hash(name: str, game) -> str:
    """The whole state after an action, as a short hash of its canonical JSON."""
    return "%08x" % (crc32(cjson.dumps(module(name, "state").game_json(game)).encode()) & 0xFFFFFFFF)


def summary(name: str, game, settings: dict) -> dict:
    return module(name, "summary").summary(game, settings)


def step(name: str, game, action: dict) -> dict:
    """Apply one action: its golden line."""
    who = module(name).actor(game)
    event = module(name).apply(game, action)
    return {"a": action, "r": module(name, "actions").draws(action, event), "h": state_hash(name, game),
            "say": module(name, "narration").narrate(game, who, action, event)}


def play(name: str, settings: dict, seed: int) -> list:
    """A whole seeded game by the game's random player: the golden lines (dicts). An
    action the rules refuse (the random player may offer one: Chu and Han's sets) changes
    nothing and is not kept."""
    from shared_rules.errors import RulesError

    game = module(name).new(settings, seed)
    chooser = PCG32(seed + 1000, 7)
    lines: list = [{"game": name, "settings": settings, "seed": seed, "chooser": seed + 1000}]
    for _ in range(MAX_ACTIONS):
        if module(name).is_over(game):
            break
        action = module(name, "randplay").action(game, chooser)
        if action is None:
            break
        try:
            lines.append(step(name, game, action))
        except RulesError:
            continue
    lines.append({"end": summary(name, game, settings), "actions": len(lines) - 1, "h": state_hash(name, game)})
    return lines
