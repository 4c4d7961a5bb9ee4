// Potion Party at a glance: the potion and what it needs, each alchemist's totals, and the
// dice of the turn in play. Everything in this game is public.

import { h, table, who } from "../dom.js";

const WORDS = {
  ruby: "Ruby", sapphire: "Sapphire", emerald: "Emerald", darkness: "Darkness",
  heart: "Alchemy (heart)", potion: "Alchemy (potion)",
};

function face(colour, f) {
  if (f === "dark") return `${colour} Darkness`;
  if (f === "") return `${colour}, not rolled yet`;
  if (/^\d$/.test(f)) return `${colour} ${f} star${f === "1" ? "" : "s"}`;
  return { heart: "blue heart", potion: "red potion", both: "green heart-and-potion" }[f] || f;
}

function dice(label, list) {
  if (!list.length) return h("p", {}, `${label}: none.`);
  return h("div", {},
    h("h4", {}, label),
    h("ul", { class: "dice" }, list.map(([c, f]) => h("li", { class: `die ${c}` }, face(c, f)))));
}

function whole(view, seat) {
  const out = h("div", { class: "potion-party" });
  const r = view.recipe;
  if (r) {
    const needs = Object.entries(r.needs).map(([k, n]) => `${n} ${WORDS[k]}`).join(", ");
    out.append(h("p", { class: "recipe" }, `The potion: ${r.title}. It needs ${needs}.`));
  }
  const keys = r ? Object.keys(r.needs) : ["ruby", "sapphire"];
  out.append(table("Alchemists", ["Alchemist", ...keys.map((k) => WORDS[k]), "Saved dice", "Super Dice"],
    view.names.map((_, i) => ({
      current: i === view.current,
      cells: [
        `${who(view, i, seat)}${view.alchemists[i] ? `, ${view.alchemists[i].title}` : ""}`,
        ...keys.map((k) => (r ? `${view.totals[i][k]} of ${r.needs[k]}` : String(view.totals[i][k]))),
        view.saved[i].length ? view.saved[i].join(", ") : "none",
        String(view.super_dice[i]),
      ],
    }))));
  const t = view.this_turn;
  if (view.current !== null && view.current >= 0 && view.winner === null) {
    const whose = view.current === seat ? "Your turn" : `${view.names[view.current]}'s turn`;
    const got = Object.entries(t.tally).filter(([, n]) => n).map(([k, n]) => `${n} ${WORDS[k]}`);
    out.append(h("section", { "aria-label": "This turn" },
      h("h3", {}, whose),
      dice("Pool", t.pool),
      t.groups.length ? h("p", {}, `Groups: ${t.groups.map(([c, f, n]) => `${n} ${c} ${f}-star`).join("; ")}.`) : null,
      t.kept.length ? h("p", {}, `Kept to match: ${t.kept.join(", ")}.`) : null,
      h("p", {}, `Collected this turn: ${got.length ? got.join(", ") : "nothing yet"}.`)));
  }
  return out;
}

// Until this game is laid out as a table, its whole view is the shared area.
export function render(view, ctx) {
  return { status: null, opponents: null, shared: h("div", { class: "legacy", tabindex: "0", role: "region", "aria-label": "The table" }, whole(view, ctx.seat)), mine: null };
}

export function pieceFor() {
  return null;
}
