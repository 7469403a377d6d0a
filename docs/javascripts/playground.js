// The playground: the oracle itself, run by Pyodide in this page.
// Everything the page knows about the rules comes from Python
// (oracle/tools/site/playground.py); this script only draws and forwards clicks.
(function () {
  "use strict";
  const root = document.getElementById("ttykm-playground");
  if (!root) return;
  const assets = new URL(root.dataset.assets, location.href).href;
  const rules = JSON.parse(root.dataset.rules || "{}");
  const params = new URLSearchParams(location.search);
  const current = {
    game: params.get("game") || "ttykm",
    state: params.get("position") || "",
    rules: params.get("rules") || "",
    picks: [],
  };
  const exampleTurn = params.get("turn");
  let editing = false;
  let catalogue = [];  // the games and their rulesets (oracle/tools/site/playground.py, games)
  let answer = null;
  let replay = { steps: [], at: 0 };
  const timing = { loadMs: null, stages: {}, queries: [] };
  window.ttykmPlayground = { timing: timing, ready: false, view: null };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "onclick") node.addEventListener("click", value);
      else node.setAttribute(key, value);
    }
    for (const child of children) node.append(child);
    return node;
  }

  function ruleLink(id) {
    const known = rules[id];
    if (!known) return el("code", {}, id);
    return el("a", { href: known[0], title: id + ": " + known[1], class: "ttykm-rule" }, el("code", {}, id));
  }

  root.replaceChildren(
    el("p", { class: "pg-status", "aria-live": "polite" }, "Loading the oracle in your browser…"),
  );

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      const script = el("script", { src: src });
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.append(script);
    });
  }

  // Pyodide's memory just after starting Python and importing the oracle, made at build time
  // (oracle/tools/site/bundle.py): restoring it skips the slow start.  The oracle's zip is put
  // back where the snapshot imported it from, for any module it has not imported yet.
  const ZIP_PATH = "/home/pyodide/oracle.zip";

  function fetchSnapshot() {
    return fetch(assets + "oracle.snapshot.gz").then(function (r) {
      if (!r.ok) throw new Error("no snapshot (" + r.status + ")");
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
  }

  async function start() {
    const t0 = performance.now();
    const stage = function (name) { timing.stages[name] = performance.now() - t0; };
    const zipped = fetch(assets + "oracle.zip").then(function (r) { return r.arrayBuffer(); });
    const snapshot = typeof DecompressionStream === "function" ? fetchSnapshot() : Promise.reject(new Error("old browser"));
    snapshot.catch(function () {});  // a missing snapshot only means the slow start
    await loadScript(assets + "pyodide/pyodide.js");
    stage("script");
    let pyodide = null;
    try {
      pyodide = await globalThis.loadPyodide({ indexURL: assets + "pyodide/", _loadSnapshot: snapshot });
      timing.snapshot = true;
    } catch (error) {
      console.warn("The playground starts Python afresh: " + error.message);
      pyodide = await globalThis.loadPyodide({ indexURL: assets + "pyodide/" });
      timing.snapshot = false;
    }
    stage("pyodide");
    pyodide.FS.writeFile(ZIP_PATH, new Uint8Array(await zipped));
    pyodide.runPython(
      "import sys\nif '" + ZIP_PATH + "' not in sys.path: sys.path.insert(0, '" + ZIP_PATH + "')\n" +
      "from oracle.tools.site.playground import games, view_json"
    );
    stage("oracle");
    const viewJson = pyodide.globals.get("view_json");
    catalogue = JSON.parse(pyodide.runPython("import json\njson.dumps(games())"));
    window.ttykmPlayground.python = pyodide;  // for the benchmark (bench/playground_bench.py)
    window.ttykmPlayground.view = function (request) {
      const t = performance.now();
      const result = JSON.parse(viewJson(JSON.stringify(request)));
      timing.queries.push(performance.now() - t);
      return result;
    };
    timing.loadMs = performance.now() - t0;
    build();
    ask({});
    stage("first answer");
    window.ttykmPlayground.ready = true;
  }

  const parts = {};

  function build() {
    parts.status = el("p", { class: "pg-status", "aria-live": "polite" });
    parts.message = el("div", { class: "pg-message", "aria-live": "polite" });
    parts.board = el("div", { class: "pg-board" });
    parts.buttons = el("div", { class: "pg-buttons" });
    parts.position = el("input", { type: "text", class: "pg-position", "aria-label": "Position", spellcheck: "false" });
    parts.share = el("input", { type: "text", class: "pg-share", readonly: "", "aria-label": "Link to this position" });
    parts.replay = el("div", { class: "pg-replay" });
    parts.edit = el("button", { type: "button", class: "md-button pg-edit", onclick: toggleEdit }, "Edit the position");
    parts.chooser = el("select", { class: "pg-game", "aria-label": "Game and rules" },
      ...catalogue.map(function (game) {
        return el("optgroup", { label: game.title }, ...game.rulesets.map(function (ruleset, i) {
          const value = game.name + "|" + (i === 0 ? "" : ruleset);
          const option = el("option", { value: value },
            game.title + (game.rulesets.length > 1 ? ": " + ruleset : "") + (game.mode === "list" ? " (list of actions)" : ""));
          if (game.name === current.game && (i === 0 ? "" : ruleset) === current.rules) option.selected = true;
          return option;
        }));
      }));
    parts.chooser.addEventListener("change", function () {
      const [game, ruleset] = parts.chooser.value.split("|");
      Object.assign(current, { game: game, rules: ruleset, state: "", picks: [] });
      if (editing) toggleEdit();
      ask({ picks: [] });
    });
    parts.typed = el("input", { type: "text", class: "pg-typed", "aria-label": "An action in notation", spellcheck: "false" });
    const typedForm = el("form", { class: "pg-type" },
      el("label", {}, "Or type an action ", parts.typed),
      el("button", { type: "submit", class: "md-button" }, "Play it"));
    typedForm.addEventListener("submit", function (event) {
      event.preventDefault();
      if (parts.typed.value.trim()) ask({ action: parts.typed.value.trim(), picks: [] });
    });
    const tools = el("div", { class: "pg-tools" },
      el("button", { type: "button", class: "md-button pg-undo", onclick: function () {
        ask({ picks: current.picks.slice(0, -1) });
      } }, "Undo a click"),
      el("button", { type: "button", class: "md-button pg-restart", onclick: function () {
        current.state = ""; ask({ picks: [] });
      } }, "New game"),
      parts.edit,
    );
    const editor = el("details", { class: "pg-editor" },
      el("summary", {}, "The position in notation, and a link to share it"),
      el("label", {}, "Position ", parts.position),
      el("button", { type: "button", class: "md-button", onclick: function () {
        current.state = parts.position.value.trim(); ask({ picks: [] });
      } }, "Load"),
      el("label", {}, "Link ", parts.share),
    );
    root.replaceChildren(el("label", { class: "pg-choose" }, "Play ", parts.chooser), parts.status, parts.board,
      parts.buttons, parts.message, typedForm, tools, parts.replay, editor);
    if (exampleTurn) {
      parts.message.replaceChildren(el("p", {},
        el("button", { type: "button", class: "md-button md-button--primary pg-example", onclick: function () {
          ask({ action: exampleTurn });
        } }, "Play the example's turn: " + exampleTurn)));
    }
  }

  function toggleEdit() {
    editing = !editing;
    root.classList.toggle("pg-editing", editing);
    parts.edit.textContent = editing ? "Done editing" : "Edit the position";
    ask({ picks: [] });
  }

  function ask(change) {
    const request = Object.assign({ game: current.game, state: current.state, rules: current.rules,
      picks: current.picks }, change);
    const result = window.ttykmPlayground.view(request);
    if (result.error) {
      parts.message.replaceChildren(el("p", { class: "pg-refused" }, (change.action ? "That action" : "That position") + " cannot be read: " + result.error));
      return;
    }
    answer = result;
    current.state = result.state;
    current.picks = result.picks;
    show(change);
  }

  function show(change) {
    const a = answer;
    const board = el("div", {});
    board.innerHTML = a.svg_row + a.svg_column;
    parts.board.replaceChildren(...board.childNodes);
    for (const cell of parts.board.querySelectorAll("[data-cell]")) {
      cell.addEventListener("click", function () {
        const pick = cell.getAttribute("data-cell");
        ask(editing ? { edit: pick, picks: [] } : { picks: current.picks.concat([pick]) });
      });
    }
    root.classList.toggle("pg-list", a.mode === "list");
    parts.edit.style.display = a.mode === "list" ? "none" : "";  // the position editor knows boards only
    if (a.outcome) {
      parts.status.replaceChildren("The game is over: ", a.outcome.reason, " (", ruleLink(a.outcome.rule), ").");
    } else if (a.mode === "list") {
      parts.status.textContent = (a.kind === "chance" ? "Chance acts next" : a.mover + " to act") + ", " +
        a.legal_count + (a.legal_count === 1 ? " choice" : " choices") +
        (a.kind === "simultaneous" ? " (sealed choices, one player after another)" : "") +
        (a.legal_count > a.buttons.length ? "; the first " + a.buttons.length + " are shown" : "") +
        ". Click one to play it.";
    } else if (editing) {
      parts.status.textContent = "Editing: click a square to cycle it through empty, white and black.";
    } else if (current.picks.length === 0) {
      parts.status.textContent = a.mover + " to move, " + a.legal_count +
        " legal turns. Click a copy on your Focus era: the ringed squares.";
    } else {
      parts.status.textContent = "Click a ringed square to act" +
        (a.buttons.some(function (b) { return b.pick.startsWith("act:"); }) ? ", take a chapter action" : "") +
        ", or move your Focus with a button.";
    }
    parts.buttons.replaceChildren(...a.buttons.map(function (b) {
      return el("button", { type: "button", class: "md-button" + (b.leads_on ? " md-button--primary" : ""),
        "data-pick": b.pick, onclick: function () { ask({ picks: current.picks.concat([b.pick]) }); } }, b.label);
    }));
    if (a.verdict) {
      parts.message.replaceChildren(el("p", { class: "pg-refused" },
        el("strong", {}, "Not allowed"), " under ", ruleLink(a.verdict.rule || ""), ": " + a.verdict.reason + "."));
    } else if (change && (change.picks || change.edit || change.action)) {
      parts.message.replaceChildren();
    }
    if (a.applied) {
      replay = { steps: a.applied.steps, at: 0, action: a.applied.action, events: a.applied.events };
      showReplay();
    }
    parts.position.value = a.state;
    const link = new URL(location.href);
    link.search = new URLSearchParams({ game: a.game, position: a.state, ...(a.rules ? { rules: a.rules } : {}) });
    parts.share.value = link.href;
    history.replaceState(null, "", link.href);
  }

  function showReplay() {
    const steps = replay.steps;
    if (!steps.length) { parts.replay.replaceChildren(); return; }
    const step = steps[replay.at];
    const picture = el("div", { class: "pg-step-board" });
    picture.innerHTML = step.svg_row + step.svg_column;
    if (!step.svg_row && steps.some(function (s) { return s.svg_row; })) {
      picture.append(el("p", { class: "pg-note" }, "The board after the whole turn is drawn on the last step."));
    }
    parts.replay.replaceChildren(
      el("h2", {}, (answer && answer.mode === "list" ? "The action" : "The turn") + " just played, step by step"),
      el("p", {}, (answer && answer.mode === "list" ? "Action " : "Turn "), el("code", {}, replay.action), ": step " + (replay.at + 1) + " of " + steps.length + "."),
      el("p", { class: "pg-step-text" }, step.text),
      el("div", { class: "pg-step-nav" },
        el("button", { type: "button", class: "md-button pg-prev", onclick: function () {
          replay.at = Math.max(0, replay.at - 1); showReplay();
        } }, "Previous step"),
        el("button", { type: "button", class: "md-button pg-next", onclick: function () {
          replay.at = Math.min(steps.length - 1, replay.at + 1); showReplay();
        } }, "Next step")),
      picture,
      el("ol", { class: "pg-events" }, ...steps.map(function (s, i) {
        return el("li", { class: i === replay.at ? "pg-now" : "" }, s.text);
      })),
    );
  }

  start().catch(function (error) {
    root.replaceChildren(el("p", { class: "pg-refused" }, "The playground could not start: " + error.message));
    console.error(error);
  });
})();
