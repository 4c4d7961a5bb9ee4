// Dominion as a table: the other players along the top (hand, deck and discard pile as
// counts, the top of the discard pile, victory points, turns, what they have revealed),
// the Supply as a grid of cards with their costs and counts (the Basic piles beside the
// ten Kingdom piles), the play area, the trash, and your hand, deck and discard pile along
// the bottom. During a possessed turn the possessed player's hand lies there, and the
// status line says who plays and who decides. Built from the seat's view alone.

import { h } from "../dom.js";
import { badge, coin, cost, count, counted, piece, potion, runs, seatPanel, zone } from "../pieces.js";

const BASIC = ["Copper", "Silver", "Gold", "Potion", "Estate", "Duchy", "Province", "Curse"];

function facts(ctx, name) {
  return (ctx.cards.facts && ctx.cards.facts[name]) || { types: [], coins: 0, potions: 0 };
}

function typeClass(types) {
  if (types.includes("Curse")) return "t-curse";
  if (types.includes("Victory")) return "t-victory";
  if (types.includes("Treasure")) return "t-treasure";
  if (types.includes("Reaction")) return "t-reaction";
  if (types.includes("Attack")) return "t-attack";
  return "t-action";
}

function costWords(f) {
  const coins = `${f.coins} coin${f.coins === 1 ? "" : "s"}`;
  if (!f.potions) return coins;
  return f.coins ? `${coins} and ${f.potions} Potion` : `${f.potions} Potion`;
}

/** A card drawn as a card: its name, a band in the colour of its types (with the types in
 * words), its cost, and (for a pile) the count left. */
function card(ctx, name, { key, where = "", copies = 1, left = null, cls = "", size = "" }) {
  const f = facts(ctx, name);
  const parts = [];
  if (copies > 1) parts.push(`${copies} copies`);
  if (left !== null) parts.push(left ? `${left} left` : "the pile is empty");
  const state = parts.join(", ");
  return piece({
    key,
    token: name,
    name: where ? `${name} ${where}` : name,
    facts: [costWords(f), state].filter(Boolean).join(", "),
    state,
    text: (ctx.cards.texts || {})[name] || "",
    cls: `dcard ${typeClass(f.types)} ${size} ${left === 0 ? "empty" : ""} ${cls}`,
    body: [
      h("span", { class: "dc-name" }, name),
      h("span", { class: "dc-band" }, f.types.join(" – ")),
      h("span", { class: "dc-cost" }, cost(f.coins, f.potions)),
      left !== null ? badge(String(left), `${left} left`) : copies > 1 ? badge(`×${copies}`) : null,
    ],
  });
}

/** A face-down pile (a deck): its count. */
function deckPiece(key, owner, n) {
  return piece({
    key,
    name: `${owner} deck`,
    facts: count(n, "card"),
    cls: "dcard back small",
    body: [h("span", { class: "dc-back" }, "Deck"), badge(String(n))],
  });
}

function whose(view, i, seat) {
  return i === seat ? "Your" : `${view.names[i]}'s`;
}

function pileZone(ctx, view, i, seat) {
  const p = view.players[i];
  const owner = whose(view, i, seat);
  const pieces = [deckPiece(`deck:${i}`, owner, p.deck_size)];
  if (p.discard_top) {
    pieces.push(card(ctx, p.discard_top, {
      key: `discard:${i}:${p.discard_top}`, where: `on top of ${owner.toLowerCase()} discard pile`, size: "small",
    }));
    pieces[pieces.length - 1].querySelector(".dc-name").after(badge(String(p.discard_size), `${p.discard_size} in the discard pile`));
  } else {
    pieces.push(piece({ key: `discard:${i}`, name: `${owner} discard pile`, facts: "empty", cls: "dcard back small empty", body: [h("span", { class: "dc-back" }, "Discard"), badge("0")] }));
  }
  return zone({ key: `piles-${i}`, title: "Deck and discard", pieces, cls: "piles" });
}

function revealedZone(ctx, view, i, seat, title) {
  const cards = view.players[i].revealed || [];
  if (!cards.length) return null;
  return zone({
    key: `revealed-${i}`,
    title,
    cls: "revealed",
    pieces: runs(cards).map(([name, n]) => card(ctx, name, { key: `revealed:${i}:${name}`, copies: n, where: "(set aside)", size: "small" })),
  });
}

