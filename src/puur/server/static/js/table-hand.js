// The page's own hand at the bottom of the cloth and the bar above it, which asks exactly what
// the server lists as legal: choose a contract or push, declare a Weis or keep quiet, announce
// Stöck, play a card; or says whom everyone waits for.

import { cardSVG, parseToken, sortHand } from "./cards.js";
import { html, nothing, repeat } from "./dom.js";
import { cardName, suitName, t } from "./i18n.js";
import { contractIcon, contractName, miniCard, SUIT_TOKENS } from "./pieces.js";
import {
  auctionPanel, callPanel as callCardPanel, declinePanel, discardPrompt, isBieter,
} from "./bieter.js";
import { isFahnder } from "./fahnder.js";
import { dominoPanel, isDomino } from "./guggitaler.js";
import { declarePanel, isHandjass, sittingOut } from "./handjass.js";
import { isReservejass, reservePanel } from "./reservejass.js";
import { isOffenerJass, ojBidPanel } from "./offener_jass.js";
import { isPandur, pandurBidPanel } from "./pandur.js";
import { isSchaffhauser } from "./schaffhauser.js";
import { callPanel, forecastPanel, rowPanel, wordsPanel } from "./table-variant.js";
import { isSchaggiHaas, schaggiDiscardPrompt } from "./schaggi_haas.js";

/** The cards of the hand, sorted; a legal one is played (or, as Bieter's König lays down the
 * talon, discarded) when clicked. `table` is the open table (table-state.js). */
export function handCards(table) {
  const { st } = table;
  const g = st.game;
  if (!g || table.mySeat() === null) return "";
  const deck = table.deck();
  const legal = table.legalCards();
  const trumpTok = g.contract in SUIT_TOKENS ? SUIT_TOKENS[g.contract] : -1;
  const numbers = g.hand.map(parseToken);
  const cards = sortHand(numbers, trumpTok, g.contract === "unde")
    .map((c) => ({ c, tok: g.hand[numbers.indexOf(c)] }));
  const myTurnToPlay = (g.phase === "play" || g.phase === "discard" || g.phase === "domino") && table.isLatest()
    && g.to_move === table.mySeat();
  if (st.focus >= cards.length) st.focus = Math.max(0, cards.length - 1);
  return repeat(cards, ({ tok }) => tok, ({ c, tok }, i) => {
    const ok = legal.has(tok) && !st.pending;
    const dim = myTurnToPlay && !legal.has(tok);
    const click = () => {
      st.focus = i;
      if (ok) table.send(legal.get(tok), { card: tok });
    };
    return html`<button class="hand-card ${ok ? "legal" : ""} ${dim ? "illegal" : ""}" type="button"
          data-card=${tok} data-index=${i} aria-disabled=${ok ? nothing : "true"}
          tabindex=${i === st.focus ? 0 : -1} style="--i:${i};--n:${cards.length}"
          aria-label=${cardName(c, deck)} @click=${click}>${cardSVG(c, deck, cardName(c, deck))}</button>`;
  });
}

const waitingFor = (table, seat) =>
  html`<span class="prompt">${t("waiting_for", { who: table.seatName(seat) })}</span>`;

function choosePanel(table, legal, timer) {
  const g = table.st.game;
  const deck = table.deck();
  const chooses = legal.filter((a) => a.type === "choose");
  const push = legal.find((a) => a.type === "push");
  const pushedToMe = g.pushed && g.chooser === null;
  return html`<div class="choose-panel">
        <span class="prompt">${pushedToMe ? t("pushed_to_you") : g.phase === "contract" ? t("decide.contract") : t("choose")}</span>
        <div class="choices">${chooses.map((a) => html`<button class="btn choice" type="button" data-contract=${a.contract}
            title=${contractName(a.contract, deck)} @click=${() => table.send("choose", { contract: a.contract })}>${
              contractIcon(a.contract, deck, 24)}<span>${
              a.contract in SUIT_TOKENS ? suitName(SUIT_TOKENS[a.contract], deck) : contractName(a.contract, deck)}</span></button>`)}
          ${push ? html`<button class="btn push" type="button" id="push-btn"
            @click=${() => table.send("push")}>${g.pushed ? t("push_back") : t("push")}</button>` : ""}
        </div>${timer}</div>`;
}

