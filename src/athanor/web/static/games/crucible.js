// The Alchemist's Crucible as a table: the other alchemists along the top (cards in hand as a
// count, tricks won, slag, Whisper Token, discipline, tasks and the cards known to be in their
// hands); in the middle the cauldron with each card played in front of its player, the running
// total against the Cauldron Limit or the Transmutation Target, and the mission with its slag
// and special rule (during the draft, the tasks still to claim); along the bottom your hand by
// suit, each card showing the face it turns to, your discipline and your tasks. Built from the
// seat's view alone. A suit has a colour, a drawn symbol and a name: colour never stands alone.

import { h, table, who } from "../dom.js";
import { count, piece, seatPanel, svg, zone } from "../pieces.js";

// -- suits, cards and their words ------------------------------------------------------------

const SUITS = {
  B: { name: "Brimstone", cls: "s-b" },
  Q: { name: "Quicksilver", cls: "s-q" },
  S: { name: "Salt", cls: "s-s" },
  M: { name: "Mandrake", cls: "s-m" },
  A: { name: "Aether", cls: "s-a" },
  L: { name: "Lodestone", cls: "s-l" },
  C: { name: "Catalyst", cls: "s-c" },
};
const LETTERS = "BQSMALC";
const DUAL = 54; // face numbers below this are dual-natured ingredient cards
const NO_LIMIT = 1000; // the Purifier lifts the limit to a number no total reaches
const STATE_WORDS = { open: "open", done: "done", failed: "failed" };
const STATE_MARKS = { open: "○", done: "✓", failed: "✗" };
const HINT_WORDS = { top: "highest", bottom: "lowest", middle: "only" };

// The suits' symbols, drawn (no font needed): sulphur's triangle and cross, mercury's horned
// circle, salt's barred circle, a mandrake leaf, aether's four-pointed star, a lodestone's
// horseshoe magnet and the Catalysts' five-pointed star.
const SYMBOLS = {
  B: [["path", { d: "M12 2.5 21 15H3Z" }], ["path", { d: "M12 15v7.5M7.5 19h9", fill: "none", "stroke-width": 2.4 }]],
  Q: [["path", { d: "M7 2.5a5 3.8 0 0 0 10 0", fill: "none", "stroke-width": 2.2 }],
    ["circle", { cx: 12, cy: 10, r: 4.6, fill: "none", "stroke-width": 2.4 }],
    ["path", { d: "M12 14.6v7.9M8.2 18.6h7.6", fill: "none", "stroke-width": 2.4 }]],
  S: [["circle", { cx: 12, cy: 12, r: 8.6, fill: "none", "stroke-width": 2.4 }], ["path", { d: "M3.4 12h17.2", fill: "none", "stroke-width": 2.4 }]],
  M: [["path", { d: "M12 21.5C4.5 16.5 4.5 8 12 2.5c7.5 5.5 7.5 14 0 19Z" }], ["path", { d: "M12 6v15", fill: "none", stroke: "#fff", "stroke-width": 1.3 }]],
  A: [["path", { d: "M12 1.5 14.3 9.7 22.5 12 14.3 14.3 12 22.5 9.7 14.3 1.5 12 9.7 9.7Z" }]],
  L: [["path", { d: "M4 3h5.5v9a2.5 2.5 0 0 0 5 0V3H20v9a8 8 0 0 1-16 0Z" }]],
  C: [["path", { d: "M12 1.8 15 8.6 22.3 9.3 16.8 14.1 18.4 21.4 12 17.6 5.6 21.4 7.2 14.1 1.7 9.3 9 8.6Z" }]],
};

/** A suit's drawn symbol, in the suit's colour (hidden from screen readers). */
function symbol(letter, cls = "") {
  const parts = SYMBOLS[letter].map(([tag, attrs]) => svg(tag, { stroke: "currentColor", fill: "currentColor", ...attrs }));
  return svg("svg", { class: `sym ${SUITS[letter].cls} ${cls}`.trim(), viewBox: "0 0 24 24", "aria-hidden": "true", focusable: "false" }, parts);
}

function suitOf(code) { return code[0]; }
function rankOf(code) { return Number(code.slice(1)); }
function named(code) { return `${SUITS[suitOf(code)].name} ${rankOf(code)}`; }
function fromNumber(f) {
  const [suit, rank] = f >= DUAL ? [6, f - DUAL + 1] : [Math.floor(f / 9), (f % 9) + 1];
  return `${LETTERS[suit]}${rank}`;
}
function byFace(a, b) {
  return LETTERS.indexOf(suitOf(a)) - LETTERS.indexOf(suitOf(b)) || rankOf(a) - rankOf(b);
}

function words(items) {
  if (!items.length) return "none";
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
function orWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}
function capital(s) { return s.replace(/^./, (c) => c.toUpperCase()); }
function name(view, i, seat, cap = true) {
  if (i === seat) return cap ? "You" : "you";
  return view.names[i];
}
function owner(view, i, seat) { return i === seat ? "your" : `${view.names[i]}'s`; }
function titleCase(key) { return key.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" "); }

// -- drawings -------------------------------------------------------------------------------

function drawing(cls, viewBox, ...parts) {
  return svg("svg", { class: cls, viewBox, "aria-hidden": "true", focusable: "false" }, parts.flat(Infinity));
}

