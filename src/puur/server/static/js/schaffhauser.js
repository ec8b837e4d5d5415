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

/** The series so far: a line per game over (its König, the side that won, its final columns),
 * the game in play (a panel's `game_no` while it runs), and the games each player has won, as
 * `ranking` counts them. `panel` is a state's panel or a finished hand's score; `names[seat]`
 * names a player. Lines rather than a wide table: they wrap in a narrow box. */
export function seriesTable(panel, names) {
  const side = (won) => t(won === 0 ? "bi.koenig_col" : "bi.bauern_col");
  const games = panel.series.map((g, i) => html`<li class="series-game" data-game=${i + 1}>
      <strong>${t("sh.game_label", { game: i + 1 })}</strong> · <span class="sh-koenig">♛ ${names[g.koenig]}</span> ·
      ${t("sh.winner")} <span class="sh-won">${side(g.won)}</span> · <span class="sh-columns">${g.columns[0]} / ${g.columns[1]}</span></li>`);
  const playing = "games" in panel && panel.series.length < panel.games ? html`<li class="series-game playing"
      data-game=${panel.game_no}><strong>▶ ${t("sh.game_label", { game: panel.game_no })}</strong> · <span class="sh-koenig">♛ ${
      names[panel.koenig]}</span></li>` : "";
  return html`<div class="sh-series"><h4>${t("sh.series")}</h4><ul class="sh-games">${games}${playing}</ul>
    <table class="score-table sh-wins"><caption>${t(panel.ranking === "koenig_wins" ? "sh.wins_as_koenig" : "sh.wins")}</caption>
      <thead><tr>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
      <tbody><tr class="games-won">${panel.series_scores.map((w, s) => html`<td data-seat=${s}>${w}</td>`)}</tr></tbody></table></div>`;
}

/** The side box: the game of the series and its König, the two columns, the series. */
export function schaffhauserBox(panel, seatName) {
  const names = panel.series_scores.map((_, s) => seatName(s) ?? t("you"));
  const head = `${t("sh.game_of", { game: panel.game_no, games: panel.games })} · ${t("sh.koenig_is", { seat: names[panel.koenig] })}`;
  return html`<section class="side-box sh-box"><h3>${head}</h3>${bieterColumns(panel)}${seriesTable(panel, names)}</section>`;
}

/** A finished hand's score: Bieter's two columns; a hand that ended its game says who won it
 * and shows the series with that game in it. */
export function schaffhauserScore(names, score) {
  let won = "";
  if (score.side_won === 0) won = t("sh.koenig_won", { seat: names[score.koenig] ?? "" });
  else if (score.side_won === 1) won = t("sh.bauern_won");
  return html`<p class="sh-game">${t("sh.game_label", { game: score.game_no })}</p>${bieterScore(names, score)}${
    won ? html`<p class="sh-won-game"><strong>${won}</strong></p>${seriesTable(score, names)}` : ""}`;
}
