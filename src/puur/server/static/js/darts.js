// What the page shows of a Darts-Jass panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): a darts board's count down — per side the
// points still needed to the target in large figures, the total and a bar of the way done —
// the contract and who chose it (and a push), the points taken in the hand, and once a hand is
// over whether the chooser made it, what each side scored (a bust with the exact finish) and
// what is left.
//
// The panel is recognised by what it holds (`darts_target` and `remaining`), not by the
// variant's name; every figure is the server's (a total after the hand is the total before it
// plus what the hand added, both from the panel).

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { contractName } from "./pieces.js";

/** Whether `panel` is one of Darts-Jass's. */
export function isDarts(panel) {
  return Boolean(panel) && "darts_target" in panel && Array.isArray(panel.remaining);
}

/** The board's head: the target, and that it must be hit exactly. */
function boardHead(panel) {
  return html`<h3 class="da-head">${t("da.board", { target: panel.darts_target })}${
    panel.exact_finish ? html` <small class="da-exact">${t("da.exact")}</small>` : ""}</h3>`;
}

/** The count down: per side what it still needs (large), its total and a bar of the way done;
 * once the hand is over, with the hand's result in. */
export function dartsBoard(names, panel, mySide) {
  const over = Array.isArray(panel.result);
  const total = (s) => panel.totals[s] + (over ? panel.result[s] : 0);
  const left = (s) => (over ? panel.remaining_after[s] : panel.remaining[s]);
  const done = (s) => Math.min(100, Math.round((100 * total(s)) / panel.darts_target));
  return html`<ol class="da-board">${names.map((n, s) => html`<li data-side=${s}
      class=${[s === mySide ? "mine" : "", left(s) === 0 ? "home" : "", panel.chooser_side === s ? "chooser" : ""].join(" ").trim()}>
      <span class="da-name">${n}</span><span class="da-left" title=${t("da.left")}>${left(s)}</span>
      <span class="da-total">${t("da.total_of", { total: total(s), target: panel.darts_target })}</span>
      <span class="da-bar" aria-hidden="true"><span style=${`width:${done(s)}%`}></span></span>
      <span class="da-made">${t("da.this_hand", { points: panel.made[s] })}</span></li>`)}</ol>`;
}

/** Who chose what (and that it was pushed), or who is to choose. */
function choiceLine(panel, seatName, deck) {
  if (panel.chooser === null || panel.chooser === undefined) {
    return html`<p class="da-choice">${t("da.chooses", { seat: seatName(panel.vorhand) })}</p>`;
  }
  return html`<p class="da-choice">${t("da.chosen", {
    contract: contractName(panel.contract, deck), seat: seatName(panel.chooser) })}${
    panel.pushed ? html` · ${t("da.pushed", { seat: seatName(panel.vorhand) })}` : ""}</p>`;
}

/** The side box: the board's head, the choice, the count down. */
export function dartsBox(names, panel, mySide, seatName, deck) {
  return html`<section class="side-box da-box">${boardHead(panel)}
      ${choiceLine(panel, seatName, deck)}${dartsBoard(names, panel, mySide)}</section>`;
}

/** Whether a finished hand's score is Darts-Jass's. */
export function isDartsScore(score) {
  return Boolean(score) && Array.isArray(score.gains) && Array.isArray(score.busted);
}

/** A finished hand's breakdown per side: the points taken, what it scored (a bust marked), the
 * total after it (`after`) and whether the chooser made it. */
export function dartsScore(names, score, after, deck) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const scored = score.result.map((r, s) => (score.busted[s] ? `${r} (${t("da.bust")})` : r));
  return html`<p class=${score.made ? "da-verdict made" : "da-verdict failed"}>${
    t(score.made ? "da.verdict_made" : "da.verdict_failed", { contract: contractName(score.contract, deck) })}</p>
    <table class="score-table da-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("da.taken"), score.points, "points")}${row(t("da.scored"), scored, "scored")}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
