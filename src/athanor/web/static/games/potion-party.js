// Black-Handed Henry's Potion Party as a table: the other alchemists along the top (their
// alchemist card, their progress toward the potion, saved dice and Super Dice), the potion's
// recipe card and the turn in play in the middle (the pool of dice, the groups formed, the
// Darkness set aside, kept and used dice, a new Super Die, what the turn has collected), and
// your own alchemist, progress, saved dice and Super Dice along the bottom. Everything in
// this game is public, so every seat (and the replay with all cards open) sees the same.
//
// The choices act on their pieces: a heart or potion die in the pool is saved or taken by
// clicking it, a Darkness die is marked for the Lich's reroll, a saved die is rolled with the
// pool or kept, a Super Die is rolled for Sabotage, and the alchemist and recipe cards are
// chosen on the table. Stop, be greedy, pair into a Super Die and the like stay buttons.

import { h } from "../dom.js";
import { count, die, piece, seatPanel, svg, token, zone } from "../pieces.js";

const KINDS = ["ruby", "sapphire", "emerald", "darkness", "heart", "potion"];
const WORDS = {
  ruby: "Ruby Stardust", sapphire: "Sapphire Stardust", emerald: "Emerald Stardust",
  darkness: "Darkness", heart: "Alchemy (heart)", potion: "Alchemy (potion)",
};
const SHORT = {
  ruby: "Ruby", sapphire: "Sapphire", emerald: "Emerald", darkness: "Darkness", heart: "Heart", potion: "Potion",
};
const STARDUST = { blue: "Sapphire", red: "Ruby", green: "Emerald" };
const COMPLEX = new Set(["emerald", "darkness", "heart", "potion"]);

// -- words --------------------------------------------------------------------------------

function faceWords(colour, f) {
  if (!f) return `${colour} die, not rolled yet`;
  if (f === "dark") return `${colour} Darkness`;
  if (/^\d$/.test(f)) return `${colour} ${f} star${f === "1" ? "" : "s"}`;
  return { heart: "blue heart", potion: "red potion", both: "green heart-and-potion" }[f] || `${colour} ${f}`;
}

