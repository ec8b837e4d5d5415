// The scores of the variants that are not Schieber, drawn at the table, in the hand summary, at
// game over and in the replay: each side's total and place, Differenzler's forecasts, points
// made and penalties per player, and Coiffeur's sheet (each team's rows with their multipliers,
// what is written and what is open).
//
// Everything shown is the server's: the panel of a state or of a replayed hand, the score of a
// hand_over, the result of a game (docs/protocol.md). Nothing here works out a score or a rule.

import { bieterScore, isBieterScore } from "./bieter.js";
import { isSchaffhauserScore, schaffhauserScore } from "./schaffhauser.js";
import { fahnderScore, isFahnderScore } from "./fahnder.js";
import { html } from "./dom.js";
import { guggitalerScore, isGuggitalerScore } from "./guggitaler.js";
import { handjassScore, isHandjassScore } from "./handjass.js";
import { chratzerScore, isChratzerScore } from "./chratzer.js";
import { isKoenigsjassScore, koenigsjassScore } from "./koenigsjass.js";
import { label, suitName, t, tn } from "./i18n.js";
import { isMolotowScore, molotowScore } from "./molotow.js";
import { isOffenerJassScore, offenerJassScore } from "./offener_jass.js";
import { isSchellenjassScore, schellenjassScore } from "./schellenjass.js";
import { isPenaltyJassScore, penaltyJassScore } from "./penalty_jass.js";
import { hindersiScore, isHindersiScore } from "./hindersi.js";
import { dartsScore, isDartsScore } from "./darts.js";
import { contractName, miniCard, scoreTable, SUIT_TOKENS } from "./pieces.js";

/** A sheet row's discipline in words: a suit, Obenabe … Guschti, or "free". */
function disciplineName(discipline, deck) {
  if (discipline in SUIT_TOKENS) return suitName(SUIT_TOKENS[discipline], deck);
  if (discipline === "free") return label(t("discipline.free"));
  return contractName(discipline, deck);
}

/** "Row 3: Schilten ×3" */
export function rowName(row, deck) {
  return t("row.name", { row: row.row, what: disciplineName(row.discipline, deck), mult: row.multiplier });
}

/** Each side's total and place, best first (`names[side]`; `lower`: less is better). */
/** The words of what a variant's totals count, by its `score_name` (points otherwise). */
const SCORE_WORDS = {
  penalty: "score.penalty", "net Striche": "score.net_striche", "written points": "score.written_points",
  "games won": "score.games_won", marks: "score.marks", Striche: "score.net_striche",
};

/** What a variant's totals are called (`scoreName`: the variant's `score_name`). */
export function scoreWord(scoreName) {
  return t(SCORE_WORDS[scoreName] || "score.points");
}

export function ranking(names, scores, places, scoreName) {
  const order = scores.map((_, i) => i).sort((a, b) => (places[a] - places[b]) || (a - b));
  return html`<ol class="ranking">${order.map((s) => html`<li class="rank side-${s}" data-side=${s}>
      <span class="place">${places[s]}.</span><span class="team">${names[s]}</span>
      <strong>${scores[s]}</strong><span class="muted small">${scoreWord(scoreName)}</span></li>`)}</ol>`;
}

/** Each side's total now, for the side panel (ids score-0 … for the tests). */
export function sideTotals(names, scores, places) {
  return scores.map((v, s) => html`<div class="scoreline"><span class="team team-${s}">${places ? `${places[s]}. ` : ""}${names[s]}</span><strong
      id="score-${s}">${v}</strong></div>`);
}

/** A Differenzler forecast as one player may see it: the number, ✓ when made but hidden, – not
 * yet. */
export function forecastText(panel, own, seat, mySeat) {
  const open = panel.forecasts?.[seat];
  if (open !== null && open !== undefined) return String(open);
  if (seat === mySeat && own && own.forecast !== null && own.forecast !== undefined) return String(own.forecast);
  return panel.forecast_done?.[seat] ? t("dz.hidden") : "–";
}

