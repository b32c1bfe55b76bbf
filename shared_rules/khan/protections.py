"""The special cards in force (khan/conquer.py's Protections) from their JSON, checked.

Apart from khan/load.py, which reads whole games and pieces given as JSON: khan.conquer
and khan.conquests take protections beside packed pieces (what steppe sends), and need
none of load's ~6.8 KB (a Pico's ~40 ms to import on an op's first request).
"""

from shared_rules.errors import bad_args
from shared_rules.khan.conquer import Protections, figure_info
from shared_rules.khan.position import check_player_id
from shared_rules.khan.tables import TERRAINS


def protections(data):
    """Protections (khan/conquer.py) from their JSON, checked."""
    prot = Protections()
    if data is None:
        return prot
    if not isinstance(data, dict):
        raise bad_args("protections must be an object {\"patronage\", \"gods\", \"recon\"}")
    for key in sorted(data):
        if key not in ("patronage", "gods", "recon"):
            raise bad_args("protections has an unknown key \"" + str(key)[:20] + "\"")
    pat = data.get("patronage")
    if pat is not None:
        prot.patronage = check_player_id(pat, "protections.patronage")
    gods = data.get("gods", [])
    if not isinstance(gods, list):
        raise bad_args("protections.gods must be a list of {\"player\", \"region\"}")
    for g in gods:
        if not isinstance(g, dict):
            raise bad_args("protections.gods entries are {\"player\", \"region\"}")
        region = g.get("region")
        if region is not None and (not isinstance(region, str) or len(region) != 1 or region not in TERRAINS):
            raise bad_args("protections.gods region must be one of M G T R S F, or null for every region")
        prot.gods.append((check_player_id(g.get("player"), "protections.gods"),
                          TERRAINS.index(region) + 1 if region else 0))
    recon = data.get("recon", [])
    if not isinstance(recon, list):
        raise bad_args("protections.recon must be a list of {\"player\", \"figure\", \"all\"}")
    for rc in recon:
        if not isinstance(rc, dict):
            raise bad_args("protections.recon entries are {\"player\", \"figure\", \"all\"}")
        whole = rc.get("all", True)
        if whole is not True and whole is not False:
            raise bad_args("protections.recon \"all\" must be true or false")
        prot.recon.append((check_player_id(rc.get("player"), "protections.recon"),
                           figure_info(rc.get("figure"))[0], whole))
    return prot
