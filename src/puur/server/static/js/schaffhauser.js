// What the page shows of a Schaffhauser panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`, a hand_over's `score`): the König (♛) and the two Bauern at their
// seats, a declined hand, the two columns of the game (the König's against 350, the Bauern's
// against 1000), and the series: each game's König, who won it and its columns, and the games
// each player has won. The trump card the dealer turned is the contract line's own (every
// variant with a turned card shows it), the decline question Bieter's bar.
//
// The panel is recognised by what it holds (`koenig` and the `series` list; it has no talon, so
// it is never taken for Bieter's), not by the variant's name; every figure is the server's.

import { bieterColumns, bieterScore } from "./bieter.js";
import { html } from "./dom.js";
import { t } from "./i18n.js";

/** Whether `panel` is one of Schaffhauser's. */
export function isSchaffhauser(panel) {
  return Boolean(panel) && "koenig" in panel && Array.isArray(panel.series) && !("talon_up" in panel);
}

/** Whether a finished hand's score is Schaffhauser's (it names the game of the series). */
export function isSchaffhauserScore(score) {
  return Boolean(score) && "koenig" in score && "game_no" in score;
}

/** The bubble at a seat: König or Bauer. */
export function schaffhauserBubbles(panel, seat) {
  if (seat === panel.koenig) {
    return html`<span class="bubble role-bubble koenig" data-role="koenig">♛ ${t("bi.koenig_col")}</span>`;
  }
  return html`<span class="bubble role-bubble bauer" data-role="bauer">${t("bi.bauer")}</span>`;
}

/** Under the contract: that the König declined the hand. */
export function schaffhauserNotes(panel) {
  return panel.declined ? html`<span class="turned-note declined-note">${t("bi.declined")}</span>` : "";
}

/** The series so far: a row per game over (its König, the side that won, its columns) and the
 * games each player has won, as `ranking` counts them. `names[seat]` names a player. */
export function seriesTable(panel, names) {
  const side = (won) => t(won === 0 ? "bi.koenig_col" : "bi.bauern_col");
  const rows = panel.series.map((g, i) => html`<tr class="series-game" data-game=${i + 1}>
      <th>${t("sh.game_label", { game: i + 1 })}</th><td class="sh-koenig">${names[g.koenig]}</td><td class="sh-won">${side(g.won)}</td>
      <td class="sh-columns">${g.columns[0]} / ${g.columns[1]}</td></tr>`);
  const playing = panel.series.length < panel.games ? html`<tr class="series-game playing" data-game=${panel.game_no}>
      <th>▶ ${t("sh.game_label", { game: panel.game_no })}</th><td class="sh-koenig">${names[panel.koenig]}</td><td>…</td><td></td></tr>` : "";
  return html`<table class="score-table sh-series"><thead><tr><th>${t("sh.series")}</th><th>${t("bi.koenig_col")}</th>
      <th>${t("sh.winner")}</th><th>${t("bi.total")}</th></tr></thead><tbody>${rows}${playing}</tbody></table>
    <table class="score-table sh-wins"><thead><tr>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
      <tbody><tr class="games-won">${panel.series_scores.map((w, s) => html`<td data-seat=${s}>${w}</td>`)}</tr></tbody>
      <caption>${t(panel.ranking === "koenig_wins" ? "sh.wins_as_koenig" : "sh.wins")}</caption></table>`;
}

/** The side box: the game of the series and its König, the two columns, the series. */
export function schaffhauserBox(panel, seatName) {
  const names = panel.series_scores.map((_, s) => seatName(s) ?? t("you"));
  const head = `${t("sh.game_of", { game: panel.game_no, games: panel.games })} · ${t("sh.koenig_is", { seat: names[panel.koenig] })}`;
  return html`<section class="side-box sh-box"><h3>${head}</h3>${bieterColumns(panel)}${seriesTable(panel, names)}</section>`;
}

/** A finished hand's score: Bieter's two columns, and the game it won, if it did. */
export function schaffhauserScore(names, score) {
  let won = "";
  if (score.side_won === 0) won = t("sh.koenig_won", { seat: names[score.koenig] ?? "" });
  else if (score.side_won === 1) won = t("sh.bauern_won");
  return html`<p class="sh-game">${t("sh.game_label", { game: score.game_no })}</p>${bieterScore(names, score)}${
    won ? html`<p class="sh-won-game"><strong>${won}</strong></p>` : ""}`;
}
