// The table page: one WebSocket, the table drawn from your seat's view, the question in
// front of you (made by clicking a piece, a button by the question, or the numbered list),
// a summary of each other player's turn, the log, and at the end the results, a
// step-through replay and the coach's review of a seat's decisions. Everything shown comes from the server's messages, which carry only
// what your seat may know. Text is always set with textContent, never as HTML.

import { bind, closeMenu, freeze, listen, presentation, render, restoreFocus, showMoves } from "./board.js";
import { h } from "./dom.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const store = window.localStorage;
const seatKey = `athanor.seat.${tableId}`;
const seenKey = `athanor.seen.${tableId}`;
const TURN_KINDS = new Set(["turn", "reaction"]);

let socket = null;
let backoff = 500;
let version = -1;
let seat = null;
let table = null;
let gameInfo = { minor_events: [] };
let game = null; // the presentation
let cards = { texts: {}, facts: {} };
let ready = null; // resolves when the presentation and cards are loaded
let last = null; // the latest state message
let lastQuestion = "";
let wasYourTurn = false;
let sent = false; // a choice of ours is on its way
let drawnOnce = false;
let logIndex = -1;
let replay = null; // { step, steps, seat } while stepping through a finished game
let replayFrom = null; // the button that opened the replay, where the focus goes back
let reviewing = false; // a review is being asked for
let reviewed = null; // the seat whose review is shown

// -- the one assertive region and the polite summary ------------------------------------

function say(text, shown = false) {
  // Only what needs attention now. Cleared first so that the same words said twice are heard.
  // Sighted players read the question where it stands; a refusal is also shown on screen.
  const el = $("attention");
  el.textContent = "";
  el.classList.toggle("shown", shown);
  window.setTimeout(() => { el.textContent = text; }, 50);
}

function summarise(text) {
  const el = $("summary");
  el.textContent = "";
  window.setTimeout(() => { el.textContent = text; }, 20);
}

// -- seats and the connection -------------------------------------------------------------

function saved() {
  try { return JSON.parse(store.getItem(seatKey) || "null"); } catch { return null; }
}

async function fromLink() {
  // An invite or seat link carries its secret after '#', which is never sent to servers.
  const params = new URLSearchParams(location.hash.slice(1));
  history.replaceState(null, "", location.pathname);
  const s = params.get("seat");
  if (s === null) return;
  if (params.get("token")) {
    store.setItem(seatKey, JSON.stringify({ seat: Number(s), token: params.get("token") }));
  } else if (params.get("invite") !== null) {
    await claim(Number(s), { code: params.get("invite") });
  }
}

async function claim(n, how) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claim`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: n, code: null, ...how }),
  });
  const body = await res.json();
  if (!res.ok) { say(`You could not take that seat: ${body.message}.`, true); return false; }
  store.setItem(seatKey, JSON.stringify({ seat: body.seat, token: body.token }));
  return true;
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  socket = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  socket.addEventListener("open", () => {
    backoff = 500;
    const mine = saved();
    const seen = Number(store.getItem(seenKey) || 0);
    send(mine ? { type: "hello", seat: mine.seat, token: mine.token, seen }
              : { type: "hello", seat: null, seen });
  });
  socket.addEventListener("message", (e) => handle(JSON.parse(e.data)));
  socket.addEventListener("close", () => {
    $("who").textContent = "The connection was lost; trying again...";
    window.setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 8000);
  });
}

function send(msg) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(msg));
}

let queue = Promise.resolve();

function handle(msg) {
  // Messages are handled in order, each after the presentation has loaded.
  queue = queue.then(() => handleNow(msg)).catch((e) => { console.error(e); });
}

async function handleNow(msg) {
  if (msg.type === "welcome") return welcome(msg);
  if (ready) await ready;
  if (msg.type === "state") return update(msg);
  if (msg.type === "next") return nextTable(msg.table);
  if (msg.type === "error") {
    if (msg.code === "bad_token") store.removeItem(seatKey);
    say(`Not done: ${msg.message}.`, true);
    sent = false;
    if (last) draw(last);
  }
}

function welcome(msg) {
  table = msg.table;
  seat = msg.seat;
  gameInfo = msg.game || gameInfo;
  document.title = `${table.title}: table ${table.id} (Athanor)`;
  $("title").textContent = table.title;
  const name = seat === null ? null : table.seats[seat].name;
  $("who").textContent = seat === null
    ? "You are watching. Hands are hidden from spectators."
    : `You are ${name}, seat ${seat + 1}.`;
  $("table").dataset.game = table.game;
  $("table").dataset.players = String(table.players);
  $("fairness").textContent =
    `Fair chance: this table's dice and shuffles come from a secret seed whose SHA-256 ` +
    `commitment is ${table.commitment}. The seed is shown when the game ends, so anyone ` +
    `can replay the game and check it.`;
  freeSeats();
  drawnOnce = false;
  ready = Promise.all([
    presentation(table.game).then((g) => { game = g; }),
    fetch(`/api/games/${encodeURIComponent(table.game)}/cards`).then((r) => (r.ok ? r.json() : cards))
      .then((c) => { cards = c; }).catch(() => {}),
  ]);
  if (table.next) nextTable(table.next);
  const missedFrom = msg.missed_from || 0;
  ready.then(() => window.setTimeout(() => {
    const have = $("log-lines").children.length;
    if (missedFrom > 0 && have > missedFrom) {
      say(`While you were away, ${have - missedFrom} things happened; they are at the end of the log.`);
    }
  }, 0));
}

