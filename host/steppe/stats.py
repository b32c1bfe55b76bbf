"""steppe history stats: the history's statistics as tables, PNG plots and an HTML report.

Per title: wins by seat and by colour, the distribution of game lengths (actions) and of
the winners' and the others' scores; per game (`--plot ID`): each player's score action by
action, replayed from its journal (history.score_series). Plots are drawn with matplotlib
(the Agg backend, so no display is needed; `--show` opens a window where there is one).
"""

import html
import os
import sys

from steppe import files
from steppe.errors import EXIT_OK, EXIT_USAGE, StepError
from steppe.history import TITLES, Game, find, games, names, progress_bar, score_series, winners


def tables(rows: "list[Game]") -> dict:
    """title -> {"plays", "by_seat": {seat: [plays, wins]}, "by_colour": {colour: [plays,
    wins]}, "lengths": [actions], "winning": [scores], "other": [scores]}."""
    out: dict = {}
    for g in rows:
        t = out.setdefault(g.game, {"plays": 0, "by_seat": {}, "by_colour": {}, "lengths": [], "winning": [],
                                    "other": []})
        t["plays"] += 1
        t["lengths"].append(g.actions)
        won = winners(g)
        totals = {r["player"]: r["total"] for r in g.summary.get("ranking") or []}
        for seat, colour in enumerate(g.colours()):
            for key, k in (("by_seat", seat + 1), ("by_colour", colour)):
                row = t[key].setdefault(k, [0, 0])
                row[0] += 1
                row[1] += colour in won
            if colour in totals:
                t["winning" if colour in won else "other"].append(totals[colour])
    return out


def _pyplot(show: bool):
    try:
        import matplotlib

        if not show:
            matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise StepError("the plots need matplotlib: pip install matplotlib", EXIT_USAGE)
    return plt


def plot_game(g: Game, named: dict, path: str, show: bool = False) -> dict:
    """One game's scores action by action as a PNG: the series drawn."""
    plt = _pyplot(show)
    series = score_series(g)
    fig, ax = plt.subplots(figsize=(7, 3.5))
    for colour, values in series.items():
        ax.plot(range(1, len(values) + 1), values, label=named.get(colour, colour),
                color=colour if colour in ("red", "yellow", "blue", "green", "purple") else None)
    ax.set_xlabel("action")
    ax.set_ylabel("score")
    ax.set_title("%s %s: scores action by action" % (TITLES[g.game], g.id))
    ax.legend(loc="upper left", fontsize="small")
    fig.tight_layout()
    _save(plt, fig, path, 90, show)
    return series


def _save(plt, fig, path: str, dpi: int, show: bool) -> None:
    """The figure as a PNG written whole to path (files.write: a regular file, a new one,
    or - for stdout; nothing for ""), then shown if asked."""
    try:
        if path:
            import io

            buf = io.BytesIO()
            fig.savefig(buf, format="png", dpi=dpi)
            files.write(path, buf.getvalue())
        if show:
            plt.show()
    finally:
        plt.close(fig)


def plot_title(name: str, t: dict, path: str, show: bool = False) -> None:
    """A title's wins by seat and colour, its lengths and its scores, four panels."""
    plt = _pyplot(show)
    fig, axes = plt.subplots(2, 2, figsize=(9, 6))
    seats = sorted(t["by_seat"])
    axes[0][0].bar([str(s) for s in seats], [t["by_seat"][s][1] for s in seats])
    axes[0][0].set_title("wins by seat")
    colours = sorted(t["by_colour"])
    axes[0][1].bar(colours, [t["by_colour"][c][1] for c in colours], color=[
        c if c in ("red", "yellow", "blue", "green", "purple") else "grey" for c in colours])
    axes[0][1].set_title("wins by colour")
    axes[1][0].hist(t["lengths"], bins=min(10, max(1, len(t["lengths"]))))
    axes[1][0].set_title("game length (actions)")
    axes[1][1].hist([t["winning"], t["other"]], label=["winners", "others"], bins=10)
    axes[1][1].set_title("scores")
    axes[1][1].legend(fontsize="small")
    fig.suptitle("%s: %d plays" % (TITLES[name], t["plays"]))
    fig.tight_layout()
    _save(plt, fig, path, 80, show)


def _table_lines(name: str, t: dict) -> list:
    out = ["%s: %d plays, %d-%d actions" % (TITLES[name], t["plays"], min(t["lengths"]), max(t["lengths"]))]
    for key, label in (("by_seat", "seat"), ("by_colour", "colour")):
        out.append("  wins by %s: " % label + ", ".join(
            "%s %d/%d" % (k, t[key][k][1], t[key][k][0]) for k in sorted(t[key], key=str)))
    if t["winning"]:
        out.append("  winning scores: %d-%d, mean %.1f" % (min(t["winning"]), max(t["winning"]),
                                                            sum(t["winning"]) / len(t["winning"])))
    return out


def run(db, args) -> int:
    if args.plot:
        g = find(db, args.plot)
        path = args.out or g.id + ".png"
        if path != "-":
            files.target(path)  # a FIFO, a device or a folder refused before anything is drawn
        g.replayed()
        plot_game(g, names(db, g), path, args.show)
        sys.stderr.write("scores of game %s plotted in %s\n" % (g.id, "stdout" if path == "-" else path))
        return EXIT_OK
    rows = games(db)
    all_tables = tables(rows)
    for name in all_tables:
        for line in _table_lines(name, all_tables[name]):
            print(line)
    if not rows:
        sys.stderr.write("the history is empty (steppe history pull copies the box's finished games)\n")
    if args.html:
        report(db, rows, all_tables, args.html)
        sys.stderr.write("report written to %s\n" % os.path.join(args.html, "index.html"))
    elif args.show:
        for name, t in all_tables.items():
            plot_title(name, t, "", True)
    return EXIT_OK


def report(db, rows: "list[Game]", all_tables: dict, folder: str) -> None:
    """index.html with each title's tables and plots, and each game's score plot. Every
    game's journal is replayed before anything is written (a damaged one stops the report
    before it starts)."""
    for g in rows:
        g.replayed()
    files.folder(folder)
    files.target(os.path.join(folder, "index.html"))
    parts = ["<!doctype html><meta charset='utf-8'><title>Steppe Companion: history</title>",
             "<h1>Steppe Companion: %d games</h1>" % len(rows)]
    total = len(all_tables) + len(rows)
    done = 0
    bar = progress_bar("report")
    for name, t in all_tables.items():
        png = name + ".png"
        plot_title(name, t, os.path.join(folder, png))
        parts.append("<h2>%s</h2><pre>%s</pre><img src='%s' alt='%s'>" % (
            html.escape(TITLES[name]), html.escape("\n".join(_table_lines(name, t))), png, html.escape(TITLES[name])))
        done += 1
        if bar is not None:
            bar(done, total)
    parts.append("<h2>Games</h2>")
    for g in rows:
        png = "game-" + g.id + ".png"
        named = names(db, g)
        plot_game(g, named, os.path.join(folder, png))
        parts.append("<h3>%s %s</h3><p>winner: %s</p><img src='%s' alt='scores of %s'>" % (
            html.escape(TITLES[g.game]), g.id, html.escape(", ".join(named.get(w, w) for w in winners(g)) or "-"),
            png, g.id))
        done += 1
        if bar is not None:
            bar(done, total)
    files.write_atomic(os.path.join(folder, "index.html"), "\n".join(parts) + "\n", "utf-8")
