// The lobby: open a table for any game in the catalog, hand out invite links, and list
// the tables to join or watch. Built from /api/games, so a new game appears by itself.

import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
let games = [];

function current() {
  return games.find((g) => g.name === $("game").value);
}

// A level's strength as the ladder measured it (athanor ladder; docs/simulator.md).
function measured(m) {
  if (!m) return "Strength not yet measured.";
  const pct = (x) => `${Math.round(100 * x)}%`;
  if (m.kind === "team") {
    const at = m.players && m.players.length ? ` at ${m.players[0]}-${m.players[m.players.length - 1]} players` : "";
    const on = m.missions && m.missions.length ? `, missions ${m.missions.join(", ")}` : "";
    return `Team wins ${pct(m.win_rate)} (${pct(m.low)} to ${pct(m.high)}) of ${m.games} games${at}${on}.`;
  }
  const r = Math.round(m.rating);
  if (m.low === m.high) return `Rating ${r}, the scale's fixed point.`;
  return `Rating ${r} (${Math.round(m.low)} to ${Math.round(m.high)}).`;
}

function seatRow(i, game, kind) {
  const row = h("div", { class: "seat-row" });
  const kindId = `seat-${i}-kind`;
  const botId = `seat-${i}-bot`;
  const nameId = `seat-${i}-name`;
  const kindSel = h("select", { id: kindId },
    h("option", { value: "you" }, "You"),
    h("option", { value: "person" }, "Another person (invite)"),
    h("option", { value: "bot" }, "A bot"));
  kindSel.value = kind;
  // The four levels first, each told in a line under the choice; then the game's own bots.
  const aboutId = `seat-${i}-bot-about`;
  const levels = game.levels || [];
  const start = levels.some((l) => l.name === "normal") ? "normal" : game.default_bot;
  const label = (b) => (b === start ? `${b} (default)` : b);
  const ratingId = `seat-${i}-bot-rating`;
  const botSel = h("select", { id: botId, "aria-describedby": `${aboutId} ${ratingId}` },
    levels.length
      ? h("optgroup", { label: "Levels" }, levels.map((l) => h("option", { value: l.name }, label(l.name))))
      : null,
    h("optgroup", { label: levels.length ? "Other bots" : "Bots" },
      game.bots.map((b) => h("option", { value: b }, label(b)))));
  botSel.value = start;
  const about = h("span", { id: aboutId, class: "bot-about" });
  const rating = h("span", { id: ratingId, class: "bot-about bot-rating" });
  const describe = () => {
    const level = levels.find((l) => l.name === botSel.value);
    about.textContent = level ? level.line : "";
    rating.textContent = level ? measured(level.measured) : "";
  };
  botSel.addEventListener("change", describe);
  describe();
  const name = h("input", { id: nameId, type: "text", maxlength: "40", autocomplete: "off" });
  const botWrap = h("span", {}, h("label", { for: botId }, "Bot"), " ", botSel, " ", about, " ", rating);
  const sync = () => { botWrap.hidden = kindSel.value !== "bot"; };
  kindSel.addEventListener("change", () => {
    if (kindSel.value === "you") {
      for (const other of document.querySelectorAll("#seats select[id$='-kind']")) {
        if (other !== kindSel && other.value === "you") other.value = "person";
      }
    }
    sync();
  });
  sync();
  row.append(
    h("span", { class: "seat-no" }, `Seat ${i + 1}`), " ",
    h("label", { for: kindId }, "Who"), " ", kindSel, " ",
    botWrap, " ",
    h("label", { for: nameId }, "Name (optional)"), " ", name);
  return row;
}

function drawSeats(count) {
  const game = current();
  const box = $("seats");
  box.replaceChildren();
  for (let i = 0; i < count; i++) box.append(seatRow(i, game, i === 0 ? "you" : "bot"));
  $("add-seat").disabled = count >= game.max_players;
  $("remove-seat").disabled = count <= game.min_players;
}

