// The table page: one WebSocket, the question in front of you, the table, the log.
// Everything shown comes from the server's messages, which carry only what your seat
// may know. Text is always set with textContent, never as HTML.

import { render } from "./board.js";

const $ = (id) => document.getElementById(id);
const tableId = decodeURIComponent(location.pathname.split("/").pop());
const store = window.localStorage;
const seatKey = `athanor.seat.${tableId}`;
const seenKey = `athanor.seen.${tableId}`;

let socket = null;
let backoff = 500;
let version = -1;
let seat = null;
let table = null;
let lastQuestion = "";
let logIndex = -1; // the event read by the history buttons
let wasYourTurn = false;

function say(text) {
  // The one assertive region: only what needs attention now. Cleared first so that the
  // same words said twice are heard twice.
  const el = $("attention");
  el.textContent = "";
  window.setTimeout(() => { el.textContent = text; }, 50);
}

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
    await claim(Number(s), params.get("invite"));
  }
}

async function claim(n, code) {
  const res = await fetch(`/api/tables/${encodeURIComponent(tableId)}/claim`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ seat: n, code: code || null }),
  });
  const body = await res.json();
  if (!res.ok) { say(`You could not take that seat: ${body.message}.`); return false; }
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

function handle(msg) {
  if (msg.type === "welcome") return welcome(msg);
  if (msg.type === "state") return update(msg);
  if (msg.type === "error") {
    if (msg.code === "bad_token") store.removeItem(seatKey);
    say(`Not done: ${msg.message}.`);
    enableOptions(true);
  }
}

function welcome(msg) {
  table = msg.table;
  seat = msg.seat;
  document.title = `${table.title}: table ${table.id} (Athanor)`;
  $("title").textContent = table.title;
  const name = seat === null ? null : table.seats[seat].name;
  $("who").textContent = seat === null
    ? "You are watching. Hands are hidden from spectators."
    : `You are ${name}, seat ${seat + 1}.`;
  $("fairness").textContent =
    `Fair chance: this table's dice and shuffles come from a secret seed whose SHA-256 ` +
    `commitment is ${table.commitment}. The seed is shown when the game ends, so anyone ` +
    `can replay the game and check it.`;
  freeSeats();
  const missedFrom = msg.missed_from || 0;
  window.setTimeout(() => {
    const have = $("log-lines").children.length;
    if (missedFrom > 0 && have > missedFrom) {
      say(`While you were away, ${have - missedFrom} things happened; they are at the end of the log.`);
    }
  }, 0);
}

function freeSeats() {
  const list = $("free-seats");
  list.replaceChildren();
  const free = seat === null && table.public
    ? table.seats.filter((s) => s.kind === "person" && !s.taken) : [];
  $("seat-picker").hidden = free.length === 0;
  for (const s of free) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = `Sit in seat ${s.seat + 1} (${s.name})`;
    b.addEventListener("click", async () => {
      if (await claim(s.seat, null)) socket.close(); // reconnect as the seat
    });
    li.append(b);
    list.append(li);
  }
}

function update(msg) {
  version = msg.version;
  appendLog(msg);
  render($("board"), msg.view, seat, table);
  const q = msg.decision;
  const prompt = $("prompt");
  const opts = $("options");
  const hadFocus = opts.contains(document.activeElement);
  opts.replaceChildren();
  if (q) {
    prompt.textContent = q.prompt;
    q.options.forEach((o, i) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "option";
      b.dataset.id = o.id;
      b.textContent = i < 9 ? `${i + 1}. ${o.label}` : o.label;
      b.addEventListener("click", () => choose(o.id));
      opts.append(b);
    });
    const key = `${msg.version}:${q.prompt}`;
    if (!wasYourTurn || hadFocus || document.activeElement === document.body) {
      prompt.focus(); // the question is where the game goes on
    }
    if (!wasYourTurn || key !== lastQuestion) say(`Your turn: ${q.prompt}`);
    lastQuestion = key;
  } else if (msg.over) {
    prompt.textContent = "The game is over.";
    if (hadFocus) prompt.focus();
  } else {
    prompt.textContent = msg.waiting_for ? `Waiting for ${msg.waiting_for}.` : "Waiting.";
    if (hadFocus) prompt.focus();
  }
  wasYourTurn = Boolean(q);
  $("undo").hidden = !msg.can_undo;
  if (msg.over) gameOver(msg);
}

function appendLog(msg) {
  const list = $("log-lines");
  if (msg.log_reset) list.replaceChildren();
  const have = list.children.length;
  msg.log.forEach((line, i) => {
    const n = msg.log_start + i;
    if (n < have && !msg.log_reset) return; // already shown (after a reconnect)
    const last = list.lastElementChild;
    if (last && last.dataset.text === line && last.dataset.n === String(n - 1)) {
      // A rapid identical repeat is merged rather than read out again.
      const count = Number(last.dataset.count || 1) + 1;
      last.dataset.count = String(count);
      last.dataset.n = String(n);
      last.textContent = `${line} (${count} times)`;
      return;
    }
    const li = document.createElement("li");
    li.textContent = line;
    li.dataset.text = line;
    li.dataset.n = String(n);
    list.append(li);
  });
  store.setItem(seenKey, String(msg.log_start + msg.log.length));
}

function gameOver(msg) {
  const lines = (msg.result && msg.result.lines) || [];
  say(`Game over. ${lines.join(" ")}`);
  $("record").hidden = false;
  $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  fetch(`/api/tables/${encodeURIComponent(tableId)}`).then((r) => r.json()).then((info) => {
    if (info.seed !== undefined) {
      $("fairness").textContent =
        `The seed was ${info.seed} (nonce ${info.nonce}); its SHA-256 commitment, shown ` +
        `since the start, is ${info.commitment}.`;
    }
  });
}

function enableOptions(on) {
  for (const b of $("options").querySelectorAll("button")) b.disabled = !on;
}

function choose(id) {
  enableOptions(false);
  send({ type: "move", version, option: id });
}

function readLog(step) {
  const items = $("log-lines").children;
  if (!items.length) { $("log-read").textContent = "Nothing has happened yet."; return; }
  if (step === "last" || logIndex < 0) logIndex = items.length - 1;
  else logIndex = Math.max(0, Math.min(items.length - 1, logIndex + step));
  $("log-read").textContent = `Event ${logIndex + 1} of ${items.length}: ${items[logIndex].textContent}`;
}

document.addEventListener("keydown", (e) => {
  if (!$("shortcuts").checked || e.ctrlKey || e.metaKey || e.altKey) return;
  if (!$("game").contains(document.activeElement) && document.activeElement !== document.body) return;
  const tag = document.activeElement && document.activeElement.tagName;
  if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT") return;
  if (/^[1-9]$/.test(e.key)) {
    const b = $("options").children[Number(e.key) - 1];
    if (b && !b.disabled) { e.preventDefault(); b.click(); }
  }
});

$("undo").addEventListener("click", () => send({ type: "undo", version }));
$("log-prev").addEventListener("click", () => readLog(-1));
$("log-next").addEventListener("click", () => readLog(1));
$("log-last").addEventListener("click", () => readLog("last"));
window.setInterval(() => send({ type: "ping" }), 25000);

fromLink().then(connect);
