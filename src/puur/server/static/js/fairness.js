// Fair deals (docs/fairness.md): the commitment to a game's seed, shown from its start with a
// copy button and how to check it, and the seed revealed once the game is over.

import { html } from "./dom.js";
import { t } from "./i18n.js";

/** Copy a hash or a seed, saying so in a toast (`toast` from the app's context). */
async function copy(text, toast) {
  try {
    await navigator.clipboard.writeText(text);
    toast(t("fair.copied"), "info", 2500);
  } catch {
    toast(text, "info", 8000);
  }
}

/** The commitment of a game (an entry of the table's `games`) for the top bar: its first
 * digits, a copy button and how to check it; "" for a game without one. */
export function commitmentInfo(game, toast) {
  if (!game || !game.commitment) return "";
  return html`<span class="fair" id="fair-commit" title=${`${t("fair.commit")}: ${game.commitment}`}>
      <span class="fair-label">${t("fair.commit")}</span>
      <code class="fair-hash">${game.commitment.slice(0, 12)}…</code>
      <button class="btn tiny" id="fair-copy" type="button"
        @click=${() => copy(game.commitment, toast)}>${t("fair.copy")}</button>
      <details class="fair-how"><summary>${t("fair.how")}</summary><p>${t("fair.how_text")}</p></details>
    </span>`;
}

/** The revealed seed of a finished game beside the commitment shown at its start (the
 * game-over dialog, the replay); "" while there is no seed. */
export function revealedSeed(seed, commitment, toast) {
  if (!seed) return "";
  return html`<div class="fair-reveal" id="fair-seed">
      <p><span class="fair-label">${t("fair.seed")}</span> <code class="fair-hash">${seed}</code>
        ${toast ? html`<button class="btn tiny" id="fair-seed-copy" type="button"
          @click=${() => copy(seed, toast)}>${t("fair.copy")}</button>` : ""}</p>
      ${commitment ? html`<p><span class="fair-label">${t("fair.commit")}</span>
        <code class="fair-hash">${commitment}</code></p>
        <details class="fair-how"><summary>${t("fair.how")}</summary><p>${t("fair.how_text")}</p></details>`
        : html`<p class="fair-none">${t("fair.none")}</p>`}
    </div>`;
}
