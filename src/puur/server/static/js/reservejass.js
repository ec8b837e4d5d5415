// What the page shows of a Reservejass panel (docs/protocol.md; the state's `game.panel`, a
// replayed hand's `panel`): the reserve as a face-down pile while it lies, the dead hand of the
// player who swapped for it (face down: nobody sees it, its former holder neither), the chooser's
// question (a button for each mode, one to swap for the reserve), and the side box and the hand's
// score of Königsjass (each player's points in the hand, his running total against the target,
// who reached it).
//
// The panel is recognised by what it holds (`reserve`, the reserve's size, beside `running`), not
// by the variant's name; every figure is the server's and every button one of the server's legal
// actions. The others' keep-or-take question (`declare:keep`, `declare:reserve`) goes through the
// shared words bar.

import { html } from "./dom.js";
import { suitName, t } from "./i18n.js";
import { koenigsjassBox } from "./koenigsjass.js";
import { contractIcon, contractName, SUIT_TOKENS } from "./pieces.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Reservejass's. */
export function isReservejass(panel) {
  return Boolean(panel) && "reserve" in panel && Array.isArray(panel.running);
}

/** The reserve and the dead hand on the cloth, face down (the reserve face up for a chooser who
 * may look at it: `own.reserve_seen`, the page's own view). `seatName(seat)` names a seat, null
 * for the page's own. */
export function reservejassPiles(panel, seatName, deck, own) {
  const [reserve, dead] = panel.piles || [0, 0];
  let deadLabel = t("kg.dead");
  if (panel.swapper !== null && panel.swapper !== undefined) {
    const who = seatName(panel.swapper);
    deadLabel = who === null ? t("kg.dead_yours") : t("kg.dead_of", { seat: who });
  }
  return html`<div class="piles">${reserve ? pile("reserve", reserve, t("rj.pile_reserve"), own?.reserve_seen || [], deck) : ""}${
    dead ? pile("dead", dead, deadLabel, [], deck) : ""}</div>`;
}

/** The chooser's question: a button for each legal mode and, while he may, one to swap his hand
 * for the reserve unseen (then he must choose). */
export function reservePanel(table, legal, timer) {
  const deck = table.deck();
  const modes = legal.filter((a) => a.type === "choose");
  const swap = legal.find((a) => a.type === "declare" && a.word === "reserve");
  return html`<div class="choose-panel reserve-panel">
      <span class="prompt">${swap ? t("rj.decide") : t("rj.choose_now")}</span>
      <div class="choices">${modes.map((a) => html`<button class="btn choice" type="button" data-contract=${a.contract}
          title=${contractName(a.contract, deck)} @click=${() => table.send("choose", { contract: a.contract })}>${
            contractIcon(a.contract, deck, 24)}<span>${
            a.contract in SUIT_TOKENS ? suitName(SUIT_TOKENS[a.contract], deck) : contractName(a.contract, deck)}</span></button>`)}
        ${swap ? html`<button class="btn choice word-btn" type="button" data-word="reserve" id="reserve-btn"
          @click=${() => table.send("declare", { word: "reserve" })}>${t("word.reserve")}</button>` : ""}
      </div>${timer}</div>`;
}

/** The side box: Königsjass's (which hand, the target, per player the points in this hand and
 * the running total). */
export function reservejassBox(names, panel, handNo, mySeat) {
  return koenigsjassBox(names, panel, handNo, mySeat);
}
