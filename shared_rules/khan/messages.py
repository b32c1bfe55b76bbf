"""Every sentence of a Khan error, by message key (see shared_rules/messages.py)."""

from shared_rules.khan.tables import FIGURE_KEYS, RULERS

FILL = {"rulers": " ".join(RULERS), "figures": " ".join(FIGURE_KEYS)}
TEXT = b"""
khan.board_too_big the board is {0} x {1} cells; the box shows at most {2} x {3}
khan.bridge_no_river a bridge must cross the river
khan.bridge_one_bank a bridge needs a covered land cell with a yurt on each bank of the river
khan.bridge_straight_bend a straight bridge crosses one river cell: a bend of the river takes an L-shaped bridge
khan.card_no_cell no cell for this card: discard it with D
khan.cell_covered {0} is under a figure
khan.cell_has_ruler {0} holds a ruler
khan.cell_has_yurt {0} already holds a yurt
khan.court_empty ruler {0} is on the board but his court has no black yurt
khan.cover_ruler a figure cannot cover the ruler at {0}
khan.deck_empty no card is left in the draw pile or the discard pile
khan.deck_kept this game keeps the deck: do not name the card
khan.double_both the double action takes both actions of the turn
khan.expel_final the final phase has begun: no more action B this turn
khan.flip_home ruler {0} is home: flip the next card
khan.gods the Support of the Gods ({0}) protects the black yurt at {1}
khan.gods_consent conquering together with {0} needs {0}'s consent (Support of the Gods)
khan.gods_region with 4 players the Support of the Gods names a region
khan.gods_region_taken another player already protects the black yurts of that region
khan.gods_taken another player already protects the black yurts
khan.gods_twice with 2 players nobody uses the Support of the Gods two turns in a row
khan.invade_symbol invade by a card symbol; invading anywhere is the double action
khan.mode mode must be "virtual" or "table"
khan.morale_combo High Morale follows actions A A, A C, D or B B only: the rulebook's AAC, ACC, DC, BBC
khan.morale_conquest High Morale's third action is a conquest
khan.morale_no_conquest High Morale's third action is a conquest, and none is possible now
khan.must_conquer {0} can still conquer: a final-phase turn has two conquests
khan.no_cell {0} "{1}" is not a cell of this board (columns A-{2}, rows 1-{3})
khan.no_figure_left no {0} is left beside the board
khan.no_flip_card no card of a ruler in play is left to flip
khan.no_own_yurt {0} has no yurt under the figure
khan.no_shape no figure left beside the board has these {0} cells (a bridge crosses the river, a tile does not)
khan.no_skip an action is possible, so it may not be skipped
khan.no_special {0} has no {1} card left
khan.no_start the board has no start cell for ruler(s) {0}; add lines such as "ruler grey C4" after the grid
khan.no_symbol no card symbol lets a yurt go on {0}
khan.no_yurt {0} holds no yurt
khan.not_border {0} has no side on neighbouring territories
khan.not_in_hand card {0} is not in {1}'s hand
khan.not_now "{0}" is not possible now ({1})
khan.not_river_side {0} has no side touching the river
khan.outnumbered another player has more yurts under the figure than {0}
khan.patronage the Great Khan's Patronage protects the yurts of {0}
khan.patronage_consent conquering together with {0} needs {0}'s consent (Patronage)
khan.patronage_taken another player's yurt is on the Great Khan's Patronage
khan.patronage_twice with 2 players nobody uses the Patronage two turns in a row
khan.player_twice players lists {0} twice
khan.players players must be a list of 2 to 4 player ids
khan.recon_none no {0} is free to reserve
khan.region_taken the region of {0} already holds a yurt (setup: one yurt per region)
khan.reserved Land Reconnaissance of another player reserves {0}
khan.ruler_home ruler {0} is home, not on the board
khan.ruler_off_board ruler {0} is not on the board
khan.supply_empty the general supply has no black yurt for action B
khan.tile_on_river a tile cannot lie on the river at {0}
khan.two_conquests a final-phase turn has two conquests
khan.unknown_figure unknown figure "{0}"; figures are {figures}
khan.unknown_ruler {0}: unknown ruler "{1}"; rulers are {rulers}
khan.unknown_symbol unknown symbol "{0}"; symbols are M G T R S F (terrains), khan, river, border, a terrain with +border (e.g. M+border), any (action D) and setup
khan.wrong_shape the cells do not form the shape of {0} (any rotation or mirror image)
khan.wrong_terrain {0} is not {1}
khan.yurt_on_river {0} is river: yurts go on land
"""
