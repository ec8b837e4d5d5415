// The table: seats, the trick, your hand, choosing and pushing, Weis and Stöck, the score panel
// with the Jasstafel, the hand summary, game over and rematch.
//
// Everything shown comes from the server's `state` messages (docs/protocol.md). The client never
// decides a rule: a card is playable exactly when the server lists it in `legal`, and a button
// exists exactly for each legal choose / push / weis / stoeck message.
//
// States are drawn in order through a short queue so that a completed trick stays on the cloth a
// moment before it is collected, even when the computer players answer at once.

import { api, forgetSeat, saveSeat, savedSeat, TableSocket } from "./api.js";
import { backSVG, cardSVG, parseToken, sortHand, suitIcon } from "./cards.js";
import { cardName, errorText, label, suitName, t } from "./i18n.js";
import { jasstafelSVG } from "./tafel.js";
import { esc, sleep } from "./util.js";

const SUIT_TOKENS = { D: 0, H: 1, S: 2, C: 3 };
const POS = ["bottom", "right", "top", "left"];

/** The display name of a contract token. */
export function contractName(token, deck) {
  if (token in SUIT_TOKENS) return label(t("trumps", { suit: t(`suit.${deck}.${SUIT_TOKENS[token]}`) }));
  return t(`contract.${token}`);
}

/** An icon for a contract token. */
export function contractIcon(token, deck, size = 22) {
  if (token in SUIT_TOKENS) return suitIcon(deck, SUIT_TOKENS[token], size);
  const glyph = { obe: "⬇", unde: "⬆", misere: "∅", slalom: "⇅", "slalom-unde": "⇵" }[token] || "?";
  return `<span class="contract-glyph" style="font-size:${size * 0.8}px">${glyph}</span>`;
}

const BADGE_ICONS = {
  bot: `<rect x="1.5" y="2" width="13" height="9" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.6"/>
    <path d="M5 14.5h6M8 11v3.5" stroke="currentColor" stroke-width="1.6"/>`,
  away: `<rect x="4" y="3" width="3" height="10" rx="1" fill="currentColor"/>
    <rect x="9" y="3" width="3" height="10" rx="1" fill="currentColor"/>`,
};

/** A seat's badge: an icon and its word (narrow seats show the icon only; the word stays for
 * screen readers and as the tooltip). */
function badge(kind, text, title = text) {
  return `<span class="badge ${kind}" title="${esc(title)}"><svg class="badge-icon" viewBox="0 0 16 16"
    aria-hidden="true">${BADGE_ICONS[kind]}</svg><span class="badge-text">${esc(text)}</span></span>`;
}

/** A small face-up card. */
export function miniCard(token, deck, extra = "") {
  const c = parseToken(token);
  return `<span class="mini-card ${extra}" title="${esc(cardName(c, deck))}">${cardSVG(c, deck, cardName(c, deck))}</span>`;
}

