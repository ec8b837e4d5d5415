// What the page shows of a Molotow panel (docs/protocol.md; the state's `game.panel`, a replayed
// hand's `panel`, a hand_over's `score`): the card that fixed trumps and who played it (or that
// there are none yet), each player's points in the hand and total, table Weis, and once a hand
// is over its breakdown: card points, table Weis, own Weis, Stöck, or Striche and Nuller.
//
// The panel is recognised by what it holds (`trump_card` and `made`), not by the variant's name;
// every figure is the server's (a total shown after the hand is the total before it plus what
// the hand added, both from the panel).

import { cardToken } from "./cards.js";
import { html } from "./dom.js";
import { t } from "./i18n.js";
import { miniCard } from "./pieces.js";

/** Whether `panel` is one of Molotow's. */
export function isMolotow(panel) {
  return Boolean(panel) && "trump_card" in panel && Array.isArray(panel.made);
}

/** A card as the panel or a hand's score gives it (a token, or a card number). */
function token(card) {
  return typeof card === "number" ? cardToken(card) : card;
}

/** Under the contract: the card that fixed trumps and who played it (`seatName(seat)`, null for
 * the page's own seat), or that there are no trumps yet and the hand ranks as Obenabe. */
export function trumpNote(panel, seatName, deck) {
  if (panel.trump_card === null || panel.trump_card === undefined) {
    return html`<span class="turned-note trump-note" data-trump="">${t("mo.no_trumps_yet")}</span>`;
  }
  const who = seatName(panel.trump_seat);
  const text = who === null ? t("mo.fixed_by_you") : t("mo.fixed_by", { seat: who });
  return html`<span class="turned-note trump-note" data-trump=${token(panel.trump_card)}>${text} ${
    miniCard(token(panel.trump_card), deck, "turned")}</span>`;
}

/** Whether any player has a figure other than zero in `values`. */
const some = (values) => Array.isArray(values) && values.some((v) => v);

/** The side panel's table: per player the points in this hand, the table Weis (where there is
 * any), the Striche and Nuller of a finished hand (Striche scoring), and the total (before the
 * hand; with what it added once it is over). */
export function molotowTable(names, panel, mySeat) {
  const over = Array.isArray(panel.result);
  const marks = panel.marks;
  const weis = some(panel.table_weis);
  const total = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  return html`<table class="score-table mo-table"><thead><tr><th>${t("mo.player")}</th>
      <th>${panel.scoring === "striche" ? t("mo.card_points") : t("mo.hand")}</th>${
        weis ? html`<th>${t("mo.table_weis")}</th>` : ""}${
        marks ? html`<th>${t("mo.striche")}</th><th>${t("mo.nuller")}</th>` : ""}<th>${t("mo.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="made">${panel.made[s]}</td>${weis ? html`<td class="table-weis">${panel.table_weis[s]}</td>` : ""}${
        marks ? html`<td class="striche">${marks[s][0]}</td><td class="nuller">${marks[s][1]}</td>` : ""}<td
        class="total">${total(s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: which hand of how many, the trumps, the players' table. */
export function molotowBox(names, panel, handNo, mySeat, seatName, deck) {
  return html`<section class="side-box mo-box"><h3>${t("hand_of", { hand: handNo, hands: panel.hands })}</h3>
      <p class="mo-trumps">${trumpNote(panel, seatName, deck)}</p>
      ${molotowTable(names, panel, mySeat)}</section>`;
}

/** Whether a finished hand's score is Molotow's. */
export function isMolotowScore(score) {
  return Boolean(score) && "trump_card" in score && Array.isArray(score.result);
}

/** A finished hand's breakdown per player: card points, table Weis, own Weis and Stöck taken
 * off (each where anyone has one), or the Striche and Nuller; what the hand adds, the game
 * total after it (`after`). */
export function molotowScore(names, score, after) {
  const row = (text, values, cls, sign = 1) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${sign * values[s] || 0}</td>`)}</tr>`;
  const marks = score.marks;
  return html`<table class="score-table mo-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("mo.card_points"), score.trick_points, "cards")}${
      some(score.table_weis) ? row(t("mo.table_weis"), score.table_weis, "table-weis") : ""}${
      some(score.weis) ? row(t("mo.weis"), score.weis, "weis", -1) : ""}${
      some(score.stoeck) ? row(t("mo.stoeck"), score.stoeck, "stoeck", -1) : ""}${
      marks ? html`${row(t("mo.striche"), marks.map((m) => m[0]), "striche")}${row(t("mo.nuller"), marks.map((m) => m[1]), "nuller")}` : ""}
      ${row(t("mo.score"), score.result, "total")}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
