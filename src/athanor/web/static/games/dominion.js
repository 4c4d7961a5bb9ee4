// Dominion at a glance: whose turn and what they have left, your hand, the Supply, and
// every player's piles and victory points. Built from the seat's view alone.

import { h, table, who } from "../dom.js";

function counted(cards) {
  const counts = new Map();
  for (const c of cards) counts.set(c, (counts.get(c) || 0) + 1);
  return [...counts.entries()];
}

function cardList(label, cards) {
  if (!cards || !cards.length) return h("p", {}, `${label}: none.`);
  return h("div", { class: "cards" },
    h("h4", {}, label),
    h("ul", { class: "card-row" }, counted(cards).map(([name, n]) =>
      h("li", { class: "card" }, n > 1 ? `${name} ×${n}` : name))));
}

function plural(n, word) {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function render(view, seat) {
  const out = h("div", { class: "dominion" });
  const cur = view.current;
  if (!view.over) {
    const name = cur === seat ? "your" : `${view.names[cur]}'s`;
    let left = `${plural(view.actions, "Action")}, ${plural(view.buys, "Buy")}, ${plural(view.coins, "coin")}`;
    if (view.potions) left += ` and ${plural(view.potions, "Potion")}`;
    let turn = `Turn ${view.turn}: ${name} ${view.phase} phase. ${left}.`;
    if (view.money_with_hand) {
      turn += ` With the Treasures in hand: ${plural(view.money_with_hand[0], "coin")}.`;
    }
    if (view.possessor !== null) turn += ` ${view.names[view.possessor]} decides (Possession).`;
    out.append(h("p", { class: "turn" }, turn));
  }
  if (seat !== null) {
    const me = view.players[seat];
    out.append(h("section", { "aria-label": "Your cards" },
      h("h3", {}, `Your hand (${plural(me.hand_size, "card")})`),
      cardList("In your hand", me.hand || []),
      cardList("You have in play", me.in_play)));
    if (view.possessor === seat && cur !== seat) {
      const them = view.players[cur];
      out.append(cardList(`${them.name}'s hand, which you play`, them.hand || []));
    }
  }
  if (cur !== seat && !view.over) {
    out.append(cardList(`${view.names[cur]} has in play`, view.players[cur].in_play));
  }
  const kingdom = new Set(view.kingdom);
  out.append(table("Supply: each pile's cost and cards left",
    ["Card", "Cost", "Left"],
    Object.entries(view.supply).map(([name, left]) => ({
      cells: [kingdom.has(name) ? name : `${name} (basic)`, view.costs[name], left ? String(left) : "empty"],
    }))));
  out.append(table("Players", ["Player", "Hand", "Deck", "Discard pile", "Victory points", "Turns"],
    view.players.map((p, i) => ({
      current: i === cur,
      cells: [who(view, i, seat), plural(p.hand_size, "card"), String(p.deck_size),
        p.discard_top ? `${p.discard_size}, ${p.discard_top} on top` : String(p.discard_size),
        String(p.vp), String(p.turns)],
    }))));
  out.append(h("p", {}, view.trash.length ? `Trash: ${view.trash.join(", ")}.` : "The trash is empty."));
  return out;
}
