// What the page shows of a Bieter panel (docs/protocol.md; the state's `game.panel` and `own`, a
// replayed hand's `panel`, a hand_over's `score`): the auction (each seat's bid or pass, who
// holds the highest bid) and its controls, the König and the Bauern at their seats, the talon
// (its face-up cards, the König's discards face down, his own face up to him alone), the called
// card at five and the partner once the rules reveal him (to himself at once), declining, and
// the two columns: the König's against his bid, the Bauern's against their target.
//
// The panel is recognised by what it holds (`koenig` and `talon_up`), not by the variant's name;
// every figure is the server's, and every button one of the server's legal actions.

import { html } from "./dom.js";
import { t, tn } from "./i18n.js";
import { miniCard } from "./pieces.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Bieter's. */
export function isBieter(panel) {
  return Boolean(panel) && "koenig" in panel && Array.isArray(panel.talon_up);
}

/** Whether a finished hand's score is Bieter's. */
export function isBieterScore(score) {
  return Boolean(score) && "koenig" in score && "side_won" in score;
}

const known = (seat) => seat !== null && seat !== undefined && seat >= 0;

/** The seat holding the highest bid so far, or null. */
function holder(panel) {
  const top = Math.max(0, ...panel.bids);
  return top > 0 ? panel.bids.indexOf(top) : null;
}

/** The bubbles at a seat: its bid or pass during the auction; König, Bauer or Partner after it
 * (a partner at five only once the rules reveal him, or to himself). */
export function bieterBubbles(panel, own, seat, mySeat) {
  if (!known(panel.koenig)) {
    if (panel.passed.includes(seat)) return html`<span class="bubble bid-bubble passed" data-seat=${seat}>${t("bi.passed")}</span>`;
    if (panel.bids[seat] > 0) {
      return html`<span class="bubble bid-bubble ${holder(panel) === seat ? "holds" : ""}" data-seat=${seat}>${panel.bids[seat]}</span>`;
    }
    return "";
  }
  if (seat === panel.koenig) {
    return html`<span class="bubble role-bubble koenig" data-role="koenig">♛ ${t("bi.koenig_col")} ${panel.bid}</span>`;
  }
  const partner = known(panel.partner) ? panel.partner : seat === mySeat && own?.partner ? mySeat : null;
  if (seat === partner) return html`<span class="bubble role-bubble partner" data-role="partner">${t("bi.partner_badge")}</span>`;
  // At five, a seat's side is unknown until the partner is revealed (but to the partner).
  if (panel.bids.length === 5 && !known(panel.partner) && !(mySeat !== null && own?.partner)) return "";
  return html`<span class="bubble role-bubble bauer" data-role="bauer">${t("bi.bauer")}</span>`;
}

/** The bar's auction: pass, the lowest bids allowed as buttons, and every allowed bid in a list. */
export function auctionPanel(table, legal, timer) {
  const p = table.st.game.panel;
  const bids = legal.filter((a) => a.type === "bid").map((a) => a.value);
  const pass = legal.find((a) => a.type === "pass");
  const top = holder(p);
  const prompt = top === null ? t("decide.bid")
    : t("bi.auction", { bid: p.bids[top], seat: table.seatName(top) });
  const bid = (value) => () => table.send("bid", { value });
  const chosen = () => Number(document.getElementById("bid-select").value);
  return html`<div class="auction-panel"><span class="prompt">${prompt}</span>
      <div class="choices">${pass ? html`<button class="btn choice" type="button" id="bid-pass"
          @click=${() => table.send("pass")}>${t("bi.pass")}</button>` : ""}${
        bids.slice(0, 3).map((v) => html`<button class="btn choice bid-quick" type="button" data-bid=${v}
          @click=${bid(v)}>${t("bi.bid_n", { value: v })}</button>`)}${
        bids.length > 3 ? html`<span class="bid-more"><select id="bid-select" aria-label=${t("decide.bid")}>${
          bids.map((v) => html`<option value=${v}>${v}</option>`)}</select><button class="btn" type="button" id="bid-btn"
          @click=${() => table.send("bid", { value: chosen() })}>${t("bi.bid")}</button></span>` : ""}</div>${timer}</div>`;
}

/** The bar's question after the talon from the second hand on: play the hand, or decline it. */
export function declinePanel(table, legal, timer) {
  const has = (type) => legal.some((a) => a.type === type);
  return html`<div class="decline-panel"><span class="prompt">${t("decide.decline")}</span>
      <div class="choices">${has("accept") ? html`<button class="btn choice primary" type="button" id="accept-btn"
          @click=${() => table.send("accept")}>${t("bi.accept")}</button>` : ""}${
        has("decline") ? html`<button class="btn choice" type="button" id="decline-btn"
          @click=${() => table.send("decline")}>${t("bi.decline")}</button>` : ""}</div>${timer}</div>`;
}

/** The bar's call at five: each card the König may call, by suit. */
export function callPanel(table, legal, timer) {
  const deck = table.deck();
  const calls = legal.filter((a) => a.type === "call");
  const suits = ["D", "H", "S", "C"].map((s) => calls.filter((a) => a.card[0] === s)).filter((x) => x.length);
  return html`<div class="call-panel"><span class="prompt">${t("decide.call")}</span>
      <div class="call-suits">${suits.map((acts) => html`<div class="call-suit">${acts.map((a) => html`<button
          class="btn choice call-btn" type="button" data-card=${a.card} @click=${() => table.send("call", { card: a.card })}>${
          miniCard(a.card, deck)}</button>`)}</div>`)}</div>${timer}</div>`;
}

