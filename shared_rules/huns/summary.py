"""The end of a Huns game summed up (the box's summary screen, its archive, steppe history).

{"winners": [colours], "ranking": [{"player", "total": VP, "place"}], "breakdown": {player:
{"raids", "mercenaries", "treasures", "curses", "wagons", "stash"}}, "wagon_choice":
{player: "types" | "one_type"}, "start": who held the first-player token the box drew}: the
rules' scoring categories, the stash breaking ties.
Before the final scoring: the ranking without totals (all 0) and no winner."""

from shared_rules.huns.game import HunsGame
from shared_rules.ranking import rank

PARTS = ("raids", "mercenaries", "treasures", "curses", "wagons")


def summary(game: HunsGame, settings=None) -> dict:
    players = list((settings or {}).get("players") or [])
    while len(players) < game.players:
        players.append("seat" + str(len(players) + 1))
    result = game.result()
    if result is None:
        return {"winners": [], "ranking": rank(players, [0] * game.players, [])}
    winners = [players[k] for k in result["winners"]]
    breakdown = {}
    choice = {}
    for k in range(game.players):
        parts = result["breakdown"][k]
        row = {key: parts[key] for key in PARTS}
        row["stash"] = result["stash"][k]
        breakdown[players[k]] = row
        choice[players[k]] = parts["wagon_choice"]
    start = players[(game.first - (game.round - 1)) % game.players]  # (the token passes a seat a round)
    return {"winners": winners, "ranking": rank(players, result["vp"], winners), "breakdown": breakdown,
            "wagon_choice": choice, "start": start}
