"""The game as a journal on flash (record.py), for every game, in seeded random games:
after every action (a) the journal replayed from its last snapshot gives the same state
byte for byte, (b) undo then redo gives the same state, and (c) undo back to the start
gives the new game. Runs under pytest and under micropython (tests/mp_run.py)."""

from fwtest import tmpdir

from record import Record
from shared_rules import cjson, journal
from shared_rules.errors import RulesError
from shared_rules.games import module
from shared_rules.rng import PCG32

SETTINGS = {
    "khan": {"players": ["red", "yellow", "blue"], "mode": "virtual"},
    "chuhan": {"events": "virtual"},
    "huns": {"players": ["red", "blue", "green", "white"]},
    "khaan": {"players": ["red", "yellow", "blue", "green", "white"]},
}


def _state(name: str, game) -> str:
    return cjson.dumps(module(name, "state").game_json(game))


def _play(name: str, seed: int, actions: int, each) -> Record:
    """A new game in a fresh folder, played by the game's random player for so many actions
    (or to its end); each(record, states) after every action, states[k] the state after k."""
    rec = Record.create(tmpdir("jnl-" + name + str(seed)), journal.header(name, SETTINGS[name], seed))
    rp = module(name, "randplay")
    rng = PCG32(seed, 1)
    states = [_state(name, rec.game)]
    tries = 0
    while len(states) <= actions and tries < 4 * actions:
        tries += 1
        action = rp.action(rec.game, rng)
        if action is None:
            break
        try:
            rec.act(action)
        except RulesError:
            continue  # a random table's action the rules refuse changes nothing
        rec.save()
        states.append(_state(name, rec.game))
        if rec.snapshot_due():
            rec.snapshot()
        each(rec, states)
    return rec


def _replays_and_undoes(name: str, seed: int, actions: int) -> None:
    def each(rec, states):
        again = Record.open(rec.root, name)  # (a) from the last snapshot and the lines after it
        assert _state(name, again.game) == states[-1], (name, len(states))
        rec.undo()  # (b) undo, then redo: the same state
        assert _state(name, rec.game) == states[-2], (name, len(states))
        rec.redo()
        assert _state(name, rec.game) == states[-1], (name, len(states))

    rec = _play(name, seed, actions, each)
    n = rec.count()
    assert n >= 20, (name, n)
    for _ in range(n):  # (c) back to the start, one action at a time
        assert rec.undo() is not None
    assert rec.undo() is None and _state(name, rec.game) == _state(name, journal.start(journal.header(
        name, SETTINGS[name], seed)))
    assert _state(name, Record.open(rec.root, name).game) == _state(name, rec.game)  # and so after a restart


def test_khan_journal_replays_undoes_and_redoes_after_every_action():
    _replays_and_undoes("khan", 31, 70)


def test_chuhan_journal_replays_undoes_and_redoes_after_every_action():
    _replays_and_undoes("chuhan", 32, 60)


def test_huns_journal_replays_undoes_and_redoes_after_every_action():
    _replays_and_undoes("huns", 33, 60)


def test_khaan_journal_replays_undoes_and_redoes_after_every_action():
    _replays_and_undoes("khaan", 35, 60)


def test_undo_past_every_snapshot_and_redo_across_a_restart():
    states = []

    def each(rec, seen):
        states[:] = seen

    rec = _play("huns", 7, 200, each)
    n = rec.count()
    assert n > 3 * 16 + 5
    for k in range(n - 5):  # far back, past every snapshot kept
        rec.undo()
        assert _state("huns", rec.game) == states[n - 1 - k]
    again = Record.open(rec.root, "huns")
    assert again.count() == 5 and _state("huns", again.game) == states[5]
    for k in range(6, n + 1):  # redo all the way, after the restart
        assert again.redo() is not None
        assert _state("huns", again.game) == states[k]
    assert again.redo() is None


def test_a_new_action_after_undo_ends_redo_and_stale_snapshots_are_not_used():
    states = []

    def each(rec, seen):
        states[:] = seen

    rec = _play("khaan", 9, 60, each)
    n = rec.count()
    for _ in range(30):
        rec.undo()
    rec.act({"do": "roll", "d6": 4, "d4": 0})  # a new action where 30 were undone
    rec.save()
    assert not rec.can_redo() and rec.count() == n - 29
    fresh = _state("khaan", rec.game)
    again = Record.open(rec.root, "khaan")  # the snapshots taken after the undone actions are not this game
    assert _state("khaan", again.game) == fresh and again.count() == n - 29
    again.undo()
    assert _state("khaan", again.game) == states[n - 30]
