// The table's state and its connection: joining or watching, the WebSocket, the queue that
// draws the server's states in order, the actions sent back, and who sits where.
//
// Everything shown comes from the server's `state` messages (docs/protocol.md). The client never
// decides a rule: a card is playable exactly when the server lists it in `legal`, and a button
// exists exactly for each legal choose / push / weis / stoeck message.
//
// States are drawn in order through a short queue so that a completed trick stays on the cloth a
// moment before it is collected, even when the computer players answer at once.

import { api, forgetSeat, saveSeat, savedSeat, TableSocket } from "./api.js";
import { errorText, t } from "./i18n.js";
import { writtenBy } from "./scores.js";
import { seating } from "./table-names.js";
import { sleep } from "./util.js";

/**
 * Open the table `code` (as a spectator when `watch`); `redraw()` is called whenever what is
 * to be drawn changed. Returns the table: its state `st`, who sits where, and the actions.
 */
export function openTable(code, watch, ctx, redraw) {
  const st = {
    you: null,
    table: null,
    game: null, // the game state currently drawn
    latest: null, // the newest state message
    queue: [],
    draining: false,
    summary: null, // hand_over message shown until dismissed
    over: null, // game_over message
    overDismissed: false,
    showLast: false,
    pending: false,
    unsent: null, // an action clicked while the socket was down: {type, fields, seq}
    focus: 0,
    completing: null, // a completed trick held on the cloth: {cards, winner}
    entering: new Set(), // trick cards to animate in
    status: "connecting",
    deadlineAt: null,
    joinForm: null,
    fatal: null,
    log: [],
    marks: {}, // side → sheet row → "match" | "kontermatch" (Coiffeur), from the hands seen
    forecastError: null,
  };
  let sock = null;
  let alive = true;
  const pause = ctx.instant ? 0 : ctx.fast ? 120 : 900;
  const collect = ctx.instant ? 0 : ctx.fast ? 60 : 380;
  const gap = ctx.fast ? 0 : 380;

  const names = seating(st);
  const { mySeat } = names;

  // --- Connecting ------------------------------------------------------------------------

  async function start() {
    const saved = savedSeat(code);
    if (saved && !watch) {
      connect({ token: saved.token });
      return;
    }
    if (watch) {
      connect({ spectate: true });
      return;
    }
    try {
      const res = await api.table(code);
      if (!alive) return;
      st.table = res.table;
      ctx.tableDefaults(res.table.lang, res.table.deck);
      if (res.table.free_seats.length) {
        st.joinForm = { seats: res.table.free_seats };
        redraw();
      } else {
        connect({ spectate: true });
      }
    } catch (err) {
      showFatal(errorText(err.code, err.message));
    }
  }

  function connect(hello) {
    if (sock) sock.close();
    st.joinForm = null;
    sock = new TableSocket(code, hello, { onMessage, onStatus });
    redraw();
  }

  /** Take `seat` under `name` (empty: the server's default). */
  async function join(seat, name) {
    if (name) localStorage.setItem("puur.name", name);
    try {
      const res = await api.join(code, { seat, name: name || undefined });
      saveSeat(code, res.seat, res.token);
      if (!alive) return; // the page was left meanwhile: the seat waits for the next visit
      if (watch) {
        watch = false;
        history.replaceState(null, "", `/t/${code}`);
      }
      connect({ token: res.token });
    } catch (err) {
      if (!alive) return;
      ctx.toast(t("pair", { a: t("error"), b: errorText(err.code, err.message) }), "error");
      if (st.joinForm) {
        try {
          const res = await api.table(code);
          if (!alive) return;
          st.joinForm = res.table.free_seats.length ? { seats: res.table.free_seats } : null;
          if (!st.joinForm) connect({ spectate: true });
          else redraw();
        } catch { /* the toast said enough */ }
      }
    }
  }

  function spectate() {
    watch = true;
    history.replaceState(null, "", `/t/${code}?watch=1`);
    connect({ spectate: true });
  }

  function showFatal(text) {
    st.fatal = text;
    redraw();
  }

  function onStatus(status, closeCode) {
    st.status = status;
    if (status === "lost" || status === "connecting") {
      if (st.latest) ctx.banner(t("reconnecting"));
    } else {
      ctx.banner("");
    }
    if (status === "closed" && closeCode === 4401) {
      // Our token is not valid (e.g. the table was recreated): forget it and start over.
      forgetSeat(code);
      st.latest = null;
      start();
    } else if (status === "closed" && closeCode === 4404) {
      showFatal(t("error.no_table"));
    }
  }

  function onMessage(msg) {
    if (!alive) return;
    if (msg.type === "state") {
      if (st.unsent) sendUnsent(msg);
      // A short log of seat events and timed turns as they arrive (newest last), for the
      // browser tests and for debugging; every state is drawn, but a far-behind page skips some.
      if ((msg.event && msg.event.type === "seat") || msg.game?.deadline != null) {
        st.log.push({ seq: msg.seq, event: msg.event, to_move: msg.game?.to_move ?? null,
          deadline: msg.game?.deadline ?? null });
        if (st.log.length > 200) st.log.shift();
      }
      st.queue.push(msg);
      drain();
    } else if (msg.type === "hand_over") {
      st.queue.push(msg);
      drain();
    } else if (msg.type === "game_over") {
      st.queue.push(msg);
      drain();
    } else if (msg.type === "error") {
      st.pending = false;
      if (msg.code !== "auth" && msg.code !== "no_table") {
        ctx.toast(t("pair", { a: t("error"), b: errorText(msg.code, msg.message) }), "error");
      }
      redraw();
    }
  }

  // --- The display queue -----------------------------------------------------------------

  function sameTrick(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  const deferred = [];

  /** A hand is over: its summary is shown, and a Match written on the sheet is marked. */
  function handOver(m) {
    st.summary = m;
    if (m.score && m.score.row) {
      const w = writtenBy(m.score, names.sides());
      if (w.mark) st.marks[w.side] = { ...(st.marks[w.side] || {}), [w.row]: w.mark };
    }
  }

  function flushDeferred() {
    const msgs = deferred.splice(0);
    for (const m of msgs) {
      if (m.type === "hand_over") handOver(m);
      else { st.over = m; st.overDismissed = false; }
    }
    if (msgs.length) redraw();
  }

  async function drain() {
    if (st.draining) return;
    st.draining = true;
    try {
      while (st.queue.length && alive) {
        if (st.queue.length > 4) {
          // Far behind (computer players racing, a tab in the background): catch up at once.
          let last = -1;
          st.queue.forEach((m, i) => { if (m.type === "state") last = i; });
          for (const m of st.queue.splice(0, Math.max(0, last))) {
            if (m.type === "hand_over") handOver(m);
            else if (m.type === "game_over") { st.over = m; st.overDismissed = false; }
            else if (m.event && m.event.type === "rematch") { st.summary = null; st.over = null; }
          }
          if (last >= 0) {
            await show(st.queue.shift(), true);
            flushDeferred();
            continue;
          }
        }
        const msg = st.queue.shift();
        if (msg.type === "hand_over" || msg.type === "game_over") {
          // Sent just before the state that ends the hand: show that trick being taken first.
          deferred.push(msg);
          continue;
        }
        await show(msg);
        flushDeferred();
      }
    } finally {
      st.draining = false;
    }
  }

  async function show(msg, instant = false) {
    const prev = st.game;
    const next = msg.game;
    const firstShow = st.latest === null;
    st.latest = msg;
    st.you = msg.you;
    st.table = msg.table;
    if (firstShow) ctx.tableDefaults(msg.table.lang, msg.table.deck);
    if (msg.event && msg.event.type === "seat") seatToast(msg.event);
    if (msg.event && msg.event.type === "rematch") {
      st.marks = {};
      st.summary = null;
      st.over = null;
    }
    st.pending = false;
    if (next?.phase !== "forecast") st.forecastError = null;
    // The summary of the last hand gives way once the next hand's first card is on the cloth.
    if (st.summary && next && next.hand_no > st.summary.hand_no
        && (next.trick.length > 0 || next.trick_no > 0)) {
      st.summary = null;
    }
    st.deadlineAt = next && next.deadline != null ? Date.now() + next.deadline * 1000 : null;

    // A trick was completed by this action: hold its four cards, then collect them.
    const completed = !instant && prev && next && next.last_trick && prev.game_id === next.game_id
      && !sameTrick(prev.last_trick, next.last_trick) && msg.event && msg.event.type === "action";
    st.entering = new Set();
    if (completed) {
      const played = next.last_trick.cards;
      const before = new Set(prev.trick.map((c) => c.card));
      for (const c of played) if (!before.has(c.card)) st.entering.add(c.card);
      st.completing = { cards: played, winner: next.last_trick.winner, collecting: false };
      st.game = { ...prev, trick: [], to_move: null, legal: [], hand: next.hand,
        hand_sizes: next.hand_sizes, tricks_won: prev.tricks_won, phase: "play" };
      redraw();
      await sleep(pause);
      if (!alive) return;
      st.completing.collecting = true;
      st.entering = new Set();
      redraw();
      await sleep(collect);
      st.completing = null;
    } else if (!instant && prev && next && msg.event && msg.event.type === "action") {
      const before = new Set(prev.trick.map((c) => c.card));
      for (const c of next.trick) if (!before.has(c.card)) st.entering.add(c.card);
    }
    st.game = next;
    const slides = st.entering.size > 0;
    redraw();
    // Let a card played by a computer player be seen before the next one lands.
    if (st.queue.length && slides && gap) await sleep(gap);
  }

  function seatToast(ev) {
    if (!st.table) return;
    const who = names.seatName(ev.seat);
    if (ev.what === "joined" && ev.seat !== mySeat()) ctx.toast(t("joined", { who }), "info", 2500);
  }

  // --- Actions ---------------------------------------------------------------------------

  /** Whether the newest state is the one drawn (no trick held, nothing waiting to be shown). */
  function isLatest() {
    return st.queue.length === 0 && !st.completing && st.latest && st.game === st.latest.game;
  }

  function send(type, fields) {
    if (!sock || st.pending) return;
    if (sock.send(type, fields) !== null) {
      st.pending = true;
      if (st.summary && type !== "rematch") st.summary = null;
      redraw();
      return;
    }
    // The socket is down (reconnecting): keep the action and send it once the table answers
    // again, if nothing has happened at the table meanwhile (the same seq); else say so.
    if (type !== "rematch" && st.latest) {
      st.unsent = { type, fields, seq: st.latest.seq };
      st.pending = true;
      ctx.toast(t("unsent.waiting"), "info", 3000);
      redraw();
    }
  }

  /** After a reconnect: the action clicked while the socket was down, sent now or dropped. */
  function sendUnsent(msg) {
    const u = st.unsent;
    st.unsent = null;
    if (msg.seq === u.seq && sock.send(u.type, { ...u.fields, seq: u.seq }) !== null) {
      st.pending = true;
      return;
    }
    st.pending = false;
    ctx.toast(t("unsent.moved_on"), "info", 4000);
  }

  /** The cards of the hand the server lists as legal now, each with its action's type: "play",
   * or "discard" while Bieter's König lays down the talon. */
  function legalCards() {
    const g = st.game;
    if (!g || !isLatest()) return new Map();
    return new Map((g.legal || []).filter((a) => a.type === "play" || a.type === "discard")
      .map((a) => [a.card, a.type]));
  }

  return {
    st, code, ...names,
    start, join, spectate, send, isLatest, legalCards, redraw,
    deck: () => ctx.prefs.deck,
    close() {
      alive = false;
      if (sock) sock.close();
    },
    /** Drop the WebSocket as a network failure would (the reconnect test uses it). */
    drop() {
      if (sock) sock.drop();
    },
  };
}
