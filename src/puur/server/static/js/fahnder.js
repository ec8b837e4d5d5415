// What the page shows of a Fahnder panel (docs/protocol.md; the state's `game.panel` and `own`, a
// hand_over's `score`): each seat's last call in the auction, the Fahnder and his partner at
// their seats (the partner only once the rules reveal him, or to himself), the called card on
// the cloth, and the marks: each player's total before the hand, the card points of this hand,
// the pair's points against the bid while they are public. The auction's controls and the call
// are Bieter's (bieter.js), drawn from the same legal actions.
//
// The panel is recognised by what it holds (`fahnder` and `scoring`), not by the variant's name;
// every figure is the server's, and every button one of the server's legal actions.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { miniCard } from "./pieces.js";

/** Whether `panel` is one of Fahnder's. */
export function isFahnder(panel) {
  return Boolean(panel) && "fahnder" in panel && "scoring" in panel;
}

/** Whether a finished hand's score is Fahnder's. */
export function isFahnderScore(score) {
  return Boolean(score) && "fahnder" in score && Array.isArray(score.marks);
}

const known = (seat) => seat !== null && seat !== undefined && seat >= 0;

/** The partner as the page may know him: public, or the page's own seat holding the card. */
function partnerOf(panel, own, mySeat) {
  if (known(panel.partner)) return panel.partner;
  return mySeat !== null && own?.partner ? mySeat : null;
}

/** The bubbles at a seat: its last call during the auction; Fahnder or Partner after it. */
export function fahnderBubbles(panel, own, seat, mySeat) {
  if (!known(panel.fahnder)) {
    const call = panel.last_call[seat];
    if (call === "pass") return html`<span class="bubble bid-bubble passed" data-seat=${seat}>${t("bi.passed")}</span>`;
    if (call === "bid") {
      return html`<span class="bubble bid-bubble ${panel.bidder === seat ? "holds" : ""}" data-seat=${seat}>${panel.bids[seat]}</span>`;
    }
    return "";
  }
  if (seat === panel.fahnder) {
    const alone = panel.alone ? ` · ${t("fa.alone")}` : "";
    return html`<span class="bubble role-bubble koenig fahnder" data-role="fahnder">⚑ ${t("fa.fahnder_badge")} ${panel.bid}${alone}</span>`;
  }
  if (seat === partnerOf(panel, own, mySeat)) {
    return html`<span class="bubble role-bubble partner" data-role="partner">${t("bi.partner_badge")}</span>`;
  }
  return "";
}

/** Under the contract: the called card and what the page knows of its holder. `seatName(seat)`
 * is null for the page's own seat. */
export function fahnderNotes(panel, own, seatName, deck) {
  if (!panel.called) return [];
  let partner = t("bi.partner_secret");
  if (panel.alone) partner = t("fa.alone");
  else if (known(panel.partner)) partner = t("bi.partner_is", { seat: seatName(panel.partner) ?? t("you") });
  else if (own?.partner) partner = t("fa.you_partner");
  return [html`<span class="turned-note called-note" data-card=${panel.called}>${t("bi.called_card")} ${
    miniCard(panel.called, deck, "called")} · <span class="partner-note">${partner}</span></span>`];
}

/** The words of the rows that count up and down under the scoring in force. */
function upDown(scoring) {
  return scoring === "striche" ? [t("mo.striche"), t("mo.nuller")] : [t("fa.plus"), t("fa.minus")];
}

/** The side box: the Fahnder and his bid (or the auction), each player's total before the hand
 * and the card points of this one, the pair's points while public. */
export function fahnderBox(names, panel, handNo, seatName) {
  let head = t("hand_of", { hand: handNo, hands: panel.hands });
  if (known(panel.fahnder)) head = t("fa.fahnder", { seat: seatName(panel.fahnder), bid: panel.bid });
  else if (known(panel.bidder)) head = t("bi.auction", { bid: panel.bid, seat: seatName(panel.bidder) });
  const pair = panel.team_points
    ? html`<p class="fa-pair" id="fa-pair">${t("fa.pair", { points: panel.team_points[0], bid: panel.bid })}</p>` : "";
  return html`<section class="side-box fa-box"><h3>${head}</h3>${pair}
    <table class="score-table fa-table"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
      <tbody><tr class="before"><th>${t("bi.before")}</th>${panel.totals.map((v) => html`<td>${v}</td>`)}</tr>
        <tr class="this-hand"><th>${t("mo.card_points")}</th>${panel.made.map((v) => html`<td>${v}</td>`)}</tr></tbody></table></section>`;
}

/** A finished hand's score: the Fahnder, his bid and call, whether the pair made it, each
 * player's card points and marks, and the totals after it. */
export function fahnderScore(names, score, after) {
  const notes = [];
  if (score.thrown_in) notes.push(t("bi.thrown_in"));
  else {
    notes.push(t("fa.fahnder", { seat: names[score.fahnder], bid: score.bid }));
    if (score.alone) notes.push(t("fa.alone"));
    else if (known(score.partner)) notes.push(t("bi.partner_is", { seat: names[score.partner] }));
    if (score.made !== null) {
      notes.push(t(score.made ? "fa.made" : "fa.failed", { bid: score.bid, points: score.pair_points }));
    }
  }
  const [up, down] = upDown(score.scoring ?? "striche");
  const sign = (m) => (m > 0 ? `+${m}` : `${m}`);
  return html`${notes.map((n) => html`<p class="fa-note">${n}</p>`)}
    <table class="score-table fa-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody><tr class="points"><th>${t("mo.card_points")}</th>${score.credited.map((v) => html`<td>${v}</td>`)}</tr>
      <tr class="marks" title="${up} / ${down}"><th>${t("fa.marks")}</th>${score.marks.map((m) => html`<td class=${m > 0 ? "up" : m < 0 ? "down" : ""}>${sign(m)}</td>`)}</tr>
      ${after ? html`<tr class="total"><th>${t("bi.total")}</th>${after.map((v) => html`<td>${v}</td>`)}</tr>` : ""}</tbody></table>`;
}
