// What the page shows of a Schaggi Haas panel (docs/protocol.md; the state's `game.panel`): the
// stock as a face-down pile with the card lying face up on it (the turned card, or the trump 6
// after a rob), each Besser packet still lying face down beside its owner's name, the cards each
// player has put down (face down; the page's own face up from its `own.put_down`), and the
// prompt while the page puts its four cards down. The side box, the robbed card's note and a
// finished hand's score are Königsjass's and Handjass's (the panel has the same fields).
//
// The panel is recognised by what it holds (`besser_lying`), not by the variant's name; every
// figure is the server's. The words (keep, besser, rob, pass) are `declare:W` actions: the
// shared words bar offers them and the seats show them (`said`).

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Schaggi Haas's. */
export function isSchaggiHaas(panel) {
  return Boolean(panel) && Array.isArray(panel.besser_lying);
}

/** The stock, the Besser packets still lying and the cards put down, on the cloth. `own` is the
 * page's own part (its discards face up); `seatName(seat)` names a seat, null for the page's. */
export function schaggiPiles(panel, own, seatName, deck) {
  const named = (s, mine, theirs) => {
    const who = seatName(s);
    return who === null ? t(mine) : t(theirs, { seat: who });
  };
  const mine = own?.put_down || [];
  const packets = panel.besser_lying.map((lying, s) => (lying
    ? pile(`besser besser-${s}`, 4, named(s, "schaggi.besser_yours", "schaggi.besser_of"), [], deck) : ""));
  const down = panel.put_down.map((n, s) => {
    if (!n) return "";
    const yours = seatName(s) === null;
    return pile(`put-down put-down-${s}`, yours ? 0 : n, named(s, "schaggi.down_yours", "schaggi.down_of"),
      yours ? mine : [], deck);
  });
  return html`<div class="piles">${pile("stock", 3, t("schaggi.pile_stock"), [panel.face_up], deck)}${packets}${down}</div>`;
}

/** The prompt while the page puts its cards down (a click on a card of the hand does it). */
export function schaggiDiscardPrompt(table, timer) {
  const p = table.st.game.panel;
  const k = (p.put_down[table.mySeat()] || 0) + 1;
  return html`<div class="discard-panel"><span class="prompt">${t("schaggi.discard_prompt", { k })}</span>${timer}</div>`;
}