function freeSeats() {
  const list = $("free-seats");
  list.replaceChildren();
  const free = seat === null && table.public
    ? table.seats.filter((s) => s.kind === "person" && !s.taken) : [];
  $("seat-picker").hidden = free.length === 0;
  for (const s of free) {
    const b = h("button", { type: "button" }, `Sit in seat ${s.seat + 1} (${s.name})`);
    b.addEventListener("click", async () => {
      if (await claim(s.seat, {})) socket.close(); // reconnect as the seat
    });
    list.append(h("li", {}, b));
  }
}

// -- a new state ----------------------------------------------------------------------------

function update(msg) {
  const first = !drawnOnce;
  version = msg.version;
  appendLog(msg, first);
  const mineNow = Boolean(msg.decision);
  if (mineNow || msg.over) closeGroup(!first);
  last = msg;
  const justChose = sent;
  sent = false;
  if (replay) return; // stepping through the record: the live table waits
  const q = msg.decision;
  const before = document.activeElement;
  const inQuestion = $("question").contains(before);
  const drawn = draw(msg);
  showMoves(drawn.before, first);
  // Where the focus goes: to a new question of yours; otherwise back where it was (the
  // piece, or its zone), and never to the page's body.
  const toPrompt = () => $("prompt").focus({ preventScroll: !first });
  if (q) {
    const key = `${msg.version}:${q.prompt}`;
    if (justChose || !wasYourTurn || inQuestion || document.activeElement === document.body) {
      toPrompt();
    } else {
      restoreFocus(drawn.focus, toPrompt);
    }
    if (!wasYourTurn || key !== lastQuestion) say(`Your turn: ${q.prompt}`);
    lastQuestion = key;
  } else {
    restoreFocus(drawn.focus, toPrompt);
    if ((justChose || inQuestion) && (document.activeElement === document.body || !$("game").contains(document.activeElement))) toPrompt();
  }
  wasYourTurn = Boolean(q);
  drawnOnce = true;
  followNewest(); // the side may have changed size with the summaries
  if (msg.over) gameOver(msg, first);
}

/** Draw the table and the question for a state message (live, not the replay). */
function draw(msg) {
  const view = msg.view;
  // Whose move it is, for styles and tests: mine, waiting (for others) or over.
  $("table").dataset.turn = msg.decision ? "mine" : msg.over ? "over" : "waiting";
  $("table").dataset.version = String(msg.version);
  const ctx = { seat, table, decision: msg.decision, cards, open: null };
  const drawn = render(game, view, ctx);
  const loose = bind(game, view, seat, msg.decision, choose);
  question(msg, loose);
  return drawn;
}