/** A Whisper Token, with its hint drawn: an arrow up (highest), down (lowest) or a 1 (only). */
function whisperToken(hint = "") {
  const mark = {
    top: svg("path", { d: "M12 5.5 17.5 12h-3.5v6.5h-4V12H6.5Z", fill: "#fff" }),
    bottom: svg("path", { d: "M12 18.5 6.5 12h3.5V5.5h4V12h3.5Z", fill: "#fff" }),
    middle: svg("path", { d: "M10 8.5 13.5 6h1.2v12h-2.6V9.6l-1.6 1Z", fill: "#fff" }),
  }[hint] || svg("path", { d: "M6 8h2.2l1.4 6 1.6-6h1.6l1.6 6 1.4-6H18l-2.6 9h-1.8L12 11.4 10.4 17H8.6Z", fill: "#fff" });
  return drawing("wtoken", "0 0 24 24",
    svg("circle", { cx: 12, cy: 12, r: 10.5, fill: "#6b2fa3", stroke: "#f4f1e6", "stroke-width": 1.5 }), mark);
}

/** A slag token (or the empty place of one, up to the mission's slag cap). */
function slagToken(taken = true) {
  return drawing(`stoken ${taken ? "taken" : "free"}`, "0 0 24 24",
    taken
      ? [svg("path", { d: "M12 2.5 19.5 6.5 21 14 16 20.5 8 21 3 14.5 4.5 6.5Z", fill: "#3d3530", stroke: "#f4f1e6", "stroke-width": 1.3 }),
        svg("path", { d: "M8 9.5 11 12l-1.5 4M13.5 7.5l1 4.5 3 1.5", fill: "none", stroke: "#e07a3a", "stroke-width": 1.4 })]
      : svg("path", { d: "M12 2.5 19.5 6.5 21 14 16 20.5 8 21 3 14.5 4.5 6.5Z", fill: "none", stroke: "#cfe0d5", "stroke-width": 1.3, "stroke-dasharray": "2.5 2" }));
}

/** A spent Whisper Token: its empty place, struck through. */
function spentWhisper() {
  return drawing("wtoken spent", "0 0 24 24",
    svg("circle", { cx: 12, cy: 12, r: 10, fill: "none", stroke: "#cfe0d5", "stroke-width": 1.4, "stroke-dasharray": "2.5 2" }),
    svg("path", { d: "M5 19 19 5", stroke: "#cfe0d5", "stroke-width": 1.8 }));
}

/** The eye on a card everyone knows is in its holder's hand. */
function eye() {
  return drawing("eye", "0 0 24 24",
    svg("path", { d: "M1.5 12C5 5.5 19 5.5 22.5 12 19 18.5 5 18.5 1.5 12Z", fill: "#fff", stroke: "#1b1b1f", "stroke-width": 1.6 }),
    svg("circle", { cx: 12, cy: 12, r: 3.6, fill: "#1b1b1f" }));
}

/** The mark of a card showing its transmuted face. */
function turned() {
  return drawing("turned", "0 0 24 24",
    svg("path", { d: "M18.5 8.5A7.5 7.5 0 1 0 19.5 14", fill: "none", stroke: "currentColor", "stroke-width": 2.6 }),
    svg("path", { d: "M14.5 8.5h5.5V3", fill: "none", stroke: "currentColor", "stroke-width": 2.6 }));
}

/** A small fanned pile of card backs, for a hand seen from across the table. */
function backs() {
  return drawing("backs", "0 0 24 24",
    svg("rect", { x: 3, y: 4, width: 11, height: 16, rx: 2, fill: "#4b2e6f", stroke: "#f4f1e6", "stroke-width": 1.2, transform: "rotate(-12 8 12)" }),
    svg("rect", { x: 9, y: 4, width: 11, height: 16, rx: 2, fill: "#573880", stroke: "#f4f1e6", "stroke-width": 1.2, transform: "rotate(8 15 12)" }));
}

/** A cauldron on its fire. */
function pot(intent) {
  return drawing(`pot ${intent || "idle"}`, "0 0 64 44",
    svg("path", { d: "M10 12h44l-3 17a19 13 0 0 1-38 0Z", fill: "#2a2422", stroke: "#d9cfc0", "stroke-width": 1.5 }),
    svg("rect", { x: 7, y: 9, width: 50, height: 5, rx: 2.5, fill: "#3d3530", stroke: "#d9cfc0", "stroke-width": 1.5 }),
    svg("ellipse", { cx: 32, cy: 11.5, rx: 22, ry: 2.2, class: "brew" }),
    svg("path", { d: "M18 40l-3 3M46 40l3 3", stroke: "#d9cfc0", "stroke-width": 2 }));
}

// -- cards as pieces -------------------------------------------------------------------------

/** The words for a card's two faces: "turns to Lodestone 6 if transmuted" and so on. */
function faceWords(card) {
  if (!card.turns_to) return "a Catalyst never flips";
  return card.flipped
    ? `transmuted; turns back to ${named(card.turns_to)}`
    : `turns to ${named(card.turns_to)} if transmuted`;
}

function cardText(card) {
  const f = card.face;
  if (!card.turns_to) {
    return `${named(f)}: a Catalyst, the trump suit. It never flips. ${suitOf(f) === "C" && rankOf(f) === 4 ? "Its holder at the deal is the Lead Alchemist." : ""}`.trim();
  }
  const now = card.flipped ? `${named(f)}, showing its transmuted face` : named(f);
  return `${now}. A successful Transmute turns it to ${named(card.turns_to)}: the opposite suit on the wheel, at 10 minus its rank.`;
}

/** A card drawn as a card: its face (rank and suit symbol) upright, and the face it turns to
 * printed upside down at the bottom, as on the physical card. */
function cardBody(card, { hint = null, known = false } = {}) {
  const f = card.face;
  const s = suitOf(f);
  const parts = [
    h("span", { class: "cc-top" }, h("span", { class: "cc-rank" }, String(rankOf(f))), symbol(s, "cc-sym")),
    h("span", { class: "cc-mid" }, symbol(s, "cc-big")),
    card.turns_to
      ? h("span", { class: `cc-turn ${SUITS[suitOf(card.turns_to)].cls}` }, h("span", {}, String(rankOf(card.turns_to))), symbol(suitOf(card.turns_to), "cc-sym"))
      : h("span", { class: "cc-turn never" }, "–"),
  ];
  if (card.flipped) parts.push(h("span", { class: "cc-flip" }, turned()));
  if (hint) parts.push(h("span", { class: "cc-token" }, whisperToken(hint)));
  else if (known) parts.push(h("span", { class: "cc-token" }, eye()));
  return parts;
}

