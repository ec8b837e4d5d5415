// What the page shows of a Strafpunktjass panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the penalty card and whether it was declared
// bare, the card that fixed trumps (as Molotow), each player's penalty points in the hand and
// total against the limit, who paid for trick 1, the penalty card and the last trick.
//
// The panel is recognised by what it holds (`card_taker` and `penalties`), not by the variant's
// name; every figure is the server's (a total shown after the hand is the total before it plus
// what the hand added, both from the panel). The question whether to declare the bare penalty
// card comes as two `declare` words (`bare`, `quiet`): the shared words panel shows them.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { trumpNote } from "./molotow.js";
import { miniCard } from "./pieces.js";

/** Whether `panel` is one of the Strafpunktjass's. */
export function isPenaltyJass(panel) {
  return Boolean(panel) && "card_taker" in panel && Array.isArray(panel.penalties);
}

/** Under the contract: the penalty card (and who declared it bare), then the trumps. */
export function penaltyJassNotes(panel, seatName, deck) {
  const who = panel.declared_seat === null || panel.declared_seat === undefined
    ? "" : seatName(panel.declared_seat);
  const declared = who === "" ? ""
    : html` <span class="pj-declared">${who === null ? t("pj.declared_by_you", { points: panel.declared_points })
      : t("pj.declared_by", { seat: who, points: panel.declared_points })}</span>`;
  return html`<span class="turned-note pj-card-note" data-card=${panel.penalty_card}>${t("pj.penalty_card")} ${
    miniCard(panel.penalty_card, deck, "turned")}${declared}</span>${trumpNote(panel, seatName, deck)}`;
}

/** The side panel's table: per player the penalty points in this hand and the total (before
 * the hand; with what it added once it is over). */
export function penaltyJassTable(names, panel, mySeat) {
  const over = Array.isArray(panel.result);
  const total = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  return html`<table class="score-table pj-table"><thead><tr><th>${t("mo.player")}</th>
      <th>${t("mo.hand")}</th><th>${t("mo.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="penalties">${panel.penalties[s]}</td><td class="total">${total(s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: the hand and the limit, the penalty card and the trumps, the table. */
export function penaltyJassBox(names, panel, handNo, mySeat, seatName, deck) {
  return html`<section class="side-box pj-box"><h3>${t("pj.hand", { hand: handNo, limit: panel.limit })}</h3>
      <p class="pj-notes">${penaltyJassNotes(panel, seatName, deck)}</p>
      ${penaltyJassTable(names, panel, mySeat)}</section>`;
}

/** Whether a finished hand's score is the Strafpunktjass's. */
export function isPenaltyJassScore(score) {
  return Boolean(score) && Array.isArray(score.penalties) && "first_trick" in score;
}

/** A finished hand's breakdown per player: who paid for trick 1, the penalty card and the last
 * trick, what the hand adds, the game total after it (`after`). */
export function penaltyJassScore(names, score, after) {
  const paid = (seat, points) => names.map((_, s) => (s === seat ? points : 0));
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  return html`<table class="score-table pj-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("pj.first_trick"), paid(score.first_trick, 1), "first-trick")}
      ${row(t("pj.penalty_card"), paid(score.penalty_card, score.card_price), "penalty-card")}
      ${row(t("pj.last_trick"), paid(score.last_trick, 1), "last-trick")}
      ${row(t("mo.score"), score.result, "total")}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