function question(msg, loose) {
  const q = msg.decision;
  const prompt = $("prompt");
  const choices = $("choices");
  const list = $("options");
  choices.replaceChildren();
  list.replaceChildren();
  $("list-toggle").hidden = !q;
  if (q) {
    prompt.textContent = q.prompt;
    for (const o of loose) {
      const b = h("button", { type: "button", class: "choice", "data-id": o.id }, o.label);
      b.addEventListener("click", () => choose(o.id));
      choices.append(b);
    }
    q.options.forEach((o, i) => {
      const b = h("button", { type: "button", class: "option", "data-id": o.id }, i < 9 ? `${i + 1}. ${o.label}` : o.label);
      b.addEventListener("click", () => choose(o.id));
      list.append(h("li", {}, b));
    });
  } else if (msg.over) {
    prompt.textContent = "The game is over.";
  } else {
    prompt.textContent = msg.waiting_for ? `Waiting for ${msg.waiting_for}.` : "Waiting.";
  }
  showList($("always-list").checked || listOpen);
  $("undo").hidden = !msg.can_undo;
}

let listOpen = false;

function showList(on) {
  const list = $("options");
  list.hidden = !on || !list.children.length;
  $("list-toggle").setAttribute("aria-expanded", String(!list.hidden));
}

function choose(id) {
  if (sent) return;
  sent = true;
  $("table").dataset.turn = "sent";
  freeze();
  for (const b of document.querySelectorAll("#question button.choice, #question button.option")) b.disabled = true;
  markMine();
  send({ type: "move", version, option: id });
}

// -- the log, and one summary per turn --------------------------------------------------------

let group = { lines: [], kinds: [] };
let clearSince = true;
let actedThisTurn = false;

// The log follows the newest line unless the reader has scrolled back from it.
let followLog = true;

function followNewest() {
  const log = $("log");
  if (!followLog) return;
  log.scrollTop = log.scrollHeight;
}

function appendLog(msg, first) {
  const list = $("log-lines");
  if (msg.log_reset) { list.replaceChildren(); group = { lines: [], kinds: [] }; }
  const have = list.children.length;
  const kinds = msg.log_kinds || [];
  msg.log.forEach((line, i) => {
    const n = msg.log_start + i;
    if (n < have && !msg.log_reset) return; // already shown (after a reconnect)
    const kind = kinds[i] || "";
    if (TURN_KINDS.has(kind) && group.lines.length) closeGroup(!first);
    if (TURN_KINDS.has(kind) && actedThisTurn) {
      // A new turn after one of yours: "since your last turn" starts afresh.
      clearSince = true;
      actedThisTurn = false;
    }
    group.lines.push(line);
    group.kinds.push(kind);
    const lastLi = list.lastElementChild;
    if (lastLi && lastLi.dataset.text === line && lastLi.dataset.n === String(n - 1)) {
      // A rapid identical repeat is merged rather than shown again.
      const count = Number(lastLi.dataset.count || 1) + 1;
      lastLi.dataset.count = String(count);
      lastLi.dataset.n = String(n);
      lastLi.textContent = `${line} (${count} times)`;
      return;
    }
    const li = h("li", { class: TURN_KINDS.has(kind) ? "turn-line" : null }, line);
    li.dataset.text = line;
    li.dataset.n = String(n);
    list.append(li);
  });
  store.setItem(seenKey, String(msg.log_start + msg.log.length));
  if (first) followLog = true;
  followNewest();
}

function compact(g) {
  const minor = new Set(gameInfo.minor_events || []);
  const keep = g.lines.filter((line, i) => !minor.has(g.kinds[i]) || /^You\b/.test(line));
  const lines = keep.length ? keep : g.lines;
  const merged = [];
  for (const line of lines) {
    const prev = merged[merged.length - 1];
    if (prev && prev.line === line) prev.n += 1;
    else merged.push({ line, n: 1 });
  }
  return merged.map((m) => (m.n > 1 ? `${m.line} (${m.n} times)` : m.line)).join(" ");
}

function closeGroup(speak) {
  if (!group.lines.length) return;
  const text = compact(group);
  group = { lines: [], kinds: [] };
  const list = $("since-list");
  if (clearSince) { list.replaceChildren(); clearSince = false; }
  list.append(h("li", {}, text));
  while (list.children.length > 12) list.firstElementChild.remove();
  if (speak) summarise(text);
}

function markMine() {
  actedThisTurn = true;
}

function readLog(step) {
  const items = $("log-lines").children;
  if (!items.length) { $("log-read").textContent = "Nothing has happened yet."; return; }
  if (step === "last" || logIndex < 0) logIndex = items.length - 1;
  else logIndex = Math.max(0, Math.min(items.length - 1, logIndex + step));
  $("log-read").textContent = `Event ${logIndex + 1} of ${items.length}: ${items[logIndex].textContent}`;
}

