// The table as sighted players glance at it and screen-reader users browse it: built from
// the seat's view only. A game may ship its own presentation in games/<name>.js; any other
// game is shown by the generic one below, so a new game is playable with no web code.

import { h } from "./dom.js";
import * as crucible from "./games/crucible.js";
import * as dominion from "./games/dominion.js";
import * as potionMaking from "./games/potion-making.js";
import * as potionParty from "./games/potion-party.js";

const GAMES = { crucible, dominion, "potion-making": potionMaking, "potion-party": potionParty };

export function render(el, view, seat, table) {
  const game = GAMES[view.game];
  const body = game ? game.render(view, seat, table) : generic(view);
  el.replaceChildren(body);
}

// -- the generic presentation: the view as nested lists ----------------------------------

function words(key) {
  return key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

function generic(view) {
  return h("div", { class: "generic" }, value(view, 0));
}

function value(v, depth) {
  if (v === null || v === undefined) return h("span", {}, "none");
  if (Array.isArray(v)) {
    if (!v.length) return h("span", {}, "none");
    if (v.every((x) => typeof x !== "object" || x === null)) return h("span", {}, v.join(", "));
    return h("ol", {}, v.map((x) => h("li", {}, value(x, depth + 1))));
  }
  if (typeof v === "object") {
    return h("dl", {}, Object.entries(v).flatMap(([k, x]) =>
      [h("dt", {}, words(k)), h("dd", {}, value(x, depth + 1))]));
  }
  return h("span", {}, String(v));
}
