// The table as sighted players glance at it and screen-reader users browse it, built from
// the seat's view only, and the pieces the question lets act.
//
// A game's presentation (games/<name>.js) exports
//   render(view, ctx) -> { status, opponents, shared, mine }: nodes (any may be null);
//     ctx = { seat, table, decision (the question in front of this seat, or null),
//             cards: { texts, facts }, open: every seat's view (a finished game's replay
//             with all cards open) or null }
//   pieceFor(optionId, view, seat) -> the key (data-piece) of the piece an option acts on,
//     or null for an option that acts on no piece (it stays a button by the question);
//   results(view, result, seat, ctx) -> a node saying how the scores were made.
// Labels are for reading only: the page maps option ids to pieces through pieceFor, never
// by reading labels. A game without a presentation is shown by the generic one below, so
// a new game is playable with no web code.

import { h } from "./dom.js";
import { textOf } from "./pieces.js";

const GAMES = {};
const NAMES = ["crucible", "dominion", "potion-making", "potion-party"];

/** The game's presentation module (loaded once), or the generic one. */
export function presentation(game) {
  if (!(game in GAMES)) GAMES[game] = load(game); // one promise, however many ask at once
  return GAMES[game];
}

async function load(game) {
  if (!NAMES.includes(game)) return GENERIC;
  const module = await import(`./games/${game}.js`);
  if (!document.querySelector(`link[data-game="${game}"]`)) {
    const link = h("link", { rel: "stylesheet", href: `/static/games/${game}.css`, "data-game": game });
    // The table is drawn once its styles are in (an unstyled table would flash by, a whole
    // page tall, on a slow connection); a style that fails to load draws it anyway.
    const loaded = new Promise((done) => {
      link.addEventListener("load", done, { once: true });
      link.addEventListener("error", done, { once: true });
    });
    document.head.append(link);
    await loaded;
  }
  return module;
}

const AREAS = ["status", "opponents", "shared", "mine"];

/** Draw the table into its areas (elements with ids table-<area>), keeping the focus on the
 * piece that had it and showing what moved. */
export function render(game, view, ctx) {
  const before = snapshot();
  const focus = focusKey();
  const parts = game.render(view, ctx);
  for (const area of AREAS) {
    const el = document.getElementById(`table-${area}`);
    const part = parts[area];
    el.replaceChildren(...(part ? [part] : []));
    el.hidden = !part;
  }
  hideTip();
  closeMenu();
  return { before, focus };
}

// -- which pieces act -------------------------------------------------------------------

/**
 * Mark the pieces the question's options act on and make only those act; return the
 * options that act on no piece on the table (they become buttons by the question).
 * `choose(id)` makes a choice.
 */
export function bind(game, view, seat, decision, choose) {
  const pieces = [...document.querySelectorAll("#table [data-piece]")];
  const byKey = new Map();
  for (const p of pieces) {
    if (!byKey.has(p.dataset.piece)) byKey.set(p.dataset.piece, []);
    byKey.get(p.dataset.piece).push(p);
  }
  const acts = new Map(); // key -> options
  const loose = [];
  for (const o of decision ? decision.options : []) {
    const key = game.pieceFor ? game.pieceFor(o.id, view, seat) : null;
    if (key !== null && key !== undefined && byKey.has(key)) {
      if (!acts.has(key)) acts.set(key, []);
      acts.get(key).push(o);
    } else {
      loose.push(o);
    }
  }
  for (const p of pieces) {
    const opts = acts.get(p.dataset.piece);
    p._options = opts || null;
    p._choose = choose;
    if (p._name === undefined) p._name = p.getAttribute("aria-label");
    p.classList.toggle("legal", Boolean(opts));
    p.classList.toggle("inert", !opts);
    if (!opts) {
      p.setAttribute("aria-disabled", "true");
      p.setAttribute("aria-label", p._name);
      p.removeAttribute("aria-haspopup");
      continue;
    }
    p.removeAttribute("aria-disabled");
    const state = p.dataset.state;
    if (opts.length === 1) {
      p.setAttribute("aria-label", state ? `${opts[0].label}, ${state}` : opts[0].label);
      p.removeAttribute("aria-haspopup");
    } else {
      p.setAttribute("aria-label", `${p._name}: ${opts.length} choices`);
      p.setAttribute("aria-haspopup", "true");
      p.setAttribute("aria-expanded", "false");
    }
  }
  roving();
  return loose;
}

/** Turn every piece off (a choice is on its way). */
export function freeze() {
  for (const p of document.querySelectorAll("#table [data-piece].legal")) {
    p.setAttribute("aria-disabled", "true");
    p.classList.add("sent");
  }
  closeMenu();
}

/** Keys of the options that act on a piece now (for tests and the list of choices). */
export function pieceOptionIds() {
  const out = new Set();
  for (const p of document.querySelectorAll("#table [data-piece].legal")) {
    for (const o of p._options || []) out.add(o.id);
  }
  return out;
}

