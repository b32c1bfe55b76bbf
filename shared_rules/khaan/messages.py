"""Every sentence of a Rise of the Khaan error, by message key (see shared_rules/messages.py)."""

TEXT = b"""
khaan.alliance_event an alliance is concluded by asking for it ("ask": "alliance"), which adds its +1
khaan.alliance_without alliance must list {0} itself among its members (in seat order)
khaan.ask_held ask "{0}": it is held already
khaan.ask_low ask "{0}" needs relations of {1} or more (they are {2})
khaan.ask_no_gain ask "{0}": it may be asked only just after a relation point is gained (give that event in "events")
khaan.by_turn this game counts the kurultai in players' turns: end each turn with next_turn
khaan.choice {0} must be one of {1}
khaan.dice_count roll 0 to {0} d6 and 0 to {0} d4
khaan.elected the Great Khan is elected: the game is over
khaan.entry {0} must be {1}
khaan.every the kurultai comes every 1 to {0} turns (or rounds)
khaan.face {0} must be a face of the {1}: {2}
khaan.held_low {0} is true, but it lasts only while relations are {1} or more (they are {2})
khaan.herd_alone {0}: a herd cannot stand on a pasture without population
khaan.integer {0} must be an integer {1}..{2}
khaan.kurultai_due a kurultai is held at the end of this {0}: tally its votes
khaan.list {0} must be a list of {1} to {2} items
khaan.list_n {0} must be a list of {1} items
khaan.missing missing argument "{0}"
khaan.name {0}: a tribe or player is named by a string of 1 to {1} characters
khaan.no_dice a roll needs at least one die
khaan.no_player player {0} is not at the table
khaan.no_units {0} has no units: each side of a battle needs at least one
khaan.object {0} must be a JSON object with keys {1}
khaan.order_ties the turn-order roll tied {0} times in a row; roll again with another seed
khaan.over_fertility {0}: herd {1} is more than the fertility {2}
khaan.over_herd {0}: population {1} is more than the herd {2}
khaan.own_candidate {0} votes: it cannot be one of its own candidates
khaan.own_overlord {0} cannot be its own overlord
khaan.pasture {0} must be [fertility, herd, population]
khaan.plan_entry {0} must be [herd, population] added to that pasture
khaan.plan_herd the plan places {0} herd, but only {1} grew
khaan.plan_population the plan places {0} population, but only {1} grew
khaan.plunder_own a player does not plunder his own pasture
khaan.plunder_pasture population {0} cannot stand on a pasture of fertility {1}
khaan.plunder_population population: only another player's pasture has population to flee
khaan.population_full rolls[1]: every pasture is fully populated, so the population d4 is not rolled (give null)
khaan.population_roll rolls[1] must be the population die ({0}): a pasture still has room
khaan.prestige a prestige ledger stays within -{0}..{0}
khaan.reserved_name {0}: "{1}" is the name of an independent tribe
khaan.room_left {0} population would become Horde, but pastures[{1}] still has room (herd {2}, population {3})
khaan.round the round stays within 1..{0}
khaan.tiles fertility must list {0} pastures, each 0..{1}
khaan.trade_at_war no trade at war (relations {0})
khaan.twice {0} lists {1} twice
khaan.unknown_key {0} has an unknown key "{1}"; keys are {2}
khaan.unknown_tribe {0}: "{1}" is not one of the tribes at the kurultai
khaan.voters votes must hold the vote of each of the 1 to {0} tribes at the kurultai
khaan.votes the 12 tribes cast {0} votes at most
khaan.votes_count votes: one count for each of the {0} players
khaan.weapons at most one weapon token per Horde unit taking part in the battle
"""