function status(view, seat) {
  if (view.over) return h("p", {}, `The game is over after turn ${view.turn}.`);
  const cur = view.current;
  const who = cur === seat ? "Your" : `${view.names[cur]}'s`;
  const line = h("p", {});
  line.append(h("strong", {}, `Turn ${view.turn}: ${who} ${view.phase} phase`));
  const res = h("span", { class: "resources" },
    h("span", {}, `${view.actions} Action${view.actions === 1 ? "" : "s"}`),
    h("span", {}, `${view.buys} Buy${view.buys === 1 ? "" : "s"}`),
    h("span", { class: "money" }, coin(view.coins), ` ${view.coins} coin${view.coins === 1 ? "" : "s"}`),
    view.potions ? h("span", { class: "money" }, potion(), ` ${view.potions} Potion${view.potions === 1 ? "" : "s"}`) : null);
  line.append(" ", res);
  if (view.money_with_hand && view.phase !== "buy") {
    line.append(h("span", { class: "hint" }, ` With the Treasures in hand: ${view.money_with_hand[0]} coins.`));
  } else if (view.money_with_hand) {
    const [c, p] = view.money_with_hand;
    line.append(h("span", { class: "hint" }, ` With the Treasures in hand: ${c} coin${c === 1 ? "" : "s"}${p ? ` and ${p} Potion${p === 1 ? "" : "s"}` : ""}.`));
  }
  if (view.possessor !== null) {
    const by = view.possessor === seat ? "you decide" : `${view.names[view.possessor]} decides`;
    line.append(h("span", { class: "possession" }, ` Possession: ${view.names[cur]} plays, ${by} for them.`));
  }
  return line;
}

function opponents(ctx, view, seat) {
  const others = view.players.map((_, i) => i).filter((i) => i !== seat);
  return h("div", { class: "seats" }, others.map((i) => {
    const p = view.players[i];
    const marks = [];
    if (view.possessor === i) marks.push(`possesses ${view.names[view.current]}`);
    const zones = [];
    if (ctx.open) {
      // A finished game's replay with every card open: each hand lies face up in its panel.
      const hand = ctx.open[i].players[i].hand || [];
      zones.push(zone({
        key: `hand-${i}`,
        title: `Hand (${count(hand.length, "card")})`,
        cls: "open-hand",
        empty: "no cards",
        pieces: counted(hand).sort((a, b) => order(ctx, a[0]) - order(ctx, b[0]))
          .map(([name, n]) => card(ctx, name, { key: `hand:${i}:${name}`, copies: n, where: "in hand", size: "small" })),
      }));
    }
    const rev = revealedZone(ctx, view, i, seat, "Set aside, showing");
    if (rev) zones.push(rev);
    return seatPanel({
      name: view.names[i],
      current: !view.over && view.current === i,
      deciding: !view.over && view.deciding === i,
      marks,
      facts: [
        `Hand ${p.hand_size}`,
        `Deck ${p.deck_size}`,
        p.discard_top ? `Discard ${p.discard_size} (${p.discard_top} on top)` : `Discard ${p.discard_size}`,
        `${p.vp} VP`,
        `${count(p.turns, "turn")}`,
      ],
      zones,
    });
  }));
}

function supply(ctx, view) {
  const names = Object.keys(view.supply);
  const basics = names.filter((n) => BASIC.includes(n));
  const kingdom = [...view.kingdom].sort((a, b) => {
    const [ca, pa] = view.kingdom_costs[a];
    const [cb, pb] = view.kingdom_costs[b];
    return ca - cb || pa - pb || a.localeCompare(b);
  });
  const pile = (n) => card(ctx, n, { key: `supply:${n}`, left: view.supply[n], where: "" });
  return h("div", { class: "supply" },
    zone({ key: "basic", title: "Basic cards", pieces: basics.map(pile), cls: "basic" }),
    zone({ key: "kingdom", title: "Kingdom cards", pieces: kingdom.map(pile), cls: "kingdom" }));
}

function playArea(ctx, view, seat) {
  const cur = view.current;
  const inPlay = view.players[cur].in_play;
  const title = cur === seat ? "You have in play" : `${view.names[cur]} has in play`;
  const parts = [zone({
    key: `play-${cur}`,
    title,
    cls: "in-play",
    empty: "nothing yet",
    pieces: runs(inPlay).map(([name, n]) => card(ctx, name, { key: `play:${cur}:${name}`, copies: n, where: "in play", size: "small" })),
  })];
  if (cur !== seat) {
    const rev = revealedZone(ctx, view, cur, seat, `${view.names[cur]} has set aside`);
    if (rev) parts.push(rev);
  }
  const trash = view.trash;
  const top = trash[trash.length - 1];
  const trashPiece = top
    ? card(ctx, top, { key: "trash", where: "on top of the trash", size: "small" })
    : piece({ key: "trash", name: "The trash", facts: "empty", cls: "dcard back small empty", body: [h("span", { class: "dc-back" }, "Trash")] });
  if (top) {
    trashPiece.setAttribute("aria-label", `The trash: ${count(trash.length, "card")}, ${counted(trash).map(([n, k]) => (k > 1 ? `${k} ${n}` : n)).join(", ")}`);
    trashPiece.append(badge(String(trash.length), `${trash.length} in the trash`));
  }
  parts.push(zone({ key: "trash", title: "Trash", pieces: [trashPiece], cls: "trash" }));
  if (view.possessed_trash && view.possessed_trash.length) {
    parts.push(h("p", { class: "hint" }, `Trashed during Possession, to return: ${view.possessed_trash.join(", ")}.`));
  }
  return h("div", { class: "play-row" }, parts);
}

