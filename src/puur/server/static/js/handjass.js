// What the page shows of a Handjass panel (docs/protocol.md; the state's `game.panel`, a replayed
// hand's `panel`, a hand_over's `score`): each player's word in the declaring (play, drop, swap,
// maybe) and the buttons to say one, who dropped out of the hand and who has left the game, the
// blind and the dead hand as face-down piles (with the card lying face up on the blind), each
// player's points in the hand, the Striche and Nuller of a finished hand and the net.
//
// The panel is recognised by what it holds (`said` and `in_play`), not by the variant's name;
// every figure is the server's, and every button one of the server's legal actions.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { pile } from "./piles.js";

/** Whether `panel` is one of Handjass's (Zuger's has words and players in play too, but
 * nobody swaps there). */
export function isHandjass(panel) {
  return Boolean(panel) && Array.isArray(panel.said) && Array.isArray(panel.in_play)
    && "swapper" in panel;
}

/** Whether a finished hand's score is Handjass's. */
export function isHandjassScore(score) {
  return Boolean(score) && Array.isArray(score.said) && Array.isArray(score.marks);
}

/** What a seat is in this hand: "out" (left the game), "dropped", or "" (in it, or to speak). */
export function seatStatus(panel, seat) {
  if (!panel.active.includes(seat)) return "out";
  return panel.said[seat] === "drop" ? "dropped" : "";
}

/** The bubble at a seat with its word in the declaring, or "". */
export function wordBubble(panel, seat) {
  const word = panel.said[seat];
  if (!word) return "";
  return html`<span class="bubble word-bubble word-${word}" data-word=${word}
    title=${t(`declare.${word}`)}>${t(`hj.${word}`)}</span>`;
}

/** What the bar tells a player who sits out: that he has left the game, or dropped out of
 * this hand (while the others play it), or "". */
export function sittingOut(panel, me) {
  if (!panel.active.includes(me)) return html`<span class="prompt sitting-out">${t("hj.you_out")}</span>`;
  if (panel.said[me] === "drop") return html`<span class="prompt sitting-out">${t("hj.you_dropped")}</span>`;
  return "";
}

/** The bar's declaring: a button for each word the server lists as legal. */
export function declarePanel(table, legal, timer) {
  const words = legal.filter((a) => a.type === "declare");
  return html`<div class="declare-panel"><span class="prompt">${t("declare")}</span>
      <div class="choices">${words.map((a) => html`<button class="btn choice declare-btn ${a.word === "play" ? "primary" : ""}"
          type="button" id="declare-${a.word}" data-word=${a.word} title=${t(`declare.${a.word}`)}
          @click=${() => table.send("declare", { word: a.word })}>${t(`hj.${a.word}`)}</button>`)}</div>${timer}</div>`;
}

/** The blind and the dead hand on the cloth, face down (the blind's face-up card on it), or "".
 * `seatName(seat)` names a seat, null for the page's own. */
export function handjassPiles(panel, seatName, deck, open = null) {
  const sizes = panel.piles || [];
  if (!sizes.length || !sizes.some((n) => n > 0)) return "";
  const swapped = panel.swapper !== null && panel.swapper !== undefined;
  let label = t("hj.blind");
  if (swapped) {
    const who = seatName(panel.swapper);
    label = who === null ? t("hj.put_aside_you") : t("hj.put_aside", { seat: who });
  }
  if (open) {
    // A replay opens every card: the piles' cards lie face up.
    return html`<div class="piles open-piles">${open.blind ? pile("blind", 0, label, open.blind, deck) : ""}${
      open.dead ? pile("dead", 0, t("hj.dead"), open.dead, deck) : ""}</div>`;
  }
  return html`<div class="piles">${sizes[0] ? pile("blind", sizes[0], label, panel.blind_up ? [panel.blind_up] : [], deck) : ""}${
    sizes[1] ? pile("dead", sizes[1], t("hj.dead"), [], deck) : ""}</div>`;
}

/** Under the contract, where the turned card was robbed: who took it for the trump 6. */
export function robbedNote(panel, seatName) {
  if (panel.robber === null || panel.robber === undefined) return "";
  const who = seatName(panel.robber);
  return html`<span class="turned-note robbed-note" data-seat=${panel.robber}>${
    who === null ? t("hj.robbed_you") : t("hj.robbed", { seat: who })}</span>`;
}

/** Each player's net: before the hand, with what the hand added once it is over. */
const net = (panel, s) => (Array.isArray(panel.result) ? panel.totals[s] + panel.result[s] : panel.totals[s]);

/** The side panel's table: per player the word said, the points in this hand, the Striche and
 * Nuller of a finished hand, and the net; who has left the game says so. */
export function handjassTable(names, panel, mySeat) {
  const marks = panel.marks;
  const cls = (s) => [s === mySeat ? "mine" : "", seatStatus(panel, s)].join(" ");
  return html`<table class="score-table hj-table"><thead><tr><th>${t("mo.player")}</th><th>${t("hj.said")}</th>
      <th>${t("mo.hand")}</th>${marks ? html`<th>${t("mo.striche")}</th><th>${t("mo.nuller")}</th>` : ""}<th>${t("hj.net")}</th></tr></thead>
    <tbody>${names.map((n, s) => html`<tr data-seat=${s} class=${cls(s)}><th>${n}</th>
      <td class="said">${!panel.active.includes(s) ? t("hj.out") : panel.said[s] ? t(`hj.${panel.said[s]}`) : "–"}</td>
      <td class="made">${panel.made[s]}</td>${marks ? html`<td class="striche">${marks[s][0]}</td><td class="nuller">${marks[s][1]}</td>` : ""}<td
        class="net">${net(panel, s)}</td></tr>`)}</tbody></table>`;
}

/** The side box: which hand, the target, the players' table. */
export function handjassBox(names, panel, handNo, mySeat) {
  return html`<section class="side-box hj-box"><h3>${t("hand_no", { n: handNo })} <span class="muted small">${
    t("target", { n: panel.target })}</span></h3>${handjassTable(names, panel, mySeat)}</section>`;
}

/** A finished hand's score per player: the word said, the points, the Striche and Nuller, the
 * net after the hand (`after`); a hand without card play says so. */
export function handjassScore(names, score, after) {
  const row = (text, values, cls) => html`<tr class=${cls}><th>${text}</th>${
    names.map((_, s) => html`<td>${values[s]}</td>`)}</tr>`;
  const said = score.said.map((w) => (w ? t(`hj.${w}`) : "–"));
  return html`${score.in_play.length ? "" : html`<p class="no-play">${t("hj.no_play")}</p>`}
    <table class="score-table hj-score"><thead><tr><th></th>${names.map((n) => html`<th>${n}</th>`)}</tr></thead>
    <tbody>${row(t("hj.said"), said, "said")}${row(t("hj.points"), score.credited, "points")}${
      row(t("mo.striche"), score.marks.map((m) => m[0]), "striche")}${row(t("mo.nuller"), score.marks.map((m) => m[1]), "nuller")}
      ${row(t("mo.score"), score.result, "total")}${after ? row(t("hj.net"), after, "game") : ""}</tbody></table>`;
}
