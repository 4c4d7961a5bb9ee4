// Potion-Making as a table: the decks beside the status line, the other players along the
// top (their hands as card backs by deck, points, collected recipes, how far each has come
// in their Great Work Sequences), the Desk of Elements in the middle (a place for each
// element in a fixed order, the cards lying as it, and the places still empty, where a card
// scores a new element's point), and your hand, your collected recipes and your Sequences
// as tracks along the bottom. A card
// is drawn with both halves: the recipe or spell on top, the element on the bottom. Built
// from the seat's view alone; the view names cards by id, and potion-making-cards.js (made
// from the engine's own card data) says what each id is.

import { h } from "../dom.js";
import { badge, piece, seatPanel, svg, zone } from "../pieces.js";
import { CARDS, ELEMENTS, SEQUENCE_CARDS, TYPES, WILD } from "./potion-making-cards.js";

const PHASES = {
  draw: "drawing up",
  play: "making a play",
  first: "first phase: take cards",
  second: "second phase: take a card or play",
  third: "third phase: play",
  setup: "setting up",
  over: "over",
};
const SKIP = -1; // a Sequence step skipped with the Spell of Transmutation
const TAKEN = -2; // a Sequence step another play took away
const STEPS = 7; // six recipes, then the Philosopher's Stone

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function words(items) {
  if (!items.length) return "none";
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// -- cards --------------------------------------------------------------------------------

// A table may play with a card file of its own, which this browser does not have: its
// cards are then shown by number rather than wrongly named.
function cardsOf(view) {
  const cache = new Map();
  return (id) => {
    if (cache.has(id)) return cache.get(id);
    let c;
    if (view.cards || !CARDS[id]) {
      c = { id, name: `Card ${id}`, deck: "", kind: "", points: 0, parts: [], effect: "", elements: [], key: null, wild: false, known: false };
    } else {
      const [t, elements, key] = CARDS[id];
      const [name, deck, kind, points, parts, effect] = TYPES[t];
      c = { id, name, deck, kind, points, parts, effect, elements, key, wild: elements.some((e) => WILD.includes(e)), known: true };
    }
    cache.set(id, c);
    return c;
  };
}

function bottom(c) {
  return c.elements.length ? c.elements.join(" or ") : "an element this page does not know";
}

function needsWords(parts) {
  return parts.map(([kind, ...names]) => {
    if (kind === "element") return names[0];
    if (kind === "any-element") return "any element";
    if (kind === "class") return `any collected ${names[0]}`;
    return `collected ${names.join(" or ")}`;
  }).join(" + ");
}

function kindWords(c) {
  if (c.kind === "recipe") return `recipe, ${plural(c.points, "point")}`;
  if (c.kind === "spell") return "spell";
  if (c.kind === "stone") return "Philosopher's Stone";
  return "";
}

// -- elements: a place on the Desk each, a colour and a sign (always beside the name) -------

const GLYPHS = {
  // Spring Water: a drop
  "Spring Water": [["path", "M8 1.6C6 4.6 3.4 7.7 3.4 10.3a4.6 4.6 0 0 0 9.2 0C12.6 7.7 10 4.6 8 1.6z"]],
  // Belladonna: a berry on a leaf
  "Belladonna": [["path", "M3 4.5c2.6-2.6 6.4-2.4 8.2-.6-2.6 1.9-5.4 2.2-8.2.6z"], ["circle", 8.6, 10.4, 3.8]],
  // Fern Flower: five petals
  "Fern Flower": [["circle", 8, 4.3, 2.3], ["circle", 11.6, 7, 2.3], ["circle", 10.2, 11.4, 2.3], ["circle", 5.8, 11.4, 2.3], ["circle", 4.4, 7, 2.3]],
  // Snake's Eye: an eye with a slit
  "Snake's Eye": [["path", "M1.5 8C4 3.6 12 3.6 14.5 8 12 12.4 4 12.4 1.5 8zM7.2 4.9h1.6v6.2H7.2z", "evenodd"]],
  // Bat Wing
  "Bat Wing": [["path", "M1 5.5c2.4 0 4.6.6 7 2.6 2.4-2 4.6-2.6 7-2.6-1 2.4-1 4.2 0 6.4-1.6-.9-2.8-.9-4 .3-.8-1.1-1.8-1.4-3-.5-1.2-.9-2.2-.6-3 .5-1.2-1.2-2.4-1.2-4-.3 1-2.2 1-4 0-6.4z"]],
  // Thought Energy: a spiral
  "Thought Energy": [["path", "M8 8.2a1 1 0 1 1 1-1.1 2.4 2.4 0 0 1-2.5 2.6A3.6 3.6 0 0 1 3 6.1a4.9 4.9 0 0 1 5.2-4.4 6 6 0 0 1 5.9 6.2 6.6 6.6 0 0 1-5.6 6.2", "none", 1.7]],
  // Bloodstone: a cut gem
  "Bloodstone": [["path", "M4.2 2.5h7.6L15 6.3 8 14.5 1 6.3z"]],
  // Mandrake Root: a root with arms
  "Mandrake Root": [["path", "M6.6 1.5h2.8l.3 4 3-1.6.6 1.3-3.5 2.3-.6 4 1.8 3.3-1.3.7L8 12.3l-1.7 3.2-1.3-.7 1.8-3.3-.6-4L2.7 5.2l.6-1.3 3 1.6z"]],
  // Air Crystal: a crystal
  "Air Crystal": [["path", "M8 1 12.5 6 8 15 3.5 6zM3.5 6h9", "nonzero", 0, true]],
  // Mushrooms
  "Mushrooms": [["path", "M1.8 8.2C1.8 4.6 4.6 2.2 8 2.2s6.2 2.4 6.2 6zM6.4 8.2h3.2l.6 6.3H5.8z"]],
  // Phoenix Feather
  "Phoenix Feather": [["path", "M13.6 1.6C7.6 2.4 3.6 6.6 3.2 12.4L2 14.6l.9.5 1.2-2.1c5.6-.4 9.2-4.4 9.5-11.4z"]],
  // Dragon's Tooth: a fang
  "Dragon's Tooth": [["path", "M3 2h10c-.6 5.2-2.4 9.8-5 12.6C5.4 11.8 3.6 7.2 3 2z"]],
  // Quintessence of Will: a five-pointed star
  "Quintessence of Will": [["path", "M8 1.2l2 4.6 5 .4-3.8 3.3 1.2 4.9L8 11.8l-4.4 2.6 1.2-4.9L1 6.2l5-.4z"]],
  // Ether Waves
  "Ether Waves": [["path", "M1 5.2c2.3-2 4.7 2 7 0s4.7 2 7 0M1 8.7c2.3-2 4.7 2 7 0s4.7 2 7 0M1 12.2c2.3-2 4.7 2 7 0s4.7 2 7 0", "none", 1.5]],
  // Fiery Light: a flame
  "Fiery Light": [["path", "M8 1c.6 2.8 4.8 4.6 4.8 8.6A4.8 4.8 0 0 1 3.2 9.6c0-2 1-3.4 2.2-4.4 0 1.6.6 2.6 1.6 3C6.6 5.8 7.2 3.2 8 1z"]],
  // Astral Energy: a four-pointed star
  "Astral Energy": [["path", "M8 .8l1.7 5.5L15.2 8l-5.5 1.7L8 15.2l-1.7-5.5L.8 8l5.5-1.7z"]],
  // Elemental Magma: a lava drop
  "Elemental Magma": [["path", "M2 9.2C2 5.6 4.8 2.2 8 2.2s6 3.4 6 7a6 6 0 0 1-12 0z"], ["circle", 6, 8.4, 1.3, "hole"], ["circle", 10, 10.6, 1.1, "hole"]],
};

/** The element's class (its colour): "el-spring-water". */
function elClass(name) {
  return name in GLYPHS ? `el-${name.toLowerCase().replace(/[^a-z]+/g, "-")}` : "el-x";
}

/** The element's sign on a disc of its colour (hidden from screen readers: its name is
 * always written beside it). */
function glyph(name) {
  const parts = [svg("circle", { class: "g-disc", cx: 8, cy: 8, r: 8 })];
  const shapes = GLYPHS[name] || [["circle", 8, 8, 3]];
  const g = svg("g", { class: "g-sign", transform: "translate(2.4 2.4) scale(0.7)" });
  for (const s of shapes) {
    if (s[0] === "circle") {
      g.append(svg("circle", { cx: s[1], cy: s[2], r: s[3], class: s[4] === "hole" ? "g-hole" : null }));
    } else {
      const [, d, rule, width, outline] = s;
      const lineOnly = rule === "none";
      g.append(svg("path", {
        d,
        "fill-rule": rule && !lineOnly ? rule : null,
        class: lineOnly ? "g-line" : outline ? "g-cut" : null,
        "stroke-width": width || null,
      }));
    }
  }
  parts.push(g);
  return svg("svg", { class: `glyph ${elClass(name)}`, viewBox: "0 0 16 16", "aria-hidden": "true", focusable: "false" }, parts);
}

/** The bottom half of a card: its element(s), each with its sign. */
function bottomHalf(c) {
  if (!c.elements.length) return h("span", { class: "pm-bottom el-x" }, "Element unknown");
  const many = c.elements.length > 1;
  const cls = many ? "pm-bottom several" : `pm-bottom ${elClass(c.elements[0])}`;
  return h("span", { class: cls },
    h("span", { class: "pm-glyphs" }, c.elements.map(glyph)),
    h("span", { class: `pm-el ${!many && c.elements[0].length > 14 ? "long" : ""}` }, c.elements.join(" / ")));
}

/** What a recipe needs, drawn small: element signs, and recipe names in words. */
function needsLine(c) {
  if (c.kind !== "recipe" || !c.parts.length) return null;
  const out = h("span", { class: "pm-needs", "aria-hidden": "true" });
  c.parts.forEach(([kind, ...names], i) => {
    if (i) out.append(h("span", { class: "plus" }, "+"));
    if (kind === "element") out.append(glyph(names[0]));
    else if (kind === "any-element") out.append(h("span", { class: "any-el" }, "any"));
    else if (kind === "class") out.append(h("span", { class: "need-recipe" }, `any ${names[0]}`));
    else out.append(h("span", { class: "need-recipe" }, names.join(" or ")));
  });
  return out;
}

/** The name as the card's face prints it large, with what kind of card it is above it:
 * "Spell" over "Necessity", "Philosopher's Stone" over "Magisterium". */
function faceName(c) {
  let m = /^Spell of (?:the )?(.+)$/.exec(c.name);
  if (c.kind === "spell") return ["Spell", m ? m[1] : c.name];
  m = /^Philosopher's Stone: (.+)$/.exec(c.name);
  if (c.kind === "stone" && m) return ["Stone", m[1]];
  return ["", c.name];
}

/** The top of a whole card: a line with its kind (and points) and its deck's letter, then
 * its name in full width. */
function faceParts(c) {
  const [caption, main] = faceName(c);
  const kind = caption || (c.kind === "recipe" ? "Recipe" : "");
  return [
    h("span", { class: "pm-cap", "aria-hidden": "true" }, kindMark(c), h("span", { class: "pm-kind" }, kind),
      c.deck ? h("span", { class: `pm-deck-letter ${deckClass(c.deck)}`, title: `${c.deck} deck` }, c.deck[0]) : null),
    h("span", { class: `pm-name ${longWord(main)}` }, main),
  ];
}

/** A name with a word too long for a card's width is set smaller rather than broken. */
function longWord(text) {
  const n = Math.max(...text.split(/\s+/).map((w) => w.length));
  return n >= 14 ? "longer" : n >= 12 ? "long" : "";
}

/** An eye: a card everyone saw go into a hand. */
function eye() {
  return svg("svg", { class: "eye", viewBox: "0 0 16 16", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M1 8c2-3.4 4.4-5 7-5s5 1.6 7 5c-2 3.4-4.4 5-7 5S3 11.4 1 8z", fill: "#fff", stroke: "#2b1d3a", "stroke-width": 1.4 }),
    svg("circle", { cx: 8, cy: 8, r: 2.6, fill: "#2b1d3a" }));
}

function kindMark(c) {
  if (c.kind === "recipe") return h("span", { class: "pm-pts", title: plural(c.points, "point") }, String(c.points));
  if (c.kind === "spell") return h("span", { class: "pm-mark spell-mark" }, "✦");
  if (c.kind === "stone") return h("span", { class: "pm-mark stone-mark" }, "◆");
  return null;
}

function deckClass(deck) {
  return `deck-${String(deck || "x").toLowerCase()}`;
}

/** The card's text for the tooltip and the accessible description. */
function textFor(ctx, c) {
  const t = (ctx.cards.texts || {})[c.name];
  if (!c.known) return t || "";
  const top = c.kind === "recipe" ? `Needs ${needsWords(c.parts)}.` : "";
  return `${c.name}: ${t || top} This card: ${bottom(c)}.`;
}

/** A whole card, both halves: the recipe or spell on top, the element on the bottom. */
function fullCard(ctx, c, { key, token, where = "", copies = 1, state = "", cls = "", marks = [], seen = false }) {
  const facts = [kindWords(c), `element ${bottom(c)}`, c.deck ? `${c.deck} deck` : ""];
  if (c.kind === "recipe" && c.parts.length) facts.splice(1, 0, `needs ${needsWords(c.parts)}`);
  if (copies > 1) facts.push(`${copies} copies`);
  for (const m of marks) facts.push(m);
  return piece({
    key,
    token: token || `card:${c.key || c.id}`,
    name: where ? `${c.name} ${where}` : c.name,
    facts: facts.filter(Boolean).join(", "),
    state: [state, copies > 1 ? `${copies} copies` : ""].filter(Boolean).join(", "),
    text: textFor(ctx, c),
    cls: `pm-card full k-${c.kind || "x"} ${deckClass(c.deck)} ${cls}`,
    body: [
      h("span", { class: "pm-top" },
        h("span", { class: "pm-head" }, faceParts(c)),
        needsLine(c)),
      bottomHalf(c),
      copies > 1 ? badge(`×${copies}`) : null,
      seen ? h("span", { class: "seen-mark" }, eye()) : null,
    ],
  });
}

/** A card as a strip: its kind, its name (a Desk card, a collected recipe, a known card). */
function stripCard(ctx, c, { key, token, name, facts = "", state = "", cls = "", copies = 1, extra = null }) {
  return piece({
    key,
    token: token || `card:${c.key || c.id}`,
    name,
    facts: [facts, copies > 1 ? `${copies} copies` : ""].filter(Boolean).join(", "),
    state: [state, copies > 1 ? `${copies} copies` : ""].filter(Boolean).join(", "),
    text: textFor(ctx, c),
    cls: `pm-strip k-${c.kind || "x"} ${cls}`,
    body: [kindMark(c), h("span", { class: "pm-name" }, faceName(c)[1]), extra, copies > 1 ? badge(`×${copies}`) : null],
  });
}

// -- a zone whose pieces are grouped under headings (the Desk's places, the tracks) ----------

let groupZones = 0;

function groupedZone({ key, title, cls = "", groups, note = null }) {
  groupZones += 1;
  const id = `pm-zone-${groupZones}`;
  const list = h("ul", { class: "pieces grouped", "data-zone": key, "aria-labelledby": id }, groups);
  return h("section", { class: `zone ${cls}`.trim() }, h("h3", { class: "zone-title", id }, title), list, note);
}

// -- whose, and who -------------------------------------------------------------------------

function nameOf(view, i, seat) {
  return i === seat ? "you" : view.names[i];
}

function possessive(view, i, seat) {
  return i === seat ? "your" : `${view.names[i]}'s`;
}

// -- the status line ---------------------------------------------------------------------------

function statusLine(view, seat, card) {
  const line = h("p", {});
  if (view.over) {
    const best = Math.max(...view.players.map((p) => p.score));
    const top = view.players.map((p, i) => (p.score === best ? i : -1)).filter((i) => i >= 0);
    const stone = view.stone_by === null ? "the cards ran out"
      : `${view.stone_by === seat ? "you" : view.names[view.stone_by]} made a Philosopher's Stone`;
    line.append(h("strong", {}, `The game is over (${stone}).`),
      ` Most points: ${words(top.map((i) => nameOf(view, i, seat)))}, with ${best}.`);
    return line;
  }
  const whose = view.current === seat ? "Your turn" : `${view.names[view.current]}'s turn`;
  line.append(h("strong", {}, `Turn ${view.turn}: ${whose}`), `, ${PHASES[view.phase] || view.phase}.`);
  if (view.deciding !== null && view.deciding !== view.current) {
    line.append(" ", h("span", { class: "decider" }, `${view.deciding === seat ? "You decide" : `${view.names[view.deciding]} decides`} now.`));
  }
  const q = view.question || {};
  if (q.kind === "brew" && q.card !== undefined) {
    // What is chosen so far is marked on the cards themselves.
    line.append(" ", h("span", { class: "hint" }, `Collecting ${card(q.card).name}.`));
  }
  return line;
}

// -- decks and the Desk ----------------------------------------------------------------------

function deckPiece(name, n) {
  return piece({
    key: `deck:${name}`,
    token: `deck:${name}`,
    name: `The ${name} deck`,
    facts: n ? plural(n, "card") : "empty",
    cls: `pm-deck ${deckClass(name)} ${n ? "" : "empty"}`,
    body: [h("span", { class: "deck-name" }, name), badge(String(n), `${n} left`)],
  });
}

function decksZone(view) {
  const names = Object.keys(view.decks);
  return zone({
    key: "decks",
    title: "Decks",
    cls: "pm-decks",
    pieces: names.map((d) => deckPiece(d, view.decks[d])),
  });
}

function castingZone(ctx, view, card) {
  if (!view.casting.length) return null;
  return zone({
    key: "casting",
    title: "Casting",
    cls: "pm-casting",
    pieces: view.casting.map((id) => {
      const c = card(id);
      return stripCard(ctx, c, { key: `cast:${id}`, name: `${c.name}, being cast`, facts: `then it lies on the Desk as ${bottom(c)}` });
    }),
  });
}

/** The Desk: one place for each element in a fixed order, then Elemental Magma and the
 * cards that may be one of several elements. Copies (the same key) lie as one stack. */
function deskZone(ctx, view, card) {
  const picked = new Set(((view.question || {}).kind === "brew" && (view.question.elements || [])) || []);
  const places = new Map(); // place name -> [cards]
  const order = [];
  const unknown = !!view.cards;
  if (!unknown) {
    for (const e of ELEMENTS) if (!WILD.includes(e)) order.push(e);
    for (const e of WILD) order.push(e);
  }
  const SEVERAL = "Several elements";
  for (const id of view.desk) {
    const c = card(id);
    const place = !c.elements.length ? "Cards" : c.elements.length > 1 ? SEVERAL : c.elements[0];
    if (!places.has(place)) places.set(place, []);
    places.get(place).push(c);
    if (!order.includes(place)) order.push(place);
  }
  const shown = new Set();
  for (const c of view.desk.map(card)) if (!c.wild) c.elements.forEach((e) => shown.add(e));
  const missing = ELEMENTS.filter((e) => !WILD.includes(e) && !shown.has(e));
  const groups = [];
  for (const place of order) {
    const cards = places.get(place) || [];
    const wild = WILD.includes(place);
    if (!cards.length && (wild || place === SEVERAL || unknown)) continue;
    const stacks = new Map();
    for (const c of cards) {
      const k = `${c.key || c.id}|${picked.has(c.id)}`;
      if (!stacks.has(k)) stacks.set(k, { c, n: 0, picked: picked.has(c.id) });
      stacks.get(k).n += 1;
    }
    const pieces = [...stacks.values()].map(({ c, n, picked: p }) => stripCard(ctx, c, {
      key: c.key ? `desk:${c.key}` : `desk-id:${c.id}`,
      name: `${c.name}, lying as ${bottom(c)}`,
      facts: [kindWords(c), p ? "chosen for the recipe being collected" : ""].filter(Boolean).join(", "),
      state: p ? "one copy already chosen" : "",
      cls: `${p ? "picked" : ""}`,
      copies: n,
    }));
    const isEmpty = !cards.length;
    const head = place === SEVERAL
      ? h("span", { class: "place-head" }, h("span", { class: "place-name" }, "Several elements"))
      : h("span", { class: "place-head" }, place === "Cards" ? null : glyph(place), h("span", { class: "place-name" }, place));
    if (isEmpty && shown.has(place)) {
      // Only a card of several elements gives it: laying it scores nothing.
      const via = [...new Set((places.get(SEVERAL) || []).filter((c) => c.elements.includes(place)).map((c) => faceName(c)[1]))];
      groups.push(h("li", { class: `place via ${elClass(place)}` }, head,
        h("span", { class: "place-via" }, h("span", { class: "visually-hidden" }, ": on the Desk through "), `↔ ${words(via)}`)));
      continue;
    }
    if (isEmpty) {
      groups.push(h("li", { class: `place empty ${elClass(place)}` }, head,
        h("span", { class: "place-empty" }, h("span", { "aria-hidden": "true" }, "+1"),
          h("span", { class: "visually-hidden" }, ": missing, the first card laid as it scores 1 point"))));
      continue;
    }
    groups.push(h("li", { class: `place ${place === SEVERAL ? "several" : elClass(place)}` },
      head, h("span", { class: "visually-hidden" }, `: ${plural(cards.length, "card")}`),
      h("ul", { class: "place-cards" }, pieces.map((p) => h("li", {}, p)))));
  }
  const title = unknown
    ? `Desk of Elements: ${plural(view.desk.length, "card")}`
    : `Desk of Elements: ${plural(view.desk.length, "card")}, ${ELEMENTS.length - WILD.length - missing.length} of ${ELEMENTS.length - WILD.length} elements`;
  return groupedZone({ key: "desk", title, cls: "pm-desk", groups });
}

// -- collected recipes and Sequences ---------------------------------------------------------

function madeFrom(entry, card) {
  const from = [...entry.recipes.map((r) => card(r).name), ...entry.elements.map((e) => bottom(card(e)))];
  let text = from.length ? `made from ${words(from)}` : "nothing under it";
  if (entry.magma) text += ", with Elemental Magma";
  return text;
}

/** The collected recipes already chosen for the recipe being collected (the decider's
 * view says which). */
function chosenRecipes(view) {
  const q = view.question || {};
  return new Set(q.kind === "brew" ? q.recipes || [] : []);
}

function collectedZone(ctx, view, i, seat, card, { title, small = false }) {
  const p = view.players[i];
  const owner = possessive(view, i, seat);
  const chosen = chosenRecipes(view);
  const pieces = p.collected.map((entry) => {
    const c = card(entry.card);
    const picked = chosen.has(entry.card);
    return stripCard(ctx, c, {
      key: `held:${entry.card}`,
      token: `held:${entry.card}`,
      name: `${owner[0].toUpperCase()}${owner.slice(1)} collected ${c.name}`,
      facts: [plural(c.points, "point"), madeFrom(entry, card), picked ? "chosen for the recipe being collected" : ""].filter(Boolean).join(", "),
      cls: `held ${small ? "small" : ""} ${entry.magma ? "magma" : ""} ${picked ? "picked" : ""}`,
      extra: !small && (entry.recipes.length || entry.elements.length)
        ? h("span", { class: "under", "aria-hidden": "true" }, entry.elements.map((e) => glyph(card(e).elements[0] || "")),
          entry.recipes.length ? h("span", { class: "under-r" }, `+${entry.recipes.length}`) : null)
        : null,
    });
  });
  return zone({ key: `collected-${i}`, title, cls: `pm-collected ${small ? "small" : ""}`, pieces, empty: "none yet" });
}

function seqCardOf(view, i, ctx) {
  const p = view.players[i];
  if (p.sequence_card !== null && p.sequence_card !== undefined) return p.sequence_card;
  if (ctx.open && ctx.open[i]) return ctx.open[i].players[i].sequence_card;
  return null;
}

function stepsOf(cardIndex, j) {
  const sc = SEQUENCE_CARDS[cardIndex];
  return sc ? sc[1][j] : null;
}

function seqTitle(cardIndex, j) {
  const sc = SEQUENCE_CARDS[cardIndex];
  return sc ? `${sc[0]} Sequence ${j + 1}` : `Sequence ${j + 1}`;
}

function seqPoints(steps, done) {
  let n = 0;
  done.forEach((c, k) => { if (c !== SKIP && steps && steps[k]) n += steps[k][1]; });
  return n;
}

/** A step's name in a track: the Stone as "◆ Magisterium" (its whole name read out). */
function stepWords(name, stone) {
  const m = /^Philosopher's Stone: (.+)$/.exec(name);
  if (!stone || !m) return name;
  return [h("span", { "aria-hidden": "true" }, "◆ "), h("span", { class: "visually-hidden" }, "Philosopher's Stone: "), m[1]];
}

/** Your three Sequences as tracks: the seven steps with their points, the cards placed,
 * and the next step (where adding a step or the Stone is chosen). */
function tracksZone(ctx, view, i, seat, card) {
  const p = view.players[i];
  const sc = seqCardOf(view, i, ctx);
  if (view.expansions === "practice" || sc === null) return null;
  const mine = i === seat;
  const owner = possessive(view, i, seat);
  const groups = [0, 1, 2].map((j) => {
    const steps = (!view.cards && stepsOf(sc, j)) || [];
    const done = p.sequences[j] || [];
    const title = view.cards ? `Sequence ${j + 1}` : seqTitle(sc, j);
    const cells = [];
    for (let k = 0; k < STEPS; k += 1) {
      const [stepName, pts] = steps[k] || [`Step ${k + 1}`, 0];
      const label = h("span", { class: "cell-no", "aria-hidden": "true" }, String(k + 1));
      const ptsMark = h("span", { class: "cell-pts", "aria-hidden": "true" }, String(pts));
      const stone = k === STEPS - 1;
      if (k < done.length) {
        const c = done[k];
        if (c === SKIP || c === TAKEN) {
          cells.push(h("li", { class: `cell ${c === SKIP ? "skipped" : "taken"}` }, label,
            h("span", { class: "cell-name" }, h("span", { "aria-hidden": "true", class: "cell-sign" }, c === SKIP ? "↷ " : "✕ "), stepName),
            h("span", { class: "visually-hidden" }, c === SKIP ? ": skipped, no points" : `: taken away, its ${plural(pts, "point")} kept`),
            ptsMark));
          continue;
        }
        const placed = card(c);
        const last = k === done.length - 1;
        const magma = p.sequence_magma && p.sequence_magma[j] && p.sequence_magma[j][k];
        cells.push(h("li", { class: "cell done" }, piece({
          key: `held:${c}`,
          token: `held:${c}`,
          name: `${placed.name}, step ${k + 1} of ${owner} ${title}`,
          facts: [`${plural(pts, "point")}`, last ? "the last step so far, which cannot be taken" : "", magma ? "made with Elemental Magma" : ""].filter(Boolean).join(", "),
          state: `step ${k + 1} of ${owner} ${title}`,
          text: textFor(ctx, placed),
          cls: `cell-card ${stone ? "stone" : ""}`,
          body: [label, h("span", { class: "cell-name" }, h("span", { class: "tick", "aria-hidden": "true" }, "✓ "), placed.name), ptsMark],
        })));
        continue;
      }
      if (k === done.length && mine) {
        cells.push(h("li", { class: "cell next" }, piece({
          key: `next:${j + 1}`,
          name: `Next step of your ${title}: step ${k + 1}, ${stepName}`,
          facts: plural(pts, "point"),
          text: (ctx.cards.texts || {})[stepName] || "",
          cls: `cell-card next-step ${stone ? "stone" : ""}`,
          body: [label, h("span", { class: "cell-name" }, stepWords(stepName, stone)), ptsMark],
        })));
        continue;
      }
      cells.push(h("li", { class: `cell todo ${stone ? "stone" : ""} ${k === done.length ? "upcoming" : ""}` }, label,
        h("span", { class: "cell-name" }, stepWords(stepName, stone)),
        h("span", { class: "visually-hidden" }, `, ${plural(pts, "point")}, not yet`), ptsMark));
    }
    const got = seqPoints(steps, done);
    return h("li", { class: "track" },
      h("span", { class: "track-head" },
        h("span", { class: "track-title", "aria-hidden": "true" }, `Seq. ${j + 1}`),
        h("span", { class: "track-got", "aria-hidden": "true" }, `${done.length}/${STEPS} · ${got}`),
        h("span", { class: "visually-hidden" }, `: ${title}, ${done.length} of ${STEPS} steps, ${plural(got, "point")}.`)),
      h("ol", { class: "cells" }, cells));
  });
  const name = !view.cards && SEQUENCE_CARDS[sc] ? SEQUENCE_CARDS[sc][0] : "the card of this table's own file";
  return groupedZone({
    key: `tracks-${i}`,
    title: mine ? `Your Sequences: ${name}` : `${view.names[i]}'s Sequences: ${name}`,
    cls: "pm-tracks",
    groups,
  });
}

/** Another player's Sequences, small: the steps done as marks (the cards placed, which may
 * be taken, as pieces), the next steps as empty marks. */
function miniTracks(ctx, view, i, seat, card) {
  const p = view.players[i];
  if (view.expansions === "practice") return null;
  const sc = seqCardOf(view, i, ctx);
  const started = p.sequences.some((x) => x.length);
  if (sc === null || !started) {
    return h("p", { class: "mini-none" }, "No Sequence started");
  }
  const owner = possessive(view, i, seat);
  const groups = [];
  [0, 1, 2].forEach((j) => {
    const done = p.sequences[j] || [];
    if (!done.length) return;
    const steps = (!view.cards && stepsOf(sc, j)) || [];
    const title = view.cards ? `Sequence ${j + 1}` : seqTitle(sc, j);
    const marks = [];
    for (let k = 0; k < STEPS; k += 1) {
      const [stepName, pts] = steps[k] || [`Step ${k + 1}`, 0];
      const c = done[k];
      if (k < done.length && c >= 0) {
        const placed = card(c);
        marks.push(h("li", {}, piece({
          key: `held:${c}`,
          token: `held:${c}`,
          name: `${placed.name}, step ${k + 1} of ${owner} ${title}`,
          facts: [plural(pts, "point"), k === done.length - 1 ? "the last step so far, which cannot be taken" : ""].filter(Boolean).join(", "),
          state: `step ${k + 1} of ${owner} ${title}`,
          text: textFor(ctx, placed),
          cls: "pip done",
          body: [h("span", { "aria-hidden": "true" }, String(k + 1))],
        })));
      } else if (k < done.length) {
        marks.push(h("li", { class: `pip-mark ${c === SKIP ? "skipped" : "taken"}` },
          h("span", { "aria-hidden": "true" }, c === SKIP ? "↷" : "✕"),
          h("span", { class: "visually-hidden" }, `step ${k + 1} ${c === SKIP ? "skipped" : "taken away"}`)));
      } else {
        marks.push(h("li", { class: `pip-mark todo ${k === STEPS - 1 ? "stone" : ""}`, title: `${stepName} (${pts})` },
          h("span", { class: "visually-hidden" }, k === done.length ? `next: ${stepName}, ${plural(pts, "point")}` : "")));
      }
    }
    const got = seqPoints(steps, done);
    groups.push(h("li", { class: "mini-track" },
      h("span", { class: "mini-title" }, h("span", { "aria-hidden": "true" }, `S${j + 1}`),
        h("span", { class: "visually-hidden" }, `${title}: ${done.length} of ${STEPS} steps, ${plural(got, "point")}`)),
      h("ol", { class: "pips" }, marks),
      h("span", { class: "mini-got", "aria-hidden": "true" }, `${got}`)));
  });
  return groupedZone({ key: `mini-${i}`, title: `${view.names[i]}'s Sequences`, cls: "pm-mini", groups });
}

// -- hands -----------------------------------------------------------------------------------

const KIND_ORDER = { stone: 0, spell: 1, recipe: 2, "": 3 };

/** A hand's cards, copies (the same key and the same openness) as one stack. */
function handStacks(ids, card, known) {
  const stacks = new Map();
  for (const id of ids) {
    const c = card(id);
    const seen = known.has(id);
    const k = `${c.key || c.id}|${seen}`;
    if (!stacks.has(k)) stacks.set(k, { c, n: 0, seen, ids: [] });
    stacks.get(k).n += 1;
    stacks.get(k).ids.push(id);
  }
  return [...stacks.values()].sort((a, b) => (KIND_ORDER[a.c.kind] ?? 3) - (KIND_ORDER[b.c.kind] ?? 3)
    || a.c.points - b.c.points || a.c.name.localeCompare(b.c.name));
}

function handZone(ctx, view, i, seat, card, ids, { open = false } = {}) {
  const p = view.players[i];
  const known = new Set(p.known || []);
  const stacks = handStacks(ids, card, known);
  const mine = i === seat && !open;
  const title = mine ? `Your hand (${plural(ids.length, "card")})` : `${view.names[i]}'s hand (${plural(ids.length, "card")})`;
  const q = view.question || {};
  const brewing = mine && q.kind === "brew" ? q.card : null;
  const pieces = stacks.map(({ c, n, seen, ids: got }) => {
    const now = brewing !== null && got.includes(brewing);
    const marks = [];
    if (seen) marks.push("everyone saw it go into the hand");
    if (now) marks.push("being collected now");
    return fullCard(ctx, c, {
      key: mine ? (c.key ? `hand:${c.key}` : `hand-id:${c.id}`) : `ohand:${i}:${c.key || c.id}`,
      where: mine ? "in your hand" : `in ${view.names[i]}'s hand`,
      copies: n,
      marks,
      seen,
      cls: `${mine ? "" : "small"} ${stacks.length > 10 ? "crowded" : ""} ${now ? "brewing" : ""}`,
    });
  });
  return zone({ key: mine ? "hand" : `hand-${i}`, title, cls: `pm-hand ${mine ? "" : "small"}`, pieces, empty: "no cards" });
}

/** Cards everyone saw go into another player's hand (taken from the Desk). */
function knownZone(ctx, view, i, card) {
  const p = view.players[i];
  if (!p.known || !p.known.length) return null;
  return zone({
    key: `known-${i}`,
    title: `Seen in ${view.names[i]}'s hand`,
    cls: "pm-known",
    pieces: p.known.map((id) => {
      const c = card(id);
      return stripCard(ctx, c, {
        key: `known:${i}:${id}`,
        name: `${c.name}, seen going into ${view.names[i]}'s hand`,
        facts: `${kindWords(c)}, element ${bottom(c)}`,
        cls: "small in-hand",
        extra: eye(),
      });
    }),
  });
}

function backs(view, i) {
  const p = view.players[i];
  const decks = Object.entries(p.hand_decks);
  const spoken = `Hand: ${plural(p.hand_size, "card")}${decks.length ? ` (${decks.map(([d, n]) => `${n} ${d}`).join(", ")})` : ""}`;
  return h("span", { class: "backs" },
    h("span", { class: "visually-hidden" }, spoken),
    h("span", { "aria-hidden": "true", class: "backs-row" }, "Hand ",
      decks.length ? decks.map(([d, n]) => h("span", { class: `mini-back ${deckClass(d)}` }, h("span", { class: "mb-deck" }, d[0]), h("span", { class: "mb-n" }, String(n))))
        : h("span", {}, "0")));
}

function score(p) {
  return h("span", { class: "score" }, h("span", { "aria-hidden": "true" }, "★ "), `${plural(p.score, "point")}`);
}

// -- the areas -------------------------------------------------------------------------------

function opponents(ctx, view, seat, card) {
  const others = view.players.map((_, i) => i).filter((i) => i !== seat);
  if (!others.length) return null;
  return h("div", { class: `seats pm-seats n-${others.length}` }, others.map((i) => {
    const p = view.players[i];
    const zones = [];
    if (ctx.open && ctx.open[i]) {
      zones.push(handZone(ctx, view, i, seat, card, ctx.open[i].players[i].hand || [], { open: true }));
    } else {
      const k = knownZone(ctx, view, i, card);
      if (k) zones.push(k);
    }
    zones.push(collectedZone(ctx, view, i, seat, card, { title: `${view.names[i]}'s collected recipes (${p.collected.length})`, small: true }));
    const mini = miniTracks(ctx, view, i, seat, card);
    if (mini) zones.push(mini);
    return seatPanel({
      name: view.names[i],
      current: !view.over && view.current === i,
      deciding: !view.over && view.deciding === i,
      facts: [score(p), backs(view, i)],
      zones,
      cls: "pm-seat",
    });
  }));
}

function shared(ctx, view, card) {
  return h("div", { class: "pm-shared" }, deskZone(ctx, view, card));
}

/** Destruction: the recipes inside the one being broken, one of which is kept. */
function componentsZone(ctx, view, seat, card) {
  const q = view.question || {};
  if (q.kind !== "destroy-keep" || !q.memo || !q.memo.length) return null;
  const entry = view.players[seat].collected.find((e) => e.card === q.memo[0]);
  if (!entry) return null;
  const broken = card(entry.card);
  return zone({
    key: "components",
    title: `Inside your ${broken.name}`,
    cls: "pm-components",
    pieces: entry.recipes.map((r) => {
      const c = card(r);
      return stripCard(ctx, c, { key: `under:${r}`, name: `${c.name}, inside your ${broken.name}`, facts: plural(c.points, "point") });
    }),
  });
}

function mine(ctx, view, seat, card) {
  if (seat === null || seat === undefined) return null;
  const p = view.players[seat];
  const out = h("div", { class: "pm-mine" });
  const head = h("div", { class: "pm-me" },
    h("p", { class: "pm-me-name" }, h("strong", {}, `${view.names[seat]} (you)`), " ", score(p),
      h("span", { class: "pm-hand-count", "aria-hidden": "true" }, `Hand ${(p.hand || []).length}`),
      p.sequence_card !== null && SEQUENCE_CARDS[p.sequence_card] && !view.cards
        ? h("span", { class: "pm-hand-count", "aria-hidden": "true" }, `Sequences: ${SEQUENCE_CARDS[p.sequence_card][0]}`) : null,
      !view.over && view.current === seat ? h("span", { class: "mark turn-mark" }, "▶ ", h("span", {}, "your turn")) : null,
      h("span", { class: "pm-label", "aria-hidden": "true" }, p.collected.length ? "Collected:" : "Nothing collected yet")),
    collectedZone(ctx, view, seat, seat, card, { title: `Your collected recipes (${p.collected.length})` }));
  out.append(head);
  const comps = componentsZone(ctx, view, seat, card);
  if (comps) out.append(comps);
  const row = h("div", { class: "pm-mine-row" }, handZone(ctx, view, seat, seat, card, p.hand || []));
  const tracks = tracksZone(ctx, view, seat, seat, card);
  if (tracks) row.append(tracks);
  out.append(row);
  return out;
}

export function render(view, ctx) {
  const seat = ctx.seat;
  const card = cardsOf(view);
  const line = statusLine(view, seat, card);
  if (view.cards) {
    line.append(" ", h("span", { class: "hint" }, "This table plays with a card file of its own, so cards are shown by number; the log and the choices name them."));
  }
  // The decks and a spell being cast lie beside the status line: at the top of the table,
  // close to the question on a phone too.
  const status = h("div", { class: "pm-status" }, line, h("div", { class: "pm-piles" }, castingZone(ctx, view, card), decksZone(view)));
  const parts = {
    status,
    opponents: opponents(ctx, view, seat, card),
    shared: shared(ctx, view, card),
    mine: mine(ctx, view, seat, card),
  };
  revealActing(parts, ctx.decision);
  return parts;
}

/** A crowded table folds (a panel, the Desk, your collected recipes scroll within
 * themselves): once drawn, each of those shows the first piece the question acts on. */
function revealActing(parts, decision) {
  if (!decision || !window.requestAnimationFrame) return;
  const keys = new Set(decision.options.map((o) => pieceFor(o.id)).filter(Boolean));
  if (!keys.size) return;
  window.requestAnimationFrame(() => {
    for (const part of Object.values(parts)) {
      if (!part || !part.isConnected) continue;
      for (const box of part.querySelectorAll(".pm-seat, .pm-desk ul.grouped, .pm-me ul.pieces")) {
        if (box.scrollHeight <= box.clientHeight) continue;
        const first = [...box.querySelectorAll("[data-piece]")].find((p) => keys.has(p.dataset.piece));
        if (!first) continue;
        const top = first.getBoundingClientRect().top - box.getBoundingClientRect().top + box.scrollTop;
        if (top < box.scrollTop || top + first.offsetHeight > box.scrollTop + box.clientHeight) {
          box.scrollTop = Math.max(0, top - 8);
        }
      }
    }
  });
}

/** Which piece an option acts on: a hand card (lay, collect, cast, give, return), a Desk
 * card, a collected recipe or a Sequence step's card (anyone's), a component inside a
 * recipe being broken, a deck (take a card), or the next step of one of your Sequences
 * (add a step, finish with the Stone, skip a step). Options naming no card stay buttons. */
export function pieceFor(id) {
  const at = id.indexOf(":");
  if (at < 0) return null;
  const verb = id.slice(0, at);
  const arg = id.slice(at + 1);
  switch (verb) {
    case "draw": return `deck:${arg}`;
    case "lay":
    case "brew":
    case "spell":
    case "hand":
    case "return": return `hand:${arg}`;
    case "desk": return `desk:${arg}`;
    case "mine":
    case "recipe": return `held:${arg}`;
    case "keep": return `under:${arg}`;
    case "step":
    case "stone":
    case "seq": return `next:${arg}`;
    default: return null;
  }
}

// -- the end: each score as it was made ------------------------------------------------------

const ROW_KINDS = {
  sequence: "Sequences",
  stone: "Philosopher's Stone",
  recipe: "Recipes collected",
  effect: "Recipe effects",
  element: "New elements laid",
  paid: "Paid when others used your recipes",
  spell: "Spells",
  other: "Other",
};

/** One row of a breakdown, short: "Sequence 1: 4 steps, 12", "Phoenix 8" (the word
 * "points" is read out, not shown). */
function rowItem(kind, name, n, pts) {
  const p = h("span", { class: "visually-hidden" }, pts === 1 ? " point" : " points");
  if (kind === "sequence") {
    const m = /(Sequence \d+)$/.exec(name);
    return h("li", {}, `${m ? m[1] : name}: ${plural(n, "step")}, ${pts}`, p);
  }
  if (kind === "recipe") return h("li", {}, `${name}${n > 1 ? ` ×${n}` : ""} `, h("b", {}, String(pts)), p);
  if (kind === "effect") return h("li", {}, `${name}'s effect `, h("b", {}, String(pts)), p);
  return h("li", {}, `${name} `, h("b", {}, String(pts)), p);
}

/** A bar of the score's parts, each kind in its own colour and pattern (the list beside
 * it says the same in words). */
function scoreBar(rows, total) {
  const w = 200;
  const parts = [];
  let x = 0;
  const byKind = new Map();
  for (const [kind, , , pts] of rows) byKind.set(kind, (byKind.get(kind) || 0) + pts);
  for (const [kind, pts] of byKind) {
    const width = total ? (pts / total) * w : 0;
    parts.push(svg("rect", { x, y: 0, width: Math.max(0, width - 1), height: 10, class: `bar-${kind}` }));
    x += width;
  }
  return svg("svg", { class: "score-bar", viewBox: `0 0 ${w} 10`, preserveAspectRatio: "none", "aria-hidden": "true", focusable: "false" }, parts);
}

export function results(view, result, seat) {
  return h("div", { class: "pm-breakdown" }, view.players.map((p, i) => {
    const rows = p.breakdown;
    const title = `${i === seat ? `${p.name} (you)` : p.name}: ${plural(p.score, "point")}`;
    const card = h("section", { class: "score-card", "aria-label": `${i === seat ? "Your" : `${p.name}'s`} score` },
      h("h3", {}, title));
    if (!rows) {
      card.append(h("p", {}, `Collected at the end: ${p.collected.length ? plural(p.collected.length, "recipe") : "no recipe"}. How the points were made is not known for this game.`));
      return card;
    }
    if (!rows.length) { card.append(h("p", {}, "No points.")); return card; }
    card.append(scoreBar(rows, p.score));
    const groups = new Map();
    for (const r of rows) {
      if (!groups.has(r[0])) groups.set(r[0], []);
      groups.get(r[0]).push(r);
    }
    const list = h("ul", { class: "score-rows" });
    for (const [kind, items] of groups) {
      const sum = items.reduce((a, r) => a + r[3], 0);
      let what = ROW_KINDS[kind] || kind;
      if (kind === "sequence") {
        const m = /^(.*) Sequence \d+$/.exec(items[0][1]);
        if (m) what = `Sequences (${m[1]})`;
      }
      const head = h("span", { class: "row-head" }, h("span", { class: `key-swatch bar-${kind}`, "aria-hidden": "true" }), `${what}: ${plural(sum, "point")}`);
      if (items.length === 1 && (kind === "element" || kind === "paid" || kind === "other" || kind === "stone")) {
        const [, name, n] = items[0];
        list.append(h("li", { class: `row-${kind}` }, head, kind === "element" ? ` (${plural(n, "new element")})` : kind === "paid" ? ` (${plural(n, "time")})` : kind === "stone" ? ` (${name})` : ""));
        continue;
      }
      list.append(h("li", { class: `row-${kind}` }, head,
        h("ul", { class: "row-items" }, items.map(([k, name, n, pts]) => rowItem(k, name, n, pts)))));
    }
    card.append(list);
    return card;
  }));
}

