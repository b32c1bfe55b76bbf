"""The op table and the JSON Lines contract of `steppe rules OP`, on both interpreters."""

import io

from shared_rules import ops
from shared_rules.cli import serve


def _serve(op: str, lines: list):
    out = io.StringIO()
    ok = serve(op, io.StringIO("\n".join(lines) + "\n"), out)
    return ok, out.getvalue().splitlines()


def test_rng_draw_returns_the_reference_values():
    assert ops.call("rng.draw", {"seed": 42, "stream": 54, "count": 3}) == \
        {"values": [0xA15C02B7, 0x7B47F409, 0xBA1D3330]}


def test_flee_contract():
    args = {"board": "default", "ruler": "grey", "direction": "S", "source": "court",
            "pieces": {"rulers": {"grey": "F2"}, "home": [], "yurts": {}, "figures": [],
                       "courts": {"grey": 5}, "supply": 20}}
    r = ops.call("khan.flee", args)
    assert r["to"] == "E3" and r["returned"] == [] and r["final_phase"] is False
    assert r["pieces"]["rulers"] == {"grey": "E3"} and r["pieces"]["yurts"] == {"F2": "neutral"}
    assert r["pieces"]["courts"]["grey"] == 4 and r["pieces"]["supply"] == 20
    assert r["direction"] == "SW" and r["path"] == ["E3"]


def test_every_op_answers_an_empty_object_with_a_clear_error_or_a_result():
    for name in ops.names():
        r = ops.reply(name, {})
        if r["ok"]:
            assert isinstance(r["result"], dict), name
        else:
            assert r["error"]["code"] in ("bad_args", "illegal"), (name, r)
            assert r["error"]["message"] and "\n" not in r["error"]["message"], name


def test_serve_answers_every_line_and_reports_failure():
    ok, out = _serve("khan.bonus", ['{"territories": {"a": [3], "b": [2]}}', "", "{broken", "[1, 2]",
                                    '{"territories": {"a": ["x"]}}'])
    assert not ok and len(out) == 4
    assert out[0] == '{"ok":true,"result":{"bonus":{"a":10,"b":6}}}'
    assert '"code":"bad_json"' in out[1]
    assert '"code":"bad_args"' in out[2] and '"code":"bad_args"' in out[3]
    ok, out = _serve("khan.bonus", ['{"territories": {}}'])
    assert ok and out == ['{"ok":true,"result":{"bonus":{}}}']


def test_unknown_op_and_oversize_lines():
    ok, out = _serve("khan.nothing", ["{}"])
    assert not ok and '"code":"unknown_op"' in out[0]
    long_line = '{"territories": {"a": [' + "1," * (ops.MAX_LINE // 2 + 9) + "1]}}"  # (no 64 KB list)
    ok, out = _serve("khan.bonus", [long_line, '{"territories": {"a": [1]}}'])
    assert not ok and '"code":"too_long"' in out[0] and out[1].startswith('{"ok":true')


def test_bad_arguments_name_the_field():
    cases = (
        ("khan.flee", {"board": "default", "pieces": {}, "ruler": "grey", "direction": "UP", "source": "court"},
         "direction"),
        ("khan.flee", {"board": "default", "pieces": {"rulers": {"grey": "Z9"}}, "ruler": "grey", "direction": "N",
                       "source": "court"}, "Z9"),
        ("khan.flee", {"board": "default", "pieces": {"rulers": {"emperor": "A1"}}, "ruler": "grey",
                       "direction": "N", "source": "court"}, "emperor"),
        ("khan.flee", {"board": "+#+\n#Q#\n+#+", "pieces": {}, "ruler": "grey", "direction": "N",
                       "source": "court"}, "line 2, column 2"),
        ("rng.draw", {"seed": -1, "count": 1}, "seed"),
        ("khan.conquer", {"pieces": {}, "player": "red", "figure": "tile-Q9", "cells": []}, "tile-Q9"),
    )
    for name, args, part in cases:
        r = ops.reply(name, args)
        assert not r["ok"] and r["error"]["code"] == "bad_args", (name, r)
        assert part in r["error"]["message"], (name, r["error"]["message"])


def test_conquer_op_reports_illegal_placements_as_a_result():
    args = {"pieces": {"yurts": {"A1": "red", "B1": "neutral", "A2": "blue", "B2": "blue"}},
            "player": "red", "figure": "tile-O4", "cells": ["A1", "B1", "A2", "B2"]}
    r = ops.call("khan.conquer", args)
    assert r["legal"] is False and "more yurts" in r["reason"] and r["pieces"] is None
    args["player"] = "blue"
    r = ops.call("khan.conquer", args)
    assert r["legal"] is True and r["sharers"] == ["blue"]
    assert r["pieces"]["figures"] == [{"cells": ["A1", "B1", "A2", "B2"], "owners": ["blue"], "shape": "tile-O4"}]


def test_conquests_op_counts_and_lists():
    args = {"pieces": {"yurts": {"A1": "red", "B1": "red", "C1": "red"}}, "player": "red", "limit": 2}
    r = ops.call("khan.conquests", args)
    assert r["count"] == 3 and len(r["placements"]) == 2  # I2 twice and I3 once
