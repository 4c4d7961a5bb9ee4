// Potion-Making at a glance: whose turn and the phase, your hand (each card's top and the
// element on its bottom), the Desk of Elements and the elements missing from it, every
// player's points, collected recipes and Great Work Sequences, and the decks. Built from the
// seat's view alone; the view names cards by id, and potion-making-cards.js (made from the
// engine's own card data) says what each id is.

import { h, table, who } from "../dom.js";
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
const KINDS = { recipe: "Recipe", spell: "Spell", stone: "Philosopher's Stone" };
const SKIP = -1; // a Sequence step skipped with the Spell of Transmutation
const TAKEN = -2; // a Sequence step another play took away

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

function words(items) {
  if (!items.length) return "none";
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// "Isidas Mortum ×2": names in order of first appearance, copies counted.
function counted(names) {
  const counts = new Map();
  for (const n of names) counts.set(n, (counts.get(n) || 0) + 1);
  return [...counts.entries()].map(([n, k]) => (k > 1 ? `${n} ×${k}` : n));
}

// -- cards --------------------------------------------------------------------------------

// A table may play with a card file of its own, which this browser does not have: its
// cards are then shown by number rather than wrongly named.
function cardsOf(view) {
  if (view.cards) {
    return (id) => ({ id, name: `card ${id}`, kind: "", points: 0, parts: [], effect: "", elements: ["not known to this page"], deck: "" });
  }
  return (id) => {
    const [t, elements] = CARDS[id];
    const [name, deck, kind, points, parts, effect] = TYPES[t];
    return { id, name, deck, kind, points, parts, effect, elements };
  };
}

function needs(parts) {
  return parts.map(([kind, ...names]) => {
    if (kind === "element") return names[0];
    if (kind === "any-element") return "any element";
    if (kind === "class") return `any collected ${names[0]}`;
    return `collected ${names.join(" or ")}`;
  }).join(" + ");
}

function top(card) {
  if (card.kind === "recipe") return `Recipe, ${plural(card.points, "point")}: ${needs(card.parts)}.`;
  if (card.kind === "spell") return `Spell: ${card.effect}`;
  if (card.kind === "stone") return "Philosopher's Stone: completes a Great Work Sequence.";
  return "";
}

function bottom(card) {
  return card.elements.join(" or ");
}

// A card as it lies in the hand: its top half, then its bottom half. Identical copies (the
// same top and the same element) are shown once, with how many there are.
function handCard(card, copies, known) {
  return h("li", { class: `pm-card pm-${card.kind || "unknown"}` },
    h("span", { class: "pm-top" },
      h("strong", { class: "pm-name" }, copies > 1 ? `${card.name} (${copies} copies)` : card.name),
      h("span", { class: "visually-hidden" }, ". "),
      h("span", { class: "pm-text" }, top(card)),
      card.kind === "recipe" && card.effect ? h("span", { class: "pm-text" }, ` ${card.effect}`) : null),
    h("span", { class: "pm-bottom" }, `Element: ${bottom(card)}`),
    known ? h("span", { class: "card-note" }, " Everyone knows you hold it.") : null);
}

function grouped(cards, known) {
  const groups = new Map();
  for (const c of cards) {
    const key = `${c.name}|${bottom(c)}|${known.has(c.id)}`;
    if (groups.has(key)) groups.get(key).copies += 1;
    else groups.set(key, { card: c, copies: 1, known: known.has(c.id) });
  }
  return [...groups.values()];
}

// -- the parts of the table ---------------------------------------------------------------

function statusLine(view, seat, card) {
  if (view.over) {
    const best = Math.max(...view.players.map((p) => p.score));
    const top3 = view.players.map((p, i) => (p.score === best ? i : -1)).filter((i) => i >= 0);
    const names = top3.map((i) => (i === seat ? "you" : view.names[i]));
    const stone = view.stone_by === null ? "the cards ran out"
      : `${view.stone_by === seat ? "you" : view.names[view.stone_by]} made a Philosopher's Stone`;
    return `The game is over (${stone}). Most points: ${words(names)}, with ${best}.`;
  }
  const whose = view.current === seat ? "your turn" : `${view.names[view.current]}'s turn`;
  let line = `Turn ${view.turn}: ${whose}, ${PHASES[view.phase] || view.phase}.`;
  if (view.casting.length) line += ` Being cast: ${words(view.casting.map((c) => card(c).name))}.`;
  if (view.deciding !== null && view.deciding !== view.current) {
    line += ` ${view.deciding === seat ? "You decide" : `${view.names[view.deciding]} decides`} now.`;
  }
  return line;
}

function handPart(view, seat, card) {
  if (seat === null) return h("p", {}, "Spectators see no hand.");
  const me = view.players[seat];
  const cards = me.hand || [];
  const known = new Set(me.known);
  const section = h("section", { "aria-label": "Your cards", class: "hand" },
    h("h3", {}, `Your hand: ${plural(cards.length, "card")}`));
  if (!cards.length) section.append(h("p", {}, "Your hand is empty."));
  else {
    section.append(h("ul", { class: "pm-hand" },
      grouped(cards.map(card), known).map((g) => handCard(g.card, g.copies, g.known))));
  }
  return section;
}

function deskPart(view, card) {
  // Sorted by element, so that the same elements sit together.
  const rank = (c) => Math.min(...c.elements.map((e) => ELEMENTS.indexOf(e)));
  const desk = view.desk.map(card).sort((a, b) => rank(a) - rank(b));
  const shown = new Set();
  for (const c of desk) {
    if (!c.elements.some((e) => WILD.includes(e))) c.elements.forEach((e) => shown.add(e));
  }
  const missing = view.cards ? [] : ELEMENTS.filter((e) => !WILD.includes(e) && !shown.has(e));
  // One entry per element: how many cards show it, and the tops they are on.
  const byElement = new Map();
  for (const c of desk) {
    const key = bottom(c);
    if (!byElement.has(key)) byElement.set(key, []);
    byElement.get(key).push(c.name);
  }
  const list = desk.length
    ? h("ul", { class: "desk" }, [...byElement.entries()].map(([element, tops]) =>
      h("li", { class: "desk-card" },
        h("strong", {}, tops.length > 1 ? `${element} ×${tops.length}` : element),
        h("span", { class: "pm-text" }, ` (on ${words(counted(tops))})`))))
    : h("p", {}, "The Desk is empty.");
  return h("section", { "aria-labelledby": "desk-title", class: "desk-part" },
    h("h3", { id: "desk-title" }, `The Desk of Elements: ${plural(desk.length, "card")}`),
    list,
    view.cards ? null : h("p", { class: "missing" }, missing.length
      ? `Not on the Desk: ${words(missing)}.` : "Every element is on the Desk."));
}

function playersPart(view, seat) {
  return table("Players: points, cards in hand, recipes collected, turns taken",
    ["Player", "Points", "Hand", "Recipes", "Turns"],
    view.players.map((p, i) => {
      const decks = Object.entries(p.hand_decks);
      const backs = decks.length > 1 ? ` (${decks.map(([d, n]) => `${n} ${d}`).join(", ")})` : "";
      return {
        current: i === view.current && !view.over,
        cells: [who(view, i, seat), String(p.score), `${plural(p.hand_size, "card")}${backs}`,
          String(p.collected.length), String(p.turns)],
      };
    }));
}

function knownPart(view, seat, card) {
  const lines = view.players.map((p, i) => (i !== seat && p.known.length
    ? h("li", {}, `${view.names[i]} holds ${words(p.known.map((c) => card(c).name))}.`) : null))
    .filter(Boolean);
  return lines.length ? [h("h4", {}, "Cards everyone saw go into a hand"), h("ul", {}, lines)] : [];
}

function collectedPart(view, seat, card) {
  const parts = [h("h3", { id: "recipes-title" }, "Collected recipes")];
  view.players.forEach((p, i) => {
    const title = `${who(view, i, seat)}: ${plural(p.collected.length, "recipe")}`;
    if (!p.collected.length) { parts.push(h("p", {}, `${title}.`)); return; }
    parts.push(h("h4", {}, title), h("ul", { class: "recipes" }, p.collected.map((entry) => {
      const c = card(entry.card);
      const from = [...entry.recipes.map((r) => card(r).name), ...entry.elements.map((e) => bottom(card(e)))];
      let text = `${c.name}, ${plural(c.points, "point")}`;
      if (from.length) text += `, made from ${words(from)}`;
      if (entry.magma && !from.some((e) => WILD.includes(e))) text += ", with Elemental Magma";
      return h("li", {}, `${text}.`);
    })));
  });
  return h("section", { "aria-labelledby": "recipes-title" }, parts);
}

function sequencesPart(view, seat, card) {
  if (view.expansions === "practice" || view.cards) return null;
  const parts = [h("h3", { id: "sequences-title" }, "Great Work Sequences")];
  view.players.forEach((p, i) => {
    const whose = i === seat ? "Your" : `${view.names[i]}'s`;
    if (p.sequence_card === null) {
      parts.push(h("p", {}, `${whose} Sequence card is not shown yet, and no Sequence is started.`));
      return;
    }
    const [cardName, seqs] = SEQUENCE_CARDS[p.sequence_card];
    parts.push(table(`${whose} Sequences (the ${cardName} card)`, ["Sequence", "Steps done", "Next step"],
      seqs.map((steps, j) => {
        const done = p.sequences[j] || [];
        const did = done.map((c, k) => {
          if (c === SKIP) return `${k + 1}. skipped`;
          if (c === TAKEN) return `${k + 1}. taken away`;
          const magma = p.sequence_magma[j] && p.sequence_magma[j][k] ? " (with Elemental Magma)" : "";
          return `${k + 1}. ${card(c).name}${magma}`;
        });
        const next = done.length < steps.length
          ? `${done.length + 1}. ${steps[done.length][0]}, ${plural(steps[done.length][1], "point")}`
          : "complete";
        return {
          cells: [`Sequence ${j + 1}: ${done.length} of ${steps.length} steps`,
            did.length ? did.join("; ") : "none", next],
        };
      })));
  });
  return h("section", { "aria-labelledby": "sequences-title" }, parts);
}

function whole(view, seat) {
  const card = cardsOf(view);
  const out = h("div", { class: "potion-making" });
  out.append(h("p", { class: "turn" }, statusLine(view, seat, card)));
  if (view.cards) {
    out.append(h("p", { class: "hint" },
      "This table plays with a card file of its own, so cards are shown by number; " +
      "the log and the options name them."));
  }
  out.append(handPart(view, seat, card));
  out.append(deskPart(view, card));
  out.append(playersPart(view, seat));
  out.append(...knownPart(view, seat, card));
  out.append(collectedPart(view, seat, card));
  const seqs = sequencesPart(view, seat, card);
  if (seqs) out.append(seqs);
  const decks = Object.entries(view.decks).map(([d, n]) => `${d} ${plural(n, "card")}`);
  out.append(h("p", {}, `Decks: ${words(decks)}.`));
  return out;
}

// Until this game is laid out as a table, its whole view is the shared area.
export function render(view, ctx) {
  return { status: null, opponents: null, shared: h("div", { class: "legacy", tabindex: "0", role: "region", "aria-label": "The table" }, whole(view, ctx.seat)), mine: null };
}

export function pieceFor() {
  return null;
}