/** Differenzler: per player the forecast, the points made this hand and the penalty total
 * (before this hand; with the hand's penalty once it is over). */
export function forecastTable(names, panel, own, mySeat) {
  const seats = names.map((_, s) => s);
  const pen = panel.penalties;
  return html`<table class="score-table dz-table"><thead><tr><th>${t("dz.player")}</th>
      <th>${t("dz.forecast")}</th><th>${t("dz.made")}</th>${pen ? html`<th>${t("dz.penalty")}</th>` : ""}<th>${t("dz.total")}</th></tr></thead>
    <tbody>${seats.map((s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${names[s]}</th>
      <td class="forecast">${forecastText(panel, own, s, mySeat)}</td><td>${panel.made[s]}</td>${
        pen ? html`<td>${pen[s]}</td>` : ""}<td>${pen ? panel.totals[s] + pen[s] : panel.totals[s]}</td></tr>`)}</tbody></table>`;
}

/** The score of a finished Differenzler hand: forecast, made, penalty (★ exact), total. */
export function forecastScore(names, score, totals) {
  return html`<table class="score-table dz-table"><thead><tr><th>${t("dz.player")}</th><th>${t("dz.forecast")}</th>
      <th>${t("dz.made")}</th><th>${t("dz.penalty")}</th><th>${t("dz.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s}><th>${n}</th><td>${score.forecasts[s]}</td><td>${score.made[s]}</td>
      <td>${score.penalties[s]}${score.exact?.[s] ? html` <span class="exact" title=${t("dz.exact")}>★</span>` : ""}</td>
      <td>${totals[s]}</td></tr>`)}</tbody></table>`;
}

/** Whether a finished hand's tricks (`score.tricks`, the winner of each) all went to one side:
 * "match" for the choosing side, "kontermatch" for the other, else "". */
export function matchOf(score, sides, chooser) {
  const tricks = score?.tricks || [];
  if (!tricks.length || chooser === null || chooser === undefined) return "";
  const side = sides.findIndex((seats) => seats.includes(tricks[0]));
  if (!tricks.every((w) => sides[side].includes(w))) return "";
  return sides[side].includes(chooser) ? "match" : "kontermatch";
}

/** What a finished Coiffeur hand wrote: {side, row, value, mark}. */
export function writtenBy(score, sides) {
  const side = sides.findIndex((seats) => seats.includes(score.chooser));
  return { side, row: score.row, value: score.value, mark: matchOf(score, sides, score.chooser) };
}

/**
 * The Coiffeur sheet: a line per row (its discipline and multiplier), a column per team with
 * what it wrote or a dot where the row is open, the totals under them. `panel` is the sheet
 * before the hand; `written` ({side, row, value, mark}) adds what a finished hand wrote, and
 * `marks` (side → row → "match"/"kontermatch") the Match marks of earlier hands; `playing` is
 * the row chosen in this hand.
 */
export function sheetTable(names, panel, deck, { written = null, marks = {}, playing = null } = {}) {
  const cols = panel.sheet.map((col) => [...col]);
  const totals = [...panel.totals];
  const allMarks = { ...marks };
  if (written) {
    cols[written.side][written.row - 1] = written.value;
    totals[written.side] += written.value;
    if (written.mark) allMarks[written.side] = { ...(allMarks[written.side] || {}), [written.row]: written.mark };
  }
  const cell = (side, row) => {
    const v = cols[side][row.row - 1];
    const mark = allMarks[side]?.[row.row];
    if (v === null) return html`<td class="open" data-side=${side} data-row=${row.row}>·</td>`;
    return html`<td class="written ${mark || ""}" data-side=${side} data-row=${row.row}>${v}${
      mark ? html` <span class="mark">${t(mark === "match" ? "summary.match" : "sheet.kontermatch")}</span>` : ""}</td>`;
  };
  return html`<table class="score-table sheet"><thead><tr><th>${t("sheet.title")}</th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${panel.rows.map((row) => html`<tr class=${row.row === playing ? "playing" : ""} data-row=${row.row}>
      <th>${row.row === playing ? "▶ " : ""}${rowName(row, deck)}</th>${names.map((_, s) => cell(s, row))}</tr>`)}
      <tr class="total"><th>${t("sheet.total")}</th>${totals.map((v) => html`<td>${v}</td>`)}</tr></tbody></table>`;
}

/** A finished hand's score as its variant breaks it down (`score`, and each side's game total
 * after it, `after`): Differenzler's forecasts and penalties, Coiffeur's row (`rows`: the sheet's
 * rows), Molotow's points per player, Handjass's words, Striche and Nuller, Bieter's two columns,
 * or Schieber's card points, Match, Weis and Stöck. */
export function handScore(names, score, after, rows, sides, deck) {
  if (score.forecasts) return forecastScore(names, score, after);
  if (score.row) return rowScore(names, rows || [], score, after, sides, deck);
  if (isPenaltyJassScore(score)) return penaltyJassScore(names, score, after);  // before Molotow's
  if (isMolotowScore(score)) return molotowScore(names, score, after);
  if (isGuggitalerScore(score)) return guggitalerScore(names, score, after);
  if (isHandjassScore(score)) return handjassScore(names, score, after);
  if (isSchaffhauserScore(score)) return schaffhauserScore(names, score);
  if (isKoenigsjassScore(score)) return koenigsjassScore(names, score);
  if (isBieterScore(score)) return bieterScore(names, score);
  if (isFahnderScore(score)) return fahnderScore(names, score, after);
  if (isSchellenjassScore(score)) return schellenjassScore(names, score, after);
  if (isHindersiScore(score)) return hindersiScore(names, score, after);
  if (isOffenerJassScore(score)) return offenerJassScore(names, score, after);
  if (isDartsScore(score)) return dartsScore(names, score, after, deck);
  if (isChratzerScore(score)) return chratzerScore(names, score, after);
  return scoreTable(names, score, after);
}

/** The score of a finished Coiffeur hand: the row and how it was played, who chose it, the
 * card points of each team, what was written, Match or Kontermatch, the game after it. */
export function rowScore(names, rows, score, game, sides, deck) {
  const row = rows.find((r) => r.row === score.row);
  const side = sides.findIndex((seats) => seats.includes(score.chooser));
  const mark = matchOf(score, sides, score.chooser);
  const written = names.map((_, s) => (s === side ? score.value : "—"));
  return html`<p class="row-played">${row ? rowName(row, deck) : ""} · ${contractName(score.contract, deck)}${
      score.pushes ? ` · ${tn("pushes.count", score.pushes)}` : ""}${
      mark ? html` · <strong class="mark">${t(mark === "match" ? "summary.match" : "sheet.kontermatch")}</strong>` : ""}</p>
    <table class="score-table"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody><tr><th>${t("summary.tricks")}</th>${score.trick_points.map((v) => html`<td>${v}</td>`)}</tr>
      <tr class="total"><th>${t("sheet.written")}</th>${written.map((v) => html`<td>${v}</td>`)}</tr>
      <tr class="game"><th>${t("summary.game")}</th>${game.map((v) => html`<td>${v}</td>`)}</tr></tbody></table>`;
}

/** Under a Differenzler contract: the dealer's turned card that made trumps (shown to all), or
 * that trumps were drawn; `dealer` is the dealer's name, null for the page's own seat. */
export function turnedNote(turned, dealer, deck) {
  if (!turned) {
    return html`<span class="turned-note">${dealer === null ? t("dz.drawn_you") : t("dz.drawn", { seat: dealer })}</span>`;
  }
  return html`<span class="turned-note">${miniCard(turned, deck, "turned")} ${
    dealer === null ? t("dz.turned_by_you") : t("dz.turned_by", { seat: dealer })}</span>`;
}
