// What the page shows of a Schellenjass panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the penalty suit, named as the table's pack
// names it (Schellen, diamonds, Schelle; hearts or Rosen in the Herzjass form), each player's
// penalty cards taken in the hand and total (or Striche), and once a hand is over its breakdown
// and a Turi.
//
// The panel is recognised by what it holds (`penalty_suit` and `taken`), not by the variant's
// name; every figure is the server's (a total shown after the hand is the total before it plus
// what the hand added, both from the panel).

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { suitIcon } from "./cards.js";

/** Whether `panel` is one of Schellenjass's. */
export function isSchellenjass(panel) {
  return Boolean(panel) && "penalty_suit" in panel && Array.isArray(panel.taken);
}

/** Under the contract: which suit costs a point, with its picture in the table's pack. */
export function penaltyNote(panel, deck) {
  return html`<span class="turned-note penalty-note" data-penalty=${panel.penalty_suit}>${
    suitIcon(deck, panel.penalty_suit, 16)} ${t("sj.penalty_note", { suit: t(`suit.${deck}.${panel.penalty_suit}`) })}</span>`;
}

/** The side panel's table: per player the penalty cards taken in this hand and the total
 * (points or Striche; before the hand, with what it added once it is over). */
export function schellenjassTable(names, panel, mySeat) {
  const over = Array.isArray(panel.result);
  const total = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  const striche = panel.scoring === "striche";
  return html`<table class="score-table sj-table"><thead><tr><th>${t("sj.player")}</th>
      <th>${t("sj.taken")}</th><th>${striche ? t("sj.striche") : t("sj.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="taken">${panel.taken[s]}</td><td class="total">${total(s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: which hand (of how many, or the Striche target), the penalty suit, the table. */
export function schellenjassBox(names, panel, handNo, mySeat, deck) {
  const head = panel.scoring === "striche"
    ? t("sj.hand_striche", { hand: handNo, target: panel.striche_target })
    : t("hand_of", { hand: handNo, hands: panel.hands });
  return html`<section class="side-box sj-box"><h3>${head}</h3>
      <p class="sj-penalty">${penaltyNote(panel, deck)}</p>
      ${schellenjassTable(names, panel, mySeat)}</section>`;
}

/** Whether a finished hand's score is Schellenjass's. */
export function isSchellenjassScore(score) {
  return Boolean(score) && Array.isArray(score.taken) && "turi_seat" in score;
}

/** A finished hand's breakdown per player: the penalty cards taken, what the hand adds (points
 * or Striche), the game total after it (`after`), and who made a Turi. */
export function schellenjassScore(names, score, after) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const striche = Array.isArray(score.striche);
  const turi = score.turi_seat ?? -1;
  return html`${turi >= 0 ? html`<p class="sj-turi">${
    t(striche ? "sj.turi_striche" : "sj.turi", { seat: names[turi] })}</p>` : ""}
    <table class="score-table sj-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("sj.taken"), score.taken, "taken")}
      ${row(striche ? t("sj.striche") : t("sj.score"), score.result, "total")}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
