"""Seeded random cases of the chuhan ops (see cases.py): op name -> function(random.Random) -> args."""

GENERATORS = {}
