"""JSON actions for the Chu and Han engine: what `chuhan.play`, the device's link and UI send.

  {"do": "edict", "player"}                                take an edict (+2 cards)
  {"do": "set", "player", "cards", "zhongli_mo", "peng_yue", "last"}
                                                           a set of cards; "last": the set
                                                           it answers, checked when given
  {"do": "ability", "player", "card"}                      ji_bu yu_ji ying_bu han_xin
                                                           xiao_ying xiang_yu
  {"do": "counter", "player", "card"}                      lu_zhi, then xiao_he
  {"do": "resolve"}                                        nobody counters: it takes effect
  {"do": "out", "player", "cards"}                         player went out; cards: the
                                                           opponent's hand
  {"do": "bonus", "player"}                                the event's end-of-round VP
  {"do": "next_round", "event"}                            table mode names the event flipped
"""

from shared_rules import args as A
from shared_rules.chuhan import sets
from shared_rules.chuhan.game import ChuHanGame, most_cards
from shared_rules.chuhan.sets import set_from, set_value
from shared_rules.chuhan.tables import ABILITIES, COUNTERS, EVENT_KEYS, PLAYERS
from shared_rules.errors import bad_args

DOS = ("edict", "set", "ability", "counter", "resolve", "out", "bonus", "next_round")


def _player(action: dict) -> int:
    v = action.get("player")
    if v == "han":
        return 0
    if v == "chu":
        return 1
    raise bad_args("\"player\" must be one of han, chu")


def _gain_json(g) -> dict:
    return {"player": PLAYERS[g[0]], "vp": g[1], "source": g[2], "doubled": g[3]}


def apply(game: ChuHanGame, action) -> dict:
    """Apply one JSON action; returns what it did: VP gained, the ability resolved,
    the winner, and per action the set's rank or the new round."""
    if not isinstance(action, dict):
        raise bad_args("an action must be a JSON object with \"do\"")
    do = A.choice(action, "do", DOS)
    game.gains = []
    out: dict = {"do": do}
    done = ()
    if do == "edict":
        done = game.take_edict(_player(action))
    elif do == "set":
        p = _player(action)
        cards, zm, py = set_from(action, "")
        last = action.get("last")
        if last is not None:
            last = set_value(last, "last")
            reason = sets.why_not(last[0], last[1], last[2])
            if reason:
                raise bad_args("\"last\" is no set: " + sets.reason_text(reason))
        done, out["rank"], out["scores"] = game.play_set(p, cards, zm, py, last)
        out["size"] = len(cards)
    elif do == "ability":
        p = _player(action)
        done = game.use_ability(p, A.choice(action, "card", ABILITIES))
    elif do == "counter":
        p = _player(action)
        game.counter(p, A.choice(action, "card", COUNTERS))
    elif do == "resolve":
        done = game.accept()
    elif do == "out":
        p = _player(action)
        done = game.go_out(p, A.integer(action, "cards", 0, most_cards(6)))
    elif do == "bonus":
        game.take_bonus(_player(action))
    else:
        event = action.get("event")
        if event is not None:
            event = A.choice(action, "event", EVENT_KEYS)
        game.next_round(event or "")
        out["round"] = game.round
        out["attacker"] = PLAYERS[game.attacker]
        out["event"] = game.event or None
    out["gains"] = [_gain_json(g) for g in game.gains]
    out["resolved"] = {"player": PLAYERS[done[0]], "ability": done[1], "cancelled": done[2],
                       "counters": done[3]} if done else None
    out["waiting"] = game.pending[1] if game.pending is not None else None
    out["winner"] = PLAYERS[game.winner] if game.winner >= 0 else None
    return out


def draws(action: dict, event: dict):
    """The random draws an action made (for the journal), or None: the event flipped from
    the box's shuffled event deck."""
    if action.get("do") == "next_round" and event.get("event") is not None and "event" not in action \
            and event.get("winner") is None:
        return {"event": event["event"]}
    return None