/** The bar while the König lays down the talon: how many cards are still to go. */
export function discardPrompt(table, timer) {
  const g = table.st.game;
  const others = g.hand_sizes.filter((_, s) => s !== table.mySeat());
  const left = g.hand.length - Math.max(...others);
  return html`<div class="discard-panel"><span class="prompt">${t("decide.discard")} · ${
    tn("bi.discard_left", left)}</span>${timer}</div>`;
}

/** The talon on the cloth (its face-down and face-up cards before the König takes it) and the
 * König's discards (face down; his own view shows them face up too), or "". `cardsOut` is the
 * number of cards in no hand. */
export function talonPiles(panel, own, cardsOut, deck) {
  if (!panel.talon_up.length) return "";
  if (!panel.talon_taken) {
    return html`<div class="piles">${pile("talon", cardsOut - panel.talon_up.length, t("bi.talon_label"), panel.talon_up, deck)}</div>`;
  }
  if (!panel.discarded) return "";
  const mine = own?.discards || [];
  return html`<div class="piles">${pile("discards", panel.discarded, tn("bi.discarded", panel.discarded), [], deck)}${
    mine.length ? pile("my-discards", 0, t("bi.your_discards"), mine, deck) : ""}</div>`;
}

/** Under the contract: who named it (the first hand), the called card and what is known of the
 * partner. `seatName(seat)` is null for the page's own seat. */
export function bieterNotes(panel, own, seatName, deck) {
  const notes = [];
  if (panel.first && known(panel.koenig)) {
    const who = seatName(panel.koenig);
    notes.push(html`<span class="turned-note named-note">${who === null ? t("bi.named_by_you") : t("bi.named_by", { seat: who })}</span>`);
  }
  if (panel.called) {
    let partner = t("bi.partner_secret");
    if (known(panel.partner)) partner = t("bi.partner_is", { seat: seatName(panel.partner) ?? t("you") });
    else if (own?.partner) partner = t("bi.you_partner");
    notes.push(html`<span class="turned-note called-note" data-card=${panel.called}>${t("bi.called_card")} ${
      miniCard(panel.called, deck, "called")} · <span class="partner-note">${partner}</span></span>`);
  }
  return notes;
}

/** The two columns: before the hand, this hand (hidden at five until the partner is known), the
 * total, and what each needs. */
export function bieterColumns(panel) {
  const hand = panel.team_points;
  const cell = (values, i, cls) => html`<td class=${cls}>${values ? values[i] : "–"}</td>`;
  const total = hand ? panel.totals.map((v, i) => v + hand[i]) : null;
  // During the auction nobody is König yet: his column needs the bid still to be made.
  const needs = panel.targets && !panel.targets[0] ? ["–", panel.targets[1]] : panel.targets;
  return html`<table class="score-table bi-table"><thead><tr><th></th><th>${t("bi.koenig_col")}</th><th>${t("bi.bauern_col")}</th></tr></thead>
    <tbody><tr class="before"><th>${t("bi.before")}</th>${cell(panel.totals, 0, "koenig")}${cell(panel.totals, 1, "bauern")}</tr>
      <tr class="this-hand"><th>${t("bi.hand")}</th>${cell(hand, 0, "koenig")}${cell(hand, 1, "bauern")}</tr>
      <tr class="total"><th>${t("bi.total")}</th>${cell(total, 0, "koenig")}${cell(total, 1, "bauern")}</tr>
      <tr class="needs"><th>${t("bi.target")}</th>${cell(needs, 0, "koenig")}${cell(needs, 1, "bauern")}</tr></tbody></table>`;
}

/** The side box: the König and his bid (or the auction), the columns. */
export function bieterBox(panel, handNo, seatName) {
  let head = t("hand_no", { n: handNo });
  if (known(panel.koenig)) head = t("bi.koenig", { seat: seatName(panel.koenig), bid: panel.bid });
  return html`<section class="side-box bi-box"><h3>${head}</h3>${bieterColumns(panel)}</section>`;
}

/** A finished hand's score in the two columns: before, the hand (the discards in it), the total
 * after; a declined or thrown-in hand says so, and the partner at five is named. */
export function bieterScore(names, score) {
  const after = score.totals.map((v, i) => v + score.result[i]);
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th><td>${values[0]}</td><td>${values[1]}</td></tr>`;
  const notes = [];
  if (score.thrown_in) notes.push(t("bi.thrown_in"));
  if (score.declined) notes.push(t("bi.declined"));
  if (known(score.partner)) notes.push(t("bi.partner_is", { seat: names[score.partner] }));
  return html`${notes.map((n) => html`<p class="bi-note">${n}</p>`)}
    <table class="score-table bi-score"><thead><tr><th></th><th>${t("bi.koenig_col")} · ${names[score.koenig] ?? ""}</th>
      <th>${t("bi.bauern_col")}</th></tr></thead>
    <tbody>${row(t("bi.before"), score.totals, "before")}${row(t("bi.hand"), score.result, "this-hand")}${
      score.discard_points ? row(t("bi.talon"), [score.discard_points, ""], "discards") : ""}${
      row(t("bi.total"), after, "total")}</tbody></table>`;
}
