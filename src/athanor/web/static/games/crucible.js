// The Alchemist's Crucible at a glance: whose turn and the reaction in progress, your hand
// by suit, every task and its owner, the mission with its slag and special rule, what each
// alchemist holds (discipline, Whisper Token, known cards) and what the team has won and
// lost. Built from the seat's view alone. A suit has a colour and a symbol, always beside
// its name in words.

import { h, table, who } from "../dom.js";

// By suit number, as the engine counts them (cards.py): the symbols are decoration only.
const SUITS = [
  { name: "Brimstone", symbol: "△", cls: "brimstone" },
  { name: "Quicksilver", symbol: "☿", cls: "quicksilver" },
  { name: "Salt", symbol: "⊖", cls: "salt" },
  { name: "Mandrake", symbol: "☘", cls: "mandrake" },
  { name: "Aether", symbol: "✧", cls: "aether" },
  { name: "Lodestone", symbol: "♂", cls: "lodestone" },
  { name: "Catalyst", symbol: "★", cls: "catalyst" },
];
const LETTERS = "BQSMALC";
const DUAL = 54; // faces below this are dual-natured ingredient cards; 54-57 are Catalysts
const STATE_WORDS = { open: "Open", done: "Done", failed: "Failed" };
const STATE_MARKS = { open: "○", done: "✓", failed: "✗" };
const HINT_WORDS = { top: "highest", bottom: "lowest", middle: "only" };
const NO_LIMIT = 1000; // the Purifier lifts the limit to a number no total reaches

// -- cards -------------------------------------------------------------------------------

function fromCode(code) {
  return { suit: LETTERS.indexOf(code[0]), rank: Number(code.slice(1)) };
}

function fromNumber(f) {
  return f >= DUAL ? { suit: 6, rank: f - DUAL + 1 } : { suit: Math.floor(f / 9), rank: (f % 9) + 1 };
}

function named(face) {
  return `${SUITS[face.suit].name} ${face.rank}`;
}

function symbol(suit) {
  return h("span", { class: "suit-symbol", "aria-hidden": "true" }, SUITS[suit].symbol);
}

function chip(face, ...notes) {
  const extra = notes.filter(Boolean);
  return h("li", { class: `card suit ${SUITS[face.suit].cls}` },
    symbol(face.suit), " ", named(face),
    extra.length ? h("span", { class: "card-note" }, `, ${extra.join(", ")}`) : null);
}