/** A known card seen across the table: a small chip with its rank and suit. */
function chipBody(card, { hint = null, known = false } = {}) {
  const s = suitOf(card.face);
  return [
    h("span", { class: "cc-rank" }, String(rankOf(card.face))), symbol(s, "cc-sym"),
    hint ? h("span", { class: "cc-token" }, whisperToken(hint)) : known ? h("span", { class: "cc-token" }, eye()) : null,
  ];
}

function handCard(card, { key, where, hint, known, size = "" }) {
  const facts = [faceWords(card)];
  if (hint) facts.push(`whispered: the ${HINT_WORDS[hint]} ${SUITS[suitOf(card.face)].name} ${where}`);
  else if (known) facts.push("everyone knows it is there");
  const state = facts.join(", ");
  return piece({
    key,
    token: `card:${card.id}`,
    name: named(card.face),
    facts: state,
    state,
    text: cardText(card),
    cls: `ccard ${SUITS[suitOf(card.face)].cls} ${card.flipped ? "flipped" : ""} ${size}`,
    body: size === "chip" ? chipBody(card, { hint, known }) : cardBody(card, { hint, known }),
  });
}

// -- tasks -----------------------------------------------------------------------------------

// What a task card says in a few words (the whole text is its name and its tip).
const SHORT = {
  "tricks-0": "No Catalyze trick", "tricks-1": "Exactly 1 trick", "tricks-2": "Exactly 2 tricks",
  "tricks-3": "Exactly 3 tricks", "tricks-4": "Exactly 4 tricks", "tricks-5": "5 or more tricks",
  "win-nine": "Win a 9", "win-one": "Win a 1", "win-catalyst": "Win a Catalyst", "zero-catalyst": "No Catalyst",
  "sum-22": "A trick of exactly 22", "one-boil": "Exactly 1 Boil Over",
  "transmute-high": "Highest card in a Transmute", "transmute-low": "Lowest card in a Transmute",
  "fizzle": "Play into a fizzle", "lead-one-transmute": "Lead exactly 1 Transmute",
  "first-trick": "Win the first trick", "last-trick": "Win the last trick",
  "none-first-three": "None of the first 3 tricks", "after-boil": "Win right after a Boil Over",
  "more-than-lead": "More tricks than the Lead", "fewer-than-lead": "Fewer tricks than the Lead",
  "most-tricks": "Most tricks, no tie", "same-as-left": "As many tricks as your left",
  "two-mandrake": "A trick with 2 Mandrake", "three-of-a-suit": "A trick with 3 of a suit",
  "two-catalysts": "A trick with 2 Catalysts", "low-trick": "A trick with nothing over 5",
};
const SUIT_BY_NAME = Object.fromEntries(Object.entries(SUITS).map(([l, s]) => [s.name.toLowerCase(), l]));

function shortTask(t) {
  const m = /^(win|zero)-(brimstone|quicksilver|salt|mandrake|aether|lodestone)$/.exec(t.id);
  if (m) {
    const l = SUIT_BY_NAME[m[2]];
    return [m[1] === "win" ? "Win " : "No ", symbol(l, "t-sym"), ` ${SUITS[l].name}`];
  }
  const about = /catalyst/.test(t.id) ? "C" : /mandrake/.test(t.id) ? "M" : null;
  const text = SHORT[t.id] || t.text.replace(/\.$/, "");
  return about ? [symbol(about, "t-sym"), " ", text] : [text];
}

function taskText(t) {
  return `${t.text} ${t.category}; ${t.timing}.`;
}

/** A drafted task: a small card with its state (a mark and a word) and its few words. */
function taskCard(view, t, seat, { inOrder = false } = {}) {
  const state = `${owner(view, t.owner, seat)} task, ${STATE_WORDS[t.status] || t.status}${inOrder ? `, number ${t.order + 1} in the order` : ""}`;
  return piece({
    key: `task:${t.id}`,
    token: `task:${t.id}`,
    name: `Task: ${t.text.replace(/\.$/, "")}`,
    facts: state,
    state,
    text: taskText(t),
    cls: `task mini st-${t.status}`,
    body: [
      h("span", { class: "t-state" },
        h("span", { "aria-hidden": "true" }, STATE_MARKS[t.status] || ""), ` ${capital(STATE_WORDS[t.status] || t.status)}`,
        inOrder ? h("span", { class: "t-order" }, ` #${t.order + 1}`) : null),
      h("span", { class: "t-words" }, shortTask(t)),
    ],
  });
}

/** A task still to claim: a larger card with its category badge, whole text and timing. */
function draftCard(t) {
  return piece({
    key: `task:${t.id}`,
    token: `task:${t.id}`,
    name: `Task to claim: ${t.text.replace(/\.$/, "")}`,
    facts: `${t.category}; ${t.timing}`,
    state: `${t.category}; ${t.timing}`,
    text: taskText(t),
    cls: "task draft",
    body: [
      h("span", { class: "t-cat" }, t.category),
      h("span", { class: "t-text" }, t.text),
      h("span", { class: "t-time" }, t.timing),
    ],
  });
}

// -- disciplines -------------------------------------------------------------------------------

function discText(ctx, dname) {
  return (ctx.cards.texts || {})[dname] || "";
}

function discState(view, i) {
  const d = view.disciplines[i];
  if (!d) return "not chosen yet";
  const text = view.active && view.active[d.key] === i ? "in force this reaction" : d.used ? "spent" : "ready";
  return text;
}