function drawOptions() {
  const game = current();
  const box = $("options");
  box.replaceChildren();
  $("game-summary").textContent = `${game.summary} ${game.min_players} to ${game.max_players} players.`;
  if (!game.options.length) box.append(h("p", {}, "This game has no options."));
  for (const o of game.options.filter((x) => !x.local)) {
    const id = `opt-${o.name}`;
    let input;
    if (o.choices) {
      input = h("select", { id, "data-option": o.name },
        o.choices.map((c) => h("option", { value: String(c) }, String(c))));
      input.value = String(o.default);
    } else {
      input = h("input", { id, type: "text", "data-option": o.name, value: String(o.default), maxlength: "2000" });
    }
    box.append(h("p", {}, h("label", { for: id }, o.name), " ", input, h("br"),
      h("span", { class: "hint", id: `${id}-hint` }, o.doc)));
    input.setAttribute("aria-describedby", `${id}-hint`);
  }
}

function pickGame() {
  drawSeats(current().min_players);
  drawOptions();
}

async function openTable(e) {
  e.preventDefault();
  const seats = [];
  let you = null;
  document.querySelectorAll("#seats .seat-row").forEach((row, i) => {
    const kind = row.querySelector("select[id$='-kind']").value;
    const name = row.querySelector("input").value.trim();
    const seat = { kind: kind === "bot" ? "bot" : "person" };
    if (kind === "bot") seat.bot = row.querySelector("select[id$='-bot']").value;
    if (kind === "you") you = i;
    if (name) seat.name = name;
    seats.push(seat);
  });
  const options = {};
  for (const el of document.querySelectorAll("[data-option]")) options[el.dataset.option] = el.value;
  const res = await fetch("/api/tables", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: $("game").value, seats, options, you, public: $("public").checked }),
  });
  const body = await res.json();
  const out = $("created");
  out.replaceChildren();
  if (!res.ok) { out.append(h("p", { class: "error" }, `The table was not opened: ${body.message}`)); return; }
  out.append(h("h3", { tabindex: "-1", id: "created-title" }, `Table ${body.id} is open`));
  const list = h("ul");
  if (body.you) {
    const link = `/t/${body.id}#seat=${body.you.seat}&token=${body.you.token}`;
    list.append(h("li", {}, h("a", { href: link }, `Go to your seat (seat ${body.you.seat + 1})`)));
  }
  for (const [seat, code] of Object.entries(body.invites)) {
    const url = `${location.origin}/t/${body.id}#seat=${seat}&invite=${code}`;
    const copy = h("button", { type: "button" }, `Copy the invite link for seat ${Number(seat) + 1}`);
    copy.addEventListener("click", async () => {
      try { await navigator.clipboard.writeText(url); copy.textContent = "Copied"; }
      catch { copy.textContent = "Copy failed: select the link instead"; }
    });
    list.append(h("li", {}, `Seat ${Number(seat) + 1}: `, h("input", { type: "text", readonly: true, value: url, "aria-label": `Invite link for seat ${Number(seat) + 1}` }), " ", copy));
  }
  list.append(h("li", {}, h("a", { href: `/t/${body.id}` }, "Watch this table")));
  out.append(list);
  $("created-title").focus();
  refresh();
}

async function refresh() {
  const res = await fetch("/api/tables");
  const tables = await res.json();
  const box = $("tables");
  box.replaceChildren();
  if (!tables.length) { box.append(h("p", {}, "No table is open yet.")); return; }
  box.append(h("ul", { class: "tables" }, tables.map((t) => {
    const free = t.seats.filter((s) => s.kind === "person" && !s.taken).length;
    const who = t.seats.map((s) => (s.kind === "bot" ? `${s.name} (bot)` : s.name)).join(", ");
    return h("li", {},
      h("a", { href: `/t/${t.id}` }, `${t.title}, table ${t.id}`),
      `: ${who}. ${t.status === "open" ? `${free} free seat${free === 1 ? "" : "s"}` : "playing"}` +
        `${t.public ? "" : ", by invitation"}.`);
  })));
}

async function start() {
  games = await (await fetch("/api/games")).json();
  $("game").replaceChildren(...games.map((g) => h("option", { value: g.name }, g.title)));
  $("game").addEventListener("change", pickGame);
  $("add-seat").addEventListener("click", () => drawSeats($("seats").children.length + 1));
  $("remove-seat").addEventListener("click", () => drawSeats($("seats").children.length - 1));
  $("new-table").addEventListener("submit", openTable);
  $("refresh").addEventListener("click", refresh);
  pickGame();
  refresh();
}

start();