// -- the end of the game: results, play again, replay ------------------------------------------

function showFinalTable(on) {
  $("table").classList.toggle("final", on);
  $("final-table").setAttribute("aria-pressed", String(on));
}

async function gameOver(msg, first) {
  const lines = (msg.result && msg.result.lines) || [];
  if (!first) say(`Game over. ${lines.join(" ")}`);
  $("table").classList.add("over");
  $("question").hidden = true;
  const box = $("results-body");
  // The placings, first place first (the lines are in seat order).
  const placing = (msg.result && msg.result.placing) || lines.map(() => 0);
  const order = lines.map((_, i) => i).sort((a, b) => placing[a] - placing[b] || a - b);
  box.replaceChildren(
    h("ul", { class: "placings" }, order.map((i) => h("li", { class: placing[i] === 1 ? "first" : null },
      h("span", { class: "place", "aria-hidden": "true" }, placing[i] === 1 ? "★" : String(placing[i])),
      " ", lines[i]))),
    game.results ? game.results(msg.view, msg.result, seat, { seat, table, cards }) || "" : "");
  $("results").hidden = false;
  // The results are where the game goes on: the focus goes there from the table (whose
  // pieces have just gone), and stays where it was in the log or the settings.
  const a = document.activeElement;
  const inTable = $("table").contains(a) && !$("results").contains(a);
  if (!a || a === document.body || inTable || !a.checkVisibility()) {
    $("results-title").focus();
  }
  $("again").hidden = seat === null;
  reviewTools();
  $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  const info = await (await fetch(`/api/tables/${encodeURIComponent(tableId)}`)).json();
  if (info.seed !== undefined) {
    $("fairness").textContent =
      `The seed was ${info.seed} (nonce ${info.nonce}); its SHA-256 commitment, shown ` +
      `since the start, is ${info.commitment}.`;
  }
  if (info.next) nextTable(info.next);
}

async function playAgain() {
  const mine = saved();
  if (!mine) return;
  $("again").disabled = true;
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/again`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: mine.seat, token: mine.token }),
  });
  const body = await res.json();
  $("again").disabled = false;
  if (!res.ok) { $("again-out").textContent = `No new table: ${body.message}.`; return; }
  location.assign(`/t/${body.id}#seat=${body.you.seat}&token=${body.you.token}`);
}

function nextTable(id) {
  const out = $("again-out");
  if (out.dataset.next === id) return;
  out.dataset.next = id;
  const mine = saved();
  out.replaceChildren();
  if (mine) {
    const b = h("button", { type: "button" }, "Join the new game in your seat");
    b.addEventListener("click", async () => {
      const res = await fetch(`/api/tables/${encodeURIComponent(id)}/claim`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ seat: mine.seat, code: null, previous: mine.token }),
      });
      const body = await res.json();
      if (!res.ok) { out.append(h("p", {}, `You could not join: ${body.message}.`)); return; }
      location.assign(`/t/${id}#seat=${body.seat}&token=${body.token}`);
    });
    out.append(h("p", {}, "A new game with the same seats and options is open. "), b);
  } else {
    out.append(h("p", {}, "A new game with the same seats is open: ", h("a", { href: `/t/${id}` }, "watch it")));
  }
  $("again").hidden = true;
}

async function openReplay(at = 0, seen = null, from = null) {
  // From the results: the first step, from your seat (or all cards open for a spectator);
  // from the review: the moment of a decision, seen by the seat reviewed.
  const who = seen !== null ? seen : seat;
  replay = { step: 0, steps: 0, seat: who === null ? "open" : String(who) };
  replayFrom = from;
  const sel = $("replay-seat");
  sel.replaceChildren(
    ...table.seats.map((s) => h("option", { value: String(s.seat) }, s.seat === seat ? `${s.name} (you)` : s.name)),
    h("option", { value: "open" }, "Everyone, all cards open"));
  sel.value = replay.seat;
  $("replay").hidden = false;
  $("results").hidden = true;
  $("table").classList.add("replaying");
  await stepTo(at);
  $("replay-forward").focus();
}

function closeReplay() {
  replay = null;
  $("replay").hidden = true;
  $("results").hidden = false;
  $("table").classList.remove("replaying");
  if (last) draw(last);
  const back = replayFrom && replayFrom.isConnected && replayFrom.checkVisibility() ? replayFrom : $("replay-open");
  replayFrom = null;
  back.focus();
}