function act(p) {
  if (!p._options || p.getAttribute("aria-disabled") === "true") return;
  if (p._options.length === 1) {
    p._choose(p._options[0].id);
  } else {
    openMenu(p);
  }
}

// -- focus: each zone is one Tab stop; arrow keys move within it ------------------------------

function roving() {
  for (const list of document.querySelectorAll("#table ul.pieces")) {
    const items = [...list.querySelectorAll("[data-piece]")];
    if (!items.length) continue;
    const keep = items.find((p) => p === document.activeElement)
      || items.find((p) => p.classList.contains("legal")) || items[0];
    for (const p of items) p.tabIndex = p === keep ? 0 : -1;
  }
}

function focusKey() {
  const a = document.activeElement;
  if (!a || !a.closest || !a.closest("#table")) return null;
  if (a.dataset && a.dataset.piece) {
    const list = a.closest("ul.pieces");
    return { piece: a.dataset.piece, zone: list ? list.dataset.zone : null };
  }
  return { other: true };
}

/** After a redraw: the focus goes back to the piece that had it, or to its zone, or to the
 * fallback (the question); never to the page's body. */
export function restoreFocus(saved, fallback) {
  if (!saved) return;
  if (saved.piece) {
    const same = [...document.querySelectorAll("#table [data-piece]")].filter((p) => p.dataset.piece === saved.piece);
    const target = same.find((p) => p.tabIndex === 0) || same[0];
    if (target) { target.tabIndex = 0; target.focus({ preventScroll: true }); return; }
    const list = saved.zone !== null
      ? [...document.querySelectorAll("#table ul.pieces")].find((l) => l.dataset.zone === saved.zone) : null;
    const first = list && (list.querySelector("[tabindex='0']") || list.querySelector("[data-piece]"));
    if (first) { first.focus({ preventScroll: true }); return; }
  }
  if (document.activeElement === document.body || !document.activeElement) fallback();
}

function moveWithin(p, step) {
  const list = p.closest("ul.pieces");
  if (!list) return;
  const items = [...list.querySelectorAll("[data-piece]")];
  let i = items.indexOf(p);
  if (step === "first") i = 0;
  else if (step === "last") i = items.length - 1;
  else i = Math.max(0, Math.min(items.length - 1, i + step));
  for (const q of items) q.tabIndex = -1;
  items[i].tabIndex = 0;
  items[i].focus();
}

// -- the card's text: on hover, on focus and on a long press ---------------------------------

let tipFor = null;

function showTip(p) {
  const id = p.dataset.text;
  const tip = document.getElementById("tip");
  if (!id || !tip) return;
  tipFor = p;
  tip.textContent = textOf(id);
  tip.hidden = false;
  const r = p.getBoundingClientRect();
  const w = Math.min(320, window.innerWidth - 16);
  tip.style.maxWidth = `${w}px`;
  const left = Math.max(8, Math.min(window.innerWidth - w - 8, r.left));
  tip.style.left = `${left + window.scrollX}px`;
  const below = r.bottom + 6;
  const height = tip.offsetHeight;
  const top = below + height < window.innerHeight ? below : Math.max(4, r.top - height - 6);
  tip.style.top = `${top + window.scrollY}px`;
}

export function hideTip() {
  const tip = document.getElementById("tip");
  if (tip) tip.hidden = true;
  tipFor = null;
}

// -- a piece with several choices opens a small menu beside it -----------------------------

let menuFor = null;

function openMenu(p) {
  closeMenu();
  const menu = document.getElementById("piece-menu");
  menu.replaceChildren(h("p", { class: "menu-title", id: "piece-menu-title" }, p._name));
  for (const o of p._options) {
    const b = h("button", { type: "button", class: "menu-choice" }, o.label);
    b.addEventListener("click", () => { const choose = p._choose; closeMenu(false); choose(o.id); });
    menu.append(b);
  }
  menu.hidden = false;
  menuFor = p;
  p.setAttribute("aria-expanded", "true");
  const r = p.getBoundingClientRect();
  const w = Math.min(300, window.innerWidth - 16);
  menu.style.maxWidth = `${w}px`;
  menu.style.left = `${Math.max(8, Math.min(window.innerWidth - w - 8, r.left)) + window.scrollX}px`;
  const below = r.bottom + 4;
  const top = below + menu.offsetHeight < window.innerHeight ? below : Math.max(4, r.top - menu.offsetHeight - 4);
  menu.style.top = `${top + window.scrollY}px`;
  menu.querySelector("button").focus();
}

export function closeMenu(refocus = false) {
  const menu = document.getElementById("piece-menu");
  if (!menu || menu.hidden) return;
  menu.hidden = true;
  const p = menuFor;
  menuFor = null;
  if (p) {
    p.setAttribute("aria-expanded", "false");
    if (refocus && p.isConnected) p.focus();
  }
}

// -- what moved: a piece glides from where the same thing was, and is outlined briefly ---------

function snapshot() {
  const out = new Map();
  for (const p of document.querySelectorAll("#table [data-token]")) {
    const list = p.closest("ul.pieces");
    const where = list ? list.dataset.zone : "";
    const key = p.dataset.token;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push({ where, rect: p.getBoundingClientRect(), piece: p.dataset.piece });
  }
  return out;
}

