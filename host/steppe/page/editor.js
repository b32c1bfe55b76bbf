// steppe web, the Khan board editor: terrains and river painted with the mouse (a cell, a
// drag, or a fill of a region), the sides that border neighbouring territories, the rulers'
// start cells; every change checked by the rules core on the server as you paint; pushed to
// the box (sync board push's path) or saved as board text. The canvas is a grid of letters;
// what they make (the text, the counts, the errors) the server says.
"use strict";

(() => {
  const { say, api, el, svg, state } = Steppe;
  const CELL = 40;
  const ed = { grid: null, check: null, brush: "M", mode: "paint", ruler: null, painting: false, edgeTo: null,
               asked: 0, shown: 0, names: [], max: [15, 11], terrains: {} };
  state.editor = ed;

  function at(x, y) { return y * ed.grid.width + x; }

  // the canvas as big as the box takes (a smaller board's empty rows and columns are not kept)
  function padded(grid, w, h) {
    let cells = "", edge = "";
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const inside = x < grid.width && y < grid.height;
        cells += inside ? grid.cells[y * grid.width + x] : ".";
        edge += inside ? grid.edge[y * grid.width + x] : "0";
      }
    }
    return { width: w, height: h, cells, edge, starts: Object.assign({}, grid.starts), name: grid.name || "" };
  }

  async function load(from) {
    try {
      const got = await api("/api/board" + (from === "default" ? "?from=default" : ""));
      state.colours = got.colours;
      ed.names = got.names;
      ed.max = got.max;
      ed.terrains = got.terrains;
      ed.grid = padded(got.grid, got.max[0], got.max[1]);
      document.getElementById("name").value = ed.grid.name;
      tools();
      draw();
      show(got.check);
      ed.loads = (ed.loads || 0) + 1;
      say(got.grid.source === "box" ? "the box's own board" : "the default board" + (from === "default" ? "" : " (the box has no own board)"));
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  // -- the tools ----------------------------------------------------------------------------
  function tools() {
    const brushes = document.getElementById("brushes");
    if (brushes.childElementCount) return;  // (made once: a board loaded again keeps them)
    for (const [letter, label] of Object.entries(ed.terrains)) {
      const b = el("button", { "data-brush": letter, title: label, text: letter === "." ? "none" : letter });
      if (state.colours.terrain[letter]) b.style.background = state.colours.terrain[letter];
      b.addEventListener("click", () => choose(letter, null));
      brushes.append(b);
    }
    const edge = el("button", { "data-brush": "edge", title: "the sides of a cell to the outside border neighbouring territories (or not)", text: "border" });
    edge.addEventListener("click", () => choose("edge", null));
    brushes.append(edge);
    const rulers = document.getElementById("rulers");
    for (const [r, colour] of Object.entries(state.colours.ruler)) {
      const b = el("button", { "data-ruler": r, title: r, text: r });
      b.style.borderColor = colour;
      b.addEventListener("click", () => choose(null, r));
      rulers.append(b);
    }
    marks();
  }

  function choose(brush, ruler) {
    ed.brush = brush;
    ed.ruler = ruler;
    marks();
  }

  function marks() {
    for (const b of document.querySelectorAll("[data-brush]")) b.classList.toggle("on", b.dataset.brush === ed.brush && !ed.ruler);
    for (const b of document.querySelectorAll("[data-ruler]")) b.classList.toggle("on", b.dataset.ruler === ed.ruler);
    document.getElementById("paint").classList.toggle("on", ed.mode === "paint");
    document.getElementById("fill").classList.toggle("on", ed.mode === "fill");
  }

  // -- painting -----------------------------------------------------------------------------
  function setCell(i, letter) {
    const g = ed.grid;
    if (g.cells[i] === letter) return false;
    g.cells = g.cells.slice(0, i) + letter + g.cells.slice(i + 1);
    return true;
  }

  function setEdge(i, on) {
    const g = ed.grid;
    const v = on ? "1" : "0";
    if (g.edge[i] === v) return false;
    g.edge = g.edge.slice(0, i) + v + g.edge.slice(i + 1);
    return true;
  }

  function fill(i, letter) {
    // the joined cells of the same letter as the one clicked (sides, not corners)
    const g = ed.grid;
    const from = g.cells[i];
    if (from === letter) return false;
    const todo = [i];
    const seen = new Set([i]);
    while (todo.length) {
      const k = todo.pop();
      setCell(k, letter);
      const x = k % g.width, y = Math.floor(k / g.width);
      for (const [dx, dy] of [[0, -1], [1, 0], [0, 1], [-1, 0]]) {
        const nx = x + dx, ny = y + dy;
        if (nx < 0 || ny < 0 || nx >= g.width || ny >= g.height) continue;
        const j = at(nx, ny);
        if (!seen.has(j) && g.cells[j] === from) { seen.add(j); todo.push(j); }
      }
    }
    return true;
  }

  function apply(i, first) {
    let changed = false;
    if (ed.ruler) {
      if (!first) return;
      ed.grid.starts[ed.ruler] = ed.names[i];
      changed = true;
    } else if (ed.brush === "edge") {
      if (first) ed.edgeTo = ed.grid.edge[i] !== "1";
      changed = setEdge(i, ed.edgeTo);
    } else if (ed.mode === "fill") {
      if (first) changed = fill(i, ed.brush);
    } else {
      changed = setCell(i, ed.brush);
    }
    if (changed) { draw(); check(); }
  }

  // -- drawing ------------------------------------------------------------------------------
  // the cells are made once (a drag goes on over the same elements); their colours, the
  // border marks and the rulers' starts are redrawn on each change
  let cells = [];
  let marksLayer = null;

  function build() {
    const g = ed.grid;
    const root = svg("svg", { width: g.width * CELL + 2, height: g.height * CELL + 2, viewBox: "-1 -1 " + (g.width * CELL + 2) + " " + (g.height * CELL + 2) });
    cells = [];
    for (let i = 0; i < g.cells.length; i++) {
      const x = (i % g.width) * CELL, y = Math.floor(i / g.width) * CELL;
      const cell = svg("rect", { x, y, width: CELL, height: CELL, stroke: "#000", "stroke-opacity": 0.35, "data-cell": ed.names[i] });
      cell.addEventListener("pointerdown", (e) => { e.preventDefault(); ed.painting = true; apply(i, true); });
      cell.addEventListener("pointerenter", () => { if (ed.painting) apply(i, false); });
      root.append(cell);
      cells.push(cell);
      const name = svg("text", { x: x + 3, y: y + 11, class: "name", "pointer-events": "none", fill: "#ffffff70", "font-size": "9" });
      name.textContent = ed.names[i];
      root.append(name);
    }
    marksLayer = svg("g", { "pointer-events": "none" });
    root.append(marksLayer);
    document.getElementById("grid").replaceChildren(root);
  }

  function draw() {
    const g = ed.grid;
    const c = state.colours;
    if (cells.length !== g.cells.length) build();
    const starts = {};
    for (const [r, n] of Object.entries(g.starts)) starts[n] = r;
    marksLayer.replaceChildren();
    for (let i = 0; i < g.cells.length; i++) {
      const x = (i % g.width) * CELL, y = Math.floor(i / g.width) * CELL;
      const t = g.cells[i];
      cells[i].setAttribute("fill", t === "." ? "#0d0e10" : c.terrain[t]);
      if (g.edge[i] === "1" && t !== ".") {  // its sides to the outside border neighbouring territories
        const cx = i % g.width, cy = Math.floor(i / g.width);
        [[0, -1, 0, 0, CELL, 0], [1, 0, CELL, 0, CELL, CELL], [0, 1, 0, CELL, CELL, CELL], [-1, 0, 0, 0, 0, CELL]].forEach(([dx, dy, x1, y1, x2, y2]) => {
          const nx = cx + dx, ny = cy + dy;
          if (nx >= 0 && ny >= 0 && nx < g.width && ny < g.height && g.cells[at(nx, ny)] !== ".") return;
          marksLayer.append(svg("line", { x1: x + x1, y1: y + y1, x2: x + x2, y2: y + y2, stroke: c.hint, "stroke-width": 3, "stroke-dasharray": "5 3" }));
        });
      }
      if (starts[ed.names[i]]) {
        marksLayer.append(svg("circle", { cx: x + CELL / 2, cy: y + CELL / 2 + 2, r: 10, fill: c.ruler[starts[ed.names[i]]], stroke: "#000", "stroke-width": 2 }));
      }
    }
  }

  // -- the checks ---------------------------------------------------------------------------
  async function check() {
    const asked = ++ed.asked;
    try {
      const got = await api("/api/board/check", { grid: ed.grid });
      if (asked > ed.shown) { ed.shown = asked; show(got); }
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  function show(got) {
    ed.check = got;
    const verdict = document.getElementById("verdict");
    verdict.replaceChildren(got.ok ? el("div", { class: "ok", text: "a board the box takes (" + got.size + ")" })
      : el("div", { class: "error", text: got.error }));
    const counts = document.getElementById("counts");
    counts.replaceChildren();
    const rulebook = got.checks && got.checks.rulebook;
    if (got.counts) {
      if (rulebook) counts.append(el("tr", {}, el("th", { text: "cells" }), el("th", { text: "here" }), el("th", { text: "rulebook" })));
      for (const [letter, n] of Object.entries(got.counts)) {
        const s = el("span", { class: "swatch" });
        s.style.background = state.colours.terrain[letter];
        counts.append(el("tr", {}, el("td", {}, s, ed.terrains[letter] || letter), el("td", { text: String(n) }),
          rulebook ? el("td", { class: rulebook[letter] === n ? "dim" : "error", text: String(rulebook[letter]) }) : null));
      }
    }
    const more = document.getElementById("more");
    more.replaceChildren();
    if (got.checks) more.append(checksList(got.checks));
    document.getElementById("boardtext").textContent = got.text;
    document.getElementById("push").disabled = !got.ok;
  }

  function checksList(checks) {
    // the rules core's whole-board checks (shared_rules/khan/board_check.py): each thing
    // that is not the rulebook's board, one sentence each
    if (checks.ok) return el("div", { class: "ok", text: "the rulebook's board: its counts, one region a terrain, every card playable" });
    const list = el("ul", { class: "error" });
    for (const line of checks.findings) list.append(el("li", { text: line }));
    return list;
  }

  // -- push and save ------------------------------------------------------------------------
  async function push() {
    try {
      const got = await api("/api/board/push", { grid: ed.grid });
      say(got.done);
    } catch (e) {
      say("refused: " + e.message, true);
    }
  }

  function save() {
    if (!ed.check) return;
    const a = el("a", { href: URL.createObjectURL(new Blob([ed.check.text], { type: "text/plain" })),
      download: (ed.grid.name || "khanboard").replace(/[^A-Za-z0-9_-]+/g, "-") + ".txt" });
    document.body.append(a);
    a.click();
    a.remove();
    say("saved as board text (steppe sync board push FILE puts it on a box)");
  }

  document.addEventListener("pointerup", () => { ed.painting = false; });
  document.getElementById("paint").addEventListener("click", () => { ed.mode = "paint"; marks(); });
  document.getElementById("fill").addEventListener("click", () => { ed.mode = "fill"; marks(); });
  document.getElementById("name").addEventListener("input", (e) => { ed.grid.name = e.target.value; check(); });
  document.getElementById("frombox").addEventListener("click", () => load("box"));
  document.getElementById("default").addEventListener("click", () => load("default"));
  document.getElementById("push").addEventListener("click", push);
  document.getElementById("save").addEventListener("click", save);
  Steppe.listen((m) => {  // the box's state, for the line: unplugged, back
    if (m.label !== undefined) document.getElementById("label").textContent = m.label;
    if (m.status) say(m.status, true);
    else if (m.status === "" && !m.hello) say("the box is back");
  });
  load("box").then(() => { requestAnimationFrame(() => { state.loaded = performance.now(); }); });
})();
