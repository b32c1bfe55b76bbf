"""Issue 20: the long ops a device answers a step at a time give what they give at once - the
conquest search with its pauses, a whole game played out, a reply encoded a part at a time -
and they do take steps (a press waits for one step, not for the op)."""

from shared_rules import cjson, cjson_steps, ops
from shared_rules.khan import conquer, randplay
from shared_rules.khan.game import OVER
from shared_rules.steps import finish

SEEDS = ((5, 2), (6, 3), (7, 4))  # (seed, players): a few games on both interpreters


def _run(steps) -> "tuple[object, int]":
    """(the result of a generator of steps, how many steps it took)."""
    n = 0
    try:
        while True:
            next(steps)
            n += 1
    except StopIteration as e:
        return e.value, n


def test_the_conquest_search_with_pauses_finds_the_same_conquests_in_the_same_order():
    checked = 0
    for seed, players in SEEDS:
        def check(game, move):
            nonlocal checked
            if game.phase == OVER or move[0] not in ("conquer", "invade", "end"):
                return
            for consent in (False, True):
                args = (game.pos, game.player, game.stock, game.prot, consent)
                plain = list(conquer.each_placement(*args))
                paused = list(conquer.each_placement(*args, True))
                assert [c for c in paused if c is not conquer.PAUSE] == plain, (seed, game.turn)
                assert len(paused) > len(plain), "it pauses, even where it finds nothing"
            assert finish(game.can_conquer_steps()) == game.can_conquer()
            checked += 1

        randplay.playout(seed, players, None, check)
    assert checked > 100, checked


def test_a_game_played_out_in_steps_is_the_game_played_at_once():
    for seed, players in SEEDS:
        args = {"seed": seed, "players": players, "trace": True}
        steps = ops.stepped("khan.playout", args)
        assert steps is not None, "khan.playout is answered a step at a time"
        result, n = _run(steps)
        if result is ops.CALL:  # (its modules were not loaded yet: imported a step each, then called)
            result, n = _run(ops.stepped("khan.playout", args))
        whole = ops.call("khan.playout", args)
        assert cjson.dumps(result) == cjson.dumps(whole), seed
        # more steps than moves: a step after each move and within a move's choice of conquests
        assert n > 2 * whole["moves"], (n, whole["moves"])
        game, moves, final_turn = randplay.playout(seed, players)
        assert (moves, final_turn, game.scores()) == (whole["moves"], whole["final_turn"], whole["scores"])


def test_a_reply_encoded_in_steps_is_the_canonical_text():
    values = [
        ops.reply("khan.playout", {"seed": 3, "players": 4, "trace": True}),
        ops.reply("khan.tables", {}),
        ops.reply("chuhan.tables", {}),
        {"a": [{"b": "x" * 40, "c": [1, 2, [3, {"d": None}]]}] * 12, "e": "\u00e9\n\"", "f": [], "g": {}},
        [[k, str(k), k % 2 == 0] for k in range(60)],
        {"k" + str(k): {"v": list(range(k))} for k in range(20)},
    ]
    for value in values:
        parts = []
        steps = 0
        for _ in cjson_steps.dump_steps(value, parts.append):
            steps += 1
        assert "".join(parts) == cjson.dumps(value)
        if len(cjson.dumps(value)) > 4 * cjson_steps.STEP_CHARS:
            assert steps >= 2, "a long reply takes steps"


def test_an_ops_first_request_imports_its_rules_a_step_each_then_it_is_called_whole():
    import sys

    for name in [m for m in sys.modules if m.startswith("shared_rules.huns") or m == "shared_rules.dice"]:
        del sys.modules[name]  # (as after boot, or once the game's rules were let go)
    args = {"seed": 1}
    first = ops.stepped("huns.roll", args)
    assert first is not None, "its first request: its rules modules looked for (its module's NEEDS)"
    result, n = _run(first)
    assert result is ops.CALL and n >= 5, "huns.tables, huns.ops, dice, huns.dice... each a step of its own"
    assert ops.stepped("huns.roll", args) is None, "then it is called whole at once"
    assert ops.call("huns.roll", args) == ops.call("huns.roll", args)
    assert ops.stepped("nogame.op", {}) is None and ops.stepped(3, {}) is None
