"""The end of a Rise of the Khaan game summed up (the box's summary screen, its archive,
steppe history).

{"winner": the Great Khan (null before), "ranking": [{"player", "total": prestige tokens
the box kept, "place"}], "breakdown": {player: {"prestige", "khan": 1 for the Great Khan}},
"rounds": the round of the electing kurultai, "start": who began (the turn-order roll's first
when it was rolled before any turn ended, else the first seat)}. The box keeps the prestige the table gave it
(its ledger); the kurultai's result decides the winner."""

from shared_rules.khaan.game import KhaanGame
from shared_rules.ranking import rank


def summary(game: KhaanGame, settings=None) -> dict:
    players = game.players
    winner = players[game.khan] if game.khan >= 0 else None
    totals = [p if p > 0 else 0 for p in game.prestige]
    return {
        "winner": winner,
        "ranking": rank(list(players), totals, [winner] if winner else []),
        "breakdown": {players[k]: {"prestige": totals[k], "khan": 1 if k == game.khan else 0}
                      for k in range(len(players))},
        "rounds": game.round,
        "start": players[game.first],
    }