/** A kept discipline as a card: its name, and ready, spent or in force (passive ones say so). */
function discCard(ctx, view, i, seat, { key, big = false }) {
  const d = view.disciplines[i];
  if (!d) {
    return piece({
      key,
      name: `${capital(owner(view, i, seat))} discipline`,
      facts: "not chosen yet: two dealt, one to keep",
      cls: "disc back mini",
      body: [h("span", { class: "d-name" }, "Discipline"), h("span", { class: "d-state" }, "choosing")],
    });
  }
  const text = discText(ctx, d.name);
  const passive = /^Passive/.test(text);
  const state = passive ? "passive, always on" : discState(view, i);
  return piece({
    key,
    token: `disc:${d.key}`,
    name: `${capital(owner(view, i, seat))} discipline: the ${d.name}`,
    facts: state,
    state,
    text: `The ${d.name}. ${text}`,
    cls: `disc ${big ? "big" : "mini"} ${d.used && !passive ? "spent" : ""} ${state === "in force this reaction" ? "in-force" : ""}`,
    body: [
      h("span", { class: "d-name" }, d.name),
      h("span", { class: "d-state" }, passive ? "Passive" : capital(state === "in force this reaction" ? "in force" : state)),
      big ? h("span", { class: "d-text" }, text.replace(/^(Passive|Once per mission): /, "")) : null,
    ],
  });
}

/** One of the two disciplines dealt to you, to keep one. */
function offerCard(ctx, key) {
  const dname = titleCase(key);
  const text = discText(ctx, dname);
  return piece({
    key: `offer:${key}`,
    token: `disc:${key}`,
    name: `The ${dname}, dealt to you`,
    facts: text,
    text: `The ${dname}. ${text}`,
    cls: "disc big offer",
    body: [
      h("span", { class: "d-name" }, dname),
      h("span", { class: "d-state" }, /^Passive/.test(text) ? "Passive" : "Once per mission"),
      h("span", { class: "d-text" }, text.replace(/^(Passive|Once per mission): /, "")),
    ],
  });
}

// -- the status line -------------------------------------------------------------------------

function statusLine(view, seat) {
  if (view.over) {
    const m = view.mission.number;
    return view.outcome === "won"
      ? `The team won mission ${m}: ${view.detail}.`
      : `The team lost mission ${m}: ${view.detail}.`;
  }
  const now = view.deciding === null ? ""
    : view.deciding === seat ? " Your turn to decide." : ` ${view.names[view.deciding]} decides now.`;
  if (!view.reaction) {
    let step = "Setting up the mission";
    if (view.mission.special === "sponge" && view.sponge === null) step = "Choosing the Sponge";
    else if (view.revealed.length) step = `Drafting the tasks: ${count(view.revealed.length, "task")} still to claim`;
    else if (view.disciplines.some((d) => d === null)) step = "Choosing disciplines";
    return `${step}.${now}`;
  }
  const leader = name(view, view.leader, seat);
  const leads = view.leader === seat ? "lead" : "leads";
  const what = view.intent ? ` a ${view.intent === "catalyze" ? "Catalyze" : "Transmute"}` : "; no intent is declared yet";
  return `Reaction ${view.reaction}: ${leader} ${leads}${what}.${now}`;
}

function status(view, seat) {
  const m = view.mission;
  return h("p", { class: "cru-status" },
    h("strong", {}, statusLine(view, seat)),
    h("span", { class: "hint" }, ` Mission ${m.number}, ${m.name}.`));
}

// -- the other alchemists along the top --------------------------------------------------------

function marksFor(view, i, seat) {
  const marks = [];
  if (i === view.lead_alchemist) marks.push(h("span", {}, h("span", { "aria-hidden": "true" }, "♛ "), "Lead Alchemist"));
  if (view.reaction && !view.over && i === view.leader) marks.push("leads");
  if (i === view.sponge) marks.push("the Sponge");
  return marks;
}

function voidFact(view, i) {
  const v = view.voids[i] || [];
  if (!v.length) return null;
  const letters = v.map((n) => SUIT_BY_NAME[n.toLowerCase()] || "C");
  return h("span", { class: "voids" },
    h("span", { class: "visually-hidden" }, `has shown no ${orWords(v)}`),
    h("span", { "aria-hidden": "true" }, "No "), letters.map((l) => symbol(l, "f-sym")));
}

function hidden(text) { return h("span", { class: "visually-hidden" }, text); }

function tokenFacts(view, i) {
  const out = [];
  const slag = view.slag[i];
  out.push(h("span", { class: "fact-slag" }, Array.from({ length: slag }, () => slagToken(true)), `Slag ${slag}`));
  if (view.mission.special !== "blind") {
    out.push(view.whisper_tokens[i]
      ? h("span", { class: "fact-whisper" }, whisperToken(), hidden("Whisper Token held"))
      : h("span", { class: "fact-whisper spent" }, spentWhisper(), hidden("Whisper Token spent")));
  }
  return out;
}

function knownFor(view, i) {
  const hints = new Map(view.whispers.filter((w) => w[0] === i).map((w) => [w[1], w[2]]));
  return { hints, cards: (view.known[i] || []) };
}

