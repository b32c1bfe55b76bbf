"""`steppe board new/check/draw/push`: a board typed on the laptop as text, checked by the
rules core (one line per finding, exit 1; a bad file exit 2, one line, never a traceback),
drawn as a PNG whose cells are read back, and pushed to a virtual Pico - the board `steppe
sync board pull` brings back is the file's."""

from conftest import ROOT
from test_sync import lend, steppe

from shared_rules.khan import board_check, board_text
from shared_rules.khan.board import DEFAULT_TEXT


def _lines(run) -> "list[str]":
    return run.stdout.decode().splitlines()


def _one_line(run, status: int) -> str:
    """A failure: its status, and one line on stderr (no traceback)."""
    err = run.stderr.decode()
    assert run.returncode == status and err.count("\n") == 1 and "Traceback" not in err, (run.returncode, err)
    return err.strip()


def test_new_writes_a_template_that_check_reads_and_keeps_an_existing_file(tmp_path):
    f = tmp_path / "mine.txt"
    run = steppe("board", "new", str(f))
    assert run.returncode == 0 and "the default board to fill in" in run.stdout.decode()
    text = f.read_text()
    assert text.endswith(DEFAULT_TEXT) and "; Cells: M mountains" in text  # the legend, then the default board
    b = board_text.parse(text)
    run = steppe("board", "check", str(f))
    said = board_check.findings(board_check.check(b))
    assert run.returncode == (1 if said else 0) and _lines(run) == ([str(f) + ": " + s for s in said] if said else [
        str(f) + ": good: a Khan board of 14 x 11 cells, \"Steppe Companion default\": the rulebook's counts, each "
        "region one joined area, a cell for every card of the deck"])
    f.write_text("kept\n")
    assert _one_line(steppe("board", "new", str(f)), 2) == "steppe board: %s: exists, and is kept: name another file" % f
    assert f.read_text() == "kept\n"
    blank = tmp_path / "blank.txt"
    assert steppe("board", "new", "--blank", "--size", "13x11", str(blank)).returncode == 0
    grid = [line for line in blank.read_text().split("\n") if line.startswith(("+", "#"))]
    assert grid == ["+" * 15] + ["+" + "." * 13 + "+"] * 11 + ["+" * 15]
    assert _one_line(steppe("board", "check", str(blank)), 2).endswith(": the board has no land cell")
    assert _one_line(steppe("board", "new", "--blank", "--size", "16x11", str(tmp_path / "x")), 2) == (
        "steppe board: --size: the box shows at most 15 x 11 cells")


def test_check_says_each_thing_that_is_not_the_rulebook_s_board_and_refuses_a_bad_file(tmp_path):
    f = tmp_path / "b.txt"
    text = DEFAULT_TEXT.replace("+MMMMMMMMM~GGGG+\n+MMMMMMMMM~GGGG+", "+MMMMMMMMM~GGGG+\n+MMMMMMMMG~GGGG+")
    f.write_text(text.replace("+RRRRR~~~~~~TTT+", "+RRRRR~~~~~.TTT+"))
    run = steppe("board", "check", str(f))
    lines = _lines(run)
    assert run.returncode == 1 and run.stderr == b""
    assert lines[:5] == [str(f) + ": " + s for s in (
        "mountains: 21 cells, the rulebook's board has 22", "glacier: 21 cells, the rulebook's board has 20",
        "the river: 21 cells, the rulebook's board has 22",
        "glacier is in 2 pieces: the rulebook's regions are one joined area each",
        "the river is in 2 pieces: the rulebook's river is one")]
    assert lines[5:] == [str(f) + ": " + s for s in board_check.findings(board_check.check(board_text.parse(
        f.read_text())))[5:]]
    f.write_text(DEFAULT_TEXT.replace("ruler teal I9", "ruler teal K6"))
    assert _one_line(steppe("board", "check", str(f)), 2) == (
        "steppe board: %s: board line 25: ruler teal cannot start on the river at K6" % f)
    f.write_bytes(b"+##+\n#M\xff#\n+##+\n")
    assert _one_line(steppe("board", "check", str(f)), 2) == "steppe board: %s: not UTF-8 text (byte 7)" % f
    assert _one_line(steppe("board", "check", str(tmp_path / "none.txt")), 2).startswith("steppe board: cannot read ")
    f.write_text(DEFAULT_TEXT.replace("ruler pink M2\n", ""))
    assert "no start cell for ruler(s) pink" in _one_line(steppe("board", "check", str(f)), 2)