function words(items) {
  if (!items.length) return "none";
  if (items.length === 1) return items[0];
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function orWords(items) {
  return items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} or ${items[items.length - 1]}`;
}

function plural(n, word, many = `${word}s`) {
  return `${n} ${n === 1 ? word : many}`;
}

// "Brimstone 1, 5 and 8; Salt 6": faces grouped by suit, lowest first.
function bySuit(faces) {
  const groups = new Map();
  for (const f of faces) {
    if (!groups.has(f.suit)) groups.set(f.suit, []);
    groups.get(f.suit).push(f.rank);
  }
  return [...groups.entries()].sort((a, b) => a[0] - b[0])
    .map(([s, ranks]) => `${SUITS[s].name} ${words(ranks.sort((a, b) => a - b).map(String))}`)
    .join("; ");
}

// -- the parts of the table ----------------------------------------------------------------

function name(view, i, seat, capital = true) {
  if (i === seat) return capital ? "You" : "you";
  return view.names[i];
}

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
    else if (view.revealed.length) step = `Drafting the tasks: ${plural(view.revealed.length, "task")} still to claim`;
    else if (view.disciplines.some((d) => d === null)) step = "Choosing disciplines";
    return `${step}.${now}`;
  }
  const leader = name(view, view.leader, seat);
  const leads = view.leader === seat ? "lead" : "leads";
  const what = view.intent ? ` a ${view.intent === "catalyze" ? "Catalyze" : "Transmute"}` : "; no intent is declared yet";
  return `Reaction ${view.reaction}: ${leader} ${leads}${what}.${now}`;
}

function missionPart(view, seat) {
  const m = view.mission;
  const slag = view.slag.reduce((a, b) => a + b, 0);
  const facts = [
    ["Cauldron Limit", String(m.cauldron_limit)],
    ["Transmutation Target", String(m.transmutation_target)],
    ["Slag", h("span", {},
      h("span", { class: "pips", "aria-hidden": "true" }, "●".repeat(slag) + "○".repeat(Math.max(0, m.slag_cap - slag))),
      ` ${slag} of ${m.slag_cap}: the laboratory is lost at ${m.slag_cap}`)],
    ["Successful Transmutes", `${view.transmutes} of ${view.transmute_limit} used`],
    ["Special rule", m.special_text.replace(/^./, (c) => c.toUpperCase())],
    ["Lead Alchemist", name(view, view.lead_alchemist, seat)],
  ];
  if (view.sponge !== null) facts.push(["The Sponge", name(view, view.sponge, seat)]);
  if (m.special === "transmute") {
    facts.push(["A successful Transmute", view.transmutes ? "done" : "still needed"]);
  }
  if (m.special === "equilibrium") {
    facts.push(["A safe Catalyze of exactly 22", view.equilibrium.catalyze_22 ? "done" : "still needed"]);
    facts.push(["A Transmute of exactly 18", view.equilibrium.transmute_18 ? "done" : "still needed"]);
  }
  const out = view.out_known.length
    ? `${plural(view.out_of_play, "card")}, among them ${words(view.out_known.map((c) => named(fromCode(c))))}`
    : plural(view.out_of_play, "card");
  facts.push(["Out of play", out]);
  return h("section", { class: "mission", "aria-labelledby": "mission-title" },
    h("h3", { id: "mission-title" }, `Mission ${m.number}: ${m.name}`),
    h("dl", { class: "facts" }, facts.flatMap(([k, v]) => [h("dt", {}, k), h("dd", {}, v)])));
}

function gauge(total, bound) {
  const share = Math.max(0, Math.min(1, total / Math.max(1, bound)));
  const fill = h("div", { class: "gauge-fill" });
  fill.style.width = `${Math.round(share * 100)}%`; // through the CSSOM: the CSP allows no style attribute
  return h("div", { class: "gauge", "aria-hidden": "true" }, fill);
}

function reactionPart(view, seat) {
  if (!view.reaction || view.over) return null;
  const parts = [];
  const kind = view.intent === "catalyze" ? "Catalyze" : view.intent === "transmute" ? "Transmute" : null;
  parts.push(h("h3", { id: "reaction-title" },
    kind ? `Reaction ${view.reaction}: ${kind}` : `Reaction ${view.reaction}: not declared yet`));
  if (kind) {
    let line;
    let bound;
    if (view.intent === "catalyze") {
      bound = view.limit;
      line = view.limit >= NO_LIMIT
        ? `Total ${view.total}; the Cauldron Limit is lifted for this Catalyze.`
        : `Total ${view.total} of the Cauldron Limit ${view.limit}: ${view.limit - view.total} to spare.`;
    } else {
      bound = view.target;
      const more = view.target - view.total;
      line = more > 0
        ? `Total ${view.total} toward the Transmutation Target ${view.target}: ${more} more needed.`
        : `Total ${view.total}: the Transmutation Target ${view.target} is reached.`;
    }
    parts.push(h("p", { class: "total" }, line));
    if (bound < NO_LIMIT) parts.push(gauge(view.total, bound));
  }
  const active = Object.entries(view.active || {});
  if (active.length) {
    parts.push(h("p", {}, "In force this reaction: " + words(active.map(([key, s]) => {
      const d = view.disciplines[s];
      return `the ${d && d.key === key ? d.name : key} (${name(view, s, seat, false)})`;
    })) + "."));
  }
  if (view.plays.length) {
    parts.push(table("Cards played, in order", ["Alchemist", "Card"],
      view.plays.map(([s, , code]) => ({
        cells: [who(view, s, seat), h("span", { class: `suit ${SUITS[fromCode(code).suit].cls}` },
          symbol(fromCode(code).suit), " ", named(fromCode(code)))],
      }))));
  } else if (kind) {
    parts.push(h("p", {}, "No card played yet."));
  }
  const played = new Set(view.plays.map(([s]) => s));
  const n = view.names.length;
  const still = [];
  for (let k = 0; k < n; k++) {
    const s = (view.leader + k) % n;
    if (!played.has(s) && view.hand_sizes[s] > 0) still.push(name(view, s, seat, still.length > 0));
  }
  if (still.length && view.plays.length < n) parts.push(h("p", {}, `Still to play: ${words(still)}.`));
  return h("section", { class: "reaction", "aria-labelledby": "reaction-title" }, parts);
}

function lastReaction(view, seat) {
  const last = view.history[view.history.length - 1];
  if (!last) return null;
  return h("p", { class: "last" }, `Reaction ${view.history.length}: ${historyWords(view, last, seat)}.`);
}

function historyWords(view, [kind, s, total], seat) {
  const person = name(view, s, seat);
  if (kind === "C") return `${person} won the Catalyze at ${total}`;
  if (kind === "B") return `Boil Over: ${name(view, s, seat, true)} pushed the cauldron to ${total}`;
  if (kind === "T") return `the Transmute succeeded at ${total}; ${name(view, s, seat, false)} led next`;
  return `the Transmute fizzled at ${total}; ${name(view, s, seat, false)} led next`;
}

function handPart(view, seat) {
  if (seat === null || !view.hand) {
    return h("p", {}, "Spectators see no hand.");
  }
  const known = new Set((view.known[seat] || []).map((c) => c.id));
  const groups = new Map();
  for (const c of view.hand) {
    const face = fromCode(c.face);
    if (!groups.has(face.suit)) groups.set(face.suit, []);
    groups.get(face.suit).push({ face, card: c });
  }
  const suits = [...groups.entries()].sort((a, b) => a[0] - b[0]);
  const section = h("section", { "aria-label": "Your cards", class: "hand" },
    h("h3", {}, `Your hand: ${plural(view.hand.length, "card")}`));
  if (!view.hand.length) section.append(h("p", {}, "Your hand is empty."));
  else {
    section.append(h("ul", { class: "suits" }, suits.map(([s, cards]) =>
      h("li", { class: `suit-group ${SUITS[s].cls}` },
        h("span", { class: "suit-label" }, symbol(s), ` ${SUITS[s].name} (${cards.length})`),
        h("ul", { class: "card-row" }, cards.sort((a, b) => a.face.rank - b.face.rank).map(({ face, card }) =>
          chip(face,
            card.flipped ? `transmuted from ${named(fromNumber(card.id))}` : null,
            known.has(card.id) ? "everyone knows you hold it" : null)))))));
  }
  if (view.discipline_offer && view.discipline_offer.length) {
    section.append(h("p", {}, `Discipline cards dealt to you: ${words(view.discipline_offer.map(titleCase))}; you keep one.`));
  }
  return section;
}

function titleCase(key) {
  return key.split("-").map((w) => w[0].toUpperCase() + w.slice(1)).join(" ");
}

function tasksPart(view, seat) {
  const done = view.tasks.filter((t) => t.status === "done").length;
  const failed = view.tasks.filter((t) => t.status === "failed").length;
  let title = "Tasks";
  if (view.tasks.length) title += `: ${done} of ${view.tasks.length} done`;
  if (failed) title += `, ${failed} failed`;
  const out = [h("h3", { id: "tasks-title" }, title)];
  if (view.tasks.length) {
    const caption = view.mission.special === "in-order"
      ? "Drafted tasks, to be completed in this order (top first)"
      : "Drafted tasks, in draft order";
    out.push(table(caption, ["Task", "Owner", "State"],
      view.tasks.map((t) => ({
        current: false,
        cells: [t.text, who(view, t.owner, seat),
          h("span", { class: `task-state ${t.status}` },
            h("span", { "aria-hidden": "true" }, `${STATE_MARKS[t.status] || ""} `),
            STATE_WORDS[t.status] || t.status)],
      }))));
  } else {
    out.push(h("p", {}, "No task has been drafted yet."));
  }
  if (view.revealed.length) {
    out.push(h("h4", {}, `Tasks still to claim (${view.revealed.length})`),
      h("ul", {}, view.revealed_text.map((t) => h("li", {}, t))));
  }
  return out;
}

function roles(view, i, seat) {
  const r = [];
  if (i === view.lead_alchemist) r.push("Lead Alchemist");
  if (i === view.sponge) r.push("the Sponge");
  return r.length ? `${who(view, i, seat)}, ${r.join(", ")}` : who(view, i, seat);
}

// Two narrow tables rather than one wide one, so that both fit a phone's width.
function alchemistsPart(view, seat) {
  const blind = view.mission.special === "blind";
  return [
    table("Alchemists", ["Alchemist", "Cards in hand", "Tricks won", "Slag"],
      view.names.map((_, i) => ({
        current: i === view.deciding,
        cells: [roles(view, i, seat), String(view.hand_sizes[i]), String(view.tricks_won[i]),
          String(view.slag[i])],
      }))),
    table("Disciplines and Whisper Tokens", ["Alchemist", "Discipline", "Whisper Token"],
      view.names.map((_, i) => {
        const d = view.disciplines[i];
        let disc = "not chosen yet";
        if (d) {
          const inForce = view.active && view.active[d.key] === i;
          disc = `${d.name}: ${d.used ? "spent" : "ready"}${inForce ? ", in force now" : ""}`;
        }
        return {
          cells: [who(view, i, seat), disc,
            blind ? "none this mission" : view.whisper_tokens[i] ? "held" : "spent"],
        };
      })),
  ];
}

function knowledgePart(view, seat) {
  const lines = [];
  view.names.forEach((_, i) => {
    const bits = [];
    const known = (view.known[i] || []).map((c) => {
      const face = fromCode(c.face);
      return c.flipped ? `${named(face)} (transmuted)` : named(face);
    });
    if (known.length && i !== seat) bits.push(`holds ${words(known)}`);
    const none = orWords(view.voids[i]);
    if (view.voids[i].length) bits.push(`has shown no ${none}`);
    if (!bits.length) return;
    const text = i === seat
      ? `You have shown no ${none}.`
      : `${view.names[i]} ${bits.join("; ")}.`;
    lines.push(h("li", {}, text));
  });
  return [
    h("h3", {}, "What everyone knows about the hands"),
    lines.length ? h("ul", {}, lines) : h("p", {}, "Nothing yet beyond the number of cards."),
  ];
}

function whispersPart(view, seat) {
  if (view.mission.special === "blind") return [];
  const items = view.whispers.map(([s, id, hint, f, parity]) => {
    const face = fromNumber(f);
    const inHand = (view.known[s] || []).some((c) => c.id === id);
    const whose = s === seat ? "your" : "that";
    const where = inHand ? (s === seat ? "still in your hand" : "still in hand") : "played since";
    const extra = parity ? ` The Apprentice adds: ${parity}.` : "";
    return h("li", { class: `suit ${SUITS[face.suit].cls}` },
      symbol(face.suit), ` ${name(view, s, seat)}: ${named(face)}, the ${HINT_WORDS[hint]} ` +
      `${SUITS[face.suit].name} in ${whose} hand; ${where}.${extra}`);
  });
  return [
    h("h3", {}, "Whispers"),
    items.length ? h("ul", { class: "whispers" }, items) : h("p", {}, "No whispers yet."),
  ];
}

function pilesPart(view, seat) {
  const rows = view.names.map((_, i) => ({
    cells: [who(view, i, seat), String(view.piles[i].length),
      view.piles[i].length ? bySuit(view.piles[i].map(fromCode)) : "none"],
  }));
  const parts = [table("Cards won, as they showed when won", ["Alchemist", "How many", "Cards, by suit"], rows)];
  parts.push(h("p", {}, view.slag_pile.length
    ? `Slag pile (${plural(view.slag_pile.length, "card")}, from Boil Overs): ${bySuit(view.slag_pile.map(fromCode))}.`
    : "The slag pile is empty."));
  if (view.destroyed.length) {
    parts.push(h("p", {}, `Destroyed by fizzled Transmutes (${plural(view.destroyed.length, "card")}): ` +
      `${bySuit(view.destroyed.map(fromCode))}.`));
  }
  return parts;
}

function historyPart(view, seat) {
  if (!view.history.length) return null;
  return h("details", { class: "history" },
    h("summary", {}, `Every reaction so far (${view.history.length})`),
    table("Every reaction so far", ["Reaction", "What happened"],
      view.history.map((entry, i) => ({ cells: [String(i + 1), historyWords(view, entry, seat)] }))));
}

function whole(view, seat) {
  const out = h("div", { class: "crucible" });
  out.append(h("p", { class: "turn" }, statusLine(view, seat)));
  const reaction = reactionPart(view, seat);
  if (reaction) out.append(reaction);
  const last = lastReaction(view, seat);
  if (last) out.append(last);
  out.append(handPart(view, seat));
  out.append(h("section", { "aria-labelledby": "tasks-title", class: "tasks" }, tasksPart(view, seat)));
  out.append(missionPart(view, seat));
  out.append(...alchemistsPart(view, seat));
  out.append(...knowledgePart(view, seat), ...whispersPart(view, seat), ...pilesPart(view, seat));
  const history = historyPart(view, seat);
  if (history) out.append(history);
  return out;
}

// Until this game is laid out as a table, its whole view is the shared area.
export function render(view, ctx) {
  return { status: null, opponents: null, shared: h("div", { class: "legacy", tabindex: "0", role: "region", "aria-label": "The table" }, whole(view, ctx.seat)), mine: null };
}

export function pieceFor() {
  return null;
}
