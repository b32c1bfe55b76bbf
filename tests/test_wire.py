"""What steppe sends a device (host/steppe/wire.py, issue 13): Khan's pieces packed and
khan.play's state packed whole, the answers' unpacked; pieces meant to be refused go as they are. Over the virtual
Pico: the device answers the packed form packed and the object as an object, the same
position either way, and the transport's callers see objects."""

import json

from shared_rules import cjson, ops
from shared_rules.khan import packed
from steppe import cases, wire
from steppe.device import request_line

KHAN_PIECES = list(wire.PIECES_OPS) + ["khan.play"]


def _packed_of(op: str, args: dict):
    """What goes packed: a state whole, or the pieces."""
    return args["state"] if op == "khan.play" else args["pieces"]


def test_khans_pieces_are_packed_for_the_device_and_unpacked_from_it():
    for op in KHAN_PIECES:
        for args in cases.generate(op, 6, 4):
            sent = wire.pack_args(op, args)
            assert packed.is_packed(_packed_of(op, sent)) and not packed.is_packed(_packed_of(op, args)), op
            assert len(request_line({"args": sent})) < len(request_line({"args": args}))
            want = ops.reply(op, args)
            got = wire.unpack_reply(op, sent, ops.reply(op, json.loads(cjson.dumps(sent))))
            assert cjson.dumps(got) == cjson.dumps(want), op


def test_what_is_not_khans_pieces_or_does_not_load_goes_as_it_is():
    args = {"territories": {"red": [3]}}
    assert wire.pack_args("khan.bonus", args) is args
    roll = {"seed": 1}
    assert wire.pack_args("huns.roll", roll) is roll
    bad = {"pieces": {"yurts": {"Z99": "red"}}, "symbol": "M"}  # no such cell: the device says so
    assert wire.pack_args("khan.invasions", bad) is bad
    river = {"pieces": {"rulers": {"grey": "A1"}, "figures": "none"}, "ruler": "grey", "direction": "N",
             "source": "court"}
    assert wire.pack_args("khan.flee", river) is river
    refused = {"ok": False, "error": {"code": "bad_args", "message": "x"}}
    assert wire.unpack_reply("khan.flee", river, refused) is refused


def test_the_device_answers_packed_pieces_packed_and_objects_as_objects(sim):
    args = cases.generate("khan.flee", 3, 2)[1]
    want = ops.reply("khan.flee", args)
    sent = wire.pack_args("khan.flee", args)
    as_object = sim.link.raw_line(request_line({"id": 1, "op": "khan.flee", "args": args}).encode())
    as_packed = sim.link.raw_line(request_line({"id": 2, "op": "khan.flee", "args": sent}).encode())
    assert packed.is_packed(as_packed["result"]["pieces"]) and not packed.is_packed(as_object["result"]["pieces"])
    assert as_object["result"] == want["result"]
    assert wire.unpack_reply("khan.flee", sent, as_packed)["result"] == want["result"]
    assert sim.link.request("khan.flee", args) == want["result"], "the transport's callers see objects"
    play = cases.generate("khan.play", 3, 2)[2]
    assert sim.link.request("khan.play", play) == ops.reply("khan.play", play)["result"]
    whole = wire.pack_args("khan.play", play)
    answer = sim.link.raw_line(request_line({"id": 4, "op": "khan.play", "args": whole}).encode())
    assert packed.is_packed(answer["result"]["state"]) and len(request_line(answer)) < 1200
    assert wire.unpack_reply("khan.play", whole, answer)["result"] == ops.reply("khan.play", play)["result"]
    bad = dict(sent, pieces=dict(sent["pieces"], packed=sent["pieces"]["packed"] + "!"))
    reply = sim.link.raw_line(request_line({"id": 3, "op": "khan.flee", "args": bad}).encode())
    assert reply["error"]["code"] == "bad_args" and "base64" in reply["error"]["message"]
    assert reply == dict(ops.reply("khan.flee", bad), id=3)


def test_a_rise_of_the_khaan_state_goes_packed_and_comes_back_an_object(sim):
    """khaan.play's state as a list of integers (shared_rules/khaan/packed.py): every seeded
    case's reply, unpacked, is the host's own; a state that does not load goes as it is (the
    device says why in its own words); the box answers each form in that form."""
    from shared_rules.khaan import packed as khaan_packed

    sent_packed = 0
    for args in cases.generate("khaan.play", 12, 3):
        sent = wire.pack_args("khaan.play", args)
        want = ops.reply("khaan.play", args)
        if khaan_packed.is_packed(sent["state"]):
            sent_packed += 1
            assert len(request_line({"args": sent})) < len(request_line({"args": args}))
        else:
            assert sent is args
        got = wire.unpack_reply("khaan.play", sent, ops.reply("khaan.play", json.loads(cjson.dumps(sent))))
        assert cjson.dumps(got) == cjson.dumps(want)
    assert sent_packed >= 6
    bad = {"state": {"game": "khaan", "version": 1, "players": ["red"]}, "action": {"do": "next_turn"}}
    assert wire.pack_args("khaan.play", bad) is bad
    play = [a for a in cases.generate("khaan.play", 12, 3) if ops.reply("khaan.play", a)["ok"]][0]
    whole = wire.pack_args("khaan.play", play)
    answer = sim.link.raw_line(request_line({"id": 5, "op": "khaan.play", "args": whole}).encode())
    assert khaan_packed.is_packed(answer["result"]["state"])
    assert wire.unpack_reply("khaan.play", whole, answer)["result"] == ops.reply("khaan.play", play)["result"]
    as_object = sim.link.raw_line(request_line({"id": 6, "op": "khaan.play", "args": play}).encode())
    assert as_object["result"] == ops.reply("khaan.play", play)["result"]
    assert sim.link.request("khaan.play", play) == ops.reply("khaan.play", play)["result"], "callers see objects"
