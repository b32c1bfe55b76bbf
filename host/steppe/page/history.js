// steppe web, the history: the games steppe history keeps (pulled from the box with a
// button, its progress shown), each one's story, summary, score plot and players' names,
// and the BG Stats and CSV exports as downloads.
"use strict";

(() => {
  const { say, api, listen, el, swatch, playerColour, state } = Steppe;
  const hist = { games: [], chosen: null, detail: null };
  state.history = hist;

  async function list() {
    try {
      const got = await api("/api/history");
      hist.games = got.games;
      drawList();
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  function drawList() {
    const table = document.getElementById("list");
    table.replaceChildren(el("tr", {}, ...["id", "date (UTC)", "game", "players", "winner", "scores", "length"].map((t) => el("th", { text: t }))));
    if (!hist.games.length) {
      table.append(el("tr", {}, el("td", { class: "dim", colspan: "7", text: "no games yet: pull the box's finished games" })));
    }
    for (const g of hist.games) {
      const players = el("td");
      for (const p of g.players) players.append(swatch(playerColour(p.colour)), p.name + " ");
      const row = el("tr", { class: "row" + (g.id === hist.chosen ? " chosen" : ""), "data-id": g.id },
        el("td", { text: g.id }), el("td", { text: g.date }), el("td", { text: g.title }), players,
        el("td", { text: g.winners.join(", ") || "-" }),
        el("td", { text: g.scores.map((s) => s.player + " " + s.total).join(", ") }),
        el("td", { class: "dim", text: g.actions + " actions" + (g.minutes !== null && g.minutes !== undefined ? ", " + g.minutes + " min" : "") }));
      row.addEventListener("click", () => show(g.id));
      table.append(row);
    }
  }

  async function show(id) {
    hist.chosen = id;
    drawList();
    try {
      const g = await api("/api/history/" + encodeURIComponent(id));
      hist.detail = g;
      document.getElementById("detail").hidden = false;
      document.getElementById("gametitle").textContent = g.title + " " + g.id + ", " + g.date;
      const names = document.getElementById("names");
      names.replaceChildren();
      for (const p of g.players) {
        names.append(el("tr", {}, el("td", {}, swatch(playerColour(p.colour)), p.colour),
          el("td", {}, el("input", { type: "text", maxlength: "40", "data-colour": p.colour, value: p.name }))));
      }
      document.getElementById("summary").textContent = g.summary.join("\n");
      document.getElementById("plot").src = "/api/history/" + encodeURIComponent(id) + "/plot.png?token=" + encodeURIComponent(Steppe.token);
      const story = document.getElementById("gamestory");
      story.replaceChildren();
      for (const line of g.story) story.append(el("li", { value: String(line.n), text: line.text }));
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  async function saveNames() {
    const names = {};
    for (const input of document.querySelectorAll("#names input")) names[input.dataset.colour] = input.value;
    try {
      await api("/api/history/" + encodeURIComponent(hist.chosen) + "/names", { names });
      say("names saved");
      await list();
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  async function pull() {
    document.getElementById("pull").disabled = true;
    try {
      const got = await api("/api/history/pull", {});
      say("pulled: " + got.stored + " stored, " + got.already + " already there" + (got.refused.length ? ", " + got.refused.length + " refused: " + got.refused[0] : ""), got.refused.length > 0);
      await list();
    } catch (e) {
      say("pull refused: " + e.message, true);
    } finally {
      document.getElementById("pull").disabled = false;
    }
  }

  listen((m) => {
    if (m.label !== undefined) document.getElementById("label").textContent = m.label;
    if (m.hello) drawList();
    if (m.status) say(m.status, true);
    if (m.pull) {
      const bar = document.getElementById("progress");
      bar.hidden = !!m.pull.finished;
      if (m.pull.of) { bar.max = m.pull.of; bar.value = m.pull.done; }
      state.pull = m.pull;
    }
  });
  document.getElementById("pull").addEventListener("click", pull);
  document.getElementById("savenames").addEventListener("click", saveNames);
  list().then(() => { requestAnimationFrame(() => { state.loaded = performance.now(); }); });
})();