function panel(ctx, view, i, seat) {
  const d = view.deciding;
  const { hints, cards } = knownFor(view, i);
  const pieces = [discCard(ctx, view, i, seat, { key: `disc:${i}` })];
  const inOrder = view.mission.special === "in-order";
  for (const t of view.tasks.filter((x) => x.owner === i)) pieces.push(taskCard(view, t, seat, { inOrder }));
  // A finished game's replay with every card open: each hand lies face up in its panel.
  const open = ctx.open ? ctx.open[i].hand || [] : null;
  const knownIds = new Set(cards.map((c) => c.id));
  for (const c of [...(open || cards)].sort((a, b) => byFace(a.face, b.face))) {
    pieces.push(handCard(c, {
      key: `seen:${i}:${c.face}`, where: `in ${view.names[i]}'s hand`, hint: hints.get(c.id) || null,
      known: knownIds.has(c.id) && !hints.has(c.id), size: "chip",
    }));
  }
  const held = view.hand_sizes[i];
  return seatPanel({
    name: view.names[i],
    you: i === seat,
    current: !view.over && d === i,
    marks: marksFor(view, i, seat),
    facts: [
      h("span", { class: "fact-hand" }, backs(), String(held), hidden(` ${held === 1 ? "card" : "cards"} in hand`)),
      `Tricks ${view.tricks_won[i]}`,
      ...tokenFacts(view, i),
      voidFact(view, i),
    ].filter(Boolean),
    zones: [zone({
      key: `seat-${i}`,
      title: open ? `${view.names[i]}: discipline, tasks and hand (${count(open.length, "card")})` : `${view.names[i]}: discipline, tasks and known cards`,
      pieces,
      cls: open ? "seat-things open-hand" : "seat-things",
    })],
    cls: `cru-seat ${i === view.lead_alchemist ? "lead" : ""}`,
  });
}

function clockwise(view, seat) {
  const n = view.names.length;
  if (seat === null || seat === undefined) return view.names.map((_, i) => i);
  return Array.from({ length: n - 1 }, (_, k) => (seat + 1 + k) % n);
}

function opponents(ctx, view, seat) {
  return h("div", { class: `seats cru-seats n${clockwise(view, seat).length}` },
    clockwise(view, seat).map((i) => panel(ctx, view, i, seat)));
}

// -- the middle: the cauldron, the draft and the mission ------------------------------------

function spotOrder(view, seat) {
  // Seats around the cauldron: the viewer at the bottom, the others clockwise from the left.
  const n = view.names.length;
  const me = seat === null || seat === undefined ? 0 : seat;
  return Array.from({ length: n }, (_, k) => (me + k) % n);
}

function totalLine(view) {
  if (!view.intent) return null;
  if (view.intent === "catalyze") {
    if (view.limit >= NO_LIMIT) return { text: `${view.total}, no limit`, long: `Total ${view.total}; the Cauldron Limit is lifted for this Catalyze.`, bound: null };
    const spare = view.limit - view.total;
    return {
      text: `${view.total} of ${view.limit}`,
      long: `Total ${view.total} of the Cauldron Limit ${view.limit}: ${spare} to spare.`,
      sub: `${spare} to spare`,
      bound: view.limit,
    };
  }
  const more = view.target - view.total;
  return {
    text: `${view.total} of ${view.target}`,
    long: more > 0
      ? `Total ${view.total} toward the Transmutation Target ${view.target}: ${more} more needed.`
      : `Total ${view.total}: the Transmutation Target ${view.target} is reached.`,
    sub: more > 0 ? `${more} more needed` : "target reached ✓",
    bound: view.target,
  };
}

function gauge(view, line) {
  if (!line || line.bound === null) return null;
  const share = Math.max(0, Math.min(1, view.total / Math.max(1, line.bound)));
  const fill = h("span", { class: "gauge-fill" });
  fill.style.width = `${Math.round(share * 100)}%`; // through the CSSOM: the CSP allows no style attribute
  const near = view.intent === "catalyze" && line.bound - view.total <= 4;
  return h("span", { class: `gauge ${view.intent} ${near ? "near" : ""}`, "aria-hidden": "true" }, fill,
    h("span", { class: "gauge-end" }, view.intent === "catalyze" ? `limit ${line.bound}` : `target ${line.bound}`));
}

function historyWords(view, [kind, s, total], seat) {
  const person = name(view, s, seat);
  if (kind === "C") return `${person} won the Catalyze at ${total}`;
  if (kind === "B") return `Boil Over: ${person} pushed the cauldron to ${total}`;
  if (kind === "T") return `the Transmute succeeded at ${total}; ${name(view, s, seat, false)} led next`;
  return `the Transmute fizzled at ${total}; ${name(view, s, seat, false)} led next`;
}

function potItem(view, seat) {
  const line = totalLine(view);
  const info = [];
  if (line) {
    const kind = view.intent === "catalyze" ? "Catalyze" : "Transmute";
    const lead = view.plays.length ? suitOf(view.plays[0][2]) : null;
    info.push(h("span", { class: "pot-kind" }, kind,
      lead ? h("span", { class: "pot-lead" }, " · ", symbol(lead, "f-sym"), ` ${SUITS[lead].name} led`) : null));
    info.push(h("span", { class: "pot-total", "aria-hidden": "true" }, line.text));
    info.push(hidden(line.long));
    const g = gauge(view, line);
    if (g) info.push(g);
    if (line.sub) info.push(h("span", { class: "pot-sub", "aria-hidden": "true" }, line.sub));
  } else if (view.reaction && !view.over) {
    info.push(h("span", { class: "pot-kind" }, `Reaction ${view.reaction}`));
    info.push(h("span", { class: "pot-sub" }, `${name(view, view.leader, seat)} ${view.leader === seat ? "declare" : "declares"}: Catalyze or Transmute?`));
  } else {
    info.push(h("span", { class: "pot-kind" }, view.over ? "The mission is over" : "The cauldron waits"));
  }
  const last = view.history[view.history.length - 1];
  if (last && !view.plays.length) info.push(h("span", { class: "pot-last" }, `Last: ${historyWords(view, last, seat)}.`));
  return h("li", { class: "pot-spot" }, pot(view.intent), h("span", { class: "pot-info" }, info));
}

