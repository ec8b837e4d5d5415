// What the page shows of a Hindersi panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the round and the hand in it, the turned
// card, each player's points in the hand and in the round and his net Striche, and once a hand
// is over its points, a player who took every trick and, closing a round, its marks.
//
// The panel is recognised by what it holds (`hindersi_round`), not by the variant's name;
// every figure is the server's.

import { html } from "./dom.js";
import { t } from "./i18n.js";

/** Whether `panel` is one of Hindersi's. */
export function isHindersi(panel) {
  return Boolean(panel) && "hindersi_round" in panel && Array.isArray(panel.made);
}

/** The side panel's table: per player the points of this hand, of the round so far and the
 * net Striche (the round's marks added once the hand closing it is over). */
export function hindersiTable(names, panel, mySeat) {
  const over = Array.isArray(panel.points);
  const hand = (s) => (over ? panel.points[s] : panel.made[s]);
  const round = (s) => (typeof hand(s) === "number" ? panel.round_before[s] + hand(s) : hand(s));
  const net = (s) => panel.totals[s] + (Array.isArray(panel.marks) ? panel.marks[s] : 0);
  return html`<table class="score-table hi-table"><thead><tr><th>${t("hi.player")}</th>
      <th>${t("hi.points")}</th><th>${t("hi.round")}</th><th>${t("hi.net")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="points">${hand(s)}</td><td class="round">${round(s)}</td><td class="net">${net(s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: the round and the hand in it, the turned card, the table. */
export function hindersiBox(names, panel, mySeat) {
  return html`<section class="side-box hi-box"><h3>${t("hi.round_of", {
    round: panel.hindersi_round, rounds: panel.rounds, hand: panel.hand_in_round })}</h3>
      <p class="hi-turned">${t("hi.turned", { card: panel.turned })}</p>
      ${hindersiTable(names, panel, mySeat)}</section>`;
}

/** Whether a finished hand's score is Hindersi's. */
export function isHindersiScore(score) {
  return Boolean(score) && Array.isArray(score.round_points) && "match_seat" in score;
}

/** A finished hand's breakdown per player: its points, the round's points, the marks when it
 * closes a round, the net Striche after it (`after`), and who took every trick. */
export function hindersiScore(names, score, after) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const match = score.match_seat ?? -1;
  return html`${match >= 0 ? html`<p class="hi-match">${t("hi.match", { seat: names[match] })}</p>` : ""}
    <table class="score-table hi-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("hi.points"), score.points, "points")}
      ${row(t("hi.round"), score.round_points, "round")}
      ${Array.isArray(score.marks) ? row(t("hi.marks"), score.marks.map((m) => (m > 0 ? `+${m}` : `${m}`)), "marks") : ""}
      ${after ? row(t("summary.game"), after, "game") : ""}</tbody></table>`;
}
