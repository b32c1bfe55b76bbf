"""Chu and Han ops for the op table: JSON arguments in, JSON results out (docs/ops-chuhan.md).

Each op imports the rules modules it needs (one already loaded costs a Pico ~0.1 ms):
the device's first request of the game loads only that op's share of them, and the
tables' text needs none of the game's play.
"""

from shared_rules import args as A
from shared_rules.chuhan.tables import (CARDS, DECK_CARDS, DYNASTY, EDICT_CARDS, EDICTS, EVENTS, FIRST_EVENT,
                                        HAN_XIN_VP, HAND, OUT_CARDS_CAP, PLAYERS, RANK_COUNTS, START_VP, TWOS_MIN,
                                        TWOS_RANK, UNAVAILABLE, WIN_VP, XIANG_YU_FACTOR, XIAO_YING_VP,
                                        YING_BU_CARDS)
from shared_rules.errors import bad_args
from shared_rules.ops import module
from shared_rules.pause import applied
from shared_rules.rng import PCG32

_U64 = 0xFFFFFFFFFFFFFFFF


def _event_json(e: tuple) -> dict:
    return {"key": e[0], "name": e[1], "count": e[2], "late_win": e[3] != 0, "end_bonus": e[4]}


def _rng(args: dict) -> PCG32:
    return PCG32(A.integer(args, "seed", 0, _U64), A.integer(args, "stream", 0, _U64, 0))


def tables(args: dict) -> dict:
    """The data tables: the dynasty deck by rank, the named cards, the events, the numbers."""
    return {
        "players": list(PLAYERS), "start_vp": {"han": START_VP[0], "chu": START_VP[1]}, "win_vp": WIN_VP,
        "ranks": list(RANK_COUNTS), "deck_cards": DECK_CARDS, "hand": HAND, "dynasty": DYNASTY,
        "unavailable": UNAVAILABLE, "edicts": EDICTS, "edict_cards": EDICT_CARDS, "ying_bu_cards": YING_BU_CARDS,
        "cards": [{"key": c[0], "name": c[1], "rank": c[2], "kind": c[3] or None} for c in CARDS],
        "events": [_event_json(e) for e in EVENTS], "first_event": FIRST_EVENT,
        "vp": {"twos_rank": TWOS_RANK, "twos_min": TWOS_MIN, "out_cards_cap": OUT_CARDS_CAP,
               "han_xin": HAN_XIN_VP, "xiao_ying": XIAO_YING_VP, "xiang_yu_factor": XIANG_YU_FACTOR},
    }


def events(args: dict) -> dict:
    """The event table; with a seed, a shuffled event deck: the Lull face up first."""
    from shared_rules.chuhan import game as game_mod

    out = {"table": [_event_json(e) for e in EVENTS], "first": FIRST_EVENT, "deck": None}
    if "seed" in args or "stream" in args:
        out["deck"] = [FIRST_EVENT] + game_mod.event_deck(_rng(args))
    return out


def new(args: dict) -> dict:
    """A new game: Han 0 VP, Chu 1 VP, Han attacks; the event deck as asked."""
    from shared_rules.chuhan import game as game_mod
    from shared_rules.chuhan import state

    mode = A.choice(args, "events", game_mod.MODES, game_mod.OFF)
    seed = A.integer(args, "seed", 0, _U64, None if mode == game_mod.VIRTUAL else 0)
    g = game_mod.new_game(mode, seed, A.integer(args, "stream", 0, _U64, 0))
    return {"state": state.game_json(g)}


def play(args: dict) -> dict:
    """Apply actions to a saved game: the new state and what each action did. It pauses
    after each action (shared_rules/pause.py: the box's buttons take their turn)."""
    state = module("shared_rules.chuhan.state")
    apply = module("shared_rules.chuhan.actions").apply

    g = state.game(A.obj(args, "state"))
    done = applied(apply, g, A.actions(args, 200))
    return {"state": state.game_json(g), "events": done}


