"""The ranking of a finished game, the same for all four games' summaries.

rank(players, totals, winners): [{"player", "total", "place"}] best first. The winners
(the rules' own tie-breaks decided them) share place 1; the others follow by total, equal
totals sharing a place (standard competition ranking: 1, 2, 2, 4), in seat order.
"""


def rank(players: list, totals: list, winners: list) -> list:
    order = []
    for k in range(len(players)):
        won = players[k] in winners
        order.append((0 if won else 1, -totals[k], k))
    order.sort()
    out = []
    for j in range(len(order)):
        won, minus, k = order[j]
        if won == 0:
            place = 1
        else:
            place = 1 + sum(1 for w, m, _ in order if w == 0 or m < minus)
        out.append({"player": players[k], "total": totals[k], "place": place})
    return out
