// The pieces of a game table and the zones that hold them, shared by every game's
// presentation. A piece is a native button: its accessible name says what it is (and,
// when the question lets it act, what choosing it does), its description holds the card's
// text, and the page (board.js) decides whether it acts. The drawings are inline SVG,
// hidden from screen readers: everything they show is in the name in words.

import { h } from "./dom.js";

const SVG = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== null && v !== undefined && v !== false) el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

function picture(cls, viewBox, ...children) {
  return svg("svg", { class: cls, viewBox, "aria-hidden": "true", focusable: "false" }, ...children);
}

// -- descriptions: one hidden element per distinct text, referenced by aria-describedby ------

const described = new Map();

function describe(text) {
  let id = described.get(text);
  if (id === undefined) {
    id = `text-${described.size + 1}`;
    described.set(text, id);
    let box = document.getElementById("piece-texts");
    if (!box) {
      box = h("div", { id: "piece-texts", hidden: true });
      document.body.append(box);
    }
    box.append(h("p", { id }, text));
  }
  return id;
}

/** The text behind a description id (for the tooltip). */
export function textOf(id) {
  const el = document.getElementById(id);
  return el ? el.textContent : "";
}

// -- pieces and zones ---------------------------------------------------------------------

/**
 * A piece: `key` is what the game's pieceFor() names it by (several pieces may share one,
 * as three Coppers in a hand do); `token` says which thing it is, so that the page can
 * show it moving from one zone to another; `name` and `facts` are read out ("Silver",
 * "3 coins, 33 left"); when an option acts on it the page reads the option's label and
 * `state` instead ("Buy Silver (3 coins), 33 left"). `text` is the card's text.
 */
export function piece({ key, token = "", name, facts = "", state = "", text = "", cls = "", body = [] }) {
  const b = h("button", {
    type: "button",
    class: `piece ${cls}`.trim(),
    "data-piece": key,
    "data-token": token || null,
    "data-state": state || null,
    "aria-label": facts ? `${name}, ${facts}` : name,
  }, body);
  if (text) {
    const id = describe(text);
    b.setAttribute("aria-describedby", id);
    b.dataset.text = id;
  }
  return b;
}

let zones = 0;

/** A zone of the table: a titled list of pieces (arrow keys move within it). */
export function zone({ key, title, pieces, cls = "", empty = "none", note = null }) {
  zones += 1;
  const id = `zone-${zones}`;
  const list = h("ul", { class: "pieces", "data-zone": key, "aria-labelledby": id });
  for (const p of pieces) list.append(h("li", {}, p));
  return h("section", { class: `zone ${cls}`.trim() },
    h("h3", { class: "zone-title", id }, title),
    pieces.length ? list : h("p", { class: "zone-empty" }, empty),
    note);
}

/** One player's panel (the others along the top): name, markers, facts and zones. */
export function seatPanel({ name, you = false, current = false, deciding = false, marks = [], facts = [], zones: inner = [], cls = "" }) {
  const flags = [];
  if (current) flags.push(h("span", { class: "mark turn-mark" }, "▶ ", h("span", {}, "plays now")));
  if (deciding && !current) flags.push(h("span", { class: "mark decide-mark" }, "✎ ", h("span", {}, "decides now")));
  for (const m of marks) flags.push(h("span", { class: "mark" }, m));
  return h("section", {
    class: `seat ${current ? "current" : ""} ${deciding ? "deciding" : ""} ${cls}`.trim(),
    "aria-label": you ? `${name} (you)` : name,
  },
  h("h3", { class: "seat-name" }, you ? `${name} (you)` : name, " ", flags),
  facts.length ? h("ul", { class: "facts-row" }, facts.map((f) => h("li", {}, f))) : null,
  inner);
}

// -- drawings -------------------------------------------------------------------------------

/** A coin with a number on it (a Dominion cost). */
export function coin(n) {
  return picture("coin", "0 0 24 24",
    svg("circle", { cx: 12, cy: 12, r: 11, fill: "#e2b33c", stroke: "#7a5a10", "stroke-width": 1.5 }),
    svg("text", { x: 12, y: 16.5, "text-anchor": "middle", "font-size": 13, "font-weight": 700, fill: "#3b2a05" }, String(n)));
}

/** A Potion: a round flask. */
export function potion(fill = "#2c6fb7") {
  return picture("potion", "0 0 24 24",
    svg("path", { d: "M9 2h6v2h-1v5.2a7.5 7.5 0 1 1-4 0V4H9z", fill, stroke: "#17314f", "stroke-width": 1.2 }),
    svg("ellipse", { cx: 10, cy: 15, rx: 2, ry: 3, fill: "#ffffff", opacity: 0.45 }));
}

