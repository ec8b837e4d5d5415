// Cards that lie on the cloth in no player's hand: a face-down pile (Handjass's blind and dead
// hand, Bieter's talon and the König's discards), drawn as a small stack of backs with the
// number of its cards, and face-up cards beside it.

import { backSVG } from "./cards.js";
import { html } from "./dom.js";
import { t } from "./i18n.js";
import { miniCard } from "./pieces.js";

/** A face-down stack of `n` cards (at most three backs drawn) with its count. */
export function cardBacks(n) {
  const drawn = Math.min(n, 3);
  return html`<span class="pile-backs" role="img" aria-label=${t("cards.count", { n })}>${
    Array.from({ length: drawn }, () => html`<span class="back">${backSVG()}</span>`)}<span
    class="pile-count">${n}</span></span>`;
}

/** A pile on the cloth: its backs (`n` face down), the face-up cards `up` on it, its label. */
export function pile(cls, n, label, up, deck) {
  return html`<div class="pile ${cls}" data-cards=${n}>${n ? cardBacks(n) : ""}${
    (up || []).map((c) => miniCard(c, deck, "pile-up"))}<span class="pile-label">${label}</span></div>`;
}