function cauldron(ctx, view, seat) {
  const order = spotOrder(view, seat);
  const n = order.length;
  const played = new Map(view.plays.map(([s, id, code], k) => [s, { id, code, k, value: view.play_values ? view.play_values[k] : null }]));
  const whispered = new Map(view.whispers.map((w) => [w[1], w[2]]));
  const items = [potItem(view, seat)];
  const toPlay = view.reaction && view.intent && !view.over ? view.deciding : null;
  order.forEach((s, pos) => {
    const p = played.get(s);
    const label = [name(view, s, seat)];
    if (s === view.leader && view.reaction && !view.over) label.push(h("span", { class: "spot-mark" }, "leads"));
    if (s === toPlay) label.push(h("span", { class: "spot-mark now" }, s === seat ? "your turn" : "to play"));
    const wins = p && view.winning === s && !view.over;
    const winWords = view.intent === "transmute" ? "leads next" : "winning";
    if (wins) label.push(h("span", { class: "spot-mark win" }, winWords));
    let thing;
    if (p) {
      const ord = ["1st", "2nd", "3rd", "4th", "5th"][p.k];
      const worth = p.value !== null && p.value !== rankOf(p.code) ? `, counts ${p.value}` : "";
      thing = piece({
        key: `played:${p.id}`,
        token: `card:${p.id}`,
        name: `${name(view, s, seat)} played ${named(p.code)}${fromNumber(p.id) !== p.code ? " (transmuted)" : ""}`,
        facts: `${ord}${worth}${wins ? `, ${winWords} as it stands` : ""}`,
        text: `${named(p.code)}, played ${ord} to this reaction${worth}.`,
        cls: `ccard ${SUITS[suitOf(p.code)].cls} played ${wins ? "winning" : ""}`,
        body: [
          h("span", { class: "cc-top" }, h("span", { class: "cc-rank" }, String(rankOf(p.code))), symbol(suitOf(p.code), "cc-sym")),
          h("span", { class: "cc-mid" }, symbol(suitOf(p.code), "cc-big")),
          h("span", { class: "cc-order" }, worth ? `${ord} =${p.value}` : ord),
          fromNumber(p.id) !== p.code ? h("span", { class: "cc-flip" }, turned()) : null,
          whispered.has(p.id) ? h("span", { class: "cc-token" }, whisperToken(whispered.get(p.id))) : null,
        ],
      });
    } else {
      const waiting = view.hand_sizes[s] === 0 ? "no cards" : "";
      thing = h("span", { class: `slot ${s === toPlay ? "now" : ""}`, "aria-hidden": "true" }, waiting);
    }
    items.push(h("li", { class: `spot p${pos} ${s === seat ? "me" : ""}` },
      h("span", { class: "spot-name" }, label), thing));
  });
  const title = view.intent
    ? `The cauldron: reaction ${view.reaction}, ${capital(view.intent)}`
    : view.reaction ? `The cauldron: reaction ${view.reaction}` : "The cauldron";
  const list = h("ul", { class: `pieces cauldron n${n}`, "data-zone": "cauldron", "aria-labelledby": "cauldron-title" }, items);
  return h("section", { class: "zone cauldron-zone" },
    h("h3", { class: "zone-title visually-hidden", id: "cauldron-title" }, title), list);
}

function draft(view) {
  if (!view.revealed.length) return null;
  const tasks = view.revealed_tasks || view.revealed.map((id, k) => ({ id, text: view.revealed_text[k], category: "", timing: "" }));
  return zone({
    key: "draft",
    title: `Tasks to claim (${tasks.length})`,
    pieces: tasks.map(draftCard),
    cls: "draft-zone",
  });
}

function missionPanel(view, seat) {
  const m = view.mission;
  const slag = view.slag.reduce((a, b) => a + b, 0);
  const active = Object.entries(view.active || {});
  const limitNow = view.limit >= NO_LIMIT ? "lifted" : String(view.limit);
  const limit = view.reaction && view.limit !== m.cauldron_limit ? `${limitNow} (normally ${m.cauldron_limit})` : String(m.cauldron_limit);
  const target = view.reaction && view.target !== m.transmutation_target ? `${view.target} (normally ${m.transmutation_target})` : String(m.transmutation_target);
  const rows = [
    ["Cauldron Limit", limit],
    ["Transmutation Target", target],
    ["Slag", h("span", { class: "slag-row" },
      Array.from({ length: m.slag_cap }, (_, k) => slagToken(k < slag)),
      ` ${slag} of ${m.slag_cap}`, h("span", { class: "visually-hidden" }, `: the laboratory is lost at ${m.slag_cap}`))],
    ["Transmutes", `${view.transmutes} of ${view.transmute_limit}`],
    ["Lead Alchemist", h("span", {}, h("span", { "aria-hidden": "true" }, "♛ "), name(view, view.lead_alchemist, seat))],
  ];
  if (view.sponge !== null) rows.push(["The Sponge", name(view, view.sponge, seat)]);
  if (m.special === "transmute") rows.push(["A successful Transmute", view.transmutes ? "✓ done" : "still needed"]);
  if (m.special === "equilibrium") {
    rows.push(["Catalyze of exactly 22", view.equilibrium.catalyze_22 ? "✓ done" : "still needed"]);
    rows.push(["Transmute of exactly 18", view.equilibrium.transmute_18 ? "✓ done" : "still needed"]);
  }
  if (active.length) {
    rows.push(["In force now", words(active.map(([key, s]) => {
      const d = view.disciplines[s];
      return `the ${d && d.key === key ? d.name : titleCase(key)} (${name(view, s, seat, false)})`;
    }))]);
  }
  const done = view.tasks.filter((t) => t.status === "done").length;
  const taskWords = view.tasks.length ? `${done} of ${view.tasks.length} done` : `${m.tasks} to draft`;
  rows.push(["Tasks", taskWords]);
  return h("section", { class: "mission", "aria-labelledby": "mission-title" },
    h("h3", { id: "mission-title" }, `Mission ${m.number}: ${m.name}`),
    h("p", { class: "special" }, h("span", { class: "label" }, "Special rule: "), capital(m.special_text)),
    h("dl", { class: "facts" }, rows.map(([k, v]) => h("div", { class: "fact" }, h("dt", {}, k), h("dd", {}, v)))),
    record(view, seat));
}