def _png(path) -> "tuple[int, list[bytes]]":
    """(width, rows of RGBA bytes) of an 8-bit RGBA PNG, its filters undone (matplotlib stays
    out of this process: tests/test_history.py checks that plots are drawn in steppe's)."""
    import struct
    import zlib

    data = open(path, "rb").read()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    at, idat = 8, b""
    width = height = 0
    while at < len(data):
        n, kind = struct.unpack(">I4s", data[at:at + 8])
        if kind == b"IHDR":
            width, height, depth, colour = struct.unpack(">IIBB", data[at + 8:at + 18])
            assert (depth, colour) == (8, 6), (depth, colour)  # 8 bits, RGBA
        elif kind == b"IDAT":
            idat += data[at + 8:at + 8 + n]
        at += 12 + n
    raw = zlib.decompress(idat)
    rows, prev, stride = [], bytearray(4 * width), 4 * width
    for y in range(height):
        kind, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - 4] if i >= 4 else 0
            b = prev[i]
            c = prev[i - 4] if i >= 4 else 0
            if kind == 1:
                line[i] = (line[i] + a) & 255
            elif kind == 2:
                line[i] = (line[i] + b) & 255
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append(bytes(line))
        prev = line
    return width, rows


def _rgb(image, x: float, y: float) -> "tuple[int, int, int]":
    """The colour at (x, y) in cells from the board's top-left (the title strip above it)."""
    from steppe.board import CELL_PX, TITLE

    row = image[1][int((TITLE + y) * CELL_PX)]
    k = 4 * int(x * CELL_PX)
    return (row[k], row[k + 1], row[k + 2])


def _hex(colour: str) -> "tuple[int, int, int]":
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def test_draw_shows_every_cell_s_terrain_its_edges_and_the_rulers_starts(tmp_path):
    from steppe.board import BORDER, NO_CELL, RULER_COLOURS, TERRAIN_COLOURS

    f = tmp_path / "b.txt"
    text = DEFAULT_TEXT.replace("+RRRRR~GGGGGGGG+", "+RRRRR~GGG.GGGG+")  # J4 no cell (purple moves to K4)
    f.write_text(text.replace("ruler purple J4", "ruler purple K4"))
    out = tmp_path / "b.png"
    run = steppe("board", "draw", str(f), "--png", str(out))
    assert run.returncode == 0 and _lines(run) == ["%s: the board drawn, 14 x 11 cells" % out]
    b = board_text.parse(f.read_text())
    image = _png(out)
    assert image[0] == 14 * 64
    for i in range(b.size):
        x, y = i % b.width, i // b.width
        t = b.terrain[i]
        assert _rgb(image, x + 0.8, y + 0.85) == _hex(TERRAIN_COLOURS[t - 1] if t else NO_CELL), b.name_of(i)
        for k, (fx, fy) in enumerate(((0.5, 0.03), (0.97, 0.5), (0.5, 0.97), (0.03, 0.5))):  # N E S W
            if t and b.border[i] >> k & 1:
                assert _rgb(image, x + fx, y + fy) == _hex(BORDER), (b.name_of(i), k)
    assert _rgb(image, 3.5, 0.03) == _hex(TERRAIN_COLOURS[0])  # D1: its north side borders nothing
    for r, i in b.starts.items():
        assert _rgb(image, i % b.width + 0.32, i // b.width + 0.58) == _hex(RULER_COLOURS[r]), r
    assert _one_line(steppe("board", "draw", str(tmp_path / "none.txt"), "--png", str(out)), 2)


def test_push_makes_the_file_the_box_s_board_and_sync_board_pull_brings_it_back(sim, tmp_path):
    f = tmp_path / "mine.txt"
    text = DEFAULT_TEXT.replace("+RRRRR~~~~~~TTT+", "+RRRRR~~M~~~TTT+")  # H6: mountains across the river
    f.write_text(text)
    run = lend(sim, "board", "push", str(f))
    assert run.returncode == 0, run.stderr
    assert _lines(run) == ["%s: a Khan board of 14 x 11 cells, \"Steppe Companion default\", now the own board of %s"
                           % (f, sim.device)]
    said = board_check.findings(board_check.check(board_text.parse(text)))
    assert "the river is in 2 pieces: the rulebook's river is one" in said
    assert run.stderr.decode().splitlines() == [str(f) + ": warning: " + s for s in said]  # the box's words
    back = tmp_path / "back.txt"
    assert lend(sim, "sync", "board", "pull", str(back)).returncode == 0
    assert back.read_text() == text
    f.write_text(text.replace("ruler grey F2", "ruler grey H3"))
    assert "ruler grey cannot start on the river at H3" in _one_line(lend(sim, "board", "push", str(f)), 2)
    assert sim.link.request("board.get")["board"] == text  # kept


def test_the_board_command_is_in_the_readme():
    readme = open(ROOT + "/README.md").read()
    for sub in ("new", "check", "draw", "push"):
        assert "`steppe board " + sub in readme, sub
