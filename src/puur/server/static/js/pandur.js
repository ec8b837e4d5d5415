// What the page shows of a Pandur panel (docs/protocol.md; the state's `game.panel`): the bid
// in the bar (pass, one number field for the numeric bids the ladder still allows, a button for
// each special bid), and the side box: the highest bid or the soloist's contract with its value
// and his points, each player's part in the hand and his game points against the target.
//
// The panel is recognised by what it holds (`pandur_bid`), not by the variant's name; every
// figure is the server's, and every bid sent is one of the server's legal actions.

import { html } from "./dom.js";
import { t } from "./i18n.js";

/** Whether `panel` is one of Pandur's. */
export function isPandur(panel) {
  return Boolean(panel) && "pandur_bid" in panel && "at_table" in panel;
}

const WORDS = {
  misere: () => t("pd.bid.misere"),
  "trumpf-misere": () => t("pd.bid.trumpf-misere"),
  pandur: () => t("pd.bid.pandur"),
  "trumpf-pandur": () => t("pd.bid.trumpf-pandur"),
};

/** A bid token of the panel (`"160"`, `"misere"`) in words. */
function bidWords(bid) {
  return WORDS[bid] ? WORDS[bid]() : bid;
}

/** The bar's bid: pass, a number field for the numeric bids, a button per special bid. */
export function pandurBidPanel(table, legal, timer) {
  const p = table.st.game.panel;
  const numbers = legal.filter((a) => a.type === "bid" && a.value !== undefined).map((a) => a.value);
  const words = legal.filter((a) => a.type === "bid" && a.word);
  const pass = legal.find((a) => a.type === "pass");
  const lo = Math.min(...numbers), hi = Math.max(...numbers);
  const submit = (e) => {
    e.preventDefault();
    const input = document.getElementById("pd-bid-input");
    const text = input.value.trim();
    const action = /^\d+$/.test(text) && legal.find((a) => a.type === "bid" && a.value === Number(text));
    if (!action) {
      table.st.pandurError = t("pd.bid_bad", { lo, hi });
      table.redraw();
      input.focus();
      return;
    }
    table.st.pandurError = null;
    table.send("action", { id: action.id });
  };
  const err = table.st.pandurError;
  const prompt = p.high_bid ? t("pd.auction", { bid: bidWords(p.high_bid), seat: table.seatName(p.bids.indexOf(p.high_bid)) })
    : t("decide.bid");
  return html`<div class="auction-panel pd-bid-panel"><span class="prompt">${prompt}</span>
      <div class="choices">${pass ? html`<button class="btn choice" type="button" id="bid-pass"
          @click=${() => table.send("action", { id: pass.id })}>${t("bi.pass")}</button>` : ""}${
        words.map((a) => html`<button class="btn choice pd-word" type="button" data-word=${a.word}
          @click=${() => table.send("action", { id: a.id })}>${bidWords(a.word)}</button>`)}</div>
      ${numbers.length ? html`<form class="pd-bid-form" id="pd-bid-form" @submit=${submit} novalidate>
        <label class="prompt" for="pd-bid-input">${t("pd.bid_label")}</label>
        <input id="pd-bid-input" type="number" inputmode="numeric" min=${lo} max=${hi} step="10"
          placeholder="${lo}–${hi}" aria-invalid=${err ? "true" : "false"} required>
        <button class="btn primary" type="submit" id="pd-bid-btn">${t("pd.bid_submit")}</button>
        ${err ? html`<span class="field-error" role="alert">${err}</span>` : ""}</form>` : ""}${timer}</div>`;
}

/** A player's part in the hand as the panel tells it. */
function role(p, seat) {
  if (!p.at_table.includes(seat)) return t("pd.role_left");
  if (p.sitting_out === seat) return t("pd.role_out");
  if (p.soloist !== null) return seat === p.soloist ? t("pd.role_solo") : t("pd.role_against");
  if (p.passed.includes(seat)) return t("pd.role_passed");
  return p.bids[seat] ? t("pd.role_bid", { bid: bidWords(p.bids[seat]) }) : t("pd.role_wait");
}

/** The side box: the auction or the contract, each player's part and game points. */
export function pandurBox(names, p, seatName) {
  let head = t("pd.no_bid");
  if (p.thrown_in) head = t("bi.thrown_in");
  else if (p.soloist !== null) {
    head = t("pd.contract", { seat: seatName(p.soloist), bid: bidWords(p.pandur_bid),
      value: p.value, points: p.soloist_points });
  } else if (p.high_bid) {
    head = t("pd.auction", { bid: bidWords(p.high_bid), seat: seatName(p.bids.indexOf(p.high_bid)) });
  }
  const trumps = p.trumps_by_card ? html`<p class="pd-note">${t("pd.trumps_by_card")}</p>` : "";
  return html`<section class="side-box pd-box"><h3 id="pd-head">${head}</h3>${trumps}
    <table class="score-table pd-table"><thead><tr><th></th><th></th><th>${t("pd.gained")}</th></tr></thead>
      <tbody>${names.map((n, s) => html`<tr data-seat=${s}><th>${n}</th><td class="role">${role(p, s)}</td>
        <td class="points">${p.totals[s]}</td></tr>`)}</tbody></table>
    <p class="pd-target">${t("pd.leave_at", { target: p.target })}</p></section>`;
}
