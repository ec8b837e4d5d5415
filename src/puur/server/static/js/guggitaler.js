// What the page shows of a Guggitaler panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the deal of six and what its taker pays (or
// that it is the Domino), each player's penalty in the deal and total, the score sheet of the
// deals so far, and in the Domino the four suit rows on the cloth, each growing both ways from
// its opening card, with a pass button when the seat has no card to lay.
//
// The panel is recognised by what it holds (`guggitaler_deal`), not by the variant's name; every
// figure is the server's, and every button is one of the server's legal actions.

import { parseToken } from "./cards.js";
import { html } from "./dom.js";
import { cardName, suitName, t } from "./i18n.js";
import { miniCard } from "./pieces.js";

const SUITS = ["D", "H", "S", "C"];
const RANKS = ["6", "7", "8", "9", "T", "J", "Q", "K", "A"];

/** Whether `panel` is one of Guggitaler's. */
export function isGuggitaler(panel) {
  return Boolean(panel) && "guggitaler_deal" in panel;
}

/** Whether the panel is the Domino's (deal 6). */
export function isDomino(panel) {
  return isGuggitaler(panel) && panel.penalty === "domino";
}

/** Whether a finished deal's score is Guggitaler's. */
export function isGuggitalerScore(score) {
  return Boolean(score) && "penalty" in score && "deal" in score && Array.isArray(score.result);
}

/** What the taker pays in the deal (the Domino: how it is played), and the suits not led. */
export function penaltyText(panel, deck) {
  const p = panel.penalty;
  let text;
  if (p === "domino") text = t("gg.pen.domino");
  else if (p === "all") text = t("gg.pen.all");
  else if (p === "tricks") text = t("gg.pen.tricks", { points: panel.per_trick });
  else if (p === "last") text = t("gg.pen.last", { points: panel.last });
  else if (p === "king") text = t("gg.pen.king", { points: panel.per_card, card: cardName(parseToken(panel.king), deck) });
  else text = t(`gg.pen.${p}`, { points: panel.per_card });
  const banned = (panel.lead_ban || []).map((s) => suitName(s, deck));
  return banned.length ? `${text} · ${t("gg.no_lead", { suit: banned.join(", ") })}` : text;
}

/** The Domino's four suit rows on the cloth: nine places per suit (6 to Ace), the cards laid
 * face up, the places still open dotted. */
export function dominoRows(panel, deck) {
  if (!isDomino(panel)) return "";
  return html`<div class="domino" id="domino" aria-label=${t("gg.domino")}>${panel.rows.map((row, s) => {
    const laid = new Set(row);
    return html`<div class="domino-row" data-suit=${SUITS[s]} data-laid=${row.length}>${RANKS.map((r) => {
      const tok = SUITS[s] + r;
      return laid.has(tok) ? miniCard(tok, deck, "laid") : html`<span class="domino-gap" data-card=${tok}></span>`;
    })}</div>`;
  })}</div>`;
}

/** The bar above the hand in the Domino: lay a card from the hand, or pass when none fits. */
export function dominoPanel(table, legal, timer) {
  const pass = legal.find((a) => a.type === "pass");
  if (!pass) return html`<span class="prompt your-turn">${t("gg.lay")}</span>${timer}`;
  return html`<span class="prompt">${t("gg.cannot_lay")}</span>
    <button class="btn choice primary" type="button" id="domino-pass"
      @click=${() => table.send("action", { id: pass.id })}>${t("gg.pass")}</button>${timer}`;
}

/** The players' table: the penalty (or the Domino credit) in the deal, the total. */
function playersTable(names, panel, mySeat) {
  const over = Array.isArray(panel.result);
  const total = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  const head = panel.penalty === "domino" ? t("gg.credit") : t("gg.deal_col");
  return html`<table class="score-table gg-table"><thead><tr><th>${t("mo.player")}</th><th>${head}</th>
      <th>${t("mo.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="made">${panel.made[s]}</td><td class="total">${total(s)}</td></tr>`)}</tbody></table>`;
}

/** The sheet of the deals so far: each player's penalty per deal, the Domino credit, the total. */
export function dealSheet(names, panel) {
  const rows = [...panel.earlier];
  if (Array.isArray(panel.result)) rows.push(panel.result);
  const totals = names.map((_, s) => rows.reduce((a, r) => a + r[s], 0));
  const label = (i) => (i === 5 ? t("gg.credit") : t("gg.deal_no", { deal: i + 1 }));
  return html`<table class="score-table gg-sheet"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${rows.map((r, i) => html`<tr data-deal=${i + 1}><th>${label(i)}</th>${
      r.map((v) => html`<td>${i === 5 ? -v : v}</td>`)}</tr>`)}
      <tr class="total"><th>${t("mo.total")}</th>${totals.map((v) => html`<td>${v}</td>`)}</tr></tbody></table>`;
}

/** The side box: which deal of six, what it costs, the players' table and the sheet. */
export function guggitalerBox(names, panel, mySeat, deck) {
  return html`<section class="side-box gg-box"><h3>${t("gg.deal_of", { deal: panel.guggitaler_deal, deals: panel.deals })}</h3>
      <p class="gg-penalty">${penaltyText(panel, deck)}</p>
      ${playersTable(names, panel, mySeat)}
      ${panel.earlier.length || Array.isArray(panel.result) ? dealSheet(names, panel) : ""}</section>`;
}

/** A finished deal's score: each player's penalty (or Domino credit) and the total after it. */
export function guggitalerScore(names, score, after) {
  const domino = score.penalty === "domino";
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  return html`<table class="score-table gg-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(domino ? t("gg.credit") : t("gg.penalty"), score.credited, "made")}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
