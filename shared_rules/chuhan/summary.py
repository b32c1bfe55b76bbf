"""The end of a Chu and Han game summed up (the box's summary screen, its archive, steppe
history).

{"winner": "han" | "chu" | null, "ranking": [{"player", "total": VP, "place"}],
"breakdown": {side: {"vp", the VP by source where there are any: "twos" (sets of 2s), "out"
(going out), "han_xin", "xiao_ying" (the opponent's gifts), "bonus" (Hangu Pass), "start"
(Chu's 1), "earlier" (a game saved before sources were kept)}}, "rounds": rounds
played, "how": "31" (the winner reached 31 VP at once) or "round_end" (an event kept the win
check for the end of the round), "start": who began ("han": Han attacks first)}."""

from shared_rules.chuhan.game import OVER, ChuHanGame
from shared_rules.chuhan.tables import HAN, PLAYERS, SOURCES, START_VP, WIN_VP
from shared_rules.chuhan.tables import late_win
from shared_rules.ranking import rank


def summary(game: ChuHanGame, settings=None) -> dict:
    winner = PLAYERS[game.winner] if game.phase == OVER and game.winner >= 0 else None
    out = {
        "winner": winner,
        "ranking": rank(list(PLAYERS), list(game.vp), [winner] if winner else []),
        "breakdown": {PLAYERS[k]: _sources(game, k) for k in range(len(PLAYERS))},
        "rounds": game.round,
        "start": PLAYERS[HAN],
    }
    if winner is not None:
        out["how"] = "round_end" if late_win(game.event) or game.vp[game.winner] < WIN_VP else "31"
    return out


def _sources(game: ChuHanGame, p: int) -> dict:
    out = {"vp": game.vp[p]}
    earned = game.earned[p]
    for k in range(len(SOURCES)):
        if earned[k]:
            out[SOURCES[k]] = earned[k]
    if START_VP[p]:
        out["start"] = START_VP[p]
    rest = game.vp[p] - START_VP[p] - sum(earned)
    if rest > 0:
        out["earlier"] = rest
    return out
