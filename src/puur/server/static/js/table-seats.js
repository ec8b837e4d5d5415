// The seats around the cloth: each seat's name plate (computer and away badges, tricks taken,
// Sit here), the backs of the cards it holds, and its bubbles (Weis, Stöck, the contract it
// chose, a variant's: a forecast, a Handjass word, a Bieter bid or role); a Handjass seat that
// dropped out of the hand or left the game says so. The page's own seat is at the bottom.

import { backSVG } from "./cards.js";
import { bieterBubbles, isBieter } from "./bieter.js";
import { isSchaffhauser, schaffhauserBubbles } from "./schaffhauser.js";
import { fahnderBubbles, isFahnder } from "./fahnder.js";
import { html, svg } from "./dom.js";
import { isHandjass, seatStatus, wordBubble as handjassWord } from "./handjass.js";
import { t } from "./i18n.js";
import { chooserBubble, stoeckBubble, weisBubble } from "./pieces.js";
import { forecastBubble, wordBubble } from "./table-variant.js";

const BADGE_ICONS = {
  bot: svg`<rect x="1.5" y="2" width="13" height="9" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.6"/>
    <path d="M5 14.5h6M8 11v3.5" stroke="currentColor" stroke-width="1.6"/>`,
  away: svg`<rect x="4" y="3" width="3" height="10" rx="1" fill="currentColor"/>
    <rect x="9" y="3" width="3" height="10" rx="1" fill="currentColor"/>`,
  out: svg`<path d="M3.5 3.5l9 9M12.5 3.5l-9 9" stroke="currentColor" stroke-width="2"/>`,
};

/** A seat's badge: an icon and its word (narrow seats show the icon only; the word stays for
 * screen readers and as the tooltip). */
function badge(kind, text, title = text) {
  return html`<span class="badge ${kind}" title=${title}><svg class="badge-icon" viewBox="0 0 16 16"
    aria-hidden="true">${BADGE_ICONS[kind]}</svg><span class="badge-text">${text}</span></span>`;
}

/** The backs of the `n` cards a seat holds, fanned towards `pos`. */
function backs(n, pos) {
  return html`<div class="backs backs-${pos}" aria-label=${t("cards.count", { n })}>${
    Array.from({ length: n }, () => html`<span class="back">${backSVG()}</span>`)}</div>`;
}

/** One seat: `table` is the open table (table-state.js), `onSit(seat)` takes a free seat. */
export function seatBox(table, seat, onSit) {
  const { st } = table;
  const g = st.game;
  const r = table.rel(seat);
  const at = table.where(seat);
  const info = table.seatInfo(seat);
  const me = seat === table.mySeat();
  const toMove = g && g.phase !== "over" && g.to_move === seat && !st.completing;
  const badges = [];
  if (info.kind === "bot") badges.push(badge("bot", t("bot"), `${info.bot} ${info.strength ?? ""}`));
  // The page's own seat is, by definition, here.
  // A person, or an outside bot's program, away from the table.
  if (info.taken && (info.kind === "human" || info.bot === "remote") && !info.connected && !me) {
    badges.push(badge("away", t("offline")));
  }
  if (info.auto) badges.push(badge("bot", `⚙ ${t("bot")}`));
  const p = g?.panel;
  const status = isHandjass(p) ? seatStatus(p, seat) : "";
  if (status === "out") badges.push(badge("out", t("hj.out")));
  let extra = "";
  if (!info.taken) {
    const canSit = table.mySeat() === null && st.you;
    extra = canSit ? html`<button class="btn small sit-btn" data-seat=${seat} type="button"
        @click=${() => onSit(seat)}>${t("take_seat")}</button>`
      : html`<span class="muted">${t("free_seat")}</span>`;
  }
  let cards = "";
  if (g && !me && r !== 0) cards = backs(g.hand_sizes[seat], at);
  else if (g && table.mySeat() === null && r === 0) cards = backs(g.hand_sizes[seat], "bottom");
  const bubbles = [];
  if (g) {
    const ann = g.weis_announced?.[seat] || [];
    if (ann.length && g.trick_no <= 1) bubbles.push(weisBubble(ann));
    if (g.stoeck_seat === seat) bubbles.push(stoeckBubble());
    if (g.chooser === seat && g.contract) bubbles.push(chooserBubble(g.contract, table.deck()));
    bubbles.push(forecastBubble(table, seat));
    if (isHandjass(p)) {
      if (status !== "out") bubbles.push(handjassWord(p, seat));
    } else {
      bubbles.push(wordBubble(table, seat));
    }
    if (isBieter(p)) bubbles.push(bieterBubbles(p, g.own, seat, table.mySeat()));
    if (isSchaffhauser(p)) bubbles.push(schaffhauserBubbles(p, seat));
    if (isFahnder(p)) bubbles.push(fahnderBubbles(p, g.own, seat, table.mySeat()));
  }
  const tricks = g ? g.tricks_won?.[seat] ?? 0 : 0;
  return html`<div class="seat pos-${at} team-${table.alone() ? seat : table.sideOf(seat)} ${toMove ? "to-move" : ""} ${me ? "me" : ""} ${status}"
        data-seat=${seat}>
      ${r !== 0 ? cards : ""}
      <div class="plate">
        <span class="seat-label">${table.seatName(seat)}</span>
        ${badges}
        ${g ? html`<span class="tricks" title=${t("tricks.count", { n: tricks })}>${tricks > 0 ? "▮".repeat(Math.min(tricks, 9)) : ""}</span>` : ""}
        ${extra}
      </div>
      ${bubbles.length ? html`<div class="seat-bubbles">${bubbles}</div>` : ""}
      ${r === 0 ? cards : ""}
    </div>`;
}
