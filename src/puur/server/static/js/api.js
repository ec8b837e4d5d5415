// HTTP calls and the play WebSocket of protocol version 2 (docs/protocol.md).
//
// The connection reconnects by itself after a drop: it opens a new socket and sends the same
// hello (token or spectate), and the server answers with a full state, so nothing is replayed
// on the client side.

export const PROTOCOL = 2;

export class ApiError extends Error {
  constructor(code, message, status) {
    super(message || code);
    this.code = code;
    this.status = status;
  }
}

async function request(method, path, body, headers = {}) {
  const init = { method, headers: { Accept: "application/json", ...headers } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify({ v: PROTOCOL, ...body });
  }
  const res = await fetch(path, init);
  let data = null;
  try {
    data = await res.json();
  } catch {
    throw new ApiError("bad_json", `${method} ${path}: HTTP ${res.status}`, res.status);
  }
  if (!res.ok || data.type === "error") {
    throw new ApiError(data.code || "error", data.message || `HTTP ${res.status}`, res.status);
  }
  return data;
}

export const api = {
  meta: () => request("GET", "/api/meta"),
  tables: () => request("GET", "/api/tables"),
  table: (code) => request("GET", `/api/tables/${encodeURIComponent(code)}`),
  create: (body) => request("POST", "/api/tables", body),
  join: (code, body) => request("POST", `/api/tables/${encodeURIComponent(code)}/join`, body),
  // The history shows private tables' games only to their seats (the tokens this browser
  // keeps) or to a share link (?share=KEY in the page's address).
  games: () => request("GET", "/api/games", undefined, historyHeaders()),
  replay: (id) => request("GET", `/api/games/${encodeURIComponent(id)}/replay${shareQuery()}`,
    undefined, historyHeaders()),
  recordUrl: (id) => `/api/games/${encodeURIComponent(id)}/record${shareQuery()}`,
  // The coach's judgement of hand `hand` (1-based) of a finished game.
  analysis: (id, hand) => request("GET", `/api/games/${encodeURIComponent(id)}/analysis?hand=${
    encodeURIComponent(hand)}${shareQuery().replace("?", "&")}`, undefined, historyHeaders()),
  // A new share link to a finished game: the server makes one for a seat of its table only.
  share: (id) => request("POST", `/api/games/${encodeURIComponent(id)}/share`, {}, historyHeaders()),
};

/** Whether this page was opened by a share link (it then offers no link of its own). */
export function openedByShare() {
  return new URLSearchParams(location.search).has("share");
}

function shareQuery() {
  const key = new URLSearchParams(location.search).get("share");
  return key ? `?share=${encodeURIComponent(key)}` : "";
}

function historyHeaders() {
  const tokens = savedTokens();
  return tokens.length ? { "X-Puur-Tokens": tokens.join(",") } : {};
}

/** The seat tokens this browser keeps (one per table it sat at, at most 100). */
export function savedTokens() {
  const out = [];
  for (let i = 0; i < localStorage.length && out.length < 100; i++) {
    const key = localStorage.key(i);
    if (!key || !key.startsWith("puur.seat.")) continue;
    const seat = savedSeat(key.slice("puur.seat.".length));
    if (seat) out.push(seat.token);
  }
  return out;
}

// A record link (data-record) of a private game opens only with this browser's seat tokens,
// which a plain link cannot send: fetch it with them and save the answer.
document.addEventListener("click", async (e) => {
  const link = e.target.closest?.("a[data-record]");
  if (!link || !savedTokens().length || link.href.includes("share=")) return;
  e.preventDefault();
  const res = await fetch(link.getAttribute("href"), { headers: historyHeaders() });
  if (!res.ok) return;
  const url = URL.createObjectURL(await res.blob());
  const save = document.createElement("a");
  save.href = url;
  save.download = `puur-game-${link.dataset.record}.txt`;
  document.body.append(save);
  save.click();
  save.remove();
  URL.revokeObjectURL(url);
});

// --- Seat tokens, kept per table code so that a reload or a later visit reconnects ---------

export function savedSeat(code) {
  try {
    const v = JSON.parse(localStorage.getItem(`puur.seat.${code.toUpperCase()}`) || "null");
    return v && typeof v.token === "string" ? v : null;
  } catch {
    return null;
  }
}

export function saveSeat(code, seat, token) {
  localStorage.setItem(`puur.seat.${code.toUpperCase()}`, JSON.stringify({ seat, token }));
}

export function forgetSeat(code) {
  localStorage.removeItem(`puur.seat.${code.toUpperCase()}`);
}

/**
 * One table connection. Callbacks: onMessage(msg) for every server message, onStatus(status)
 * with "connecting", "open", "lost" or "closed" (closed: the server refused us for good).
 */
export class TableSocket {
  constructor(code, hello, { onMessage, onStatus }) {
    this.code = code;
    this.hello = hello;
    this.onMessage = onMessage;
    this.onStatus = onStatus;
    this.ws = null;
    this.retry = 0;
    this.stopped = false;
    this.ref = 0;
    this.timer = null;
    this.connect();
  }

  url() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    return `${proto}//${location.host}/ws/${encodeURIComponent(this.code)}`;
  }

  connect() {
    if (this.stopped) return;
    this.onStatus("connecting");
    const ws = new WebSocket(this.url());
    this.ws = ws;
    ws.onopen = () => {
      ws.send(JSON.stringify({ v: PROTOCOL, type: "hello", ...this.hello }));
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        this.retry = 0;
        this.onStatus("open");
      }
      this.onMessage(msg);
    };
    ws.onclose = (ev) => {
      if (this.ws !== ws) return;
      this.ws = null;
      // 4401: the token is not valid here; 4404: no such table. Retrying cannot help.
      if (ev.code === 4401 || ev.code === 4404 || this.stopped) {
        this.onStatus("closed", ev.code);
        return;
      }
      this.onStatus("lost");
      const delay = Math.min(5000, 250 * 2 ** this.retry);
      this.retry += 1;
      this.timer = setTimeout(() => this.connect(), delay);
    };
  }

  /** Send a client message; returns its ref, or null when the socket is not open. */
  send(type, fields = {}) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return null;
    this.ref += 1;
    this.ws.send(JSON.stringify({ v: PROTOCOL, type, ...fields, ref: this.ref }));
    return this.ref;
  }

  /** Drop the socket as a network failure would (used by the reconnect test and for debugging). */
  drop() {
    if (this.ws) this.ws.close();
  }

  close() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.ws) this.ws.close();
  }
}
