"""`steppe rules OP`: the JSON Lines contract, exit statuses, and no traceback ever."""

import subprocess

from conftest import ROOT, tool


def steppe(*args, stdin: bytes = b"") -> subprocess.CompletedProcess:
    return subprocess.run([tool("steppe"), *args], input=stdin, capture_output=True, cwd=ROOT, timeout=120)


def test_one_reply_line_per_request_and_exit_zero():
    run = steppe("rules", "rng.draw", stdin=b'{"seed": 42, "stream": 54, "count": 2}\n{"seed": 1, "count": 0}\n')
    assert run.returncode == 0 and run.stderr == b""
    assert run.stdout.decode().splitlines() == ['{"ok":true,"result":{"values":[2707161783,2068313097]}}',
                                                '{"ok":true,"result":{"values":[]}}']


def test_any_failed_line_makes_the_exit_status_one():
    run = steppe("rules", "khan.flee", stdin=b'{"board": "default"}\nnot json\n\n{"ruler": 3}\n')
    assert run.returncode == 1 and run.stderr == b""
    lines = run.stdout.decode().splitlines()
    assert len(lines) == 3
    assert '"code":"bad_args"' in lines[0] and '"code":"bad_json"' in lines[1] and '"code":"bad_args"' in lines[2]


def test_garbage_bytes_and_oversize_lines_get_an_error_line():
    run = steppe("rules", "khan.bonus", stdin=b"\xff\xfe\x00garbage\n" + b"[" * 20000 + b"\n")
    lines = run.stdout.decode().splitlines()
    assert run.returncode == 1 and run.stderr == b"" and len(lines) == 2
    assert '"code":"bad_json"' in lines[0] and '"code":"too_long"' in lines[1]


def test_unknown_op_and_missing_op():
    run = steppe("rules", "khan.teleport", stdin=b"{}\n")
    assert run.returncode == 1 and '"code":"unknown_op"' in run.stdout.decode()
    run = steppe("rules")
    assert run.returncode == 2 and run.stderr.decode().count("\n") == 1 and b"Traceback" not in run.stderr


def test_list_names_every_op():
    run = steppe("rules", "--list")
    names = run.stdout.decode().split()
    assert run.returncode == 0 and "khan.flee" in names and "khan.bonus" in names and "rng.draw" in names


def test_a_closed_pipe_is_not_a_crash():
    proc = subprocess.Popen([tool("steppe"), "rules", "rng.draw"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, cwd=ROOT)
    proc.stdout.close()
    _, err = proc.communicate(b'{"seed": 1, "count": 4096}\n' * 200, timeout=60)
    assert b"Traceback" not in err


def test_demo_shows_flips_and_the_board():
    run = steppe("demo", "--plain", "--turns", "2", "--seed", "7")
    out = run.stdout.decode()
    assert run.returncode == 0 and out.count(" flips ") == 2 and "courts" in out
    assert " A B C D E F G H I J K L M N" in out
