// Pieces drawn both at the table and in the replay: contract names and icons, small cards, a
// card of the trick, the bubbles at a seat, the declared Weis, the hand's score table and the
// panel a page shows when it cannot open.

import { cardSVG, parseToken, suitIcon } from "./cards.js";
import { html } from "./dom.js";
import { cardName, label, t } from "./i18n.js";

export const SUIT_TOKENS = { D: 0, H: 1, S: 2, C: 3 };
/** Where a seat sits, counted from the seat at the bottom. */
export const POS = ["bottom", "right", "top", "left"];

/** The display name of a contract token. */
export function contractName(token, deck) {
  if (token in SUIT_TOKENS) return label(t("trumps", { suit: t(`suit.${deck}.${SUIT_TOKENS[token]}`) }));
  return t(`contract.${token}`);
}

/** An icon for a contract token. */
export function contractIcon(token, deck, size = 22) {
  if (token in SUIT_TOKENS) return suitIcon(deck, SUIT_TOKENS[token], size);
  const glyph = { obe: "⬇", unde: "⬆", misere: "∅", slalom: "⇅", "slalom-unde": "⇵", guschti: "⇊",
    "guschti-unde": "⇈" }[token] || "?";
  return html`<span class="contract-glyph" style="font-size:${size * 0.8}px">${glyph}</span>`;
}

/** A small face-up card. */
export function miniCard(token, deck, extra = "") {
  const c = parseToken(token);
  return html`<span class="mini-card ${extra}" title=${cardName(c, deck)}>${cardSVG(c, deck, cardName(c, deck))}</span>`;
}

/** A card of the trick ({card, seat}) lying at `slot` (a POS), with more classes. */
export function trickCard(c, slot, classes, deck) {
  const card = parseToken(c.card);
  return html`<div class="trick-card slot-${slot} ${classes}" data-card=${c.card} data-seat=${c.seat}>
        ${cardSVG(card, deck, cardName(card, deck))}</div>`;
}

/** The contract in the middle of the cloth: its icon and name, the multiplier, who chose it. */
export function contractChip(contract, multiplier, chosenBy, pushed, deck) {
  return html`<div class="contract-chip" data-contract=${contract}>
      ${contractIcon(contract, deck)}<span>${contractName(contract, deck)}</span>${
        multiplier > 1 ? html` <span class="mult">×${multiplier}</span>` : ""}
      <span class="muted small">${chosenBy}${pushed ? ` · ${t("pushed")}` : ""}</span>
    </div>`;
}

/** The bubble at a seat that declared Weis: "Weis 50". */
export function weisBubble(melds) {
  return html`<span class="bubble weis-bubble">${t("weis")} ${melds.reduce((a, m) => a + m.points, 0)}</span>`;
}

export function stoeckBubble() {
  return html`<span class="bubble stoeck-bubble">${t("stoeck")}</span>`;
}

/** The bubble at the seat that chose the contract: the contract's icon. */
export function chooserBubble(contract, deck) {
  return html`<span class="bubble chooser-bubble" title=${contractName(contract, deck)}>${contractIcon(contract, deck, 16)}</span>`;
}

/** The declared Weis card by card, by seat (marked: the side of the best Weis; `sideOf(seat)`
 * is a seat's side), or "". */
export function weisShown(weis, weisSeat, seatName, deck, sideOf) {
  const rows = (weis || []).map((_, s) => s).filter((s) => weis[s].length).map((s) => {
    const best = weisSeat !== null && weisSeat !== undefined && sideOf(s) === sideOf(weisSeat);
    return html`<div class="weis-shown ${best ? "best" : ""}" data-seat=${s}><span class="who">${seatName(s)}</span>
          ${weis[s].map((m) => html`<span class="meld" title=${m.points}>${m.cards.map((c) => miniCard(c, deck))}<span class="pts">${m.points}</span></span>`)}</div>`;
  });
  return rows.length ? html`<section class="side-box"><h3>${t("weis")}</h3>${rows}</section>` : "";
}

/** The score of a hand (card points, Match, Weis, Stöck, multiplier, total) and the game's
 * score after it, one column per side (`names`); a line the score has no figures for, or only
 * zeros, is left out. */
export function scoreTable(names, score, game) {
  const cells = (values) => names.map((_, i) => html`<td>${values?.[i] ?? ""}</td>`);
  const row = (text, key, cls = "") => html`<tr class=${cls}><th>${text}</th>${cells(score[key])}</tr>`;
  const some = (key) => Array.isArray(score[key]) && score[key].some((x) => x);
  return html`<table class="score-table"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
        <tbody>${row(t("summary.tricks"), "trick_points")}${
          some("match_bonus") ? row(t("summary.match"), "match_bonus") : ""}${
          some("weis") ? row(t("summary.weis"), "weis") : ""}${
          some("stoeck") ? row(t("summary.stoeck"), "stoeck") : ""}${
          score.multiplier > 1 ? html`<tr><th>${t("summary.multiplier")}</th><td colspan=${names.length}>×${score.multiplier}</td></tr>` : ""}
        ${row(t("summary.total"), "total", "total")}
        <tr class="game"><th>${t("summary.game")}</th>${cells(game)}</tr></tbody></table>`;
}

/** What a page shows when it cannot open (no such table, no such game). */
export function fatalPanel(text) {
  return html`<section class="panel fatal"><h2>${text}</h2>
        <a class="btn primary" data-nav href="/">${t("lobby.back")}</a></section>`;
}
