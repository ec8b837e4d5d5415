// The coach in the replay viewer: what each decision of the hand shown cost (docs/coach.md),
// from the server's analysis (GET /api/games/{id}/analysis?hand=N, worked out on request).
// The box lists the decisions of the trick on the cloth (before the first trick: the contract,
// pushes and the other decisions before the card play) and each seat's sums for the hand.

import { parseToken } from "./cards.js";
import { html } from "./dom.js";
import { cardName, t } from "./i18n.js";
import { contractName } from "./pieces.js";

/** A decision's action token in words: a card, a contract, a push, else the token itself. */
export function tokenText(token, deck) {
  const card = parseToken(token);
  if (card >= 0) return cardName(card, deck);
  if (token.startsWith("choose:")) return contractName(token.slice(7), deck);
  if (token === "push") return t("push");
  return token;
}

function judged(d, deck) {
  if (d.forced) return html`<span class="muted">${t("rc.forced")}</span>`;
  const parts = [];
  if (d.exact_loss !== null && d.exact_loss !== undefined) {
    parts.push(d.exact_loss === 0
      ? html`<span class="rc-open rc-ok">${t("rc.open_ok")}</span>`
      : html`<span class="rc-open rc-loss">${t("rc.open", { best: tokenText(d.exact[0][0], deck), loss: d.exact_loss })}</span>`);
  }
  if (d.search && d.search.length) {
    const loss = d.search_loss || 0;
    parts.push(loss < 0.5
      ? html`<span class="rc-search rc-ok">${t("rc.search_ok")}</span>`
      : html`<span class="rc-search rc-loss">${t("rc.search", { best: tokenText(d.search[0][0], deck), loss: loss.toFixed(1) })}</span>`);
  }
  return parts;
}

/**
 * The coach's box. `state` is this hand's entry: undefined (not asked), {loading}, {error}
 * or {data}; `step` the trick on the cloth (0: the deal); `ask` asks the server.
 */
export function coachBox(state, step, seatName, deck, ask) {
  let body;
  if (!state) {
    body = html`<button class="btn" type="button" id="rp-coach" @click=${ask}>${t("rc.button")}</button>`;
  } else if (state.loading) {
    body = html`<p class="muted" id="rp-coach-wait">${t("rc.loading")}</p>`;
  } else if (state.error) {
    body = html`<p class="field-error" role="alert">${state.error}</p>
      <button class="btn" type="button" id="rp-coach" @click=${ask}>${t("rc.button")}</button>`;
  } else {
    const shown = state.data.decisions.filter((d) =>
      (step === 0 ? d.phase !== "play" : d.phase === "play" && d.trick === step - 1));
    body = html`<ul class="rc-list" id="rp-coach-list">${shown.length ? shown.map((d) => html`<li data-seat=${d.seat}>
        <strong>${seatName(d.seat)}</strong> ${tokenText(d.action, deck)}: ${judged(d, deck)}</li>`)
      : html`<li class="muted">${t("rc.none")}</li>`}</ul>
      <table class="rc-totals"><tbody>${state.data.totals.filter((s) => s.decisions).map((s) => html`<tr>
        <td>${seatName(s.seat)}</td><td>${t("rc.totals", { open: s.exact_loss, search: s.search_loss.toFixed(1) })}</td></tr>`)}</tbody></table>`;
  }
  return html`<section class="side-box coach-box"><h3>${t("rc.title")}</h3>${body}</section>`;
}