def answer(args: dict) -> dict:
    """Is this set a legal answer to the last set (or, without one, a legal lead)?"""
    from shared_rules.chuhan import sets

    ans = sets.set_value(A.get(args, "answer"), "answer")
    cards, zm, py = ans
    last = args.get("last")
    if last is not None:
        last = sets.set_value(last, "last")
        reason = sets.why_not(last[0], last[1], last[2])
        if reason:
            raise bad_args("\"last\" is no set: " + sets.reason_text(reason))
    out = {"rank": None, "size": len(cards), "vp": 0, "abilities": sets.abilities(cards, zm, py)}
    reason = sets.why_not(cards, zm, py)
    if not reason:
        out["rank"] = sets.rank(cards, zm)
        out["vp"] = sets.vp(cards, zm)
        reason = sets.why_not_lead(cards, zm, py) if last is None else sets.why_not_answer(last, ans)
    out["legal"] = not reason
    out["reason"] = sets.reason_text(reason) if reason else None
    return out


def going_out(args: dict) -> dict:
    """VP for going out: the opponent's cards (at most 5) + the opponent's edicts, doubled
    under Xiang Yu."""
    from shared_rules.chuhan import game as game_mod

    edicts = A.integer(args, "edicts", 0, EDICTS)
    cards = A.integer(args, "cards", 0, game_mod.most_cards(edicts))
    doubled = A.flag(args, "doubled")
    cards_vp = cards if cards < OUT_CARDS_CAP else OUT_CARDS_CAP
    vp = game_mod.going_out_vp(cards, edicts)
    return {"vp": vp * XIANG_YU_FACTOR if doubled else vp, "cards_vp": cards_vp, "edicts_vp": edicts,
            "doubled": doubled}


def _vp(args: dict) -> "list[int]":
    from shared_rules.chuhan import state

    v = A.obj(args, "vp")
    out = []
    for p in PLAYERS:
        n = v.get(p)
        if type(n) is not int or n < 0 or n > state.MAX_VP:
            raise bad_args("vp." + p + " must be an integer 0.." + str(state.MAX_VP))
        out.append(n)
    return out


def round_op(args: dict) -> dict:
    """Between rounds: the winner if the end-of-round check finds one, else the next
    round's attacker and the event flipped (at random, by seed) from the face-down pile."""
    from shared_rules.chuhan import game as game_mod
    from shared_rules.chuhan import state

    vp = _vp(args)
    out_p = PLAYERS.index(A.choice(args, "out", PLAYERS))
    pile = list(state.event_list(A.array(args, "events", []), "events"))
    w = game_mod.end_winner(vp, out_p)
    result = {"winner": PLAYERS[w] if w >= 0 else None, "attacker": None, "event": None, "events": pile}
    if w < 0:
        result["attacker"] = PLAYERS[game_mod.next_attacker(vp, out_p)]
        if pile:
            k = _rng(args).below(len(pile))
            result["event"] = pile.pop(k)
    return result


OPS = {
    "tables": tables, "events": events, "new": new, "play": play, "answer": answer, "going_out": going_out,
    "round": round_op,
}

# the rules modules each op needs on its way to an answer as steppe sends it (besides those this
# module imports: firmware/rulesop.py FIRST), leaves first, without "shared_rules.": a device's
# first request of an op imports them one at a time, a pause after each (rulesop.load_rules;
# tests/test_op_imports.py checks the list). A case off that way - an error, its sentence (the
# game's messages) - imports what it needs more there and then. One string, not a dict of
# tuples: ~0.3 KB of a Pico's heap, not ~2 KB, while the game's rules are loaded. READY: the ops
# whose modules are loaded (link.ready)
NEEDS = (";answer chuhan.sets"
         ";events chuhan.sets chuhan.game"
         ";going_out chuhan.sets chuhan.game"
         ";new chuhan.sets chuhan.game chuhan.state"
         ";play chuhan.sets chuhan.game chuhan.state chuhan.actions"
         ";round chuhan.sets chuhan.game chuhan.state;")
READY = {}
