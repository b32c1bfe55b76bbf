"""Every sentence of a Huns error, by message key (see shared_rules/messages.py)."""

TEXT = b"""
huns.action a turn takes "cards" or "loot"
huns.camp_full {0} counts at most {1}: the box holds no more
huns.camps_count the final scoring needs {0} camps, one per player
huns.deck_empty the {0} deck is empty: take loot instead
huns.die_taken the {0} die is already taken this round
huns.faces the {0} die must have 1 to {1} faces, one digit 1 to {2} each (e.g. "112233")
huns.no_seat seat {0} is not at the table (seats are 0 to {1})
huns.not_a_face {0} is not a face of the {1} die (its faces are {2})
huns.not_now "{0}" is not possible now (phase {1})
huns.placed_more {0} cubes cannot be placed: only {1} {2} cube(s) were taken
huns.placed_with_cards "placed" counts loot cubes: cards are kept one at a time
huns.players players must be an integer {0} to {1}
huns.recount_over {0}.{1} cannot exceed {2}
huns.start_loot_count seat {0} takes {1} loot cube(s) at setup
huns.start_loot_twice setup loot cubes must be of different colours: {0} is named twice
huns.supply_empty the supply has no {0} loot cube left
"""
