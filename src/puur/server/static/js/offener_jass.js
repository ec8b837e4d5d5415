// What the page shows of an Offener Jass panel (docs/protocol.md; the state's `game.panel`, a
// hand_over's `score`): both players' six positions on the table (the face-up card on each,
// a card back under it while a face-down card still lies there), the page's own face-up cards
// played with a click or a tap where the server lists them as legal, the auction with a number
// field for the bid, the card points taken and both totals against the target.
//
// The panel is recognised by what it holds (`open_piles`), not by the variant's name; every
// figure is the server's, and every card or button one of the server's legal actions. A
// face-down card is never in any message: the page knows only that one lies there.

import { backSVG, cardSVG, parseToken } from "./cards.js";
import { html, nothing } from "./dom.js";
import { cardName, t } from "./i18n.js";

/** Whether `panel` is one of Offener Jass's. */
export function isOffenerJass(panel) {
  return Boolean(panel) && Array.isArray(panel.open_piles);
}

/** Whether a finished hand's score is Offener Jass's. */
export function isOffenerJassScore(score) {
  return Boolean(score) && "turned_up" in score && Array.isArray(score.written);
}

/** One position: the face-up card (a button for the page's own legal card), a back under it
 * while a face-down card lies there, an empty place once both are played. */
function position(table, seat, pos, i, legal, deck) {
  const mine = seat === table.mySeat();
  const under = pos.covered ? html`<span class="oj-under" aria-hidden="true">${backSVG()}</span>` : "";
  if (!pos.card) {
    return html`<span class="oj-pos ${pos.covered ? "covered" : "empty"}" data-pos=${i}
      aria-label=${pos.covered ? t("oj.face_down") : t("oj.empty")}>${under}</span>`;
  }
  const c = parseToken(pos.card);
  const ok = mine && legal.has(pos.card) && !table.st.pending;
  const face = cardSVG(c, deck, cardName(c, deck));
  const label = pos.covered ? `${cardName(c, deck)} · ${t("oj.face_down")}` : cardName(c, deck);
  if (!mine) {
    return html`<span class="oj-pos" data-pos=${i} data-card=${pos.card} aria-label=${label}>${under}<span
      class="oj-card">${face}</span></span>`;
  }
  return html`<span class="oj-pos" data-pos=${i}>${under}<button class="oj-card own ${ok ? "legal" : ""}"
      type="button" data-card=${pos.card} aria-label=${label} aria-disabled=${ok ? nothing : "true"}
      @click=${() => { if (ok) table.send(legal.get(pos.card), { card: pos.card }); }}>${face}</button></span>`;
}

/** A player's row of six positions on the cloth. */
function row(table, seat, legal, deck) {
  const p = table.st.game.panel;
  const mine = seat === table.mySeat();
  const who = mine ? t("oj.your_table") : t("oj.table_of", { seat: table.seatName(seat) });
  return html`<div class="oj-row ${mine ? "mine" : "theirs"}" data-seat=${seat} role="group" aria-label=${who}>
      ${p.open_piles[seat].map((pos, i) => position(table, seat, pos, i, legal, deck))}</div>`;
}

/** Both rows on the cloth: the player across first, over the trick; the page's own (or, for a
 * spectator, seat 0's) under it. */
export function offenerJassRows(table) {
  const deck = table.deck();
  const legal = table.legalCards();
  const bottom = table.bottomSeat();
  return html`${row(table, 1 - bottom, legal, deck)}${row(table, bottom, legal, deck)}`;
}

/** The bar's auction: a number field (with a step down and up) for the bid, Bid, and Pass
 * where the server allows it; the opening bid is a must. */
