"""The end of a Khan game summed up (the box's summary screen, its archive, steppe history).

{"winners": [colours], "ranking": [{"player", "total", "place"}], "breakdown": {player:
{"figures": figure VP, "territory": the territory bonus}}, "tiebreak": true when players
tied on the top total and their territories decided, "start": who began (the first
seat)}. Before the end it sums up the board as it stands."""

from shared_rules.khan.game import KhanGame
from shared_rules.ranking import rank


def summary(game: KhanGame, settings=None) -> dict:
    s = game.scores()
    players = game.players
    totals = [s["total"][p] for p in players]
    top = max(totals) if totals else 0
    return {
        "winners": list(s["winners"]),
        "ranking": rank(players, totals, s["winners"]),
        "breakdown": {p: {"figures": s["vp"][p], "territory": s["bonus"][p]} for p in players},
        "tiebreak": totals.count(top) > 1,
        "start": players[0],
    }
