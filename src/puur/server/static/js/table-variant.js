// What the table shows of a variant's own part of the game (its panel, docs/protocol.md):
// Differenzler's forecast (the field to give one, each player's forecast or that it is hidden,
// the points made and the penalties), Coiffeur's sheet (the rows to choose from, pushing on,
// the sheet itself), Molotow's trumps and points (molotow.js), Handjass's words and nets
// (handjass.js), Bieter's auction and columns (bieter.js) and any other auction (the calls so
// far, the highest bid, a double; a button for each legal call). The panels are drawn from what the
// state holds, not from the variant's name; every button is one of the server's legal actions.

import { bieterBox, isBieter } from "./bieter.js";
import { isSchaffhauser, schaffhauserBox } from "./schaffhauser.js";
import { html } from "./dom.js";
import { fahnderBox, isFahnder } from "./fahnder.js";
import { guggitalerBox, isGuggitaler } from "./guggitaler.js";
import { handjassBox, isHandjass } from "./handjass.js";
import { chratzerBox, isChratzer } from "./chratzer.js";
import { isKoenigsjass, koenigsjassBox } from "./koenigsjass.js";
import { t, tn } from "./i18n.js";
import { isMittlere, mittlereBox } from "./mittlere.js";
import { isMolotow, molotowBox } from "./molotow.js";
import { isReservejass, reservejassBox } from "./reservejass.js";
import { isPenaltyJass, penaltyJassBox } from "./penalty_jass.js";
import { isOffenerJass, offenerJassBox } from "./offener_jass.js";
import { isPandur, pandurBox } from "./pandur.js";
import { isSchellenjass, schellenjassBox } from "./schellenjass.js";
import { isSchmaus, schmausBox } from "./schmaus.js";
import { hindersiBox, isHindersi } from "./hindersi.js";
import { isSechser, sechserBox } from "./sechser.js";
import { dartsBox, isDarts } from "./darts.js";
import { contractIcon, contractName } from "./pieces.js";
import { forecastTable, forecastText, rowName, sheetTable, writtenBy } from "./scores.js";
import { isSchaggiHaas } from "./schaggi_haas.js";

/** The forecast field: a number in the range the legal forecasts span, sent as one of them. */
export function forecastPanel(table, legal, timer) {
  const values = legal.filter((a) => a.type === "forecast").map((a) => a.value);
  const lo = Math.min(...values), hi = Math.max(...values);
  const submit = (e) => {
    e.preventDefault();
    const input = document.getElementById("forecast-input");
    const text = input.value.trim();
    const action = /^\d+$/.test(text) && legal.find((a) => a.type === "forecast" && a.value === Number(text));
    if (!action) {
      table.st.forecastError = t("dz.forecast_bad", { lo, hi });
      table.redraw();
      input.focus();
      return;
    }
    table.st.forecastError = null;
    table.send("forecast", { value: action.value });
  };
  const err = table.st.forecastError;
  return html`<form class="forecast-panel" id="forecast-form" @submit=${submit} novalidate>
      <label class="prompt" for="forecast-input">${t("dz.forecast_label")}</label>
      <input id="forecast-input" type="number" inputmode="numeric" min=${lo} max=${hi} step="1"
        placeholder="${lo}–${hi}" aria-invalid=${err ? "true" : "false"} required>
      <button class="btn primary" type="submit" id="forecast-btn">${t("dz.forecast_submit")}</button>
      ${err ? html`<span class="field-error" role="alert">${err}</span>` : ""}${timer}</form>`;
}

/** The open rows the server lets the team choose, each with the ways it may be played, and
 * pushing on where it is legal. */