function capital(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function alchemyFace(colour) {
  return colour === "blue" ? "heart" : "potion";
}

function possessive(view, i, me) {
  return i === me ? "Your" : `${view.names[i]}'s`;
}

function listWords(items) {
  if (items.length < 2) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

// -- drawings -----------------------------------------------------------------------------

const STAR = "M0,-4.6 1.35,-1.6 4.4,-1.4 2.1,0.7 2.7,3.8 0,2.2 -2.7,3.8 -2.1,0.7 -4.4,-1.4 -1.35,-1.6Z";
const HEART = "M0,3.6C-4.6,0.4-4.8,-2.6-2.6,-3.5C-1.3,-4-0.4,-3.2 0,-2.2C0.4,-3.2 1.3,-4 2.6,-3.5C4.8,-2.6 4.6,0.4 0,3.6Z";
const FLASK = "M-1.3,-4.4h2.6v0.9h-0.5v2.2a3.4,3.4 0 1 1-1.6,0v-2.2h-0.5z";
const SPIKES = "M0,-5 1,-2.2 3.5,-3.5 2.2,-1 5,0 2.2,1 3.5,3.5 1,2.2 0,5 -1,2.2 -3.5,3.5 -2.2,1 -5,0 -2.2,-1 -3.5,-3.5 -1,-2.2Z";

/** The ingredient's symbol as the recipe cards print it: a red, blue or green star, a
 * purple spiked disc for Darkness, a red heart, an orange flask. */
function icon(kind) {
  const at = (d, fill, stroke = "#1b1b1f") => svg("path", { d, fill, stroke, "stroke-width": 0.5, transform: "translate(6 6) scale(1.1)" });
  const shape = {
    ruby: at(STAR, "#d8343a"), sapphire: at(STAR, "#3f7be0"), emerald: at(STAR, "#2fa55a"),
    darkness: at(SPIKES, "#7a3fb0"), heart: at(HEART, "#e0405e"), potion: at(FLASK, "#f08a1c"),
  }[kind];
  return svg("svg", { class: `ing-icon ${kind}`, viewBox: "0 0 12 12", "aria-hidden": "true", focusable: "false" }, shape);
}

/** Progress toward one need: a bar (pips when the need is small) and the numbers, with the
 * whole in words for a screen reader. */
function meter(have, need) {
  const parts = [];
  if (need <= 6) {
    for (let i = 0; i < need; i++) {
      parts.push(svg("circle", { cx: 4 + i * 9, cy: 4, r: 3.3, class: i < have ? "pip on" : "pip" }));
    }
    return h("span", { class: "meter few", "aria-hidden": "true" },
      svg("svg", { class: "pips", viewBox: `0 0 ${need * 9 - 1} 8`, preserveAspectRatio: "xMinYMid meet", focusable: "false" }, parts));
  }
  const w = Math.min(100, (100 * have) / need);
  return h("span", { class: "meter", "aria-hidden": "true" },
    svg("svg", { class: "pp-bar", viewBox: "0 0 100 8", preserveAspectRatio: "none", focusable: "false" },
      svg("rect", { x: 0, y: 0, width: 100, height: 8, rx: 3, class: "bar-back" }),
      w > 0 ? svg("rect", { x: 0, y: 0, width: w, height: 8, rx: 3, class: "bar-fill" }) : null));
}

function needs(recipe) {
  return recipe ? KINDS.filter((k) => recipe.needs[k]) : ["ruby", "sapphire"];
}

function progressList(view, i, me, cls = "") {
  const r = view.recipe;
  const t = view.totals[i];
  const stardust = r && t.ruby >= r.needs.ruby && t.sapphire >= r.needs.sapphire;
  const rows = needs(r).map((k) => {
    const need = r ? r.needs[k] : 0;
    const have = t[k];
    const done = r && have >= need;
    const waits = r && COMPLEX.has(k) && !stardust;
    const said = r
      ? `${WORDS[k]}: ${have} of ${need}${done ? ", complete" : ""}${waits ? " (counts once the Ruby and Sapphire are complete)" : ""}`
      : `${WORDS[k]}: ${have}`;
    return h("li", { class: `need n-${k} ${done ? "done" : ""} ${waits ? "waits" : ""}`.trim() },
      icon(k),
      h("span", { class: "need-word", "aria-hidden": "true" }, SHORT[k]),
      r ? meter(have, need) : null,
      h("span", { class: "need-num", "aria-hidden": "true" }, r ? `${have}/${need}` : String(have), done ? " ✓" : ""),
      h("span", { class: "visually-hidden" }, said));
  });
  const title = r ? `${possessive(view, i, me)} progress toward the ${r.title}` : `${possessive(view, i, me)} totals`;
  return h("ul", { class: `needs ${cls}`.trim(), "aria-label": title }, rows);
}

function progressTotal(view, i) {
  const r = view.recipe;
  if (!r) return null;
  const t = view.totals[i];
  let have = 0;
  let all = 0;
  for (const k of needs(r)) { have += Math.min(t[k], r.needs[k]); all += r.needs[k]; }
  return [have, all];
}

// -- pieces -------------------------------------------------------------------------------

const DIE_TEXT = {
  heart: "A blue heart (Alchemy). Pair it with a red potion to make a Super Die, save it to use next turn, or take it as an Alchemy (heart) ingredient when the potion needs one.",
  potion: "A red potion (Alchemy). Pair it with a blue heart to make a Super Die, save it to use next turn, or take it as an Alchemy (potion) ingredient when the potion needs one.",
  dark: "Darkness: set aside after the roll (one Darkness ingredient when the potion needs Darkness). The Skeleton \"Lich\" may roll up to half of them again on his first roll.",
};

/** A die's drawing; four stars (a green die's best face) are drawn as four, one a corner. */
function dieFace(colour, face) {
  if (face !== "4") return die(colour, face);
  const d = die(colour, "");
  for (const [x, y] of [[7, 7], [17, 7], [7, 17], [17, 17]]) {
    d.append(svg("path", { d: STAR, fill: "#ffd84a", transform: `translate(${x} ${y}) scale(0.95)` }));
  }
  return d;
}

/** A die as a piece: the drawing, and the colour in words under it (colour is never the
 * only sign of a blue or red die). */
function diePiece({ key, colour, face, name = "", facts = "", state = "", text = "", cls = "", tag = true, token: tok = "" }) {
  return piece({
    key,
    token: tok || `die:${colour}`,
    name: capital(name || faceWords(colour, face)),
    facts,
    state,
    text,
    cls: `pp-die ${colour} ${face ? `f-${face}` : "unrolled"} ${cls}`.trim(),
    body: [dieFace(colour, face), tag ? h("span", { class: "die-tag", "aria-hidden": "true" }, tag === true ? colour : tag) : null],
  });
}

function superToken({ key, name, facts = "", cls = "", text = "" }) {
  return piece({
    key,
    token: "super",
    name,
    facts,
    text: text || "A Super Die (green, Emerald) kept for Sabotage: after another alchemist stops, roll it to take its stars from the Stardust they are about to record.",
    cls: `pp-super ${cls}`.trim(),
    body: [token("super", "S"), h("span", { class: "die-tag", "aria-hidden": "true" }, "super")],
  });
}

function alchemistCard(a, { key, owner = "", cls = "", small = false, note = "" }) {
  const power = a.power && !/^No Skullduggery/.test(a.power);
  return piece({
    key,
    token: `alchemist:${a.key}`,
    name: owner ? `${owner} alchemist: ${a.title}` : a.title,
    facts: power ? "Skullduggery power" : "no Skullduggery power",
    text: `${a.title}. ${a.power}`,
    cls: `pp-alch ${small ? "small" : ""} ${power ? "has-power" : ""} ${cls}`.trim(),
    body: [
      h("span", { class: "alch-title" }, a.title),
      small ? null : h("span", { class: "alch-power" }, a.power),
      note ? h("span", { class: "alch-note" }, note) : null,
    ],
  });
}

function recipeCard(r, { key, cls = "", cards = null }) {
  const kinds = needs(r);
  const kind = r.complex === undefined ? (kinds.some((k) => COMPLEX.has(k)) ? "complex" : "simple") : (r.complex ? "complex" : "simple");
  const said = kinds.map((k) => `${r.needs[k]} ${WORDS[k]}`);
  const text = (cards && cards.texts && cards.texts[r.title]) || `Potion recipe (${kind}): ${said.join(", ")}.`;
  return piece({
    key,
    token: `recipe:${r.key}`,
    name: `${r.title} (${kind})`,
    facts: `needs ${listWords(said)}`,
    text,
    cls: `pp-recipe ${kind} ${cls}`.trim(),
    body: [
      h("span", { class: "rc-title" }, r.title),
      h("span", { class: "rc-kind" }, kind),
      h("span", { class: "rc-needs" }, kinds.map((k) => h("span", { class: "rc-need" }, icon(k), `${r.needs[k]} ${SHORT[k]}`))),
    ],
  });
}

// -- the status line ----------------------------------------------------------------------

function status(view, me) {
  const line = h("p", {});
  const r = view.recipe;
  const over = view.winner !== null || view.out_of_time;
  if (over) {
    line.append(h("strong", {}, view.winner !== null
      ? `${view.winner === me ? "You" : view.names[view.winner]} brewed the ${r ? r.title : "potion"} first.`
      : `After 50 rounds nobody brewed the ${r ? r.title : "potion"}.`));
  } else if (view.current === null || view.current < 0) {
    const q = view.question;
    const what = q && q.kind === "recipe" ? "choosing the potion" : "choosing alchemists";
    line.append(h("strong", {}, `Setting up: ${what}`));
  } else {
    const who = view.current === me ? "Your" : `${view.names[view.current]}'s`;
    line.append(h("strong", {}, `Turn ${view.turn}: ${who} turn`));
  }
  if (r) line.append(h("span", { class: "pp-potion" }, ` Potion: ${r.title}.`));
  if (view.first !== null && view.first >= 0) {
    line.append(h("span", { class: "hint" }, ` ${view.first === me ? "You are" : `${view.names[view.first]} is`} Player One.`));
  }
  return line;
}

// -- a player's dice and tokens -----------------------------------------------------------

function savedPieces(view, i, me) {
  const t = view.this_turn;
  const mineNow = view.current === i && view.winner === null;
  const pieces = [];
  const owner = possessive(view, i, me);
  const q = view.question;
  if (mineNow) {
    t.waiting.forEach((c, j) => {
      const face = alchemyFace(c);
      const first = j === 0 && q && q.kind === "use-saved";
      pieces.push(diePiece({
        key: `waiting:${i}:${j}`,
        colour: c,
        face,
        name: `${owner} saved ${c} ${face} die`,
        facts: first ? "to use now: roll it with the pool or keep it to pair" : "to use before the roll",
        state: "saved from the last turn",
        text: `A saved ${c} Alchemy die showing its ${face}. Before the roll it is either added to the pool and rolled, or kept showing its ${face} to pair with a rolled ${face === "heart" ? "potion" : "heart"} for a Super Die. Unused, it is lost.`,
        cls: "saved",
        tag: false,
      }));
    });
  }
  for (const c of view.saved[i]) {
    const face = alchemyFace(c);
    pieces.push(diePiece({
      key: `saved:${i}:${c}`,
      colour: c,
      face,
      name: `${owner} saved ${c} ${face} die`,
      facts: "for the next turn",
      text: `A saved ${c} Alchemy die showing its ${face}, used on its owner's next turn: rolled with the pool or kept to pair for a Super Die.`,
      cls: "saved",
      tag: false,
    }));
  }
  if (mineNow) {
    for (const c of t.saved_this_turn) {
      const face = alchemyFace(c);
      pieces.push(diePiece({
        key: `saved-new:${i}:${c}`,
        colour: c,
        face,
        name: `${owner} ${c} ${face} die saved this turn`,
        facts: "lost if a greedy roll busts",
        text: `A ${c} Alchemy die saved this turn for the next one; a greedy roll that busts loses it.`,
        cls: "saved new",
        tag: false,
      }));
    }
  }
  return pieces;
}

function superPieces(view, i, me) {
  const owner = possessive(view, i, me);
  const pieces = [];
  for (let k = 0; k < view.super_dice[i]; k++) {
    pieces.push(superToken({ key: `super:${i}`, name: `${owner} Super Die`, facts: "kept for Sabotage" }));
  }
  if (view.current === i && view.winner === null) {
    for (let k = 0; k < view.this_turn.super_dice_this_turn; k++) {
      pieces.push(superToken({ key: `super-new:${i}`, name: `${owner} Super Die kept this turn`, facts: "lost if a greedy roll busts", cls: "new" }));
    }
  }
  return pieces;
}

function savedZone(view, i, me) {
  return zone({ key: `saved-${i}`, title: "Saved dice", pieces: savedPieces(view, i, me), cls: "pp-saved", empty: "none" });
}

function superZone(view, i, me) {
  return zone({ key: `super-${i}`, title: "Super Dice", pieces: superPieces(view, i, me), cls: "pp-supers", empty: "none" });
}

/** An opponent's saved dice and Super Dice, in one zone. */
function heldZone(view, i, me) {
  return zone({ key: `held-${i}`, title: "Holds", pieces: [...savedPieces(view, i, me), ...superPieces(view, i, me)], cls: "pp-holds", empty: "nothing" });
}

// -- the others, along the top ------------------------------------------------------------

function panel(view, ctx, i, me) {
  const a = view.alchemists[i];
  const over = view.winner !== null || view.out_of_time;
  const marks = [];
  if (view.first === i) marks.push("Player One");
  if (view.winner === i) marks.push("brewed it");
  const total = progressTotal(view, i);
  const facts = [];
  if (total) facts.push(`${total[0]} of ${total[1]} ingredients`);
  const inner = h("div", { class: "pp-seat-body" },
    h("div", { class: "pp-seat-top" },
      a ? zone({ key: `alch-${i}`, title: "Alchemist", pieces: [alchemistCard(a, { key: `alch:${i}`, owner: possessive(view, i, me), small: true })], cls: "pp-alch-zone" }) : null,
      heldZone(view, i, me)),
    progressList(view, i, me, "small"));
  return seatPanel({
    name: view.names[i],
    current: !over && view.current === i,
    deciding: !over && view.deciding === i,
    marks,
    facts,
    zones: [inner],
    cls: "pp-seat",
  });
}

// -- the middle: the recipe and the turn ----------------------------------------------------

function choosing(view, ctx) {
  const q = view.question;
  if (q && q.kind === "alchemist") {
    return zone({
      key: "alchemists",
      title: "Alchemist cards to choose from",
      cls: "pp-choose alchemists",
      pieces: [
        ...q.choices.map((a) => alchemistCard(a, { key: `alchemist:${a.key}` })),
        ...view.alchemists.flatMap((a, i) => {
          if (!a) return [];
          const me = seatOf(view, ctx.seat);
          const note = i === me ? "your alchemist" : `chosen by ${view.names[i]}`;
          return [alchemistCard(a, { key: `taken:${a.key}`, owner: possessive(view, i, me), cls: "taken", note })];
        }),
      ],
    });
  }
  if (q && q.kind === "recipe") {
    return zone({
      key: "recipes",
      title: "Potion recipe cards",
      cls: "pp-choose recipes",
      pieces: q.choices.map((r) => recipeCard(r, { key: `recipe:${r.key}`, cards: ctx.cards })),
    });
  }
  return null;
}

function groupPiece(g) {
  const [c, f, n] = g;
  const gain = Number(f) * n;
  const dice = [];
  for (let k = 0; k < n; k++) dice.push(die(c, f));
  return piece({
    key: `group:${c}:${f}`,
    token: `group:${c}:${f}`,
    name: `Group of ${n} ${c} ${f}-star dice`,
    facts: `${gain} ${STARDUST[c]} Stardust`,
    text: `A group of matching ${c} ${f}-star dice: one ${STARDUST[c]} Stardust per star. A die rolling ${f} ${f === "1" ? "star" : "stars"} in ${c} on a greedy roll joins it.`,
    cls: `pp-group ${c}`,
    body: [h("span", { class: "group-dice" }, dice), h("span", { class: "group-gain" }, `+${gain} ${STARDUST[c]}`)],
  });
}

function turnArea(view, ctx, me) {
  const t = view.this_turn;
  const q = view.question;
  const cur = view.current;
  const whose = cur === me ? "Your" : `${view.names[cur]}'s`;
  const lich = q && q.kind === "lich";
  const parts = [];

  // The pool: blue dice then red, Darkness left out (it lies with the Darkness).
  const pool = t.pool.filter(([, f]) => f !== "dark").slice().sort((a, b) => (a[0] === b[0] ? 0 : a[0] === "blue" ? -1 : 1));
  const rolled = pool.some(([, f]) => f);
  parts.push(zone({
    key: "pool",
    title: rolled || !pool.length ? "Pool" : "Pool, not rolled yet",
    cls: "pp-pool",
    empty: "empty",
    pieces: pool.map(([c, f]) => diePiece({
      key: `pool:${c}:${f || "unrolled"}`,
      colour: c,
      face: f,
      name: f ? `${faceWords(c, f)} in the pool` : `${c} die in the pool, not rolled yet`,
      text: DIE_TEXT[f] || (f ? `A ${faceWords(c, f)} in the pool: two or more ${c} dice showing the same stars make a group, one ${STARDUST[c]} Stardust per star.` : ""),
      cls: "big",
    })),
  }));

  if (t.groups.length) {
    parts.push(zone({ key: "groups", title: "Groups this turn", cls: "pp-groups", pieces: t.groups.map(groupPiece) }));
  }

  // Darkness: the dice set aside, and on the Lich's first roll the ones he may roll again.
  const dark = [];
  if (lich) {
    const marked = { ...q.marked };
    for (const [c, f] of t.pool) {
      if (f !== "dark") continue;
      if (marked[c] > 0) {
        marked[c] -= 1;
        dark.push(diePiece({ key: `marked:${c}`, colour: c, face: "dark", name: `${c} Darkness die`, facts: "marked to roll again", text: DIE_TEXT.dark, cls: "marked" }));
      } else {
        dark.push(diePiece({ key: `dark:${c}`, colour: c, face: "dark", name: `${c} Darkness die`, facts: "just rolled", text: DIE_TEXT.dark }));
      }
    }
  }
  for (const c of t.darkness) {
    dark.push(diePiece({ key: `aside:${c}`, colour: c, face: "dark", name: `${c} Darkness die`, facts: "set aside", text: DIE_TEXT.dark }));
  }
  if (dark.length) {
    const title = lich ? `Darkness (may roll ${count(q.limit, "die", "dice")} again)` : "Darkness set aside";
    parts.push(zone({ key: "darkness", title, cls: "pp-dark", pieces: dark }));
  }

  const used = [];
  for (const c of t.kept) {
    const face = alchemyFace(c);
    used.push(diePiece({ key: `kept:${c}`, colour: c, face, name: `Saved ${c} ${face} die`, facts: "kept to pair with a rolled " + (face === "heart" ? "potion" : "heart"), text: `A saved die kept showing its ${face}: it pairs with a rolled ${face === "heart" ? "potion" : "heart"} for a Super Die, or is lost at the end of the turn.`, cls: "kept", tag: false }));
  }
  for (const [c, f, use] of t.spent) {
    const what = use === "super" ? "paired into a Super Die" : `taken as an ${WORDS[f]} ingredient`;
    used.push(diePiece({ key: `spent:${c}:${f}:${use}`, colour: c, face: f, name: `${faceWords(c, f)} die`, facts: what, text: `A ${faceWords(c, f)} die set aside this turn: ${what}.`, cls: "spent", tag: false }));
  }
  if (used.length) parts.push(zone({ key: "used", title: "Kept and used", cls: "pp-used", pieces: used }));

  // A new Super Die, and the die a Sabotage rolled.
  const specials = [];
  if (t.new_super > 0) {
    const face = q && q.kind === "super-score" ? String(q.stars) : q && q.kind === "super-alchemy" ? "both" : "";
    specials.push(diePiece({
      key: "new-super",
      token: "super",
      colour: "green",
      face,
      name: face ? `${whose} new Super Die, showing ${faceWords("green", face)}` : `${whose} new Super Die`,
      facts: face ? "rolled" : "to roll now or keep for Sabotage",
      text: "A Super Die just made from a heart and a potion: rolled at once, its stars go to one kind of Stardust; kept, it waits beside the alchemist for Sabotage.",
      cls: "big super-new",
      tag: "super",
    }));
  }
  if (q && q.kind === "sabotage-spend") {
    const by = q.saboteur === me ? "Your" : `${view.names[q.saboteur]}'s`;
    specials.push(diePiece({
      key: "sabotage-die",
      token: "super",
      colour: "green",
      face: String(Math.min(4, Math.max(2, q.rolled))),
      name: `${by} Sabotage die, showing ${count(q.rolled, "star")}`,
      facts: `${q.left} left to take`,
      text: "A Super Die rolled for Sabotage: its stars take Stardust, one at a time in any colours, from what the alchemist who stopped is about to record.",
      cls: "big",
      tag: "super",
    }));
  }
  if (specials.length) parts.push(zone({ key: "super-die", title: "Super Die", cls: "pp-new-super", pieces: specials }));

  return h("section", { class: "pp-turn", "aria-label": `${whose} turn` },
    h("div", { class: "pp-dice-row" }, parts),
    haul(view, me));
}

/** What the turn has collected so far, and what a bust would lose. */
function haul(view, me) {
  const t = view.this_turn;
  const got = KINDS.filter((k) => t.tally[k]).map((k) => h("li", { class: `got n-${k}` }, icon(k), `+${t.tally[k]} ${SHORT[k]}`));
  const atRisk = [];
  if (t.saved_this_turn.length) atRisk.push(`${count(t.saved_this_turn.length, "die", "dice")} saved`);
  if (t.super_dice_this_turn) atRisk.push(`${count(t.super_dice_this_turn, "Super Die", "Super Dice")} kept`);
  const q = view.question;
  let note = null;
  if (q && q.kind === "sabotage") {
    note = `${q.target === me ? "You stopped" : `${view.names[q.target]} stopped`}: a Super Die may Sabotage this turn's Stardust before it is recorded.`;
  } else if (q && q.kind === "sabotage-spend") {
    const by = q.saboteur === me ? "Your" : `${view.names[q.saboteur]}'s`;
    note = `${by} Sabotage takes up to ${count(q.rolled, "Stardust", "Stardust")} from this before it is recorded (${q.left} left).`;
  } else if (t.may_be_greedy && t.pool.length && (!q || q.kind === "turn")) {
    note = "A greedy roll that makes no match loses all of this.";
  }
  return h("section", { class: "pp-haul", "aria-label": "Collected this turn" },
    h("h3", { class: "zone-title" }, "Collected this turn"),
    got.length ? h("ul", { class: "got-list" }, got) : h("p", { class: "zone-empty" }, "nothing yet"),
    atRisk.length ? h("p", { class: "haul-note" }, `Also this turn: ${listWords(atRisk)}.`) : null,
    note ? h("p", { class: "haul-note" }, note) : null);
}

function shared(view, ctx, me) {
  const out = h("div", { class: "pp-shared" });
  const r = view.recipe;
  if (r) {
    out.append(zone({ key: "recipe", title: "The potion", cls: "pp-recipe-zone", pieces: [recipeCard(r, { key: "recipe", cards: ctx.cards })] }));
  }
  const choice = choosing(view, ctx);
  if (choice) out.append(choice);
  else if (view.current !== null && view.current >= 0 && view.winner === null && !view.out_of_time) out.append(turnArea(view, ctx, me));
  return out;
}

// -- your own pieces, along the bottom -----------------------------------------------------

function mine(view, ctx, me) {
  const a = view.alchemists[me];
  const total = progressTotal(view, me);
  const over = view.winner !== null || view.out_of_time;
  const current = !over && view.current === me;
  return h("section", { class: `pp-mine ${current ? "current" : ""}`.trim(), "aria-label": "Your alchemist" },
    a ? zone({ key: "alch-mine", title: "Your alchemist", pieces: [alchemistCard(a, { key: `alch:${me}`, owner: "Your" })], cls: "pp-alch-zone" }) : null,
    h("section", { class: "pp-progress", "aria-label": "Your progress" },
      h("h3", { class: "zone-title" }, total ? `Your progress: ${total[0]} of ${total[1]}` : "Your totals",
        current ? h("span", { class: "mark turn-mark" }, "▶ your turn") : null),
      progressList(view, me, me, "large"),
      view.recipe && needs(view.recipe).some((k) => COMPLEX.has(k))
        ? h("p", { class: "legend", "aria-hidden": "true" }, "* counts once the Ruby and Sapphire are complete") : null),
    h("div", { class: "pp-held" }, savedZone(view, me, me), superZone(view, me, me)));
}

// -- the contract ---------------------------------------------------------------------------

function seatOf(view, seat) {
  return seat !== null && seat !== undefined && seat >= 0 && seat < view.names.length ? seat : null;
}

export function render(view, ctx) {
  const me = seatOf(view, ctx.seat);
  const others = view.names.map((_, i) => i).filter((i) => i !== me);
  return {
    status: status(view, me),
    opponents: h("div", { class: `seats pp-seats n${others.length}` }, others.map((i) => panel(view, ctx, i, me))),
    shared: shared(view, ctx, me),
    mine: me === null ? null : mine(view, ctx, me),
  };
}

/** The option ids act on these pieces; the view's `question` says which question the ids
 * belong to (`keep` keeps a saved die before the roll, `take-heart` takes a pool die in a
 * turn but a Super Die's face after it is rolled). */
export function pieceFor(id, view, seat) {
  const q = view.question;
  if (!q) return null;
  switch (q.kind) {
    case "alchemist":
      return `alchemist:${id}`;
    case "recipe":
      return `recipe:${id}`;
    case "use-saved":
      return id === "add" || id === "keep" ? `waiting:${view.current}:0` : null;
    case "turn":
      if (id === "save-heart" || id === "take-heart") return "pool:blue:heart";
      if (id === "save-potion" || id === "take-potion") return "pool:red:potion";
      return null;
    case "lich":
      if (id === "mark-blue") return "dark:blue";
      if (id === "mark-red") return "dark:red";
      return null;
    case "sabotage":
      return id === "sabotage" && seat !== null && seat !== undefined ? `super:${seat}` : null;
    default:
      return null;
  }
}

/** Each alchemist's final totals against the recipe's needs, and who brewed it first. */
export function results(view, result, seat) {
  const r = view.recipe;
  const me = seatOf(view, seat);
  const order = view.names.map((_, i) => i);
  const score = (i) => (progressTotal(view, i) || [0])[0];
  order.sort((a, b) => (a === view.winner ? -1 : b === view.winner ? 1 : score(b) - score(a)));
  const out = h("div", { class: "pp-results" });
  if (view.out_of_time) {
    out.append(h("p", { class: "pp-out-of-time" },
      `After 50 rounds nobody had brewed the ${r ? r.title : "potion"}: the alchemist with the most ingredients toward it wins.`));
  }
  out.append(...order.map((i) => {
    const total = progressTotal(view, i);
    const a = view.alchemists[i];
    const name = i === me ? `${view.names[i]} (you)` : view.names[i];
    const head = view.winner === i
      ? `${name} brewed the ${r ? r.title : "potion"} first, on turn ${view.turn}`
      : `${name}: ${total ? `${total[0]} of ${total[1]} ingredients` : "no potion"}`;
    return h("section", { class: `pp-score ${view.winner === i ? "winner" : ""}`.trim(), "aria-label": `${i === me ? "Your" : `${view.names[i]}'s`} totals` },
      h("h3", {}, head),
      a ? h("p", { class: "pp-score-alch" }, a.title) : null,
      r ? h("ul", {}, needs(r).map((k) => {
        const have = view.totals[i][k];
        const need = r.needs[k];
        const short = need - have;
        return h("li", { class: have >= need ? "done" : "" }, icon(k),
          have >= need ? `${WORDS[k]}: ${have}, needs ${need} ✓` : `${WORDS[k]}: ${have} of ${need} (${short} short)`);
      })) : null);
  }));
  return out;
}
