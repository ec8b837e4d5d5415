// What the page shows of a Schmaus panel (docs/protocol.md; the state's `game.panel`): the
// stock as a face-down pile with its count and the card lying face up at its bottom (the turned
// card, or the trump 6 put there for it), a note once it is drawn that suit must now be
// followed, each player's points in the hand and his running total against the target (the
// Königsjass box), and every Weis declared with its cards and what it scored.
//
// The panel is recognised by what it holds (`stock_left`), not by the variant's name; every
// figure is the server's. The exchange question's answers (exchange, pass) are `declare:W`
// actions: the shared words bar offers them.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { koenigsjassBox } from "./koenigsjass.js";
import { miniCard } from "./pieces.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Schmaus's. */
export function isSchmaus(panel) {
  return Boolean(panel) && "stock_left" in panel && Array.isArray(panel.running);
}

/** The stock on the cloth, face down with its face-up bottom card, or the strict phase. */
export function schmausPiles(panel, deck) {
  if (!panel.stock_left) {
    return html`<div class="piles"><span class="turned-note sm-strict">${t("sm.strict")}</span></div>`;
  }
  return html`<div class="piles">${pile("stock", panel.stock_left, t("sm.pile_stock"),
    panel.stock_bottom ? [panel.stock_bottom] : [], deck)}</div>`;
}

/** The side boxes: the points and totals, then every Weis declared (who, its cards, what it
 * scored: 0 when the other's in the same trick was higher). */
export function schmausBox(names, panel, handNo, mySeat, deck) {
  const weis = panel.weis.length ? html`<section class="side-box sm-weis"><h3>${t("sm.weis")}</h3>
    <ul class="sm-weis-list">${panel.weis.map(([s, cards, points]) => html`<li data-seat=${s}><span class="who">${
      names[s]}</span> <span class="cards">${cards.map((c) => miniCard(c, deck))}</span> <span class="points">${
      points}</span></li>`)}</ul></section>` : "";
  return html`${koenigsjassBox(names, panel, handNo, mySeat)}${weis}`;
}
