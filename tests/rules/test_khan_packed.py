"""Khan's packed pieces (khan/packed.py, issue 13): the same position as the pieces object,
the same answers from every op that takes pieces, and a clear bad_args for every kind of
bad packed text. Runs under pytest and under micropython."""

import binascii

from rulestest import raises, with_module

from shared_rules import cjson, ops
from shared_rules.khan import board as board_mod
from shared_rules.khan import load, packed, randplay, state
from shared_rules.khan.game import OVER
from shared_rules.khan.tables import RULERS

SEEDS = ((11, 2), (12, 3), (13, 4))  # (seed, players): seeded random games


def _positions():
    """Positions of seeded random games, every 25th move and the last (pieces objects)."""
    out = []
    for seed, players in SEEDS:
        seen = []

        def keep(game, move):
            if len(seen) % 25 == 0 or game.phase == OVER:
                out.append(state.pieces_json(game.pos))
            seen.append(1)

        randplay.playout(seed, players, on_move=keep)
    return out


def _same(a, b) -> bool:
    return cjson.dumps(a) == cjson.dumps(b)


def test_packed_pieces_are_the_same_position_as_the_object():
    b = board_mod.load("default")
    count = 0
    for pieces in _positions():
        pos = load.pieces(b, pieces)
        p = packed.pack(pos)
        assert packed.is_packed(p) and not packed.is_packed(pieces)
        back = load.pieces(b, p)
        assert _same(state.pieces_json(back), state.pieces_json(pos))
        assert back.players == pos.players, "the owners' order (who is listed first) is kept"
        assert _same(packed.pack(back), p), "packing again gives the same text"
        assert len(p[packed.KEY]) < len(cjson.dumps(pieces))
        count += 1
    assert count >= 10


def _unpacked(reply: dict) -> dict:
    """A reply with its result's packed pieces (if any) as the object."""
    b = board_mod.load("default")
    result = reply.get("result") or {}
    for holder in (result, result.get("state")):
        if isinstance(holder, dict) and packed.is_packed(holder.get("pieces")):
            holder["pieces"] = state.pieces_json(packed.unpack(b, holder["pieces"]))
    return reply


def test_every_op_answers_packed_pieces_as_it_answers_the_object():
    positions = _positions()
    asked = 0
    for k in range(0, len(positions), 2):
        pieces = positions[k]
        b = board_mod.load("default")
        pos = load.pieces(b, pieces)
        p = packed.pack(pos)
        players = list(pos.players) or ["red"]
        on = [RULERS[r] for r in range(len(RULERS)) if pos.ruler_cell[r] >= 0]
        requests = [("khan.invasions", {"pieces": pieces, "symbol": "M"}),
                    ("khan.conquests", {"pieces": pieces, "player": players[0], "limit": 3}),
                    ("khan.conquer", {"pieces": pieces, "player": players[0], "figure": "tile-I2",
                                      "cells": ["A1", "B1"]})]
        if on:
            requests.append(("khan.flee", {"pieces": pieces, "ruler": on[0], "direction": "N", "source": "court"}))
        for op, args in requests:
            want = ops.reply(op, args)
            got = ops.reply(op, dict(args, pieces=p))
            assert _same(_unpacked(got), want), op
            if got["ok"] and "pieces" in got["result"] and got["result"]["pieces"] is not None:
                assert _same(ops.reply(op, dict(args, pieces=p))["result"]["pieces"]["players"], pos.players)
            asked += 1
    assert asked >= 10


def test_a_state_with_packed_pieces_plays_as_the_object_and_answers_packed():
    game = ops.call("khan.new", {"players": ["red", "blue", "green"], "seed": 7})["state"]
    rng_moves = 0
    from shared_rules.khan import load as khan_load
    from shared_rules.rng import PCG32

    chooser = PCG32(7, 3)
    while rng_moves < 40:
        g = khan_load.game(game)
        action = randplay.action(g, chooser)
        if action is None:
            break
        p = packed.pack(g.pos)
        want = ops.reply("khan.play", {"state": game, "actions": [action]})
        got = ops.reply("khan.play", {"state": dict(game, pieces=p), "actions": [action]})
        assert got["ok"] and packed.is_packed(got["result"]["state"]["pieces"])
        assert _same(_unpacked(got), want)
        game = want["result"]["state"]
        rng_moves += 1
    assert rng_moves == 40


