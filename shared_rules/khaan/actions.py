"""JSON actions for the Rise of the Khaan game: what `khaan.play`, the device's UI and link send.

  {"do": "roll", "d6", "d4"}                          the dice tool: 0-4 of each, at least one die
  {"do": "order"}                                     the turn-order roll (ties re-rolled)
  {"do": "battle", "attacker", "defender", "rolls"}   sides as khaan.combat; rolls: [d6 or null,
                                                      d6 or null], null for the box to roll
  {"do": "plunder", "target", "fertility", "population", "by", "owner"}
                                                      target: player, settled or tribe; "by"
                                                      and "owner" (players, optional) get the
                                                      prestige it earns and costs
  {"do": "prestige", "player", "action" | "points"}   a prestige action of the table, or +-points
  {"do": "next_turn"}                                 a player's turn ends without a kurultai
  {"do": "next_round"}                                the round ends without a kurultai (a game
                                                      whose kurultai interval counts rounds)
  {"do": "round", "round"}  {"do": "every", "every"}  corrections: the round, the kurultai interval
  {"do": "kurultai", "votes": {player: n}, "ends_round"}
                                                      the tally: two thirds elect the Great Khan;
                                                      ends_round: the one due, ending the turn
                                                      (round) the interval counts
Every event also says the round and whose turn it is ("turn": a player).
"""

from shared_rules import args as A
from shared_rules.errors import bad_args
from shared_rules.khaan import state
from shared_rules.khaan.game import KhaanGame, action_index
from shared_rules.khaan.plunder import TARGETS
from shared_rules.khaan.tables import ACTIONS, COMBAT_DIE, MAX_FERTILITY, MAX_PRESTIGE, TRIBES

DOS = ("roll", "order", "battle", "plunder", "prestige", "next_turn", "next_round", "round", "every", "kurultai")
ACTION_KEYS = tuple(a[0] for a in ACTIONS)


def _player(game: KhaanGame, action: dict, key: str) -> int:
    v = action.get(key)
    if v not in game.players:
        raise bad_args("\"" + key + "\" must be one of " + ", ".join(game.players))
    return game.players.index(v)


def _whole(action: dict, key: str) -> int:
    v = A.get(action, key)
    if type(v) is not int:
        raise bad_args(A.repr_key(key) + " must be an integer")
    return v


def apply(game: KhaanGame, action) -> dict:
    """Apply one JSON action; returns what it did as JSON (its "do" and the results)."""
    if not isinstance(action, dict):
        raise bad_args("an action must be a JSON object with \"do\"")
    do = A.choice(action, "do", DOS)
    out: dict = {"do": do}
    if do == "roll":
        out["rolls"] = list(game.roll(A.integer(action, "d6", 0, 8, 0), A.integer(action, "d4", 0, 8, 0)))
    elif do == "order":
        places, rounds = game.roll_order()
        out["order"] = [game.players[k] for k in places]
        out["rounds"] = [list(r) for r in rounds]
    elif do == "battle":
        attacker = state.side(action, "attacker")
        defender = state.side(action, "defender")
        given = state.items(A.get(action, "rolls", [None, None], False), 2, "rolls", 2)
        want = [0, 0]
        for k in (0, 1):
            if given[k] is not None:
                want[k] = state.face(given[k], COMBAT_DIE, "rolls", k)
        rolls, (winner, sa, lost_a, lost_d) = game.fight(attacker, defender, want)
        out["rolls"] = list(rolls)
        out["winner"] = winner
        out["sa"] = sa
        out["losses"] = {"attacker": state.units_json(lost_a), "defender": state.units_json(lost_d)}
    elif do == "plunder":
        target = TARGETS.index(A.choice(action, "target", TARGETS))
        by = _player(game, action, "by") if "by" in action else -1
        owner = _player(game, action, "owner") if "owner" in action else -1
        got = game.plunder(target, A.integer(action, "fertility", 0, MAX_FERTILITY, 0),
                           A.integer(action, "population", 0, MAX_FERTILITY, 0), by, owner)
        for key in got:
            out[key] = got[key]
        out["prestige"] = {game.players[k]: game.prestige[k] for k in (by, owner) if k >= 0}
    elif do == "prestige":
        p = _player(game, action, "player")
        if "action" in action:
            out["change"] = game.record(p, action_index(A.choice(action, "action", ACTION_KEYS)))
        else:
            out["change"] = game.adjust(p, A.integer(action, "points", -MAX_PRESTIGE, MAX_PRESTIGE))
        out["player"] = game.players[p]
        out["prestige"] = game.prestige[p]
    elif do == "next_turn":
        game.next_turn()
    elif do == "next_round":
        game.next_round()
    elif do == "round":
        game.set_round(_whole(action, "round"))  # the range is the game's to refuse
    elif do == "every":
        game.set_every(_whole(action, "every"))
    else:
        tally = A.obj(action, "votes")
        for key in tally:
            if key not in game.players:
                raise bad_args("votes names \"" + str(key)[:20] + "\", who is not a player")
        votes = [A.integer(tally, p, 0, TRIBES, 0) for p in game.players]
        khan = game.kurultai(votes, A.flag(action, "ends_round"))
        out["khan"] = game.players[khan] if khan >= 0 else None
    out["round"] = game.round
    out["turn"] = game.players[game.turn]
    return out


def draws(action: dict, event: dict):
    """The random draws an action made (for the journal), or None: the dice the box rolled."""
    do = event.get("do")
    if do == "roll" or do == "plunder":
        return {"rolls": event["rolls"]}
    if do == "order":
        return {"rounds": event["rounds"]}
    if do == "battle":
        given = action.get("rolls") or [None, None]
        if given[0] is None or given[1] is None:
            return {"rolls": event["rolls"]}
    return None