// -- the coach's review of one seat's decisions ------------------------------------------------

function reviewTools() {
  // A player reviews their own seat; a spectator chooses whose decisions.
  $("review-pick").hidden = seat !== null;
  $("review-open").textContent = seat === null ? "Review this player's game" : "Review my game";
  const sel = $("review-seat");
  if (seat === null && !sel.children.length) {
    sel.replaceChildren(...table.seats.map((s) => h("option", { value: String(s.seat) }, s.name)));
  }
}

const wait = (seconds) => new Promise((done) => { window.setTimeout(done, seconds * 1000); });

async function openReview() {
  if (reviewing) return;
  const who = seat !== null ? seat : Number($("review-seat").value);
  if (reviewed === who && !$("review").hidden) { $("review-title").focus(); return; }
  reviewing = true;
  const button = $("review-open");
  // aria-disabled rather than disabled, so that the focus stays on the button.
  button.setAttribute("aria-disabled", "true");
  const status = $("review-status");
  const whose = who === seat ? "your" : `${table.seats[who].name}'s`;
  status.textContent = `The coach is weighing ${whose} decisions; this can take a minute.`;
  const url = `/api/tables/${encodeURIComponent(tableId)}/review?seat=${who}`;
  try {
    // One review is computed at a time on the server: while it is busy with another
    // game (503), or a proxy gave up waiting (502, 504), ask again after a while.
    for (let tries = 1; ; tries++) {
      let res = null;
      let body = {};
      try {
        res = await fetch(url);
        body = await res.json().catch(() => ({}));
      } catch {
        res = null;
      }
      if (res && res.ok) {
        status.textContent = "";
        showReview(body, who);
        return;
      }
      const again = !res || [502, 503, 504].includes(res.status);
      if (!again || tries >= 30) {
        status.textContent = `No review: ${body.message || "the server could not be reached"}.`;
        return;
      }
      if (res && res.status === 503 && tries === 1) {
        status.textContent =
          `The coach is busy with another game; it will weigh ${whose} decisions after it. ` +
          "This can take a few minutes.";
      }
      await wait(Number(res && res.headers.get("Retry-After")) || 10);
    }
  } finally {
    reviewing = false;
    button.setAttribute("aria-disabled", "false");
  }
}

function showReview(body, who) {
  reviewed = who;
  const lines = body.lines || [];
  const decisions = body.decisions || [];
  const byIndex = new Map(decisions.map((d) => [d.index, d]));
  const worst = (body.worst || []).map((i) => byIndex.get(i)).filter(Boolean);
  // The lines are: two of summary, then the heading of the decisions that mattered most
  // (or that none did) and each of them, and last how the coach judged.
  $("review-title").textContent = who === seat
    ? "The coach's review of your game" : `The coach's review of ${table.seats[who].name}'s game`;
  $("review-summary").replaceChildren(...lines.slice(0, 2).map((l) => h("p", {}, l)));
  $("review-worst-title").textContent = worst.length
    ? lines[2].replace(/:$/, "") : "The decisions that mattered most";
  $("review-worst").replaceChildren(...(worst.length
    ? worst.map((d) => moment(d, who, "worst"))
    : [h("li", { class: "none" }, lines[2] || "No decision was clearly worse than the coach's choice.")]));
  $("review-all").querySelector("summary").textContent =
    `Every decision (${decisions.length} judged)`;
  $("review-all-list").replaceChildren(...decisions.map((d) => moment(d, who, "all")));
  $("review-how").textContent = lines.length > 3 ? lines[lines.length - 1] : "";
  $("review").hidden = false;
  $("review-title").focus();
}

function moment(d, who, list) {
  // One judged decision: its sentence, and a button to see the table just before it.
  const id = `review-${list}-${d.index}`;
  const b = h("button", { type: "button", class: "moment", "aria-describedby": id, "data-step": d.index },
    "Show this moment");
  b.addEventListener("click", () => openReplay(d.index, who, b));
  return h("li", { class: d.agreed ? "agreed" : "differs" }, h("p", { id }, d.sentence), b);
}