def _raw(pos) -> bytearray:
    return bytearray(binascii.a2b_base64(packed.pack(pos)[packed.KEY]))


def _with(raw, players) -> dict:
    return {packed.KEY: binascii.b2a_base64(bytes(raw))[:-1].decode(), "players": players}


def test_bad_packed_pieces_are_refused_with_what_is_wrong():
    b = board_mod.load("default")
    pos = load.pieces(b, {"rulers": {"brown": "B10"}, "yurts": {"A2": "red", "C4": "neutral"},
                          "figures": [{"cells": ["J5", "J6"], "owners": ["red"], "shape": "tile-I2"}]})
    good = packed.pack(pos)
    assert _same(state.pieces_json(load.pieces(b, good)), state.pieces_json(pos))
    players = good["players"]
    raw = _raw(pos)
    n = b.size
    cases = []

    def case(why, data):
        cases.append((why, data))

    case("not base64", {packed.KEY: "&&&&", "players": players})
    case("base64 with extra characters", {packed.KEY: good[packed.KEY] + " ", "players": players})
    case("no text", {packed.KEY: 7, "players": players})
    case("another key", dict(good, extra=1))
    case("players not a list", {packed.KEY: good[packed.KEY], "players": "red"})
    case("a player twice", {packed.KEY: good[packed.KEY], "players": ["red", "red"]})
    case("neutral as a player", {packed.KEY: good[packed.KEY], "players": ["neutral"]})
    bad = bytearray(raw)
    bad[0] = 9
    case("another version", _with(bad, players))
    bad = bytearray(raw)
    bad[2] ^= 1
    case("another board's size", _with(bad, players))
    river = [i for i in range(n) if not b.is_land(i) and b.terrain[i]][0]
    bad = bytearray(raw)
    bad[29 + river] = 1
    case("a yurt on the river", _with(bad, players))
    bad = bytearray(raw)
    bad[29 + b.cell("A3")] = 3  # a second player that is not listed
    case("an owner past the players", _with(bad, players))
    bad = bytearray(raw)
    bad[29 + b.cell("B10")] = 2
    case("a yurt on a ruler", _with(bad, players))
    bad = bytearray(raw)
    bad[19] = 1 << RULERS.index("brown")
    case("a ruler home and on the board", _with(bad, players))
    bad = bytearray(raw)
    c = b.cell("B10")
    bad[3 + 2 * RULERS.index("grey")] = c >> 8
    bad[4 + 2 * RULERS.index("grey")] = c & 255
    case("two rulers on a cell", _with(bad, players))
    bad = bytearray(raw)
    bad[20] = 61
    case("a court over 60", _with(bad, players))
    bad = bytearray(raw)
    bad[28] = 61
    case("a supply over 60", _with(bad, players))
    fig = 29 + n + 1  # the first figure
    bad = bytearray(raw)
    bad[fig + 6:fig + 8] = bad[fig + 4:fig + 6]
    case("a figure over one cell twice", _with(bad, players))
    bad = bytearray(raw)
    bad[fig + 4] = c >> 8
    bad[fig + 5] = c & 255
    case("a figure over a ruler", _with(bad, players))
    bad = bytearray(raw)
    bad[fig] = 200
    case("an unknown shape", _with(bad, players))
    bad = bytearray(raw)
    bad[fig + 1] = 2
    case("an owner bit past the players", _with(bad, players))
    bad = bytearray(raw)
    bad[fig + 3] = 9
    case("nine cells", _with(bad, players))
    case("cut short", _with(raw[:-1], players))
    case("a byte too many", _with(raw + b"\x00", players))
    for why, data in cases:
        e = raises("bad_args", load.pieces, b, data)
        assert "pieces" in e.message, why + ": " + e.message
    e = raises("bad_args", load.pieces, b, good, ["blue"])
    assert "game's players" in e.message
    for op in ("khan.flee", "khan.invasions", "khan.conquer", "khan.conquests"):
        reply = ops.reply(op, {"pieces": cases[0][1]})
        assert reply["error"]["code"] == "bad_args", op