function mine(ctx, view, seat) {
  if (seat === null) return null;
  const out = h("div", { class: "my-cards" });
  const cur = view.current;
  // During a possessed turn the possessor holds (and plays) the possessed player's hand.
  const possessing = view.possessor === seat && cur !== seat && !view.over;
  const owner = possessing ? cur : seat;
  const hands = [];
  const p = view.players[owner];
  hands.push([owner, p.hand || [], possessing ? `${view.names[cur]}'s hand, which you play` : "Your hand"]);
  for (const [i, hand, title] of hands) {
    const stacks = counted(hand).sort((a, b) => order(ctx, a[0]) - order(ctx, b[0]));
    out.append(zone({
      key: `hand-${i}`,
      title: `${title} (${count(hand.length, "card")})`,
      cls: "hand",
      empty: "no cards",
      pieces: stacks.map(([name, n]) => card(ctx, name, { key: `hand:${i}:${name}`, copies: n, where: "in hand" })),
    }));
  }
  {
    const rev = revealedZone(ctx, view, owner, seat, owner === seat ? "You have set aside" : `${view.names[owner]} has set aside`);
    if (rev) out.append(rev);
    // Harbinger: the player looks through their discard pile; its cards are the pieces.
    const src = view.source;
    if (ctx.decision && src && src.zone === "discard" && src.seat === owner) {
      const names = [...new Set(ctx.decision.options.map((o) => o.id.split(":")[1]).filter(Boolean))];
      const top = view.players[owner].discard_top;
      const more = names.filter((n) => n !== top);
      if (more.length) {
        out.append(zone({
          key: `discard-${owner}`,
          title: "In your discard pile",
          cls: "revealed",
          pieces: more.map((n) => card(ctx, n, { key: `discard:${owner}:${n}`, where: "in your discard pile", size: "small" })),
        }));
      }
    }
    out.append(pileZone(ctx, view, owner, seat));
  }
  return out;
}

// Treasures first, then Actions, then Victory cards and Curses; dearer first within a kind.
function order(ctx, name) {
  const f = facts(ctx, name);
  const kind = f.types.includes("Treasure") ? 0 : f.types.includes("Action") ? 1 : 2;
  return kind * 100 - f.coins - f.potions * 3;
}

export function render(view, ctx) {
  const seat = ctx.seat;
  return {
    status: status(view, seat),
    opponents: opponents(ctx, view, seat),
    shared: h("div", { class: "dominion-shared" }, supply(ctx, view), playArea(ctx, view, seat)),
    mine: mine(ctx, view, seat),
  };
}

/** Buying and gaining act on a Supply pile; every other card option on the card where the
 * view says the question's cards lie (a hand, the set-aside cards, the play area or the
 * discard pile). Options that name no card stay buttons. */
export function pieceFor(id, view) {
  const at = id.indexOf(":");
  if (at < 0) return null;
  const verb = id.slice(0, at);
  const name = id.slice(at + 1);
  if (verb === "buy" || verb === "gain") return `supply:${name}`;
  const src = view.source || { zone: "hand", seat: view.current };
  return `${src.zone}:${src.seat}:${name}`;
}

/** How each player's victory points were made, card by card (each card drawn, with its
 * copies and the points they make). */
export function results(view, result, seat, ctx) {
  return h("div", { class: "breakdown" }, view.players.map((p, i) => {
    const rows = p.breakdown || [];
    const who = i === seat ? `${p.name} (you)` : p.name;
    const pieces = rows.map(([name, n, pts]) => {
      const c = card(ctx, name, { key: `score:${i}:${name}`, copies: n, size: "small" });
      const line = `${n} × ${name}: ${pts} VP`;
      c.setAttribute("aria-label", line);
      c.append(h("span", { class: "dc-points", "aria-hidden": "true" }, `${pts} VP`));
      return c;
    });
    return h("section", { class: "score-card", "aria-label": `${who}: how the score was made` },
      h("h3", {}, `${who}: ${p.vp} VP in ${count(p.turns, "turn")}`),
      pieces.length
        ? zone({ key: `score-${i}`, title: "Victory points by card", pieces, cls: "scores" })
        : h("p", {}, "No card that scores."));
  }));
}