export function ojBidPanel(table, legal, timer) {
  const g = table.st.game;
  const p = g.panel;
  const bids = legal.filter((a) => a.type === "bid").map((a) => a.value);
  const pass = legal.some((a) => a.type === "pass");
  const prompt = p.bidder === null || p.bidder === undefined ? t("oj.open", { value: bids[0] })
    : t("auction.high", { value: p.bid, who: table.seatName(p.bidder) });
  const field = () => document.getElementById("oj-bid-input");
  const nudge = (dir) => () => {
    const input = field();
    const now = Number(input.value) || bids[0];
    const next = dir > 0 ? bids.find((v) => v > now) : [...bids].reverse().find((v) => v < now);
    if (next !== undefined) input.value = String(next);
  };
  const submit = (e) => {
    e.preventDefault();
    const text = field().value.trim();
    const value = /^\d+$/.test(text) ? Number(text) : NaN;
    if (!bids.includes(value)) {
      table.st.bidError = t("oj.bid_bad", { lo: bids[0], hi: bids[bids.length - 1] });
      table.redraw();
      field()?.focus();
      return;
    }
    table.st.bidError = null;
    table.send("bid", { value });
  };
  const err = table.st.bidError;
  const passBtn = pass ? html`<button class="btn choice" type="button" id="oj-pass"
      @click=${() => { table.st.bidError = null; table.send("pass"); }}>${t("auction.pass")}</button>` : "";
  if (!bids.length) return html`<div class="oj-bid"><span class="prompt">${prompt}</span>${passBtn}${timer}</div>`;
  const step = bids.length > 1 ? bids[1] - bids[0] : 1;
  return html`<form class="oj-bid" id="oj-bid-form" @submit=${submit} novalidate>
      <span class="prompt">${prompt}</span>
      <span class="oj-stepper">
        <button class="btn" type="button" id="oj-bid-down" aria-label=${t("oj.bid_less")} @click=${nudge(-1)}>−</button>
        <input id="oj-bid-input" type="number" inputmode="numeric" min=${bids[0]} max=${bids[bids.length - 1]}
          step=${step} value=${bids[0]} aria-label=${t("decide.bid")} aria-invalid=${err ? "true" : "false"}>
        <button class="btn" type="button" id="oj-bid-up" aria-label=${t("oj.bid_more")} @click=${nudge(1)}>+</button>
      </span>
      <button class="btn primary" type="submit" id="oj-bid-btn">${t("bi.bid")}</button>${passBtn}
      ${err ? html`<span class="field-error" role="alert">${err}</span>` : ""}${timer}</form>`;
}

/** The side box: the auction's calls, the card points taken, both totals against the target. */
export function offenerJassBox(table, p) {
  const call = (c) => (c.call === "pass" ? t("auction.pass") : t("auction.bid", { value: c.value }));
  const high = p.bidder === null || p.bidder === undefined ? t("auction.none")
    : t("auction.high", { value: p.bid, who: table.seatName(p.bidder) });
  const me = table.mySeat();
  return html`<section class="side-box oj-box"><h3>${t("auction.title")} <span class="muted small">${
    t("target", { n: p.target })}</span></h3>
    <p class="auction-high">${high}</p>
    <ol class="auction-calls">${p.calls.map((c) => html`<li data-seat=${c.seat} data-call=${c.call}>${
      table.seatName(c.seat)}: ${call(c)}</li>`)}</ol>
    <table class="score-table oj-table"><thead><tr><th>${t("mo.player")}</th><th>${t("summary.tricks")}</th>
      <th>${t("kg.total")}</th></tr></thead>
    <tbody>${p.taken.map((v, s) => html`<tr data-seat=${s} class=${s === me ? "mine" : ""}><th>${table.seatName(s)}</th>
      <td class="taken">${v}</td><td class="running">${p.totals[s] + p.written[s]}<span class="muted small"> / ${
        p.target}</span></td></tr>`)}</tbody></table></section>`;
}

/** A finished hand's score: the bid and what it made, per player the card points, what he
 * wrote, his total after the hand. */
export function offenerJassScore(names, score, after) {
  const made = score.made >= score.bid;
  const line = t(made ? "oj.bid_made" : "oj.bid_failed", { seat: names[score.bidder], bid: score.bid, points: score.made });
  const cells = (values) => names.map((_, s) => html`<td>${values[s]}</td>`);
  return html`<p class="oj-result ${made ? "made" : "failed"}">${line}</p>
    <table class="score-table oj-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody><tr class="points"><th>${t("summary.tricks")}</th>${cells(score.trick_points)}</tr>
      <tr class="total"><th>${t("sheet.written")}</th>${cells(score.written)}</tr>
      <tr class="game"><th>${t("summary.game")}</th>${cells(after)}</tr></tbody></table>`;
}
