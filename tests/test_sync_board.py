"""`steppe sync board pull/push/remove`: the box's own Khan board (painted with the board
editor) goes to a file and onto another box byte for byte; a game played on it is pulled,
pushed and verified like any other; a board the rules refuse is refused with the reason,
on the laptop and on the box, and changes nothing."""

import os

import pytest
from conftest import Sim
from test_sync import lend


def press(sim: Sim, *buttons: str) -> dict:
    reply = {}
    for b in buttons:
        reply = sim.link.request("ui.press", {"button": b.rstrip("+"), "long": b.endswith("+")})
    return reply


def paint_a_board(sim: Sim) -> None:
    """Menu KHAN, setup: OK held to EDIT; the editor: H6 mountains, the grey ruler moved to
    H6 (tool 1: 11 steps from M), then SAVE (said: the river is cut in two)."""
    assert press(sim, "OK")["mode"] == "setup"
    reply = press(sim, "OK+", "OK+")
    assert reply["option"] == "EDIT"
    assert press(sim, "OK", "OK")["mode"] == "board_edit"
    press(sim, "OK+", *["RIGHT"] * 11)
    assert press(sim, "OK")["tool"] == "1"
    assert press(sim, "OK")["tool"] == "2"  # grey placed: the next ruler comes next
    reply = press(sim, "BACK", "OK")
    assert reply["mode"] == "setup" and reply["option"] == "MYDK", reply
    assert reply["why"].startswith("saved, but "), reply  # (not the rulebook's board: said)
    press(sim, "BACK")  # (it ends the sentence, and does nothing else)


def test_an_own_board_goes_to_a_file_and_onto_another_box_and_a_game_on_it_syncs(two, tmp_path):
    a, b = two
    run = lend(b, "sync", "board", "pull", str(tmp_path / "none.txt"))
    assert run.returncode == 1 and b"no own board" in run.stderr and not os.path.exists(tmp_path / "none.txt")
    paint_a_board(a)
    own = tmp_path / "own.txt"
    run = lend(a, "sync", "board", "pull", str(own))
    assert run.returncode == 0, run.stderr
    text = own.read_text()
    assert "ruler grey H6\n" in text and text == a.link.request("board.get")["board"]
    assert text.split("\n")[6][1:9] == "RRRRR~~M"  # H6: mountains where the default has river
    run = lend(b, "sync", "board", "push", str(own))
    assert run.returncode == 0 and b"now the own board" in run.stdout, run.stderr
    again = tmp_path / "again.txt"
    assert lend(b, "sync", "board", "pull", str(again)).returncode == 0
    assert again.read_bytes() == own.read_bytes()
    # B's setup offers it; a game on it: its journal's header holds the board
    assert press(b, "OK", "OK+", "OK+")["option"] == "MYDK"
    assert press(b, "OK", "OK", "OK")["screen"] == "khan"
    got = b.link.request("state.get")
    assert got["settings"]["board"] == text and got["state"]["board"] == text
    press(b, "RIGHT", "OK")  # a setup yurt (or a refusal): either way the journal replays
    game = tmp_path / "game.json"
    assert lend(b, "sync", "pull", str(game)).returncode == 0
    run = lend(a, "sync", "push", str(game))
    assert run.returncode == 0, run.stderr
    assert a.link.request("state.get")["state"] == b.link.request("state.get")["state"]
    run = lend(a, "verify", "--game")
    assert run.returncode == 0 and b"byte for byte" in run.stdout, run.stdout + run.stderr
    # remove: new games use the default board again
    run = lend(b, "sync", "board", "remove")
    assert run.returncode == 0 and b"removed" in run.stdout
    assert b.link.request("board.get")["board"] is None
    assert lend(b, "sync", "board", "pull", str(again)).returncode == 1


def test_a_board_the_rules_refuse_is_refused_with_its_line_and_changes_nothing(two, tmp_path):
    a, _ = two
    paint_a_board(a)
    before = a.link.request("board.get")["board"]
    bad = tmp_path / "bad.txt"
    lines = before.split("\n")
    bad.write_text("\n".join(lines[:3] + [lines[3][:5] + "Q" + lines[3][6:]] + lines[4:]))
    run = lend(a, "sync", "board", "push", "--check", str(bad))
    assert run.returncode == 2 and run.stderr.decode().strip() == (
        'steppe sync: %s: board line 4, column 6: unknown cell "Q"; use M G T R S F, ~ for river or . for no cell'
        % bad)
    wide = tmp_path / "wide.txt"
    wide.write_text("\n".join([lines[0] + "++"] + [r[:-1] + "MM+" for r in lines[1:12]] + [lines[12] + "++"]
                              + lines[13:]))
    run = lend(a, "sync", "board", "push", str(wide))
    assert run.returncode == 2 and b"the board is 16 x 11 cells; the box shows at most 15 x 11" in run.stderr
    # the box checks it again itself: a board sent around steppe's check is refused there too
    from steppe.device import DeviceError

    with pytest.raises(DeviceError, match="ruler grey cannot start on the river at G6"):
        a.link.request("board.put", {"board": before.replace("ruler grey H6", "ruler grey G6")})
    with pytest.raises(DeviceError, match="must be board text"):
        a.link.request("board.put", {"board": 7})
    assert a.link.request("board.get")["board"] == before
    # a board that is not the rulebook's is taken, and said: the rules core's findings
    from shared_rules.khan import board_check, board_text

    reply = a.link.request("board.put", {"board": before})
    assert reply["warnings"] == board_check.findings(board_check.check(board_text.parse(before)))
    assert "the river: 21 cells, the rulebook's board has 22" in reply["warnings"]  # H6 painted over