// What everyone knows, folded away: voids, whispers, cards won, slag and destroyed cards, history.
function record(view, seat) {
  const parts = [];
  const lines = [];
  view.names.forEach((_, i) => {
    const v = view.voids[i] || [];
    if (v.length) lines.push(h("li", {}, `${name(view, i, seat)} ${i === seat ? "have" : "has"} shown no ${orWords(v)}.`));
  });
  view.whispers.forEach(([s, id, hint, f, parity]) => {
    const code = fromNumber(f);
    const inHand = (view.known[s] || []).some((c) => c.id === id);
    const whose = s === seat ? "your" : `${view.names[s]}'s`;
    lines.push(h("li", {}, `${name(view, s, seat)} whispered ${named(code)}, the ${HINT_WORDS[hint]} ` +
      `${SUITS[suitOf(code)].name} in ${whose} hand; ${inHand ? "still in hand" : "played since"}.${parity ? ` The Apprentice adds: ${parity}.` : ""}`));
  });
  parts.push(h("h4", {}, "What everyone knows"), lines.length ? h("ul", {}, lines) : h("p", {}, "Nothing yet beyond the number of cards."));
  parts.push(table("Cards won, as they showed when won", ["Alchemist", "Cards"],
    view.names.map((_, i) => ({ cells: [who(view, i, seat), view.piles[i].length ? bySuit(view.piles[i]) : "none"] }))));
  parts.push(h("p", {}, view.slag_pile.length ? `Slag pile (from Boil Overs): ${bySuit(view.slag_pile)}.` : "The slag pile is empty."));
  if (view.destroyed.length) parts.push(h("p", {}, `Destroyed by fizzled Transmutes: ${bySuit(view.destroyed)}.`));
  parts.push(h("p", {}, view.out_known.length
    ? `Out of play: ${count(view.out_of_play, "card")}, among them ${words(view.out_known.map(named))}.`
    : `Out of play, unseen: ${count(view.out_of_play, "card")}.`));
  if (view.history.length) {
    parts.push(table("Every reaction so far", ["Reaction", "What happened"],
      view.history.map((entry, i) => ({ cells: [String(i + 1), historyWords(view, entry, seat)] }))));
  }
  return h("details", { class: "record" }, h("summary", {}, "The record: voids, whispers, cards won"), parts);
}

// "Brimstone 1, 5 and 8; Salt 6": codes grouped by suit, lowest first.
function bySuit(codes) {
  const groups = new Map();
  for (const c of [...codes].sort(byFace)) {
    if (!groups.has(suitOf(c))) groups.set(suitOf(c), []);
    groups.get(suitOf(c)).push(String(rankOf(c)));
  }
  return [...groups.entries()].map(([s, ranks]) => `${SUITS[s].name} ${words(ranks)}`).join("; ");
}

function shared(ctx, view, seat) {
  const centre = view.revealed.length ? draft(view) : cauldron(ctx, view, seat);
  return h("div", { class: "cru-shared" }, centre, missionPanel(view, seat));
}

// -- your own pieces along the bottom -------------------------------------------------------

/** Your hand as one zone (one Tab stop; the arrow keys go through every card), its cards
 * grouped by suit, each group under its symbol, name and count. */
function handZone(view, hand, { hints, known }) {
  const groups = new Map();
  for (const c of [...hand].sort((a, b) => byFace(a.face, b.face))) {
    const s = suitOf(c.face);
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s).push(c);
  }
  return h("ul", { class: "pieces hand-list", "data-zone": "hand", "aria-labelledby": "my-hand-title" },
    [...groups.entries()].map(([s, cards]) => h("li", { class: `suit-group ${SUITS[s].cls}` },
      // A suit of one or two cards is narrower than its name: there the name is heard but not
      // shown (the symbol stands for it, as on each card), so a long hand keeps to one row.
      h("span", { class: `suit-label ${cards.length <= 2 ? "narrow" : ""}`, id: `suit-${s}` },
        symbol(s, "z-sym"), h("span", { class: "suit-name" }, ` ${SUITS[s].name}`), ` ${cards.length}`),
      h("ul", { class: "suit-cards", "aria-labelledby": `suit-${s}` }, cards.map((c) => h("li", {},
        handCard(c, { key: `hand:${c.face}`, where: "in your hand", hint: hints.get(c.id) || null, known: known.has(c.id) })))))));
}

