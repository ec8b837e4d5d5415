// The middle of the cloth: the contract, the cards in no hand (Handjass's blind and dead hand,
// Bieter's talon and discards), the trick (each card slides in from its player's side; a full
// trick stays a moment, then goes to the winner), the last trick on demand, and what shows
// before the game starts (the invite while seats are free).

import { bieterNotes, isBieter, talonPiles } from "./bieter.js";
import { html, repeat } from "./dom.js";
import { fahnderNotes, isFahnder } from "./fahnder.js";
import { dominoRows, isDomino } from "./guggitaler.js";
import { handjassPiles, isHandjass, robbedNote } from "./handjass.js";
import { isKoenigsjass, koenigsjassPiles } from "./koenigsjass.js";
import { isOffenerJass, offenerJassRows } from "./offener_jass.js";
import { t, tn } from "./i18n.js";
import { isMolotow, trumpNote } from "./molotow.js";
import { isSchaggiHaas, schaggiPiles } from "./schaggi_haas.js";
import { isReservejass, reservejassPiles } from "./reservejass.js";
import { isPenaltyJass, penaltyJassNotes } from "./penalty_jass.js";
import { isSchellenjass, penaltyNote } from "./schellenjass.js";
import { isSchmaus, schmausPiles } from "./schmaus.js";
import { contractChip, miniCard, trickCard } from "./pieces.js";
import { isSchaffhauser, schaffhauserNotes } from "./schaffhauser.js";
import { rowName, turnedNote } from "./scores.js";

/** The contract above the trick, or "" before one is chosen: who chose it (and pushed), or the
 * dealer's turned card that made trumps (Differenzler, Handjass, Bieter's later hands: also who
 * robbed it, who named it, the called card); the sheet row it is played in (Coiffeur); the card
 * that fixed trumps, or that there are none yet (Molotow). The piles of cards in no hand follow
 * it (also before a contract). */
export function contract(table) {
  const g = table.st.game;
  if (!g) return "";
  const p = g.panel;
  let piles = "";
  if (isHandjass(p)) piles = handjassPiles(p, table.notMe, table.deck());
  else if (isKoenigsjass(p)) piles = koenigsjassPiles(p, table.notMe, table.deck());
  else if (isSchaggiHaas(p)) piles = schaggiPiles(p, g.own, table.notMe, table.deck());
  else if (isReservejass(p)) piles = reservejassPiles(p, table.notMe, table.deck(), g.own);
  else if (isBieter(p)) piles = talonPiles(p, g.own, 36 - g.hand_sizes.reduce((a, n) => a + n, 0), table.deck());
  else if (isDomino(p)) piles = dominoRows(p, table.deck());
  else if (isOffenerJass(p)) piles = offenerJassRows(table);
  else if (isSchmaus(p)) piles = schmausPiles(p, table.deck());
  return html`${contractLine(table)}${piles}`;
}

function contractLine(table) {
  const g = table.st.game;
  if (!g.contract) return "";
  const deck = table.deck();
  const p = g.panel;
  if (isBieter(p) && p.first) {
    return html`${contractChip(g.contract, g.multiplier, "", false, deck)}${bieterNotes(p, g.own, table.notMe, deck)}`;
  }
  if (isMolotow(g.panel)) {
    return html`${contractChip(g.contract, g.multiplier, "", false, deck)}${trumpNote(g.panel, table.notMe, deck)}`;
  }
  if (isPenaltyJass(p)) return html`${contractChip(g.contract, g.multiplier, "", false, deck)}${penaltyJassNotes(p, table.notMe, deck)}`;
  if (isSchellenjass(p)) return html`${contractChip(g.contract, g.multiplier, "", false, deck)}${penaltyNote(p, deck)}`;
  if (g.chooser === null || g.chooser === undefined) {
    if (g.dealer === null || g.dealer === undefined) return contractChip(g.contract, g.multiplier, "", false, deck);
    const dealer = g.dealer === table.mySeat() ? null : table.seatName(g.dealer);
    return html`${contractChip(g.contract, g.multiplier, "", false, deck)}${turnedNote(g.turned, dealer, deck)}${
      isHandjass(p) || isKoenigsjass(p) || isSchaggiHaas(p) ? robbedNote(p, table.notMe) : ""}${isBieter(p) ? bieterNotes(p, g.own, table.notMe, deck) : ""}${
      isHandjass(p) || isKoenigsjass(p) || isSchmaus(p) ? robbedNote(p, table.notMe) : ""}${isBieter(p) ? bieterNotes(p, g.own, table.notMe, deck) : ""}${
      isSchaffhauser(p) ? schaffhauserNotes(p) : ""}`;
  }
  let by = g.chooser === table.mySeat() ? t("chosen_by_you")
    : t("chosen_by", { who: table.seatName(g.chooser) });
  const row = g.panel?.rows?.find((r) => r.row === g.panel.row);
  if (row) by = `${rowName(row, deck)} · ${by}${g.panel.pushes ? ` · ${tn("pushes.count", g.panel.pushes)}` : ""}`;
  if (isFahnder(p)) return html`${contractChip(g.contract, g.multiplier, by, false, deck)}${fahnderNotes(p, g.own, table.notMe, deck)}`;
  return contractChip(g.contract, g.multiplier, by, g.pushed && !row, deck);
}

/** The cards of the trick on the cloth (or of the completed trick being held). */
export function trickCards(table) {
  const { st } = table;
  const g = st.game;
  let cards = g ? g.trick : [];
  let cls = "";
  if (st.completing) {
    cards = st.completing.cards;
    if (st.completing.collecting) cls = `collect collect-${table.where(st.completing.winner)}`;
  }
  return repeat(cards, (c) => c.card, (c) => {
    const at = table.where(c.seat);
    const enter = st.entering.has(c.card) ? `enter enter-${at}` : "";
    return trickCard(c, at, `${enter} ${cls}`, table.deck());
  });
}

/** The last completed trick, laid out as on the cloth, with its winner and points. */
export function lastTrick(table, onClose) {
  const lt = table.st.game.last_trick;
  return html`<div class="overlay last-trick" id="last-trick">
        <div class="overlay-title">${t("last_trick")} · ${table.trickBy(lt.winner)} · ${t("points.count", { n: lt.points })}</div>
        <div class="mini-trick">${lt.cards.map((c) => html`<div class="lt-slot slot-${table.where(c.seat)}">${miniCard(c.card, table.deck())}</div>`)}</div>
        <button class="btn small" id="close-last" type="button" @click=${onClose}>${t("close")}</button></div>`;
}

/** Before the first state: a pause; while seats are free: the invite link and code. */
export function waiting(table) {
  if (!table.st.latest) return html`<div class="center-msg">…</div>`;
  const { code } = table;
  const link = `${location.origin}/t/${code}`;
  return html`<div class="center-msg waiting">
        <p>${t("waiting_players")}</p>
        <p class="small">${t("invite.text", { code })}</p>
        <input class="invite-link" readonly value=${link} aria-label=${t("invite")}>
        <div class="big-code">${code}</div></div>`;
}