FAST = "shared_rules.khan.fast_pieces"  # figures read and written in machine code (viper), where loaded


def _read(b, raw, players, fast):
    """packed.read of raw, with khan/fast_pieces.py's figures() (fast) or each cell in Python: the
    pieces object, or the bad_args message."""
    from shared_rules.errors import RulesError

    def work():
        try:
            return cjson.dumps(state.pieces_json(packed.read(b, bytes(raw), 0, list(players))))
        except RulesError as e:
            return "refused: " + e.message

    return with_module(FAST, fast, work)


def _written(pos, fast) -> bytes:
    """packed.pieces_bytes of pos, with khan/fast_pieces.py's put_figures() (fast) or in Python."""
    return with_module(FAST, fast, lambda: bytes(packed.pieces_bytes(pos)))


def test_the_figures_machine_code_takes_and_refuses_what_the_python_does():
    """khan/fast_pieces.py figures() (viper, where MicroPython has it) checks packed figures as
    packed._figures' Python does: seeded changes to the figures' bytes of real positions -
    a shape, owners, a cell, a count - are taken or refused alike, with the same message;
    and put_figures() writes a position's figures as the Python does."""
    import sys

    from shared_rules.rng import PCG32

    b = board_mod.load("default")
    rng = PCG32(20261129)
    n = b.size
    looked = refused = 0
    for pieces in _positions()[::2]:
        pos = load.pieces(b, pieces)
        raw = _raw(pos)
        players = pos.players
        assert _read(b, raw, players, True) == _read(b, raw, players, False) == cjson.dumps(state.pieces_json(pos))
        assert _written(pos, True) == _written(pos, False) == bytes(raw)
        start = 29 + n
        for _ in range(40):
            bad = bytearray(raw)
            k = start + rng.below(len(raw) - start)
            bad[k] = rng.below(256) if rng.below(2) else bad[k] ^ (1 << rng.below(8))
            if rng.below(4) == 0:
                bad = bad[:len(bad) - 1 - rng.below(3)]
            fast = _read(b, bad, players, True)
            assert fast == _read(b, bad, players, False), (k, fast)
            looked += 1
            refused += fast.startswith("refused")
    assert looked >= 200 and looked > refused > looked // 4
    if sys.implementation.name == "micropython":
        from shared_rules.khan import fast_pieces as fast_mod

        assert hasattr(fast_mod, "figures")


# -- whole states (khan/packed_state.py) --------------------------------------------------------
def _games(mode: str, seed: int, moves: int = 400, every: int = 20):
    """States of a seeded random game in either mode, every `every` moves and the last
    (table mode: the flips' ruler and direction drawn here, as the table would flip)."""
    from shared_rules.khan import load as khan_load
    from shared_rules.khan.tables import DIRECTIONS
    from shared_rules.rng import PCG32

    game = ops.call("khan.new", {"players": ["red", "blue", "green"][:2 + seed % 2], "mode": mode, "seed": seed})["state"]
    chooser = PCG32(seed, 5)
    out = [game]
    for k in range(moves):
        g = khan_load.game(game)
        action = randplay.action(g, chooser)
        if action is None:
            break
        if mode == "table" and action["do"] in ("flip", "expel"):  # (the table's card, drawn here)
            action = dict(action, direction=DIRECTIONS[chooser.below(8)])
            if action["do"] == "flip":
                on = [RULERS[r] for r in range(len(RULERS)) if g.pos.ruler_cell[r] >= 0]
                action["ruler"] = on[chooser.below(len(on))]
        reply = ops.reply("khan.play", {"state": game, "actions": [action]})
        if not reply["ok"]:  # (a random table-mode move the table's card does not allow)
            continue
        game = reply["result"]["state"]
        if k % every == 0:
            out.append(game)
    out.append(game)
    return out


