"""The companion on the Pico's own filesystem: littlefs (vfs.VfsLfs2 of the micropython
binary) in a small RAM block device, played until its flash is full."""

import subprocess

from conftest import ROOT


def test_a_full_flash_is_a_clear_refusal_and_the_game_stays_as_saved(micropython):
    run = subprocess.run([micropython, ROOT + "/tests/mp/full_flash.py", ROOT, "24"], capture_output=True, text=True,
                         timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stdout + run.stderr
    words = run.stdout.split()
    assert words[:2] == ["actions", words[1]] and int(words[1]) > 5, run.stdout
    assert words[2] == "full" and int(words[3]) >= 1, run.stdout  # the flash filled up, and the box said so
    assert words[4:6] == ["put", "no_space"], run.stdout  # a position put then is refused, nothing changed
    assert "flash is full" in run.stdout
