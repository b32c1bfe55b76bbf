// steppe web, the live page: the box's matrix as its LEDs emit, its six buttons, the game
// drawn in full from the server's view of it, and the story with undo and redo.
"use strict";

(() => {
  const { say, api, listen, el, svg, swatch, playerColour, state } = Steppe;
  const HOLD_MS = 600;  // a button held this long is a held press, as on the box
  const CELL = 44;  // Khan's board: pixels a cell

  let ui = {};
  let status = "";
  let game = { name: null };
  let busy = false;  // a press on its way: the next waits (the box takes them in order)
  const queue = [];

  // -- the matrix ------------------------------------------------------------------------
  function drawMatrix(pixels) {
    const canvas = document.getElementById("matrix");
    const g = canvas.getContext("2d");
    const size = canvas.width / 16;
    g.fillStyle = "#080808";
    g.fillRect(0, 0, canvas.width, canvas.height);
    for (let k = 0; k < pixels.length; k++) {
      const x = (k % 16) * size + size / 2;
      const y = Math.floor(k / 16) * size + size / 2;
      g.beginPath();
      g.arc(x, y, size * 0.375, 0, 2 * Math.PI);
      g.fillStyle = pixels[k] === "#000000" ? "#1a1a1a" : pixels[k];
      g.fill();
    }
    state.frame = pixels;
  }

  // -- presses -----------------------------------------------------------------------------
  function press(button, long) {
    queue.push([button, long, performance.now()]);
    if (!busy) next();
  }

  async function next() {
    const item = queue.shift();
    if (!item) { busy = false; return; }
    busy = true;
    const [button, long, t0] = item;
    const seq = ++state.seq;
    state.pending[seq] = t0;
    try {
      await api("/api/press", { button, long, seq });
    } catch (e) {
      delete state.pending[seq];
      say("refused: " + e.message, true);
    }
    next();
  }

  async function history(what) {
    const seq = ++state.seq;
    state.pending[seq] = performance.now();
    try {
      await api("/api/" + what, { seq });
    } catch (e) {
      delete state.pending[seq];
      say(what + " refused: " + e.message, true);
    }
  }

  for (const b of document.querySelectorAll("#pad button")) {
    let down = 0;
    b.addEventListener("pointerdown", () => { down = performance.now(); });
    b.addEventListener("pointerup", () => {
      const long = down > 0 && performance.now() - down >= HOLD_MS && (b.dataset.button === "OK" || b.dataset.button === "BACK");
      down = 0;
      press(b.dataset.button, long);
    });
  }
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.repeat) return;
    const p = state.keys[e.key];
    if (!p) return;
    e.preventDefault();
    press(p[0], p[1]);
  });
  document.getElementById("undo").addEventListener("click", () => history("undo"));
  document.getElementById("redo").addEventListener("click", () => history("redo"));
  // a button clicked keeps no focus: Space and Enter are the box's keys, not that button's
  for (const b of document.querySelectorAll("button")) b.addEventListener("click", () => b.blur());

  // -- the game -----------------------------------------------------------------------------
  function drawGame() {
    const view = game.view;
    document.getElementById("title").textContent = view ? view.title : "No game in play";
    document.getElementById("turn").textContent = view ? (view.error || view.turn || "") : "";
    const board = document.getElementById("board");
    board.replaceChildren();
    const scores = document.getElementById("scores");
    scores.replaceChildren();
    const facts = document.getElementById("facts");
    facts.replaceChildren();
    const courts = document.getElementById("courts");
    courts.replaceChildren();
    document.getElementById("courtsbox").hidden = !(view && view.courts);
    if (!view || view.error) return;
    if (view.board) board.append(khanBoard(view.board, view.pieces));
    if (view.tracks) for (const t of view.tracks) board.append(track(t.label + " " + t.value + " VP, " + t.edicts + " edicts", t.value, t.max, playerColour(t.side)));
    if (view.prestige) {
      const top = Math.max(10, ...view.prestige.map((p) => Math.abs(p.value)));
      for (const p of view.prestige) board.append(track(p.label + ": prestige " + p.value, Math.max(0, p.value), top, playerColour(p.side)));
    }
    if (view.dice) {
      const row = el("div");
      for (const d of view.dice) {
        const die = el("span", { class: "die" + (d.taken ? " taken" : ""), text: d.value ? String(d.value) : "-" });
        die.style.background = (state.colours.die && state.colours.die[d.colour]) || state.colours.white;
        die.title = d.colour + (d.taken ? " (taken)" : "");
        row.append(die);
      }
      board.append(row);
    }
    scores.append(el("tr", {}, el("th", { text: "player" }), el("th", { text: "total" }), el("th", { text: "made of" })));
    for (const s of view.scores) {
      const parts = Object.entries(s.parts).map(([k, v]) => k + " " + v).join(", ");
      const who = el("td", {}, swatch(playerColour(s.player)), s.player + (s.player === view.current ? " (to act)" : ""));
      scores.append(el("tr", {}, who, el("td", { text: String(s.total) }), el("td", { class: "dim", text: parts })));
    }
    for (const [label, text] of view.facts) facts.append(el("tr", {}, el("td", { text: label }), el("td", { text })));
    if (view.courts) {
      for (const c of view.courts) {
        const where = c.home ? "home" : c.at ? "on " + c.at : "-";
        courts.append(el("tr", {}, el("td", {}, swatch(state.colours.ruler[c.ruler]), c.ruler),
          el("td", { text: where }), el("td", { class: "dim", text: c.yurts + " yurts in court" })));
      }
    }
  }

  function track(label, value, max, colour) {
    const fill = el("div", { class: "fill" });
    fill.style.width = Math.min(100, (100 * value) / Math.max(1, max)) + "%";
    fill.style.background = colour;
    return el("div", { class: "track" }, el("div", { text: label }), el("div", { class: "bar" }, fill));
  }

  function khanBoard(b, pieces) {
    const c = state.colours;
    const W = b.width * CELL;
    const H = b.height * CELL;
    const root = svg("svg", { width: W + 2, height: H + 2, viewBox: "-1 -1 " + (W + 2) + " " + (H + 2) });
    const at = {};
    b.cells.forEach((cell, i) => { at[cell.n] = [(i % b.width) * CELL, Math.floor(i / b.width) * CELL]; });
    const sides = [[0, 0, CELL, 0], [CELL, 0, CELL, CELL], [0, CELL, CELL, CELL], [0, 0, 0, CELL]];
    for (const cell of b.cells) {
      if (!cell.t) continue;
      const [x, y] = at[cell.n];
      root.append(svg("rect", { x, y, width: CELL, height: CELL, fill: c.terrain[cell.t], "data-cell": cell.n }));
    }
    // figures: the cells they cover in their owners' colours (shared: in turn, as the box draws them)
    for (const f of pieces.figures || []) {
      const cells = Array.isArray(f) ? f : f.cells;
      const owners = Array.isArray(f) ? [] : f.owners || [];
      cells.forEach((n, k) => {
        const [x, y] = at[n];
        const owner = owners.length ? owners[k % owners.length] : null;
        root.append(svg("rect", { x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6, rx: 4,
          fill: owner ? c.player_dim[owner] || c.half : c.half, stroke: "#000", "stroke-opacity": 0.5 }));
      });
    }
    for (const cell of b.cells) {
      if (!cell.t) continue;
      const [x, y] = at[cell.n];
      for (let k = 0; k < 4; k++) {
        const [x1, y1, x2, y2] = sides[k];
        if (cell.edge & (1 << k)) root.append(svg("line", { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, stroke: c.hint, "stroke-width": 3, "stroke-dasharray": "5 3" }));
        else if (cell.wall & (1 << k)) root.append(svg("line", { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, stroke: "#000", "stroke-width": 2 }));
      }
      const name = svg("text", { x: x + 3, y: y + 11, class: "name" });
      name.textContent = cell.n;
      root.append(name);
    }
    for (const [n, owner] of Object.entries(pieces.yurts || {})) {
      const [x, y] = at[n];
      const neutral = owner === "neutral";
      root.append(svg("path", { d: "M" + (x + 12) + " " + (y + 36) + " l10 -14 l10 14 z",
        fill: neutral ? "#111" : c.player[owner] || "#777", stroke: neutral ? "#999" : "#000", "stroke-width": 1.5, "data-yurt": n }));
    }
    for (const [r, n] of Object.entries(pieces.rulers || {})) {
      const [x, y] = at[n];
      root.append(svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2 - 2, r: 11, fill: c.ruler[r], stroke: "#000", "stroke-width": 2, "data-ruler": r }));
    }
    return root;
  }

  function drawStory() {
    const list = document.getElementById("lines");
    list.replaceChildren();
    for (const line of game.story || []) {
      list.append(el("li", { class: line.undone ? "undone" : "" }, el("span", { class: "n", text: String(line.n) }), line.text));
    }
    document.getElementById("undo").disabled = !game.undo || !!status;
    document.getElementById("redo").disabled = !game.redo || !!status;
    if (game.problem) say(game.problem, true);
  }

  function drawScreen() {
    const parts = ["screen " + (ui.screen || "-"), "mode " + (ui.mode || "-")];
    if (ui.cursor) parts.push("cursor " + ui.cursor);
    if (ui.choice !== undefined) parts.push("choice " + ui.choice);
    document.getElementById("screen").textContent = parts.join("  ");
    if (status) say(status, true);
    else if (ui.why) say("refused: " + ui.why, true);
    else if (ui.help) say("help: " + ui.help);
    else if (ui.alert) say(ui.alert, true);
    else if (!game.problem) say("");
  }

  // -- the pushes ---------------------------------------------------------------------------
  listen((m) => {
    if (m.label !== undefined) document.getElementById("label").textContent = m.label;
    if (m.status !== undefined) status = m.status;
    if (m.frame) drawMatrix(m.frame);
    if (m.ui) ui = m.ui;
    if (m.game) { game = m.game; drawGame(); drawStory(); }
    if (m.ui || m.status !== undefined || m.game) drawScreen();
    if (m.status !== undefined && m.game === undefined) drawStory();
    if (m.refused) say("refused: " + m.refused, true);
    state.ui = ui;
    state.game = game;
    state.status = status;
    if (m.seq !== undefined && state.pending[m.seq] !== undefined) {
      const t0 = state.pending[m.seq];
      delete state.pending[m.seq];
      requestAnimationFrame(() => { state.timings.push(performance.now() - t0); state.answered = m.seq; });
    }
    if (m.hello && state.loaded === null) requestAnimationFrame(() => { state.loaded = performance.now(); });
  });
})();