/** Outline the pieces that came or moved since `before`, gliding them from where they were
 * (no motion when the reader asked for less). */
export function showMoves(before, first) {
  if (first) return;
  const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const now = new Map();
  for (const p of document.querySelectorAll("#table [data-token]")) {
    const list = p.closest("ul.pieces");
    const where = list ? list.dataset.zone : "";
    const key = `${p.dataset.token}\u0000${where}`;
    if (!now.has(key)) now.set(key, []);
    now.get(key).push(p);
  }
  for (const [key, els] of now) {
    const [tokenName, where] = key.split("\u0000");
    const old = (before.get(tokenName) || []);
    const had = old.filter((o) => o.where === where).length;
    if (els.length <= had) continue;
    const from = old.find((o) => o.where !== where);
    for (const el of els.slice(had)) {
      el.classList.add("moved");
      window.setTimeout(() => el.classList.remove("moved"), 1600);
      if (reduce || !from || !el.animate) continue;
      const to = el.getBoundingClientRect();
      const dx = from.rect.left - to.left;
      const dy = from.rect.top - to.top;
      if (Math.abs(dx) + Math.abs(dy) < 4) continue;
      el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: "none" }],
        { duration: 320, easing: "ease-out" });
    }
  }
}

// -- one set of listeners for the whole table ------------------------------------------------

export function listen() {
  const table = document.getElementById("table");
  let pressTimer = null;
  let pressed = null;
  let longPressed = false;
  table.addEventListener("click", (e) => {
    const p = e.target.closest("[data-piece]");
    if (!p) return;
    if (longPressed) { longPressed = false; e.preventDefault(); return; }
    act(p);
  });
  table.addEventListener("keydown", (e) => {
    const p = e.target.closest && e.target.closest("[data-piece]");
    if (!p) return;
    const steps = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1, Home: "first", End: "last" };
    if (e.key in steps) { e.preventDefault(); moveWithin(p, steps[e.key]); }
    if (e.key === "Escape") hideTip();
  });
  table.addEventListener("mouseover", (e) => {
    const p = e.target.closest("[data-piece]");
    if (p && p !== tipFor) showTip(p);
  });
  table.addEventListener("mouseout", (e) => {
    const p = e.target.closest("[data-piece]");
    if (p && !p.contains(e.relatedTarget) && p !== document.activeElement) hideTip();
  });
  table.addEventListener("focusin", (e) => {
    const p = e.target.closest("[data-piece]");
    if (p) showTip(p); else hideTip();
  });
  table.addEventListener("focusout", () => hideTip());
  table.addEventListener("touchstart", (e) => {
    const p = e.target.closest("[data-piece]");
    if (!p) return;
    pressed = p;
    longPressed = false;
    pressTimer = window.setTimeout(() => { longPressed = true; showTip(p); }, 500);
  }, { passive: true });
  const cancel = () => { if (pressTimer) window.clearTimeout(pressTimer); pressTimer = null; };
  table.addEventListener("touchend", cancel);
  table.addEventListener("touchmove", cancel, { passive: true });
  table.addEventListener("contextmenu", (e) => { if (pressed && longPressed) e.preventDefault(); });
  const menu = document.getElementById("piece-menu");
  menu.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.preventDefault(); closeMenu(true); return; }
    const buttons = [...menu.querySelectorAll("button")];
    const i = buttons.indexOf(document.activeElement);
    if (e.key === "ArrowDown" || e.key === "ArrowRight") { e.preventDefault(); buttons[(i + 1) % buttons.length].focus(); }
    if (e.key === "ArrowUp" || e.key === "ArrowLeft") { e.preventDefault(); buttons[(i - 1 + buttons.length) % buttons.length].focus(); }
  });
  menu.addEventListener("focusout", (e) => {
    if (!menu.contains(e.relatedTarget) && e.relatedTarget !== menuFor) closeMenu();
  });
  document.addEventListener("click", (e) => {
    if (!menu.hidden && !menu.contains(e.target) && !(menuFor && menuFor.contains(e.target))) closeMenu();
  });
}

// -- the generic presentation: the view as nested lists --------------------------------------

function words(key) {
  return key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function value(v) {
  if (v === null || v === undefined) return h("span", {}, "none");
  if (Array.isArray(v)) {
    if (!v.length) return h("span", {}, "none");
    if (v.every((x) => typeof x !== "object" || x === null)) return h("span", {}, v.join(", "));
    return h("ol", {}, v.map((x) => h("li", {}, value(x))));
  }
  if (typeof v === "object") {
    return h("dl", {}, Object.entries(v).flatMap(([k, x]) => [h("dt", {}, words(k)), h("dd", {}, value(x))]));
  }
  return h("span", {}, String(v));
}

const GENERIC = {
  render(view) {
    return { status: null, opponents: null, shared: h("div", { class: "generic" }, value(view)), mine: null };
  },
  pieceFor() { return null; },
  results() { return null; },
};