export function rowPanel(table, legal, timer) {
  const g = table.st.game;
  const deck = table.deck();
  const rows = g.panel.rows;
  const byRow = new Map();
  for (const a of legal.filter((x) => x.type === "row")) {
    if (!byRow.has(a.row)) byRow.set(a.row, []);
    byRow.get(a.row).push(a);
  }
  const push = legal.find((a) => a.type === "push");
  const prompt = g.panel.pushes ? t("row.pushed_to_you", { pushes: tn("pushes.count", g.panel.pushes) }) : t("row.choose");
  return html`<div class="row-panel"><span class="prompt">${prompt}</span>
      <div class="rows">${[...byRow].map(([r, acts]) => {
        const row = rows.find((x) => x.row === r);
        const name = rowName(row, deck);
        const button = (a, whole) => html`<button class="btn choice row-btn ${whole ? "whole" : ""}" type="button"
            data-row=${r} data-contract=${a.contract} title=${contractName(a.contract, deck)}
            aria-label="${name} · ${contractName(a.contract, deck)}"
            @click=${() => table.send("row", { row: a.row, contract: a.contract })}>${contractIcon(a.contract, deck, 20)}${
              whole ? html`<span>${name}</span>` : ""}</button>`;
        // A row played one way is one button; a free row shows its ways under its name.
        if (acts.length === 1) return button(acts[0], true);
        return html`<div class="row-choice" data-row=${r}><span class="row-name">${name}</span>
          <span class="ways">${acts.map((a) => button(a, false))}</span></div>`;
      })}</div>
      ${push ? html`<button class="btn push" type="button" id="push-btn" @click=${() => table.send("push")}>${t("push")}</button>` : ""}
      ${timer}</div>`;
}

/** A legal action of a decision of the variant's own (a call of an auction) in words. */
function callLabel(a) {
  if (a.type === "pass") return t("auction.pass");
  if (a.type === "double") return t("auction.double");
  if (a.type === "bid") return t("auction.bid", { value: a.value });
  return a.token;
}

/** A decision of the variant's own that is neither a card nor a contract (an auction's pass,
 * bid or double, a late double): a button for each legal action, sent back by its id. */
export function callPanel(table, legal, timer) {
  const p = table.st.game.panel || {};
  const prompt = p.bidder !== null && p.bidder !== undefined && table.st.game.contract
    ? t("auction.double_prompt", { value: p.bid }) : t("auction.prompt");
  return html`<div class="call-panel"><span class="prompt">${prompt}</span>
      <div class="choices">${legal.map((a) => html`<button class="btn choice call-btn" type="button"
          data-action=${a.name} @click=${() => table.send("action", { id: a.id })}>${callLabel(a)}</button>`)}</div>
      ${timer}</div>`;
}

/** A call of the auction as the panel lists it. */
function callText(c) {
  if (c.call === "pass") return t("auction.pass");
  if (c.call === "double") return t("auction.double");
  return t("auction.bid", { value: c.value });
}

/** The side box of an auction: the highest bid and its bidder, a double, every call in order. */
function auctionBox(table, p) {
  const high = p.bidder === null || p.bidder === undefined ? t("auction.none")
    : t("auction.high", { value: p.bid, who: table.seatName(p.bidder) });
  return html`<section class="side-box auction-box"><h3>${t("auction.title")}</h3>
      <p class="auction-high">${high}${p.doubled ? html` · <strong class="auction-doubled">${
        t("auction.doubled", { who: table.seatName(p.doubler) })}</strong>` : ""}</p>
      <ol class="auction-calls">${p.calls.map((c) => html`<li data-seat=${c.seat} data-call=${c.call}>${
        table.seatName(c.seat)}: ${callText(c)}</li>`)}</ol></section>`;
}

/** The bubble at a seat with its Differenzler forecast as the page may show it. */
export function forecastBubble(table, seat) {
  const g = table.st.game;
  const p = g?.panel;
  if (!p || !p.forecasts || !(p.forecast_done?.[seat] || p.forecasts[seat] !== null)) return "";
  return html`<span class="bubble forecast-bubble" data-seat=${seat}
    title=${t("dz.forecast")}><span class="bubble-word">${t("dz.forecast")}</span> ${forecastText(p, g.own, seat, table.mySeat())}</span>`;
}

/** The buttons of a variant's own words (`declare:W` actions: Handjass's play or drop,
 * Zuger's stay, home or maybe, its answers to the settlement and to forcing), each one of the
 * server's legal actions; the settlement offered (from the seat's own panel) above them. */
