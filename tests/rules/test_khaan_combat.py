"""Rise of the Khaan battles: the rulebook's two examples, the loss order, ties, the contract."""

from rulestest import raises

from shared_rules import ops
from shared_rules.khaan import combat


def _battle(attacker: dict, defender: dict, rolls: list) -> dict:
    return ops.call("khaan.combat", {"attacker": attacker, "defender": defender, "rolls": rolls})


def _units(horde=0, army=0, guard=0) -> dict:
    return {"horde": horde, "army": army, "guard": guard}


def test_rulebook_example_1_three_hordes_beat_five():
    # A attacks with 3 Horde, B has 5 Horde; A rolls 6, B rolls 2: SA 9 against 7.
    # B loses his whole army; A loses 2 Hordes (B's roll).
    r = _battle({"horde": 3}, {"horde": 5}, [6, 2])
    assert r == {"winner": "attacker", "sa": [9, 7],
                 "losses": {"attacker": _units(horde=2), "defender": _units(horde=5)}}


def test_rulebook_example_2_the_guard_is_kept():
    # A: 2 Horde and 1 Guard; B: 3 Horde; both roll 4: SA 9 (2+3+4) against 7 (3+4).
    # A loses 4 points: 2 Hordes (2 points); the Guard (3) is more than the 2 left, so stays.
    r = _battle({"horde": 2, "guard": 1}, {"horde": 3}, [4, 4])
    assert r == {"winner": "attacker", "sa": [9, 7],
                 "losses": {"attacker": _units(horde=2), "defender": _units(horde=3)}}


def test_strengths_are_horde_1_army_2_guard_3():
    assert combat.strength((1, 0, 0, 0)) == 1
    assert combat.strength((0, 1, 0, 0)) == 2
    assert combat.strength((0, 0, 1, 0)) == 3
    assert combat.attack_value((2, 1, 1, 2), 5) == 2 + 2 + 3 + 5 + 2


def test_losses_go_horde_then_army_then_guard():
    assert combat.losses((3, 2, 1, 0), 1) == [1, 0, 0]
    assert combat.losses((3, 2, 1, 0), 4) == [3, 0, 0]  # 3 Hordes, then 1 point < an Army's 2
    assert combat.losses((3, 2, 1, 0), 5) == [3, 1, 0]
    assert combat.losses((1, 1, 1, 0), 5) == [1, 1, 0]  # 2 points left < the Guard's 3
    assert combat.losses((1, 1, 1, 0), 6) == [1, 1, 1]
    assert combat.losses((0, 0, 2, 0), 2) == [0, 0, 0]  # no Guard falls for 2 points
    assert combat.losses((0, 1, 1, 0), 6) == [0, 1, 1]  # never more than the army has


def test_the_higher_defender_wins_and_the_attacker_is_destroyed():
    r = _battle({"horde": 2, "army": 1}, {"guard": 2, "bonus": 1}, [3, 2])
    assert r["winner"] == "defender" and r["sa"] == [7, 9]
    # the defender loses the attacker's 3 points: one Guard (3 is not more than 3)
    assert r["losses"] == {"attacker": _units(horde=2, army=1), "defender": _units(guard=1)}
    r = _battle({"horde": 2, "army": 1}, {"guard": 2, "bonus": 2}, [2, 2])
    assert r["winner"] == "defender" and r["losses"]["defender"] == _units()  # 2 points: no Guard falls


def test_a_tie_costs_each_side_the_other_sides_roll():
    r = _battle({"horde": 3, "army": 1}, {"horde": 2, "army": 2}, [2, 1])
    assert r["winner"] == "tie" and r["sa"] == [7, 7]
    # the attacker loses 1 point (the defender's roll), the defender 2 (the attacker's)
    assert r["losses"] == {"attacker": _units(horde=1), "defender": _units(horde=2)}


def test_bonuses_count_and_may_be_negative():
    r = _battle({"horde": 1, "bonus": 4}, {"horde": 1, "bonus": -1}, [1, 6])
    assert r["sa"] == [6, 6] and r["winner"] == "tie"


def test_bad_battles_name_the_field():
    cases = (
        ({"attacker": {"horde": 1}, "defender": {"horde": 1}}, "rolls"),
        ({"attacker": {"horde": 1}, "defender": {"horde": 1}, "rolls": [6]}, "rolls"),
        ({"attacker": {"horde": 1}, "defender": {"horde": 1}, "rolls": [6, 7]}, "rolls[1]"),
        ({"attacker": {"horde": 1}, "defender": {"horde": 1}, "rolls": [True, 2]}, "rolls[0]"),
        ({"attacker": {}, "defender": {"horde": 1}, "rolls": [1, 2]}, "attacker"),
        ({"attacker": {"horde": 1, "cavalry": 1}, "defender": {"horde": 1}, "rolls": [1, 2]}, "cavalry"),
        ({"attacker": {"horde": 37}, "defender": {"horde": 1}, "rolls": [1, 2]}, "attacker.horde"),
        ({"attacker": {"horde": 1}, "defender": {"army": -1}, "rolls": [1, 2]}, "defender.army"),
        ({"attacker": {"horde": 1}, "defender": {"guard": 1, "bonus": 2.5}, "rolls": [1, 2]}, "defender.bonus"),
        ({"attacker": [1], "defender": {"horde": 1}, "rolls": [1, 2]}, "attacker"),
    )
    for args, part in cases:
        e = raises("bad_args", ops.call, "khaan.combat", args)
        assert part in e.message, (part, e.message)
