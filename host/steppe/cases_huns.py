"""Seeded random cases of the huns ops (see cases.py): op name -> function(random.Random) -> args."""

GENERATORS = {}