async function stepTo(step) {
  const params = new URLSearchParams({ step: String(step), seat: replay.seat });
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/replay?${params}`);
  const body = await res.json();
  if (!res.ok) { $("replay-step").textContent = `The replay could not be read: ${body.message}.`; return; }
  replay.step = body.step;
  replay.steps = body.steps;
  const open = replay.seat === "open";
  const viewer = open ? null : Number(replay.seat);
  const ctx = { seat: viewer, table, decision: null, cards, open: open ? body.views : null };
  const drawn = render(game, body.view, ctx);
  bind(game, body.view, viewer, null, () => {});
  showMoves(drawn.before, false);
  const did = body.choice ? ` ${body.choice.name} chose: ${body.choice.label}.` : "";
  const next = body.next ? ` Next, ${body.next.name} chooses: ${body.next.prompt}` : " The game is over.";
  $("replay-step").textContent = `Step ${body.step} of ${body.steps}.${did}${next}`;
  $("replay-step").dataset.step = String(body.step);
  // aria-disabled rather than disabled, so that the focus stays on a button at either end.
  for (const id of ["replay-first", "replay-back"]) $(id).setAttribute("aria-disabled", String(body.step === 0));
  for (const id of ["replay-last", "replay-forward"]) $(id).setAttribute("aria-disabled", String(body.step === body.steps));
  const list = $("log-lines");
  list.replaceChildren(...body.log.map((l) => h("li", {}, l)));
  $("log").scrollTop = $("log").scrollHeight;
}

// -- keys --------------------------------------------------------------------------------------

document.addEventListener("keydown", (e) => {
  if (!$("shortcuts").checked || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("game").contains(document.activeElement) && document.activeElement !== document.body) return;
  const tag = document.activeElement && document.activeElement.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (/^[1-9]$/.test(e.key)) {
    const b = $("options").querySelectorAll("button")[Number(e.key) - 1];
    if (b && !b.disabled) { e.preventDefault(); b.click(); }
  } else if (e.key === "l" || e.key === "L") {
    if ($("list-toggle").hidden) return;
    e.preventDefault();
    toggleList(true);
  }
});

function toggleList(focusIt) {
  listOpen = $("options").hidden;
  showList(listOpen);
  if (listOpen && focusIt) {
    const first = $("options").querySelector("button");
    if (first) first.focus();
  }
}

$("list-toggle").addEventListener("click", () => toggleList(false));
$("always-list").checked = store.getItem("athanor.always-list") === "1";
$("always-list").addEventListener("change", () => {
  store.setItem("athanor.always-list", $("always-list").checked ? "1" : "0");
  showList($("always-list").checked || listOpen);
});
$("undo").addEventListener("click", () => { closeMenu(); send({ type: "undo", version }); });
$("log-prev").addEventListener("click", () => readLog(-1));
$("log-next").addEventListener("click", () => readLog(1));
$("log-last").addEventListener("click", () => readLog("last"));
$("again").addEventListener("click", playAgain);
$("final-table").addEventListener("click", () => showFinalTable(!$("table").classList.contains("final")));
$("replay-open").addEventListener("click", () => openReplay());
$("review-open").addEventListener("click", openReview);
$("replay-close").addEventListener("click", closeReplay);
$("replay-first").addEventListener("click", () => stepTo(0));
$("replay-back").addEventListener("click", () => stepTo(Math.max(0, replay.step - 1)));
$("replay-forward").addEventListener("click", () => stepTo(Math.min(replay.steps, replay.step + 1)));
$("replay-last").addEventListener("click", () => stepTo(replay.steps));
$("replay-seat").addEventListener("change", () => { replay.seat = $("replay-seat").value; stepTo(replay.step); });
// Only the reader's own scrolling (wheel, touch, keys, the scroll bar) decides whether the
// log follows: at the newest line it follows again, scrolled back it stays. Scrolls the
// page causes (new lines, the side changing size) do not count.
let readerScrolls = 0;
for (const kind of ["wheel", "touchmove", "keydown", "pointerdown"]) {
  $("log").addEventListener(kind, () => { readerScrolls = Date.now(); }, { passive: true });
}
$("log").addEventListener("scroll", () => {
  if (Date.now() - readerScrolls > 1500) return;
  const log = $("log");
  followLog = log.scrollTop + log.clientHeight >= log.scrollHeight - 8;
});
new ResizeObserver(followNewest).observe($("log"));
listen();
window.setInterval(() => send({ type: "ping" }), 25000);

fromLink().then(connect);
