"""Seeded random games played to the end, checking the rules' invariants after every move."""

from shared_rules import cjson
from shared_rules.khan import actions, randplay, state
from shared_rules.khan.game import FINAL, OVER, TURN, VIRTUAL, new_game
from shared_rules.khan.tables import (CARD_COUNT, COURT_YURTS, FINAL_PHASE_HOME, HAND_SIZE, RIVER, RULERS,
                                      SUPPLY_YURTS)

BLACK_YURTS = 60  # the rulebook's component list: 40 on the courts, 20 in the supply

SEEDS = ((1, 2), (2, 3), (3, 4))  # (seed, players): a few games on both interpreters


def test_black_yurt_count_matches_the_rulebook():
    assert COURT_YURTS * len(RULERS) + SUPPLY_YURTS == BLACK_YURTS


def check_invariants(game, move) -> None:
    pos = game.pos
    board = pos.board
    rulers = [c for c in pos.ruler_cell if c >= 0]
    assert len(set(rulers)) == len(rulers), "two rulers on one cell"
    for c in rulers:
        assert board.terrain[c] != RIVER, "a ruler on the river"
        assert not pos.yurt[c] and not pos.fig_at[c], "a ruler shares his cell"
    covered = []
    for cells in pos.fig_cells:
        covered.extend(cells)
    assert len(set(covered)) == len(covered), "two figures on one cell"
    for i in range(board.size):
        if pos.yurt[i]:
            assert board.is_land(i), "a yurt off the land"
    assert pos.black_yurts() == BLACK_YURTS, "black yurts are conserved"
    home = pos.home_count()
    started = game.phase == FINAL or game.phase == OVER or game.final_next
    assert started == (home >= FINAL_PHASE_HOME), "the final phase begins with the 5th ruler home"
    if home >= FINAL_PHASE_HOME:
        assert home == len(RULERS) and not rulers, "then every ruler goes home"
    if game.mode == VIRTUAL:
        cards = game.deck.draw + game.deck.discard
        for hand in game.hands:
            assert len(hand) <= HAND_SIZE
            cards = cards + hand
        assert sorted(cards) == list(range(CARD_COUNT)), "the deck keeps its 72 cards"


def test_random_games_keep_the_invariants_and_end():
    for seed, players in SEEDS:
        g, moves, final_turn = randplay.playout(seed, players, None, check_invariants)
        assert g.phase == OVER and 0 < final_turn <= g.turn
        assert moves < randplay.MAX_MOVES
        s = g.scores()
        assert s["winners"] and all(s["total"][w] == max(s["total"][p] for p in g.players) for w in s["winners"])


def test_a_random_game_replays_through_json_actions():
    trace = []
    g, moves, _ = randplay.playout(4, 3, trace)
    assert len(trace) == moves
    again = new_game("default", list(randplay.PLAYERS[:3]), VIRTUAL, 4, randplay.GAME_STREAM)
    for move in trace:
        actions.apply(again, actions.move_json(again.board, move))
    assert cjson.dumps(state.game_json(again)) == cjson.dumps(state.game_json(g))


def test_the_streamed_state_is_the_canonical_json():
    from shared_rules import cjson

    seen = [0]

    def compare(game, move):
        seen[0] += 1
        if seen[0] % 7 == 0 or game.phase == "over":
            parts = []
            state.write_game(game, parts)
            assert "".join(parts) == cjson.dumps(state.game_json(game))
            pparts = []
            state.write_pieces(game.pos, pparts)
            assert "".join(pparts) == cjson.dumps(state.pieces_json(game.pos))

    randplay.playout(6, 4, None, compare)
    assert seen[0] > 100


def test_action_b_is_never_refused_for_an_empty_supply_while_yurts_lie_under_figures():
    """The supply runs dry in many 4-player games: then action B takes the black yurts
    from under the figures (rulebook: «берите их из-под плиток»), and the count stays 60."""
    dry = [0, 0]  # states with the supply empty: with action B possible, and in all

    def look(game, move) -> None:
        check_invariants(game, move)
        pos = game.pos
        if game.phase == TURN and pos.supply == 0 and pos.black_under_figure() >= 0 and not game.expel_blocked:
            dry[1] += 1
            if any(pos.in_play(r) for r in range(len(RULERS))):
                assert game.can_expel(), "action B refused with black yurts under figures"
                dry[0] += 1

    for seed in (3, 8, 21):
        g, _, _ = randplay.playout(seed, 4, None, look)
        assert g.phase == OVER
    assert dry[0] > 0, "no game ran its supply dry: the case is not exercised"
