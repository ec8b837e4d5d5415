// What the page shows of a Mittlere panel (docs/protocol.md; the state's `game.panel`): the card
// that fixed trumps and who played it (as Molotow), each player's card points and tricks in the
// hand, and his net count; once a hand is over its Striche and Nuller.
//
// The panel is recognised by what it holds (`middle_marks`), not by the variant's name; every
// figure is the server's (a total shown after the hand is the total before it plus what the
// hand added, both from the panel). A finished hand's score and the replay are Molotow's
// (molotow.js reads the same fields).

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { trumpNote } from "./molotow.js";

/** Whether `panel` is one of Mittlere's. */
export function isMittlere(panel) {
  return Boolean(panel) && "middle_marks" in panel && Array.isArray(panel.tricks);
}

/** The side panel's table: per player the card points and tricks in this hand, the Striche
 * and Nuller of a finished hand, and the net count (before the hand; with what it added once
 * it is over). */
export function mittlereTable(names, panel, mySeat) {
  const over = Array.isArray(panel.result);
  const marks = panel.middle_marks;
  const total = (s) => (over ? panel.totals[s] + panel.result[s] : panel.totals[s]);
  return html`<table class="score-table mo-table mi-table"><thead><tr><th>${t("mo.player")}</th>
      <th>${t("mo.hand")}</th><th>${t("mi.tricks")}</th>${
        marks ? html`<th>${t("mo.striche")}</th><th>${t("mo.nuller")}</th>` : ""}<th>${t("mo.total")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${s === mySeat ? "mine" : ""}><th>${n}</th>
      <td class="made">${panel.made[s]}</td><td class="tricks">${panel.tricks[s]}</td>${
        marks ? html`<td class="striche">${marks[s][0]}</td><td class="nuller">${marks[s][1]}</td>` : ""}<td
        class="total">${total(s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: which hand of how many, the trumps, the players' table. */
export function mittlereBox(names, panel, handNo, mySeat, seatName, deck) {
  return html`<section class="side-box mo-box mi-box"><h3>${t("hand_of", { hand: handNo, hands: panel.hands })}</h3>
      <p class="mo-trumps">${trumpNote(panel, seatName, deck)}</p>
      ${mittlereTable(names, panel, mySeat)}</section>`;
}
