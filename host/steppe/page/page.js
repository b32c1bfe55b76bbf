// steppe web: what the three pages share - the token, requests, the pushed updates, the
// one line that says what is wrong. Everything shown comes from the server.
"use strict";

const Steppe = (() => {
  const token = new URLSearchParams(location.search).get("token") || "";
  const state = { timings: [], loaded: null, seq: 0, pending: {}, colours: null, keys: {}, messages: 0 };
  window.steppe = state;  // (the tests and bench/bench_web.py read it)

  for (const a of document.querySelectorAll("nav a")) {
    a.href = a.getAttribute("href") + "?token=" + encodeURIComponent(token);
    if (a.getAttribute("href") === location.pathname) a.classList.add("here");
  }

  function say(text, bad) {
    const line = document.getElementById("line");
    line.textContent = text || "";
    line.classList.toggle("bad", !!bad);
    state.line = text || "";
  }

  async function api(path, body) {
    const init = { headers: { "X-Steppe-Token": token } };
    if (body !== undefined) {
      init.method = "POST";
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let response;
    try {
      response = await fetch(path, init);
    } catch (e) {
      throw new Error("steppe web does not answer: is it still running?");
    }
    const text = await response.text();
    let data = null;
    try { data = JSON.parse(text); } catch (e) { data = null; }
    if (!response.ok) {
      const why = (data && data.error) || text.replace(/^\d+:\s*/, "").trim() || response.statusText;
      throw new Error(why);
    }
    return data;
  }

  // the server's pushes: one message a change; onMessage(message) draws it
  function listen(onMessage) {
    let socket = null;
    let lost = false;
    function open() {
      socket = new WebSocket("ws://" + location.host + "/ws?token=" + encodeURIComponent(token));
      socket.onmessage = (event) => {
        const message = JSON.parse(event.data);
        state.messages += 1;
        if (message.colours) state.colours = message.colours;
        if (message.keys) state.keys = message.keys;
        if (lost) { lost = false; say(""); }
        onMessage(message);
      };
      socket.onclose = () => {
        lost = true;
        say("lost steppe web: is it still running? trying again", true);
        setTimeout(open, 1000);
      };
    }
    open();
  }

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (k === "class") node.className = v; else if (k === "text") node.textContent = v; else node.setAttribute(k, v);
    }
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }

  const SVG = "http://www.w3.org/2000/svg";
  function svg(tag, attrs) {
    const node = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  function swatch(colour) {
    const s = el("span", { class: "swatch" });
    s.style.background = colour || "#777";
    return s;
  }

  function playerColour(id) {
    const c = state.colours;
    if (!c) return "#777";
    return (c.player && c.player[id]) || (c.side && c.side[id]) || "#777";
  }

  return { token, state, say, api, listen, el, svg, swatch, playerColour };
})();
