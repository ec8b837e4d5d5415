// What the page shows of a Chratzer panel (docs/protocol.md; the state's `game.panel`, a
// finished deal's `score`): the trump cards turned so far, the pot and what a trick wins, who
// chratzt, who came along and who is out, each player's tricks and promise, and the chip
// balances; a finished deal's winnings, penalties and what stays in the pot.
//
// The panel is recognised by what it holds (`chratzer_turned`), not by the variant's name;
// every figure is the server's. The words (chratze, weg, metcho) are `declare:W` actions: the
// shared words panel offers them and the shared bubbles show them at the seats.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { miniCard } from "./pieces.js";

/** Whether `panel` is one of Chratzer's. */
export function isChratzer(panel) {
  return Boolean(panel) && Array.isArray(panel.chratzer_turned) && "pot" in panel;
}

/** Whether a finished deal's score is Chratzer's. */
export function isChratzerScore(score) {
  return Boolean(score) && "carry" in score && Array.isArray(score.won) && "pot" in score;
}

function role(panel, seat) {
  if (panel.chratzer === seat) return t("cz.chratzer");
  if (panel.joined.includes(seat)) return t("word.metcho");
  if (panel.said[seat] === "weg" && panel.chratzer !== null) return t("word.weg");
  return "–";
}

/** The side box: the deal, the trump cards, the pot and a trick's share, and per player his
 * part, tricks, promise and chips (the balance before the deal, with what it added once over). */
export function chratzerBox(names, panel, handNo, mySeat, deck) {
  const over = Array.isArray(panel.result);
  const chips = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  return html`<section class="side-box cz-box"><h3>${t("hand_no", { n: handNo })}</h3>
    <p class="cz-trumps">${panel.chratzer_turned.map((c) => miniCard(c, deck, "turned"))} <span class="muted small">${
      t("cz.tries", { turn: panel.chratzer_turned.length, tries: panel.tries })}</span></p>
    <p class="cz-pot" id="cz-pot">${t("cz.pot", { pot: panel.pot, share: panel.share })}</p>
    <table class="score-table cz-table"><thead><tr><th>${t("mo.player")}</th><th></th>
      <th>${t("cz.tricks")}</th><th>${t("cz.chips")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="role">${role(panel, s)}</td><td class="cz-tricks">${panel.in_play.includes(s)
        ? `${panel.tricks[s]}/${panel.promises[s]}` : "–"}</td><td class="chips">${chips(s)}</td></tr>`)}</tbody></table>
    ${over ? html`<p class="cz-carry">${t("cz.carry", { carry: panel.carry })}</p>` : ""}</section>`;
}

/** A finished deal's score per player: chips won, paid and the deal's net, the balance after it
 * (`after`); a deal without card play says why; what stays in the pot. */
export function chratzerScore(names, score, after) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const why = score.chratzer === null ? t("cz.nobody") : score.in_play.length ? "" : t("cz.alone");
  return html`${why ? html`<p class="no-play">${why}</p>` : ""}
    <table class="score-table cz-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("cz.won"), score.won, "won")}${row(t("cz.paid"), score.paid, "paid")}${
      row(t("mo.score"), score.result, "total")}${after ? row(t("cz.chips"), after, "game") : ""}</tbody></table>
    <p class="cz-carry">${t("cz.carry", { carry: score.carry })}</p>`;
}
