"""Khan ops of scoring (score, bonus) and of a whole game (new, play, playout): part of the
op table (khan/ops.py OPS holds them
all, these as calls into this module), in a module of its own, imported by the first request
of one of these ops only (khan/ops.py NEEDS): one import of all of the table cost a Pico ~31
ms, a press waiting for it, and a cold khan.board need not pay for a whole game's ops.
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.ops import module
from shared_rules.pause import applied, pause
from shared_rules.khan.ops import U64, board_of


def score_op(args: dict) -> dict:
    """End scoring of the figures on a board: VP, territories, bonus, totals, winners."""
    from shared_rules.khan import load, score
    from shared_rules.khan.position import MAX_FIGURES

    b = board_of(args)
    figures = A.array(args, "figures", max_len=MAX_FIGURES)
    pos = load.pieces(b, {"figures": figures, "supply": 0})
    pause()  # (the figures read: the scoring after, with pauses of its own)
    players = A.array(args, "players", [], max_len=4)
    for p in players:
        load.check_player_id(p, "players")
    names = list(players)
    for p in sorted(pos.players):
        if p not in names:
            names.append(p)
    return score.position(pos, names)


def bonus(args: dict) -> dict:
    """The 10/6/3 territory bonus from each player's territory sizes."""
    from shared_rules.khan import score
    from shared_rules.khan.position import check_player_id

    terr = A.obj(args, "territories")
    lists = {}
    players = sorted(terr)
    for p in players:
        check_player_id(p, "territories")
        sizes = terr[p]
        if not isinstance(sizes, list) or len(sizes) > 200:
            raise bad_args("territories." + p + " must be a list of territory sizes")
        for v in sizes:
            if type(v) is not int or v < 1 or v > 1000:
                raise bad_args("territories." + p + " holds a size that is not an integer 1..1000")
        lists[p] = sorted(sizes)[::-1]
    return {"bonus": score.bonus(players, lists)}


def new(args: dict) -> dict:
    """A new game: rulers on their start cells, cards dealt (virtual mode), setup to do."""
    from shared_rules.khan import game as game_mod
    from shared_rules.khan import state

    g = game_mod.new_game(A.text(args, "board", "default"), A.array(args, "players", max_len=4),
                          A.choice(args, "mode", (game_mod.VIRTUAL, game_mod.TABLE), game_mod.VIRTUAL),
                          A.integer(args, "seed", 0, U64), A.integer(args, "stream", 0, U64, 0))
    return {"state": state.game_json(g)}


def play(args: dict) -> dict:
    """Apply actions to a saved game: the new state and what each action did. It pauses
    after each action (shared_rules/pause.py: the box's buttons take their turn)."""
    game_mod = module("shared_rules.khan.game")  # (an import statement: ~0.3 ms of a Pico each)
    packed = module("shared_rules.khan.packed")
    apply = module("shared_rules.khan.actions").apply

    given = A.obj(args, "state")
    if packed.is_packed(given):  # the whole state packed (what steppe sends: khan/packed_state.py)
        g = module("shared_rules.khan.packed_state").unpack(given)
    else:  # (khan/load.py, imported for a state given as JSON only)
        g = module("shared_rules.khan.load").game(given)
    events = applied(apply, g, A.actions(args, 500))
    out = {"state": _state_out(given, g), "events": events}
    if g.phase == game_mod.OVER:
        out["scores"] = g.scores()
    return out


def _state_out(given: dict, g) -> dict:
    """g's state in the form the op was given its own: the object, its pieces packed, or
    the whole state packed (khan/packed.py, khan/packed_state.py)."""
    packed = module("shared_rules.khan.packed")
    if packed.is_packed(given):
        whole = module("shared_rules.khan.packed_state").pack(g)
        if whole is not None:
            return whole
    state = module("shared_rules.khan.state")  # (~3 KB: not for a state packed whole, what steppe sends)
    return state.game_json(g, packed.pack(g.pos) if packed.is_packed(given.get("pieces")) else None)


def playout(args: dict) -> dict:
    """A seeded random game played to the end (for property and conformance tests)."""
    from shared_rules.khan import state
    from shared_rules.khan.actions import move_json
    from shared_rules.khan.randplay import playout as run

    seed = A.integer(args, "seed", 0, U64)
    trace = [] if A.flag(args, "trace") else None
    g, moves, final_turn = run(seed, A.integer(args, "players", 2, 4), trace)
    pause()  # (the buttons' turn between the stages of the answer: the scores ~20-40 ms of a Pico)
    scores = g.scores()
    pause()
    out = {"seed": seed, "players": list(g.players), "moves": moves, "turns": g.turn, "final_turn": final_turn,
           "scores": scores, "pieces": state.pieces_json(g.pos)}
    pause()
    if trace is not None:
        moves_json = []
        for m in trace:  # (~0.25 ms of a Pico each: a pause every 20)
            moves_json.append(move_json(g.board, m))
            if len(moves_json) % 20 == 0:
                pause()
        out["trace"] = moves_json
    return out