/** A cost: a coin with the coins (left out when a Potion alone is the cost), then Potions. */
export function cost(coins, potions) {
  const out = h("span", { class: "cost" });
  if (coins || !potions) out.append(coin(coins));
  for (let i = 0; i < potions; i++) out.append(potion());
  return out;
}

const STAR = "M0,-4.6 1.35,-1.6 4.4,-1.4 2.1,0.7 2.7,3.8 0,2.2 -2.7,3.8 -2.1,0.7 -4.4,-1.4 -1.35,-1.6Z";
const HEART = "M0,3.6C-4.6,0.4-4.8,-2.6-2.6,-3.5C-1.3,-4-0.4,-3.2 0,-2.2C0.4,-3.2 1.3,-4 2.6,-3.5C4.8,-2.6 4.6,0.4 0,3.6Z";
const FLASK = "M-1.3,-4.4h2.6v0.9h-0.5v2.2a3.4,3.4 0 1 1-1.6,0v-2.2h-0.5z";
const DIE_COLOURS = { blue: "#1f4fa8", red: "#a32626", green: "#1f6f3a", black: "#222228" };

/**
 * A die: `colour` (blue, red, green, black for a Super Die) and its face: "1".."3" stars,
 * "heart", "potion", "both" (heart and potion), "dark" (Darkness) or "" (not rolled).
 */
export function die(colour, face) {
  const fill = DIE_COLOURS[colour] || "#555";
  const parts = [svg("rect", { x: 1, y: 1, width: 22, height: 22, rx: 5, fill, stroke: "#111", "stroke-width": 1 })];
  const at = (x, y, d, color = "#fff", s = 1) => svg("path", { d, fill: color, transform: `translate(${x} ${y}) scale(${s})` });
  const n = /^\d$/.test(face) ? Number(face) : 0;
  if (n) {
    const spots = { 1: [[12, 12]], 2: [[7.5, 8], [16.5, 16]], 3: [[7, 7], [12, 12], [17, 17]] }[Math.min(n, 3)];
    for (const [x, y] of spots) parts.push(at(x, y, STAR, "#ffd84a", n === 1 ? 1.5 : 1.1));
    if (n > 3) parts.push(svg("text", { x: 12, y: 21, "text-anchor": "middle", "font-size": 6, fill: "#fff" }, String(n)));
  } else if (face === "heart") {
    parts.push(at(12, 12.5, HEART, "#ff8fa8", 1.9));
  } else if (face === "potion") {
    parts.push(at(12, 12.5, FLASK, "#a8e0ff", 1.9));
  } else if (face === "both") {
    parts.push(at(8, 10, HEART, "#ff8fa8", 1.2), at(16, 14, FLASK, "#a8e0ff", 1.2));
  } else if (face === "dark") {
    parts.push(svg("circle", { cx: 12, cy: 12, r: 7, fill: "#0b0b10", stroke: "#c9c4d6", "stroke-width": 1 }),
      svg("path", { d: "M9 10.5a1.2 1.2 0 1 0 0.01 0M15 10.5a1.2 1.2 0 1 0 0.01 0", fill: "#c9c4d6" }),
      svg("path", { d: "M9 15.5q3 -2 6 0", stroke: "#c9c4d6", fill: "none", "stroke-width": 1 }));
  } else if (face === "alchemy") {
    parts.push(at(9, 12, HEART, "#ff8fa8", 1.1), at(15, 12, FLASK, "#a8e0ff", 1.1));
  }
  return picture(`die-face ${colour}`, "0 0 24 24", parts);
}

/** A round token (slag, a Whisper Token, a Super Die marker), with a letter or symbol. */
export function token(kind, mark = "") {
  const fills = { slag: "#5b5149", whisper: "#6b2fa3", super: "#222228", darkness: "#0b0b10" };
  return picture(`token ${kind}`, "0 0 24 24",
    svg("circle", { cx: 12, cy: 12, r: 10.5, fill: fills[kind] || "#555", stroke: "#111", "stroke-width": 1 }),
    mark ? svg("text", { x: 12, y: 16, "text-anchor": "middle", "font-size": 11, "font-weight": 700, fill: "#fff" }, mark) : null);
}

/** A small count badge on a piece ("×3", "33"). */
export function badge(text, label = "") {
  return h("span", { class: "badge", title: label || null }, text);
}

/** "3 Coppers", "1 Copper". */
export function count(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

/** Runs of equal names: ["Copper", "Copper", "Silver"] -> [["Copper", 2], ["Silver", 1]]. */
export function runs(names) {
  const out = [];
  for (const n of names) {
    const last = out[out.length - 1];
    if (last && last[0] === n) last[1] += 1;
    else out.push([n, 1]);
  }
  return out;
}

/** Each distinct name with how many times it appears, in first-seen order. */
export function counted(names) {
  const m = new Map();
  for (const n of names) m.set(n, (m.get(n) || 0) + 1);
  return [...m.entries()];
}