function weisPanel(table, timer) {
  const opts = table.st.game.weis_options || [];
  const weis = (option) => () => table.send("weis", { option });
  return html`<div class="weis-panel"><span class="prompt">${t("weis.declare")}</span>
        <div class="choices">${opts.map((split, i) => {
          const pts = split.reduce((a, m) => a + m.points, 0);
          return html`<button class="btn weis-opt ${i === 0 ? "suggested" : ""}" type="button" data-option=${i + 1}
              @click=${weis(i + 1)}>
            <span class="melds">${split.map((m) => html`<span class="meld">${m.cards.map((c) => miniCard(c, table.deck()))}</span>`)}</span>
            <span>${t("weis.points", { n: pts })}${i === 0 ? ` · ${t("weis.suggested")}` : ""}</span></button>`;
        })}
        <button class="btn" type="button" data-option="0" id="weis-quiet" @click=${weis(0)}>${t("weis.quiet")}</button></div>${timer}</div>`;
}

function stoeckPanel(table, timer) {
  return html`<div class="stoeck-panel"><span class="prompt">${t("stoeck.ask")}</span>
        <button class="btn primary" type="button" id="stoeck-yes"
          @click=${() => table.send("stoeck", { announce: true })}>${t("stoeck.yes")}</button>
        <button class="btn" type="button" id="stoeck-no"
          @click=${() => table.send("stoeck", { announce: false })}>${t("stoeck.no")}</button>${timer}</div>`;
}

/** The bar above the hand. */
export function actionBar(table) {
  const { st } = table;
  const g = st.game;
  const me = table.mySeat();
  if (!g || me === null) {
    if (g && g.phase !== "over" && g.to_move !== null && g.to_move !== undefined) {
      return waitingFor(table, g.to_move);
    }
    return "";
  }
  const out = [];
  if (table.seatInfo(me).auto) {
    out.push(html`<span class="prompt">${t("auto_playing")}</span>
        <button class="btn primary" id="take-back" type="button" @click=${() => table.send("back")}>${t("take_back")}</button>`);
  }
  if (g.phase === "over") return out;
  // While a trick is still being shown (or newer states wait in the queue) nobody is asked.
  const latest = table.isLatest();
  if (g.to_move === null || g.to_move === undefined || (!latest && g.to_move === me)) return out;
  if (!latest || g.to_move !== me) {
    return [...out, isHandjass(g.panel) ? sittingOut(g.panel, me) : "", waitingFor(table, g.to_move)];
  }
  const legal = g.legal || [];
  // The seconds left are written into this element by the table's clock.
  const timer = st.deadlineAt ? html`<span class="deadline" id="deadline"></span>` : "";
  if (g.phase === "forecast") return [...out, forecastPanel(table, legal, timer)];
  if (legal.some((a) => a.type === "row")) return [...out, rowPanel(table, legal, timer)];
  if (isReservejass(g.panel) && g.phase === "reserve") return [...out, reservePanel(table, legal, timer)];
  // Naming the contract: Schieber's choice, Bieter's first hand, or after an auction (every
  // legal action a contract).
  if (g.phase === "choose" || g.phase === "contract"
      || (legal.length && legal.every((a) => a.type === "choose"))) {
    return [...out, choosePanel(table, legal, timer)];
  }
  if (isHandjass(g.panel) && g.phase === "declare") return [...out, declarePanel(table, legal, timer)];
  if (isPandur(g.panel) && g.phase === "bid") return [...out, pandurBidPanel(table, legal, timer)];
  if (isFahnder(g.panel)) {
    if (g.phase === "bid") return [...out, auctionPanel(table, legal, timer)];
    if (g.phase === "call") return [...out, callCardPanel(table, legal, timer)];
  }
  if (isBieter(g.panel)) {
    if (g.phase === "bid") return [...out, auctionPanel(table, legal, timer)];
    if (g.phase === "discard") return [...out, discardPrompt(table, timer)];
    if (g.phase === "call") return [...out, callCardPanel(table, legal, timer)];
    if (g.phase === "decline") return [...out, declinePanel(table, legal, timer)];
  }
  if (isSchaggiHaas(g.panel) && g.phase === "discard") return [...out, schaggiDiscardPrompt(table, timer)];
  if (isSchaffhauser(g.panel) && g.phase === "decline") return [...out, declinePanel(table, legal, timer)];
  if (isDomino(g.panel)) return [...out, dominoPanel(table, legal, timer)];
  if (isOffenerJass(g.panel) && g.phase === "bid") return [...out, ojBidPanel(table, legal, timer)];
  if (g.phase === "weis") return [...out, weisPanel(table, timer)];
  if (g.phase === "stoeck") return [...out, stoeckPanel(table, timer)];
  if (legal.some((a) => a.type === "declare")) return [...out, wordsPanel(table, legal, timer)];
  if (g.phase !== "play" && legal.length) return [...out, callPanel(table, legal, timer)];
  return [...out, html`<span class="prompt your-turn">${t("your_turn")}</span>${timer}`];
}