function mine(ctx, view, seat) {
  if (ctx.open) return null; // every hand lies open in its panel
  if (seat === null || seat === undefined || !view.hand) {
    return h("p", { class: "spectator" }, "Spectators see no hand.");
  }
  const hints = new Map(view.whispers.filter((w) => w[0] === seat).map((w) => [w[1], w[2]]));
  const known = new Set((view.known[seat] || []).map((c) => c.id));
  const hand = h("section", { class: "my-hand", "aria-labelledby": "my-hand-title" },
    h("h3", { class: "zone-title", id: "my-hand-title" }, `Your hand: ${count(view.hand.length, "card")}`),
    view.hand.length
      ? handZone(view, view.hand, { hints, known })
      : h("p", { class: "zone-empty" }, "Your hand is empty."));
  // Your discipline (or the two dealt to you) and your tasks: one zone, one Tab stop.
  const inOrder = view.mission.special === "in-order";
  const tasks = view.tasks.filter((t) => t.owner === seat);
  const things = [];
  let what;
  if (view.disciplines[seat]) {
    things.push(discCard(ctx, view, seat, seat, { key: `mydisc:${view.disciplines[seat].key}`, big: true }));
    what = "Your discipline";
  } else if (view.discipline_offer && view.discipline_offer.length) {
    things.push(...view.discipline_offer.map((k) => offerCard(ctx, k)));
    what = "Dealt to you, keep one";
  }
  things.push(...tasks.map((t) => taskCard(view, t, seat, { inOrder })));
  const taskWords = tasks.length ? count(tasks.length, "task") : view.revealed.length ? "no task yet" : "no task";
  const side = [zone({
    key: "mine",
    title: what ? `${what}; your tasks: ${taskWords}` : `Your tasks: ${taskWords}`,
    pieces: things,
    empty: "nothing yet",
    cls: "my-things",
  })];
  const facts = [
    h("li", {}, `Tricks ${view.tricks_won[seat]}`),
    h("li", { class: "fact-slag" }, Array.from({ length: view.slag[seat] }, () => slagToken(true)), `Slag ${view.slag[seat]}`),
  ];
  if (view.mission.special !== "blind") {
    facts.push(view.whisper_tokens[seat]
      ? h("li", { class: "fact-whisper" }, whisperToken(), "Your Whisper Token")
      : h("li", { class: "fact-whisper spent" }, "Whisper spent"));
  }
  const marks = marksFor(view, seat, seat);
  if (marks.length) facts.unshift(h("li", { class: "my-marks" }, marks.map((m) => h("span", { class: "mark" }, m))));
  return h("div", { class: "cru-mine" }, hand,
    h("div", { class: "my-side" }, h("ul", { class: "facts-row my-facts", "aria-label": "You" }, facts), side));
}

// -- the contract ----------------------------------------------------------------------------

export function render(view, ctx) {
  const seat = ctx.open ? null : ctx.seat;
  return {
    status: status(view, seat),
    opponents: opponents(ctx, view, seat),
    shared: shared(ctx, view, seat),
    mine: mine(ctx, view, seat),
  };
}

/** Playing and whispering act on the card in your hand (the hint is in the option's label,
 * so the card's acting name says it); claiming, and the Seer's two picks, on the task card;
 * keeping and using a discipline on the discipline card. Declaring, passing, volunteering,
 * confirming and cancelling stay buttons. */
export function pieceFor(id) {
  const [verb, arg] = id.split(":");
  if (arg === undefined) return null;
  if (verb === "play" || verb === "whisper") return `hand:${arg}`;
  if (verb === "task" || verb === "mine" || verb === "theirs") return `task:${arg}`;
  if (verb === "keep") return `offer:${arg}`;
  if (verb === "use") return `mydisc:${arg}`;
  return null;
}

/** How the mission ended: its goals, each task with its owner and state, and each alchemist's
 * tricks and slag. */
export function results(view, result, seat) {
  const m = view.mission;
  const won = view.outcome === "won";
  const slag = view.slag.reduce((a, b) => a + b, 0);
  const done = view.tasks.filter((t) => t.status === "done").length;
  const goals = [
    h("li", {}, `${done === view.tasks.length ? "✓" : "✗"} Every drafted task complete: ${done} of ${view.tasks.length} done.`),
    h("li", {}, `${slag < m.slag_cap ? "✓" : "✗"} Slag: ${slag} of ${m.slag_cap} (the laboratory is lost at ${m.slag_cap}).`),
  ];
  if (m.special === "transmute") goals.push(h("li", {}, `${view.transmutes ? "✓" : "✗"} A successful Transmute: ${view.transmutes ? "done" : "not done"}.`));
  if (m.special === "equilibrium") {
    goals.push(h("li", {}, `${view.equilibrium.catalyze_22 ? "✓" : "✗"} A safe Catalyze of exactly 22.`));
    goals.push(h("li", {}, `${view.equilibrium.transmute_18 ? "✓" : "✗"} A Transmute of exactly 18.`));
  }
  if (m.special === "sponge" && view.sponge !== null) {
    goals.push(h("li", {}, `The Sponge, ${name(view, view.sponge, seat, true)}, had to win no Catalyze trick: ${view.tricks_won[view.sponge] ? "✗ won one" : "✓ won none"}.`));
  }
  if (m.special === "in-order") goals.push(h("li", {}, "Tasks had to complete in draft order."));
  return h("div", { class: "cru-results" },
    h("section", { class: "score-card", "aria-labelledby": "mission-outcome" },
      h("h3", { id: "mission-outcome" }, `${won ? "Won" : "Lost"}: mission ${m.number}, ${m.name}`),
      h("p", { class: "special" }, `Special rule: ${m.special_text}.`),
      h("h4", {}, "The mission's goals"),
      h("ul", { class: "goals" }, goals)),
    h("section", { class: "score-card", "aria-labelledby": "task-results" },
      h("h3", { id: "task-results" }, "Each task"),
      view.tasks.length
        ? h("ul", { class: "task-results" }, view.tasks.map((t) => h("li", { class: `st-${t.status}` },
          h("span", { class: "t-state" }, h("span", { "aria-hidden": "true" }, `${STATE_MARKS[t.status]} `), capital(STATE_WORDS[t.status] || t.status)),
          ` ${t.text} `, h("span", { class: "t-owner" }, `(${who(view, t.owner, seat)})`))))
        : h("p", {}, "No task was drafted.")),
    h("section", { class: "score-card", "aria-labelledby": "alchemist-results" },
      h("h3", { id: "alchemist-results" }, "Each alchemist"),
      h("ul", {}, view.names.map((_, i) => h("li", {},
        `${who(view, i, seat)}: ${count(view.tricks_won[i], "Catalyze trick")} won, ${count(view.slag[i], "slag token")}` +
        `${view.disciplines[i] ? `, the ${view.disciplines[i].name}${view.disciplines[i].used ? " (used)" : ""}` : ""}.`)))));
}
