"""Issue 20: the rules' long work pauses every few ms of a Pico's (shared_rules/pause.py) - a
box's buttons take their turn there - and gives exactly what it gives without: a whole game
played out, its end scored, a long reply encoded a part at a time (cjson_steps)."""

from shared_rules import cjson, cjson_steps, ops, pause
from shared_rules.khan import randplay, search
from shared_rules.khan.game import OVER


class _Counted:
    """with _Counted() as n: pause() counted in n[0] (the box's hook: here a counter)."""

    def __enter__(self) -> list:
        self.n = [0]

        def count() -> None:
            self.n[0] += 1

        pause.HOOK[0] = count
        return self.n

    def __exit__(self, *exc) -> None:
        pause.HOOK[0] = None


def test_without_a_hook_a_pause_does_nothing():
    assert pause.HOOK[0] is None
    pause.pause()


def test_a_game_played_out_with_pauses_is_the_game_played_without():
    for seed, players in ((5, 2), (7, 4)):
        args = {"seed": seed, "players": players, "trace": True}
        plain = cjson.dumps(ops.call("khan.playout", args))
        with _Counted() as n:
            paused = cjson.dumps(ops.call("khan.playout", args))
        assert paused == plain, seed
        moves = ops.call("khan.playout", args)["moves"]
        assert n[0] > moves, "a pause after every move, and within its searches"


def test_the_conquest_search_pauses_or_yields_its_pauses_and_finds_the_same():
    checked = [0]

    def check(game, move):
        if game.phase == OVER or move[0] not in ("conquer", "invade", "end") or checked[0] >= 40:
            return
        for consent in (False, True):
            args = (game.pos, game.player, game.stock, game.prot, consent)
            with _Counted() as n:
                called = list(search.each_placement(*args))
            yielded = list(search.each_placement(*args, True))
            assert [c for c in yielded if c is not search.PAUSE] == called
            assert n[0] == len(yielded) - len(called), "pause() where the other mode yields PAUSE"
        checked[0] += 1

    randplay.playout(6, 3, None, check)
    assert checked[0] == 40


def test_a_long_reply_written_a_part_at_a_time_is_the_canonical_text():
    values = [
        ops.reply("khan.playout", {"seed": 3, "players": 4, "trace": True}),
        ops.reply("khan.tables", {}),
        ops.reply("chuhan.tables", {}),
        {"a": [{"b": "x" * 40, "c": [1, 2, [3, {"d": None}]]}] * 12, "e": "\u00e9\n\"", "f": [], "g": {}},
        [[k, str(k), k % 2 == 0] for k in range(60)],
        {"k" + str(k): {"v": list(range(k))} for k in range(20)},
        [1, 2, 3],
    ]
    for value in values:
        parts = []
        with _Counted() as n:
            cjson_steps.dump(value, parts.append)
        text = cjson.dumps(value)
        assert "".join(parts) == text
        if len(text) > 4 * cjson_steps.STEP_CHARS:
            assert n[0] >= len(text) // (4 * cjson_steps.STEP_CHARS), (len(text), n[0])


def test_a_dict_of_many_plain_values_is_written_a_part_at_a_time():
    """A late Khan game's yurts (a colour for each of ~90 cells) went in one stretch between
    two pauses, ~40 ms of a Pico (fast_text orders a dict in Python): a dict of many plain
    values is written a part at a time too - its text the canonical one, no more than about
    twice STEP_CHARS of it between two pauses."""
    yurts = {"%s%d" % (c, k): ("red", "blue", "neutral")[k % 3] for c in "ABCDEFGHIJKL" for k in range(1, 21)}
    value = {"id": 1, "ok": True, "result": {"pieces": {"home": [1, 2], "yurts": yurts}, "seed": 3}}
    whole = []
    since = []
    longest = [0]

    def write(text: str) -> None:
        whole.append(text)
        since.append(text)

    def at_pause() -> None:
        longest[0] = max(longest[0], sum(map(len, since)))
        del since[:]

    pause.HOOK[0] = at_pause
    try:
        cjson_steps.dump(value, write)
    finally:
        pause.HOOK[0] = None
    text = cjson.dumps(value)
    assert "".join(whole) == text and len(text) > 6 * cjson_steps.STEP_CHARS
    longest[0] = max(longest[0], sum(map(len, since)))
    assert longest[0] <= 2 * cjson_steps.STEP_CHARS, longest[0]


def test_a_late_games_pieces_named_pause_in_and_after_the_yurts_and_every_16_figures():
    from shared_rules.khan import state

    game, _, _ = randplay.playout(5, 4)
    assert game.phase == OVER
    plain = cjson.dumps(state.pieces_json(game.pos))
    with _Counted() as n:
        paused = cjson.dumps(state.pieces_json(game.pos))
    assert paused == plain
    figures = len(game.pos.fig_cells)
    cells = game.pos.board.size
    assert figures >= 16 and cells >= 128 and n[0] == cells // 64 + 1 + figures // 16, (figures, n[0])


def test_the_final_phases_last_end_pauses_between_its_searches():
    """The game ends when nobody can conquer: the last end of the final phase searches for
    each player in turn, twice round (game._maybe_over) - a pause after each search, and
    after the ender's own check."""
    from shared_rules.khan.game import FINAL, VIRTUAL, new_game
    from shared_rules.rng import PCG32

    ended = 0
    for seed, players in ((5, 2), (7, 4), (8, 3)):
        game = new_game("default", list(randplay.PLAYERS[:players]), VIRTUAL, seed, randplay.GAME_STREAM)
        chooser = PCG32(seed, randplay.CHOOSER_STREAM)
        while game.phase != OVER:
            move = randplay.choose(game, chooser)
            final = game.phase == FINAL and move[0] == "end"
            with _Counted() as n:
                randplay.play(game, move)
            if final and game.phase == OVER:
                assert n[0] >= 2 * players + 1, (seed, n[0])
                ended += 1
    assert ended == 3


def test_long_draws_and_shuffles_pause_and_draw_the_same():
    """rng.draw, rng.below and rng.shuffle of 4,096 values: a pause after every 128
    (rng_ops.EVERY), none for a short one, and the same values as without pauses."""
    from shared_rules import rng_ops

    for op, args in (("rng.draw", {"seed": 3, "count": 4096}), ("rng.below", {"seed": 4, "bound": 72, "count": 4096}),
                     ("rng.below", {"seed": 5, "bound": 40000, "count": 300}),
                     ("rng.shuffle", {"seed": 6, "n": 4096}), ("rng.shuffle", {"seed": 7, "n": 100})):
        plain = ops.call(op, args)
        with _Counted() as n:
            paused = ops.call(op, args)
        assert paused == plain, op
        size = args.get("count", args.get("n"))
        assert n[0] == (size - (op == "rng.shuffle")) // rng_ops.EVERY, (op, size, n[0])