def test_a_packed_state_is_the_same_game_and_plays_the_same():
    from shared_rules.khan import packed_state

    seen = {"table": 0, "virtual": 0, "protected": 0, "used": 0, "over": 0}
    for mode, seed in (("virtual", 3), ("table", 4), ("virtual", 5)):
        for st in _games(mode, seed):
            g = load.game(st)
            p = packed_state.pack(g)
            assert p is not None and packed.is_packed(p)
            assert len(cjson.dumps(p)) * 2 < len(cjson.dumps(st))
            back = load.game(p)
            assert _same(state.game_json(back), state.game_json(g))
            assert _same(packed_state.pack(back), p), "packing again gives the same text"
            seen[mode] += 1
            seen["protected"] += 1 if st["protections"]["gods"] or st["protections"]["recon"] or st["protections"]["patronage"] else 0
            seen["used"] += 1 if st["last_used"] else 0
            seen["over"] += 1 if st["phase"] == "over" else 0
    assert seen["table"] >= 5 and seen["virtual"] >= 10 and seen["protected"] and seen["used"] and seen["over"], seen


def test_khan_play_answers_a_packed_state_packed_and_as_the_object():
    from shared_rules.khan import packed_state
    from shared_rules.rng import PCG32

    chooser = PCG32(8, 1)
    asked = 0
    for st in _games("virtual", 7, 300, 25):
        g = load.game(st)
        action = randplay.action(g, chooser)
        if action is None:
            continue
        want = ops.reply("khan.play", {"state": st, "actions": [action]})
        got = ops.reply("khan.play", {"state": packed_state.pack(g), "actions": [action]})
        assert got["ok"] and packed.is_packed(got["result"]["state"])
        got["result"]["state"] = state.game_json(load.game(got["result"]["state"]))
        assert _same(got, want)
        asked += 1
    assert asked >= 8


def test_bad_packed_states_are_refused_with_what_is_wrong():
    from shared_rules.khan import packed_state
    from shared_rules.khan.tables import FIGURES, SPECIALS

    st = _games("virtual", 3, 60, 60)[-1]
    g = load.game(st)
    good = packed_state.pack(g)
    raw = bytearray(binascii.a2b_base64(good[packed.KEY]))
    n = len(g.players)
    stock = 31
    specials = stock + len(FIGURES)
    last = specials + n * len(SPECIALS)
    prot = last + 10
    cases = []

    def byte(why, at, value):
        bad = bytearray(raw)
        bad[at] = value
        cases.append((why, dict(good, packed=binascii.b2a_base64(bytes(bad))[:-1].decode())))

    byte("another version", 0, 2)
    byte("a third mode", 1, 2)
    byte("a fifth phase", 2, 4)
    byte("a fifth step", 3, 9)
    byte("a player past the players", 4, n)
    byte("a turn past a million", 5, 1)
    byte("three actions", 9, 3)
    byte("an unknown flag", 10, 8)
    byte("too many setup yurts", 11, 255)
    byte("a letter that is no action", 12, ord("E"))
    byte("an even increment", 15 + 9, raw[15 + 9] & 0xFE)
    byte("more figures than the box", stock, 9)
    byte("more special cards than dealt", specials, 9)
    byte("a last use by no player", last, n + 1)
    byte("a patronage by no player", prot, n + 1)
    cut = bytearray(raw[:40])
    cases.append(("cut short", dict(good, packed=binascii.b2a_base64(bytes(cut))[:-1].decode())))
    cases.append(("a key too many", dict(good, extra=1)))
    cases.append(("not base64", dict(good, packed="&&")))
    cases.append(("another game", dict(good, game="huns")))
    for why, data in cases:
        e = raises("bad_args", load.game, data)
        assert "state" in e.message or "packed" in e.message, why + ": " + e.message
    done = bytearray(raw)
    done[12] = 0
    done[13] = ord("A")  # a gap before a letter
    raises("bad_args", load.game, dict(good, packed=binascii.b2a_base64(bytes(done))[:-1].decode()))
    reply = ops.reply("khan.play", {"state": cases[0][1], "actions": []})
    assert reply["error"]["code"] == "bad_args"
