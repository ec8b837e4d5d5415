// What the page shows of a Sechser panel (docs/protocol.md; the state's `game.panel`): the
// hand, how many cards each seat holds and how many lie dead, who dealt, what a Match is. The
// dead cards themselves are never sent while the game runs; a replay opens them as a pile.
//
// The panel is recognised by what it holds (`dead_cards`), not by the variant's name; every
// figure is the server's.

import { html } from "./dom.js";
import { t } from "./i18n.js";

/** Whether `panel` is one of Sechser's. */
export function isSechser(panel) {
  return Boolean(panel) && typeof panel.dead_cards === "number" && "hand_cards" in panel;
}

/** The side box: the hand, the dead cards, the dealer and the Match. */
export function sechserBox(panel, handNo, seatName) {
  return html`<section class="side-box sx-box"><h3>${t("sx.title", { hand: handNo })}</h3>
      <p class="sx-dead">${t("sx.dead", { count: panel.dead_cards })}</p>
      <p class="sx-dealer">${t("sx.dealt_by", { who: seatName(panel.dealer) })}</p>
      <p class="sx-match">${t("sx.match", { tricks: panel.hand_cards, bonus: panel.match_bonus })}</p></section>`;
}
