"""The virtual Pico over a real pseudo-terminal, driven only through pyserial."""

import json
import subprocess

from conftest import ROOT, Sim, tool

from shared_rules.fingerprint import rules_hash
from steppe.drive import KhanDriver


def test_hello_names_the_protocol_firmware_and_rules(sim):
    hello = sim.link.request("hello")
    assert hello["protocol"] == 1 and hello["firmware"] and hello["screen"] == "menu"
    assert hello["rules"] == rules_hash(ROOT + "/shared_rules")


def test_every_kind_of_bad_line_gets_its_code_and_the_device_stays_up(sim):
    link = sim.link
    assert link.raw_line(b"{not json")["error"]["code"] == "bad_json"
    assert link.raw_line(b'{"id": 1, "op": "x"' + b" " * 20000 + b"}")["error"]["code"] == "too_long"
    assert link.raw_line(b'{"id": 2, "op": "khan.nope"}')["error"]["code"] == "unknown_op"
    assert link.raw_line(b'{"id": 3, "op": "ui.press", "args": {"button": 5}}')["error"]["code"] == "bad_args"
    assert link.request("hello")["protocol"] == 1


def test_rules_ops_answer_as_on_the_host(sim):
    from shared_rules import ops

    args = {"board": "default", "pieces": {"rulers": {"grey": "F2"}}, "ruler": "grey", "direction": "S",
            "source": "court"}
    assert sim.link.request("khan.flee", args) == json.loads(json.dumps(ops.call("khan.flee", args)))


def _new_khan_game(link, players: int):
    link.request("ui.press", {"button": "OK"})  # Khan
    for _ in range(3 - players):
        link.request("ui.press", {"button": "LEFT"})
    for _ in range(4 - players):
        link.request("ui.press", {"button": "RIGHT"}) if players == 4 else None
    for _ in range(players):
        reply = link.request("ui.press", {"button": "OK"})
    assert reply["screen"] == "khan"


def _drive(link, seed):
    def press(button, long):
        return link.request("ui.press", {"button": button, "long": long})

    return KhanDriver(press, lambda: link.request("state.get")["state"], seed)


def test_a_scripted_khan_game_in_a_96k_heap(tmp_path):
    # 96 KB as on the Pico's 32-bit core ("w": adjusted for the unix port's 64-bit words)
    s = Sim(str(tmp_path / "pico"), heap="96wK")
    try:
        s.wait_ready()
        _new_khan_game(s.link, 2)
        driver = _drive(s.link, 5)
        final = driver.game()
        assert final["phase"] == "over"
        frame = s.link.request("ui.frame")
        assert len(frame["pixels"]) == 256
        assert s.link.request("hello")["screen"] == "khan"
    finally:
        s.close()


def test_ctrl_c_reaches_the_repl_for_mpremote_and_a_reset_brings_the_game_back(sim):
    _new_khan_game(sim.link, 2)
    before = sim.link.request("state.get")
    sim.link.write(b"\x03")
    sim.link.drain(0.5)
    sim.link.close()  # mpremote opens the port for itself alone
    run = subprocess.run([tool("mpremote"), "connect", sim.device, "resume", "exec", "print(6 * 7)"],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0 and run.stdout.strip().endswith("42"), run.stdout + run.stderr
    sim.reopen()
    sim.link.write(b"\r\x04")  # Ctrl-D at the REPL: the board resets and the app starts again
    sim.wait_ready()
    assert sim.link.request("state.get") == before
