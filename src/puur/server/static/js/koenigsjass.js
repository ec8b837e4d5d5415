// What the page shows of a Königsjass panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the talon as a face-down pile with the card
// lying face up on it (the turned card, or the trump 6 put there for it), the dead hand of the
// player who swapped, who exchanged the trump 6, each player's points in the hand and his running
// total against the target, and in a finished hand who reached the target in which trick.
//
// The panel is recognised by what it holds (`talon_up`), not by the variant's name; every figure
// is the server's. The words (keep, swap, exchange, pass) are `declare:W` actions: the shared
// words bar offers them and the seats show them (`said`).

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Königsjass's. */
export function isKoenigsjass(panel) {
  return Boolean(panel) && "talon_up" in panel && Array.isArray(panel.running);
}

/** Whether a finished hand's score is Königsjass's. */
export function isKoenigsjassScore(score) {
  return Boolean(score) && Array.isArray(score.totals) && "tricks_played" in score;
}

/** The talon and the dead hand on the cloth, face down (the talon's face-up card on it).
 * `seatName(seat)` names a seat, null for the page's own. */
export function koenigsjassPiles(panel, seatName, deck) {
  const [talon, dead] = panel.piles || [0, 0];
  let deadLabel = t("kg.dead");
  if (panel.swapper !== null && panel.swapper !== undefined) {
    const who = seatName(panel.swapper);
    deadLabel = who === null ? t("kg.dead_yours") : t("kg.dead_of", { seat: who });
  }
  return html`<div class="piles">${talon ? pile("talon", talon, t("kg.pile_talon"), panel.talon_up ? [panel.talon_up] : [], deck) : ""}${
    dead ? pile("dead", dead, deadLabel, [], deck) : ""}</div>`;
}

/** The side box: which hand, the target, per player the points in this hand and the total. */
export function koenigsjassBox(names, panel, handNo, mySeat) {
  const cls = (s) => [s === mySeat ? "mine" : "", panel.winner === s ? "winner" : ""].join(" ");
  return html`<section class="side-box kg-box"><h3>${t("hand_no", { n: handNo })} <span class="muted small">${
    t("target", { n: panel.target })}</span></h3>
    <table class="score-table kg-table"><thead><tr><th>${t("mo.player")}</th><th>${t("mo.hand")}</th>
      <th>${t("kg.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${cls(s)}><th>${n}</th>
      <td class="made">${panel.made[s]}</td><td class="running">${panel.running[s]}<span class="muted small"> / ${
        panel.target}</span></td></tr>`)}</tbody></table></section>`;
}

/** A finished hand's score per player: card points, the points of the hand, the total after it;
 * who reached the target, and in which trick, where someone did. */
export function koenigsjassScore(names, score) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const won = Number.isInteger(score.winner) && score.winner >= 0
    ? html`<p class="kg-winner">${t("kg.won", { seat: names[score.winner], trick: score.tricks_played })}</p>` : "";
  return html`${won}<table class="score-table kg-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("summary.tricks"), score.trick_points, "points")}${row(t("mo.hand"), score.credited, "made")}${
      row(t("kg.total"), score.totals, "game")}</tbody></table>`;
}
