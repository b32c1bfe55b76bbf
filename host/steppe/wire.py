"""What steppe sends a device: Khan's pieces and states packed (shared_rules/khan/packed.py,
packed_state.py), and Rise of the Khaan's states (shared_rules/khaan/packed.py).

A Khan op's pieces go to the device packed, and khan.play's state whole - a few hundred
bytes of base64 instead of a ~2.5 KB object of ~300 values (a state: ~3.4 KB, ~500), which
cost a Pico ~250 ms of a request to read, check and write back (issue 13) - and the
device answers in the form it was asked in: the pieces in its reply are unpacked here, so whoever called the transport
sees exactly the objects the host's own ops give (steppe verify compares the two).
Pieces that do not load as given (a case that is meant to be refused) go as they are,
for the device to refuse them in its own words.
"""

from shared_rules.errors import RulesError
from shared_rules.khan import board as board_mod
from shared_rules.khaan import packed as khaan_packed
from shared_rules.khaan import state as khaan_state
from shared_rules.khan import load, packed, packed_state, state

PIECES_OPS = ("khan.flee", "khan.invasions", "khan.conquer", "khan.conquests")


def _packed_pieces(board_ref, pieces, players=None):
    """pieces packed, or None when they do not load on that board (the device says why)."""
    if not isinstance(pieces, dict) or packed.is_packed(pieces):
        return None
    try:
        board = board_mod.load(board_ref)
        return packed.pack(load.pieces(board, pieces, list(players) if players else None))
    except (RulesError, TypeError, ValueError, KeyError):
        return None


def pack_args(op: str, args):
    """The args of a request as sent to a device: a copy with the pieces packed where that
    applies, else args itself."""
    if not isinstance(args, dict):
        return args
    if op in PIECES_OPS:
        done = _packed_pieces(args.get("board", "default"), args.get("pieces"))
        if done is not None:
            return dict(args, pieces=done)
    elif op == "khan.play":
        st = args.get("state")
        whole = _packed_state(st)
        if whole is not None:
            return dict(args, state=whole)
        if isinstance(st, dict) and isinstance(st.get("players"), list):  # (then its pieces alone)
            done = _packed_pieces(st.get("board"), st.get("pieces"), st["players"])
            if done is not None:
                return dict(args, state=dict(st, pieces=done))
    elif op == "khaan.play":
        st = args.get("state")
        if isinstance(st, dict) and not khaan_packed.is_packed(st):
            try:  # (a Rise of the Khaan state: ~60 strings as JSON, a list of integers packed)
                return dict(args, state=khaan_packed.pack(khaan_state.game(st)))
            except (RulesError, TypeError, ValueError, KeyError):
                pass
    return args


def _packed_state(st):
    """A Khan state packed whole, or None when it does not load (the device says why) or
    holds what the packed form cannot."""
    if not isinstance(st, dict) or packed.is_packed(st) or packed.is_packed(st.get("pieces")):
        return None
    try:
        return packed_state.pack(load.game(st))
    except (RulesError, TypeError, ValueError, KeyError):
        return None


def _unpacked(board_ref, pieces):
    board = board_mod.load(board_ref)
    return state.pieces_json(packed.unpack(board, pieces))


def unpack_reply(op: str, sent, reply: dict) -> dict:
    """A device's reply to a request sent as pack_args made it, with its pieces as objects."""
    result = reply.get("result")
    if not reply.get("ok") or not isinstance(result, dict) or not isinstance(sent, dict):
        return reply
    if op in PIECES_OPS and packed.is_packed(result.get("pieces")):
        result["pieces"] = _unpacked(sent.get("board", "default"), result["pieces"])
    elif op == "khaan.play" and khaan_packed.is_packed(result.get("state")):
        result["state"] = khaan_state.game_json(khaan_packed.unpack(result["state"]))
    elif op == "khan.play" and isinstance(result.get("state"), dict):
        st = result["state"]
        if packed.is_packed(st):
            result["state"] = state.game_json(packed_state.unpack(st))
        elif packed.is_packed(st.get("pieces")):
            st["pieces"] = _unpacked(st.get("board"), st["pieces"])
    return reply