export function mountTable(view, code, watch, ctx) {
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
    focus: 0,
    completing: null, // a completed trick held on the cloth: {cards, winner}
    entering: new Set(), // trick cards to animate in
    status: "connecting",
    deadlineAt: null,
    joinForm: null,
    log: [],
  };
  let sock = null;
  let alive = true;
  const pause = ctx.fast ? 120 : 900;
  const gap = ctx.fast ? 0 : 380;

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
        render();
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
    render();
  }

  async function join(seat) {
    const name = (document.getElementById("join-name")?.value || "").trim();
    if (name) localStorage.setItem("puur.name", name);
    try {
      const res = await api.join(code, { seat, name: name || undefined });
      saveSeat(code, res.seat, res.token);
      if (watch) {
        watch = false;
        history.replaceState(null, "", `/t/${code}`);
      }
      connect({ token: res.token });
    } catch (err) {
      ctx.toast(t("pair", { a: t("error"), b: errorText(err.code, err.message) }), "error");
      if (st.joinForm) {
        try {
          const res = await api.table(code);
          st.joinForm = res.table.free_seats.length ? { seats: res.table.free_seats } : null;
          if (!st.joinForm) connect({ spectate: true });
          else render();
        } catch { /* the toast said enough */ }
      }
    }
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
      render();
    }
  }

  // --- The display queue -----------------------------------------------------------------

  function sameTrick(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  const deferred = [];

  function flushDeferred() {
    const msgs = deferred.splice(0);
    for (const m of msgs) {
      if (m.type === "hand_over") st.summary = m;
      else { st.over = m; st.overDismissed = false; }
    }
    if (msgs.length) render();
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
            if (m.type === "hand_over") st.summary = m;
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
      st.summary = null;
      st.over = null;
    }
    st.pending = false;
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
      render();
      await sleep(pause);
      if (!alive) return;
      st.completing.collecting = true;
      st.entering = new Set();
      render();
      await sleep(ctx.fast ? 60 : 380);
      st.completing = null;
    } else if (!instant && prev && next && msg.event && msg.event.type === "action") {
      const before = new Set(prev.trick.map((c) => c.card));
      for (const c of next.trick) if (!before.has(c.card)) st.entering.add(c.card);
    }
    st.game = next;
    const slides = st.entering.size > 0;
    render();
    // Let a card played by a computer player be seen before the next one lands.
    if (st.queue.length && slides && gap) await sleep(gap);
  }

  function seatToast(ev) {
    if (!st.table) return;
    const who = seatName(ev.seat);
    if (ev.what === "joined" && ev.seat !== mySeat()) ctx.toast(t("joined", { who }), "info", 2500);
  }

  // --- Actions ---------------------------------------------------------------------------

  function isLatest() {
    return st.queue.length === 0 && !st.completing && st.latest && st.game === st.latest.game;
  }

  function send(type, fields) {
    if (!sock || st.pending) return;
    if (sock.send(type, fields) !== null) {
      st.pending = true;
      if (st.summary && type !== "rematch") st.summary = null;
      render();
    }
  }

  function legalPlays() {
    const g = st.game;
    if (!g || !isLatest()) return new Set();
    return new Set((g.legal || []).filter((a) => a.type === "play").map((a) => a.card));
  }

  // --- Drawing ---------------------------------------------------------------------------

  function mySeat() {
    return st.you && st.you.role === "player" ? st.you.seat : null;
  }

  function bottomSeat() {
    return mySeat() ?? 0;
  }

  function rel(seat) {
    return (seat - bottomSeat() + 4) % 4;
  }

  function seatInfo(seat) {
    return st.table?.seats?.[seat] || { seat, name: t(`seat.${seat}`), taken: false };
  }

  function seatName(seat) {
    if (seat === mySeat()) return t("you");
    const s = seatInfo(seat);
    return s.taken && s.name ? s.name : t(`seat.${seat}`);
  }

  function teamName(team) {
    const me = mySeat();
    if (me !== null) return t(team === me % 2 ? "team.us" : "team.them");
    return `${seatName(team)} & ${seatName(team + 2)}`;
  }

  /** Who won the game, as a sentence starts: "We win", "They win", "Anna & Beat win". */
  function wonText(team) {
    const me = mySeat();
    if (me !== null) return t(team === me % 2 ? "gameover.won_us" : "gameover.won_them");
    return t("gameover.won", { team: teamName(team) });
  }

  function trickBy(seat) {
    return seat === mySeat() ? t("trick_by_you") : t("trick_by", { who: seatName(seat) });
  }

  function deck() {
    return ctx.prefs.deck;
  }

  function render() {
    if (!alive) return;
    if (st.fatal) {
      view.innerHTML = `<section class="panel fatal"><h2>${esc(st.fatal)}</h2>
        <a class="btn primary" data-nav href="/">${esc(t("lobby.back"))}</a></section>`;
      return;
    }
    const g = st.game;
    const active = document.activeElement;
    const handFocused = active && active.classList && active.classList.contains("hand-card");
    const info = document.getElementById("topbar-info");
    const refocus = !handFocused && (view.contains(active) || info.contains(active))
      ? focusKey(active) : null;
    const dialog = modal();
    view.innerHTML = `
      <section class="table-view ${g ? `phase-${g.phase}` : "phase-waiting"}" data-code="${esc(code)}">
        <div class="felt-wrap" ${dialog ? "inert" : ""}>
          <div class="felt">
            ${[2, 3, 1].map((r) => seatBox((bottomSeat() + r) % 4)).join("")}
            <div class="center">
              ${contractChip()}
              <div class="trick" aria-label="${esc(t("aria.trick"))}">${trickCards()}</div>
              ${centerOverlay()}
            </div>
            ${seatBox(bottomSeat())}
          </div>
          <div class="action-bar" id="action-bar" aria-live="polite">${actionBar()}</div>
          <div class="hand ${mySeat() === null ? "spectating" : ""}" id="hand" role="group"
            aria-label="${esc(t("aria.hand"))}">${handCards()}</div>
        </div>
        <aside class="side" ${dialog ? "inert" : ""}>${sidePanel()}</aside>
        ${dialog}
      </section>`;
    // A card slides in once: a later redraw (a language switch, a button) shows it lying.
    st.entering = new Set();
    ctx.setInfo(topInfo());
    // While the game-over dialog is open, only the dialog takes the focus and the keys.
    ctx.inertFrame(Boolean(dialog));
    bind();
    // Redrawing replaces every element: keep the focus where it was (a button, a card)...
    if (handFocused) view.querySelectorAll(".hand-card")[st.focus]?.focus();
    else if (refocus) document.querySelector(refocus)?.focus({ preventScroll: true });
    // ...and move it into the dialog when it opens.
    if (dialog && !st.dialogShown) view.querySelector("#game-over .btn")?.focus();
    st.dialogShown = Boolean(dialog);
  }

  /** A selector that finds the same control again after a redraw, or null. */
  function focusKey(el) {
    if (el.id) return `#${CSS.escape(el.id)}`;
    for (const attr of ["contract", "option", "seat"]) {
      if (el.dataset[attr] !== undefined) {
        return `${el.tagName.toLowerCase()}[data-${attr}="${CSS.escape(el.dataset[attr])}"]`;
      }
    }
    if (el.tagName === "A" && el.getAttribute("href")) {
      return `#view a[href="${CSS.escape(el.getAttribute("href"))}"]`;
    }
    return null;
  }

  function topInfo() {
    const role = mySeat() === null && st.you ? `<span class="badge">${esc(t("spectator"))}</span>` : "";
    return `<span class="table-code" title="${esc(t("lobby.code"))}">${esc(code)}</span>
      <button class="btn tiny" id="invite-btn" type="button">${esc(t("invite"))}</button>${role}`;
  }

  function seatBox(seat) {
    const g = st.game;
    const r = rel(seat);
    const info = seatInfo(seat);
    const me = seat === mySeat();
    const toMove = g && g.phase !== "over" && g.to_move === seat && !st.completing;
    const badges = [];
    if (info.kind === "bot") badges.push(badge("bot", t("bot"), `${info.bot} ${info.strength ?? ""}`));
    // The page's own seat is, by definition, here.
    if (info.taken && info.kind === "human" && !info.connected && !me) {
      badges.push(badge("away", t("offline")));
    }
    if (info.auto) badges.push(badge("bot", `⚙ ${t("bot")}`));
    let extra = "";
    if (!info.taken) {
      const canSit = mySeat() === null && st.you;
      extra = canSit ? `<button class="btn small sit-btn" data-seat="${seat}" type="button">${esc(t("take_seat"))}</button>`
        : `<span class="muted">${esc(t("free_seat"))}</span>`;
    }
    let cards = "";
    if (g && !me && r !== 0) {
      const n = g.hand_sizes[seat];
      cards = `<div class="backs backs-${POS[r]}" aria-label="${esc(t("cards.count", { n }))}">${
        Array.from({ length: n }, () => `<span class="back">${backSVG()}</span>`).join("")}</div>`;
    } else if (g && mySeat() === null && r === 0) {
      const n = g.hand_sizes[seat];
      cards = `<div class="backs backs-bottom" aria-label="${esc(t("cards.count", { n }))}">${
        Array.from({ length: n }, () => `<span class="back">${backSVG()}</span>`).join("")}</div>`;
    }
    const bubbles = [];
    if (g) {
      const ann = g.weis_announced?.[seat] || [];
      if (ann.length && g.trick_no <= 1) {
        const pts = ann.reduce((a, m) => a + m.points, 0);
        bubbles.push(`<span class="bubble weis-bubble">${esc(t("weis"))} ${pts}</span>`);
      }
      if (g.stoeck_seat === seat) bubbles.push(`<span class="bubble stoeck-bubble">${esc(t("stoeck"))}</span>`);
      if (g.chooser === seat && g.contract) {
        bubbles.push(`<span class="bubble chooser-bubble" title="${esc(contractName(g.contract, deck()))}">${contractIcon(g.contract, deck(), 16)}</span>`);
      }
    }
    const tricks = g ? g.tricks_won?.[seat] ?? 0 : 0;
    return `<div class="seat pos-${POS[r]} team-${seat % 2} ${toMove ? "to-move" : ""} ${me ? "me" : ""}"
        data-seat="${seat}">
      ${r !== 0 ? cards : ""}
      <div class="plate">
        <span class="seat-label">${esc(seatName(seat))}</span>
        ${badges.join("")}
        ${g ? `<span class="tricks" title="${esc(t("tricks.count", { n: tricks }))}">${tricks > 0 ? "▮".repeat(Math.min(tricks, 9)) : ""}</span>` : ""}
        ${extra}
      </div>
      ${bubbles.length ? `<div class="seat-bubbles">${bubbles.join("")}</div>` : ""}
      ${r === 0 ? cards : ""}
    </div>`;
  }

  function contractChip() {
    const g = st.game;
    if (!g || !g.contract) return "";
    const mult = g.multiplier > 1 ? ` <span class="mult">×${g.multiplier}</span>` : "";
    return `<div class="contract-chip" data-contract="${esc(g.contract)}">
      ${contractIcon(g.contract, deck())}<span>${esc(contractName(g.contract, deck()))}</span>${mult}
      <span class="muted small">${esc(g.chooser === mySeat() ? t("chosen_by_you") : t("chosen_by", { who: seatName(g.chooser) }))}${g.pushed ? ` · ${esc(t("pushed"))}` : ""}</span>
    </div>`;
  }

  function trickCards() {
    const g = st.game;
    let cards = g ? g.trick : [];
    let cls = "";
    if (st.completing) {
      cards = st.completing.cards;
      if (st.completing.collecting) cls = `collect collect-${POS[rel(st.completing.winner)]}`;
    }
    return cards.map((c) => {
      const r = rel(c.seat);
      const enter = st.entering.has(c.card) ? `enter enter-${POS[r]}` : "";
      const card = parseToken(c.card);
      return `<div class="trick-card slot-${POS[r]} ${enter} ${cls}" data-card="${esc(c.card)}" data-seat="${c.seat}">
        ${cardSVG(card, deck(), cardName(card, deck()))}</div>`;
    }).join("");
  }

  function centerOverlay() {
    const g = st.game;
    if (!st.latest && !st.joinForm) {
      return `<div class="center-msg">…</div>`;
    }
    if (st.joinForm) return joinPanel();
    if (!g) {
      const link = `${location.origin}/t/${code}`;
      return `<div class="center-msg waiting">
        <p>${esc(t("waiting_players"))}</p>
        <p class="small">${esc(t("invite.text", { code }))}</p>
        <input class="invite-link" readonly value="${esc(link)}" aria-label="${esc(t("invite"))}">
        <div class="big-code">${esc(code)}</div></div>`;
    }
    if (st.showLast && g.last_trick) {
      const lt = g.last_trick;
      return `<div class="overlay last-trick" id="last-trick">
        <div class="overlay-title">${esc(t("last_trick"))} · ${esc(trickBy(lt.winner))} · ${esc(t("points.count", { n: lt.points }))}</div>
        <div class="mini-trick">${lt.cards.map((c) => `<div class="lt-slot slot-${POS[rel(c.seat)]}">${miniCard(c.card, deck())}</div>`).join("")}</div>
        <button class="btn small" id="close-last" type="button">${esc(t("close"))}</button></div>`;
    }
    if (st.summary && g.phase !== "over") return summaryPanel(st.summary, true);
    return "";
  }

  function joinPanel() {
    const name = localStorage.getItem("puur.name") || "";
    return `<div class="overlay join-panel">
      <div class="overlay-title">${esc(t("lobby.join"))} · ${esc(code)}</div>
      <label class="field"><span>${esc(t("name"))}</span>
        <input id="join-name" maxlength="40" value="${esc(name)}"></label>
      <div class="row wrap">${st.joinForm.seats.map((s) => `<button class="btn primary join-seat" type="button"
        data-seat="${s}">${esc(t("take_seat_at", { seat: t(`seat.${s}`) }))}</button>`).join("")}</div>
      <button class="btn" id="join-watch" type="button">${esc(t("lobby.watch"))}</button></div>`;
  }

  function scoreRows(score) {
    const row = (label, key, fmt = (v) => v) => `<tr><th>${esc(label)}</th>
      <td>${esc(fmt(score[key][0]))}</td><td>${esc(fmt(score[key][1]))}</td></tr>`;
    let rows = row(t("summary.tricks"), "trick_points");
    if (score.match_bonus.some((x) => x)) rows += row(t("summary.match"), "match_bonus");
    if (score.weis.some((x) => x)) rows += row(t("summary.weis"), "weis");
    if (score.stoeck.some((x) => x)) rows += row(t("summary.stoeck"), "stoeck");
    if (score.multiplier > 1) rows += `<tr><th>${esc(t("summary.multiplier"))}</th><td colspan="2">×${score.multiplier}</td></tr>`;
    rows += `<tr class="total">${`<th>${esc(t("summary.total"))}</th>`}<td>${esc(score.total[0])}</td><td>${esc(score.total[1])}</td></tr>`;
    return rows;
  }

  function summaryPanel(s, closable) {
    return `<div class="overlay summary" id="hand-summary">
      <div class="overlay-title">${esc(t("summary.title"))} · ${contractIcon(s.contract, deck(), 18)}
        ${esc(contractName(s.contract, deck()))}${s.score.match !== null && s.score.match !== undefined ? ` · ${esc(t("summary.match"))}!` : ""}</div>
      <table class="score-table"><thead><tr><th></th><th>${esc(teamName(0))}</th><th>${esc(teamName(1))}</th></tr></thead>
        <tbody>${scoreRows(s.score)}
        <tr class="game"><th>${esc(t("summary.game"))}</th><td>${esc(s.scores[0])}</td><td>${esc(s.scores[1])}</td></tr></tbody></table>
      ${closable ? `<button class="btn primary small" id="close-summary" type="button">${esc(t("continue"))}</button>` : ""}
    </div>`;
  }

  function actionBar() {
    const g = st.game;
    const me = mySeat();
    if (!g || me === null) {
      if (g && g.phase !== "over" && g.to_move !== null && g.to_move !== undefined) {
        return `<span class="prompt">${esc(t("waiting_for", { who: seatName(g.to_move) }))}</span>`;
      }
      return "";
    }
    const info = seatInfo(me);
    let out = "";
    if (info.auto) {
      out += `<span class="prompt">${esc(t("auto_playing"))}</span>
        <button class="btn primary" id="take-back" type="button">${esc(t("take_back"))}</button>`;
    }
    if (g.phase === "over") return out;
    // While a trick is still being shown (or newer states wait in the queue) nobody is asked.
    if (g.to_move === null || g.to_move === undefined || (!isLatest() && g.to_move === me)) return out;
    if (!isLatest() || g.to_move !== me) {
      return out + `<span class="prompt">${esc(t("waiting_for", { who: seatName(g.to_move) }))}</span>`;
    }
    const legal = g.legal || [];
    const timer = st.deadlineAt ? `<span class="deadline" id="deadline"></span>` : "";
    if (g.phase === "choose") {
      const chooses = legal.filter((a) => a.type === "choose");
      const push = legal.find((a) => a.type === "push");
      const pushedToMe = g.pushed && g.chooser === null;
      return out + `<div class="choose-panel">
        <span class="prompt">${esc(pushedToMe ? t("pushed_to_you") : t("choose"))}</span>
        <div class="choices">${chooses.map((a) => `<button class="btn choice" type="button" data-contract="${esc(a.contract)}"
            title="${esc(contractName(a.contract, deck()))}">${contractIcon(a.contract, deck(), 24)}<span>${esc(
              a.contract in SUIT_TOKENS ? suitName(SUIT_TOKENS[a.contract], deck()) : contractName(a.contract, deck()))}</span></button>`).join("")}
          ${push ? `<button class="btn push" type="button" id="push-btn">${esc(g.pushed ? t("push_back") : t("push"))}</button>` : ""}
        </div>${timer}</div>`;
    }
    if (g.phase === "weis") {
      const opts = g.weis_options || [];
      return out + `<div class="weis-panel"><span class="prompt">${esc(t("weis.declare"))}</span>
        <div class="choices">${opts.map((split, i) => {
          const pts = split.reduce((a, m) => a + m.points, 0);
          return `<button class="btn weis-opt ${i === 0 ? "suggested" : ""}" type="button" data-option="${i + 1}">
            <span class="melds">${split.map((m) => `<span class="meld">${m.cards.map((c) => miniCard(c, deck())).join("")}</span>`).join("")}</span>
            <span>${esc(t("weis.points", { n: pts }))}${i === 0 ? ` · ${esc(t("weis.suggested"))}` : ""}</span></button>`;
        }).join("")}
        <button class="btn" type="button" data-option="0" id="weis-quiet">${esc(t("weis.quiet"))}</button></div>${timer}</div>`;
    }
    if (g.phase === "stoeck") {
      return out + `<div class="stoeck-panel"><span class="prompt">${esc(t("stoeck.ask"))}</span>
        <button class="btn primary" type="button" id="stoeck-yes">${esc(t("stoeck.yes"))}</button>
        <button class="btn" type="button" id="stoeck-no">${esc(t("stoeck.no"))}</button>${timer}</div>`;
    }
    return out + `<span class="prompt your-turn">${esc(t("your_turn"))}</span>${timer}`;
  }

  function handCards() {
    const g = st.game;
    if (!g || mySeat() === null) return "";
    const legal = legalPlays();
    const trumpTok = g.contract in SUIT_TOKENS ? SUIT_TOKENS[g.contract] : -1;
    const cards = sortHand(g.hand.map(parseToken), trumpTok, g.contract === "unde");
    const myTurnToPlay = g.phase === "play" && isLatest() && g.to_move === mySeat();
    if (st.focus >= cards.length) st.focus = Math.max(0, cards.length - 1);
    return cards.map((c, i) => {
      const tok = g.hand[g.hand.map(parseToken).indexOf(c)];
      const ok = legal.has(tok) && !st.pending;
      const dim = myTurnToPlay && !legal.has(tok);
      return `<button class="hand-card ${ok ? "legal" : ""} ${dim ? "illegal" : ""}" type="button"
          data-card="${esc(tok)}" data-index="${i}" ${ok ? "" : 'aria-disabled="true"'}
          tabindex="${i === st.focus ? 0 : -1}" style="--i:${i};--n:${cards.length}"
          aria-label="${esc(cardName(c, deck()))}">${cardSVG(c, deck(), cardName(c, deck()))}</button>`;
    }).join("");
  }

  function sidePanel() {
    const g = st.game;
    const tafel = g ? g.jasstafel : null;
    const scores = g ? g.scores : [0, 0];
    const target = g ? g.target : st.table?.rules?.target;
    const names = [teamName(0), teamName(1)];
    let weis = "";
    if (g) {
      const shown = [];
      for (let s = 0; s < 4; s++) {
        const melds = g.weis_shown?.[s] || [];
        if (!melds.length) continue;
        const best = g.weis_seat !== null && g.weis_seat !== undefined && s % 2 === g.weis_seat % 2;
        shown.push(`<div class="weis-shown ${best ? "best" : ""}" data-seat="${s}"><span class="who">${esc(seatName(s))}</span>
          ${melds.map((m) => `<span class="meld" title="${m.points}">${m.cards.map((c) => miniCard(c, deck())).join("")}<span class="pts">${m.points}</span></span>`).join("")}</div>`);
      }
      if (shown.length) weis = `<section class="side-box"><h3>${esc(t("weis"))}</h3>${shown.join("")}</section>`;
    }
    return `
      <section class="side-box score-box">
        <h3>${esc(t("score"))} <span class="muted small">${target ? esc(t("target", { n: target })) : ""}</span></h3>
        <div class="scoreline"><span class="team team-0">${esc(names[0])}</span><strong id="score-0">${esc(scores[0])}</strong></div>
        <div class="scoreline"><span class="team team-1">${esc(names[1])}</span><strong id="score-1">${esc(scores[1])}</strong></div>
        ${g && g.phase !== "over" ? `<div class="scoreline small muted"><span>${esc(t("this_hand"))}</span><span>${esc(g.credited[0])} : ${esc(g.credited[1])}</span></div>` : ""}
      </section>
      <section class="side-box tafel-box"><h3>${esc(t("jasstafel"))}</h3>${jasstafelSVG(tafel, names)}</section>
      ${weis}
      <section class="side-box buttons">
        <button class="btn" id="last-btn" type="button" ${g && g.last_trick ? "" : "disabled"}>${esc(t("last_trick"))}</button>
        ${g && g.last_hand ? `<button class="btn" id="summary-btn" type="button">${esc(t("summary.title"))}</button>` : ""}
        <a class="btn" data-nav href="/">${esc(t("lobby.back"))}</a>
      </section>
      <p class="keys-help small muted">${esc(t("keys.help"))}</p>`;
  }

  function modal() {
    const g = st.game;
    if (!g || g.phase !== "over" || !g.result || st.overDismissed) return "";
    const r = g.result;
    const me = mySeat();
    const won = me !== null && r.winner === me % 2;
    return `<div class="modal-back"><div class="modal game-over ${won ? "won" : ""}" role="dialog"
        aria-labelledby="go-title" id="game-over">
      <h2 id="go-title">${esc(t("gameover"))}</h2>
      <p class="winner">${esc(t("pair", { a: wonText(r.winner), b: t(`reason.${r.reason}`) }))}</p>
      <p class="final-score"><span>${esc(teamName(0))} <strong>${esc(r.scores[0])}</strong></span>
        <span>${esc(teamName(1))} <strong>${esc(r.scores[1])}</strong></span></p>
      <div class="row wrap">
        ${me !== null ? `<button class="btn primary" id="rematch-btn" type="button">${esc(t("rematch"))}</button>` : ""}
        <a class="btn" data-nav href="/?replay=${esc(r.game_id)}">${esc(t("replay"))}</a>
        <a class="btn" href="${api.recordUrl(r.game_id)}" data-record="${esc(r.game_id)}" download>${esc(t("download"))}</a>
        <button class="btn" id="go-close" type="button">${esc(t("close"))}</button>
      </div>
      ${jasstafelSVG(g.jasstafel, [teamName(0), teamName(1)])}
      ${st.summary && st.summary.hand_no === g.hand_no ? summaryPanel(st.summary, false) : ""}
      </div></div>`;
  }

  function showFatal(text) {
    st.fatal = text;
    render();
  }

  // --- Events ----------------------------------------------------------------------------

  function bind() {
    const on = (id, fn) => document.getElementById(id)?.addEventListener("click", fn);
    for (const b of view.querySelectorAll(".hand-card")) {
      b.addEventListener("click", () => {
        st.focus = Number(b.dataset.index);
        if (b.classList.contains("legal")) send("play", { card: b.dataset.card });
      });
    }
    for (const b of view.querySelectorAll(".choice")) {
      b.addEventListener("click", () => send("choose", { contract: b.dataset.contract }));
    }
    on("push-btn", () => send("push"));
    for (const b of view.querySelectorAll("[data-option]")) {
      b.addEventListener("click", () => send("weis", { option: Number(b.dataset.option) }));
    }
    on("stoeck-yes", () => send("stoeck", { announce: true }));
    on("stoeck-no", () => send("stoeck", { announce: false }));
    on("take-back", () => send("back"));
    on("rematch-btn", () => send("rematch"));
    on("go-close", () => { st.overDismissed = true; render(); });
    on("last-btn", () => { st.showLast = !st.showLast; render(); showOverlay("last-trick"); });
    on("close-last", () => { st.showLast = false; render(); });
    on("close-summary", () => { st.summary = null; render(); });
    on("summary-btn", () => {
      const lh = st.game?.last_hand;
      if (lh) { st.summary = lh; render(); showOverlay("hand-summary"); }
    });
    on("invite-btn", invite);
    on("join-watch", () => {
      watch = true;
      history.replaceState(null, "", `/t/${code}?watch=1`);
      connect({ spectate: true });
    });
    for (const b of view.querySelectorAll(".join-seat, .sit-btn")) {
      b.addEventListener("click", () => join(Number(b.dataset.seat)));
    }
  }

  /** Bring a panel opened from below the table (on a phone) into view. */
  function showOverlay(id) {
    document.getElementById(id)?.scrollIntoView({ block: "nearest", behavior: ctx.fast ? "auto" : "smooth" });
  }

  async function invite() {
    const link = `${location.origin}/t/${code}`;
    try {
      await navigator.clipboard.writeText(link);
      ctx.toast(t("invite.copied"), "info", 2500);
    } catch {
      ctx.toast(t("pair", { a: t("invite.text", { code }), b: link }), "info", 8000);
    }
  }

  function onKey(e) {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const cards = [...view.querySelectorAll(".hand-card")];
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      if (!cards.length) return;
      const step = e.key === "ArrowRight" ? 1 : -1;
      st.focus = (st.focus + step + cards.length) % cards.length;
      for (const c of cards) c.tabIndex = -1;
      cards[st.focus].tabIndex = 0;
      cards[st.focus].focus();
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key)) {
      const c = cards[Number(e.key) - 1];
      if (c && c.classList.contains("legal")) send("play", { card: c.dataset.card });
    } else if (e.key === "l" || e.key === "L") {
      if (st.game && st.game.last_trick) { st.showLast = !st.showLast; render(); }
    } else if (e.key === "Escape") {
      st.showLast = false;
      st.summary = null;
      st.overDismissed = true;
      render();
    }
  }

  const tick = setInterval(() => {
    const el = document.getElementById("deadline");
    if (el && st.deadlineAt) el.textContent = `${Math.max(0, Math.ceil((st.deadlineAt - Date.now()) / 1000))}s`;
  }, 500);

  document.addEventListener("keydown", onKey);
  render();
  start();

  return {
    rerender: render,
    destroy() {
      alive = false;
      ctx.inertFrame(false);
      clearInterval(tick);
      document.removeEventListener("keydown", onKey);
      if (sock) sock.close();
    },
    /** Drop the WebSocket as a network failure would (the reconnect test uses it). */
    dropConnection() {
      if (sock) sock.drop();
    },
    get state() {
      return st;
    },
  };
}
