"""Seeded random cases of the khaan ops (see cases.py): op name -> function(random.Random) -> args."""

GENERATORS = {}
