"""A heap split into small blocks (a 96 KB box after a boot that set a damaged file aside had
~11 KB free and no block of 512 bytes; `steppe sync pull` got no_memory five times): the
journal is still read for the host - its sums (proven.sums) and its lines (rebuild.Reader) in
reads smaller than BLOCK where no block of BLOCK is left - and a saved game's state goes out as
its encoding's pieces (record.write_state), never as one text as long as the state. On
MicroPython the heap is split here for real; on CPython the same calls run unsplit."""

import json
import sys

from fwtest import tmpdir

from shared_rules import cjson, journal

MICROPYTHON = sys.implementation.name == "micropython"


def _fits(n: int) -> bool:
    try:
        bytearray(n)
        return True
    except MemoryError:
        return False


def _journal(root: str):
    """A Chu and Han game of 8 actions saved as the box saves it (record.Record)."""
    from record import Record

    from shared_rules.chuhan import randplay
    from shared_rules.errors import RulesError
    from shared_rules.rng import PCG32

    rec = Record.create(root, journal.header("chuhan", {"events": "off"}, 77))
    rng = PCG32(77, 1)
    done = 0
    while done < 8:
        try:
            rec.act(randplay.action(rec.game, rng))
        except RulesError:
            continue
        rec.save()
        done += 1
    return rec


def test_a_saved_games_state_goes_out_as_its_encodings_pieces():
    """state.get's reply (record.write_state into cjson.dump's sink): a game without pieces of
    its own (Chu and Han) goes as its encoding's pieces as they come, each short - not as the
    whole text, which needs a block of RAM as long."""
    from record import _module, write_state

    rec = _journal(tmpdir("statepieces"))
    pieces = []
    write_state(rec.game, rec.name, pieces)
    text = cjson.dumps(_module(rec.name, "state").game_json(rec.game))
    assert "".join(pieces) == text and len(text) > 300 and json.loads(text)["game"] == "chuhan"
    assert len(pieces) > 50 and max(len(p) for p in pieces) < 100, "pieces, not the whole text"


def test_the_journal_is_read_in_small_reads_where_no_block_of_512_bytes_is_left():
    import gc

    import proven
    from rebuild import BLOCK, Reader

    rec = _journal(tmpdir("splitheap"))
    size = proven._size(rec.path)
    crc = proven.sums(rec.path, [size])[0]
    want = []
    proven.write_lines(rec, want)
    with open(rec.path, "rb") as f:
        raw = f.read()
    assert BLOCK == 512 and len(raw) > 300
    chain = None  # the heap split (MicroPython): filled with blocks of 400 bytes, every other let go,
    if MICROPYTHON:  # and what a collection freed besides plugged. (Here, not in a helper: a
        gc.collect()  # helper's frame, let go as it returns, would leave a block of its own.)
        try:
            while True:
                chain = [chain, bytearray(400)]  # (a chain: a list grown to hold them leaves its old copies)
        except MemoryError:
            pass
        node = chain
        while node is not None:
            node[1] = None
            node = node[0]
            if node is not None:
                node = node[0]
        gc.collect()
        while _fits(512):
            chain = [chain, bytearray(300)]
        assert not _fits(512), "the heap is split: no block of 512 bytes"
    lines = []
    with open(rec.path, "rb") as f:  # (a journal's lines by their places, as boot and undo read them)
        reader = Reader(f)
        place = 0
        line = reader.line(0)
        while line:
            lines.append(line)
            place += len(line)
            line = reader.line(place)
    got = []
    proven.write_lines(rec, got)  # (log.get's: its sums and its lines)
    again = proven.sums(rec.path, [size])[0]
    chain = None
    assert b"".join(lines) == raw and len(lines) == 9
    assert again == crc and "".join(got) == "".join(want)