export function wordsPanel(table, legal, timer) {
  const g = table.st.game;
  const words = legal.filter((a) => a.type === "declare");
  const offer = g.phase === "settle" && g.own?.settlement !== undefined
    ? html`<span class="prompt offer" id="settle-offer">${t("word.offer", { points: g.own.settlement, weis: g.own.own_weis })}</span>` : "";
  return html`<div class="words-panel">${offer}${words.map((a) => html`<button class="btn choice word-btn"
      type="button" data-word=${a.word} @click=${() => table.send("declare", { word: a.word })}>${
        t(`word.${a.word}`)}</button>`)}${timer}</div>`;
}

/** The bubble at a seat with its word of the declaring (a panel's `said`), or that it sits
 * the hand out (`sitting_out`), or "". */
export function wordBubble(table, seat) {
  const p = table.st.game?.panel;
  if (!p) return "";
  if (p.sitting_out === seat) return html`<span class="bubble word-bubble out" data-seat=${seat}>${t("word.sits_out")}</span>`;
  const word = Array.isArray(p.said) ? p.said[seat] : null;
  if (!word) return "";
  return html`<span class="bubble word-bubble" data-seat=${seat} data-word=${word}>${t(`word.${word}`)}</span>`;
}

/** The side panel's boxes of a variant's panel, or "" (Schieber has none). */
export function variantSide(table) {
  const g = table.st.game;
  const p = g?.panel;
  if (!p) return "";
  const names = table.sides().map((_, s) => table.teamName(s));
  if (p.forecasts) {
    return html`<section class="side-box dz-box"><h3>${t("hand_of", { hand: g.hand_no, hands: p.hands })}</h3>
      ${forecastTable(names, p, g.own, table.mySeat())}</section>`;
  }
  if (isPenaltyJass(p)) return penaltyJassBox(names, p, g.hand_no, table.mySeat(), table.notMe, table.deck());
  if (isChratzer(p)) return chratzerBox(names, p, g.hand_no, table.mySeat(), table.deck());
  if (isMittlere(p)) return mittlereBox(names, p, g.hand_no, table.mySeat(), table.notMe, table.deck());
  if (isMolotow(p)) return molotowBox(names, p, g.hand_no, table.mySeat(), table.notMe, table.deck());
  if (isGuggitaler(p)) return guggitalerBox(names, p, table.mySeat(), table.deck());
  if (isHandjass(p)) return handjassBox(names, p, g.hand_no, table.mySeat());
  if (isKoenigsjass(p)) return koenigsjassBox(names, p, g.hand_no, table.mySeat());
  if (isSchaggiHaas(p)) return koenigsjassBox(names, p, g.hand_no, table.mySeat());
  if (isReservejass(p)) return reservejassBox(names, p, g.hand_no, table.mySeat());
  if (isBieter(p)) return bieterBox(p, g.hand_no, table.seatName);
  if (isSchaffhauser(p)) return schaffhauserBox(p, table.seatName);
  if (isPandur(p)) return pandurBox(table.sides().map((_, s) => table.seatName(s)), p, table.seatName);
  if (isFahnder(p)) return fahnderBox(table.sides().map((_, s) => table.seatName(s)), p, g.hand_no, table.seatName);
  if (isOffenerJass(p)) return offenerJassBox(table, p);
  if (Array.isArray(p.calls)) return auctionBox(table, p);
  if (isSchellenjass(p)) return schellenjassBox(names, p, g.hand_no, table.mySeat(), table.deck());
  if (isHindersi(p)) return hindersiBox(names, p, table.mySeat());
  if (isSechser(p)) return sechserBox(p, g.hand_no, table.seatName);
  if (isDarts(p)) return dartsBox(names, p, p.sides[table.mySeat()] ?? null, table.seatName, table.deck());
  if (isSchmaus(p)) return schmausBox(names, p, g.hand_no, table.mySeat(), table.deck());
  if (p.sheet) {
    // At the end of the game the panel is still the sheet before the last hand.
    const over = g.phase === "over";
    const written = over && g.last_hand?.score?.row ? writtenBy(g.last_hand.score, table.sides()) : null;
    return html`<section class="side-box sheet-box">${sheetTable(names, p, table.deck(),
      { marks: table.st.marks, playing: over ? null : p.row, written })}</section>`;
  }
  return "";
}
