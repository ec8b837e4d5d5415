// The side panel beside (or below) the cloth: both teams' points and this hand's, the Jasstafel,
// the declared Weis card by card, and the buttons for the last trick, the hand summary and the
// lobby.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { weisShown } from "./pieces.js";
import { sideTotals } from "./scores.js";
import { jasstafelSVG } from "./tafel.js";
import { variantSide } from "./table-variant.js";

/** `table` is the open table (table-state.js); `on` holds the buttons' actions. */
export function sidePanel(table, on) {
  const g = table.st.game;
  const sides = table.sides();
  const scores = g ? g.scores : sides.map(() => 0);
  const target = g ? g.target : table.st.table?.rules?.target;
  const names = sides.map((_, s) => table.teamName(s));
  const lower = table.st.table?.variant?.lower_is_better;
  // The slate is Schieber's: drawn where the server sends one (before the first state: where the
  // rules have a target to count to).
  return html`
      <section class="side-box score-box">
        <h3>${lower ? t("score.penalty_title") : t("score")} <span class="muted small">${target ? t("target", { n: target }) : ""}</span></h3>
        ${sideTotals(names, scores, g && sides.length > 2 ? g.places : null)}
        ${g && g.phase !== "over" ? html`<div class="scoreline small muted"><span>${t("this_hand")}</span><span>${g.credited.join(" : ")}</span></div>` : ""}
      </section>
      ${variantSide(table)}
      ${(g ? g.jasstafel : target) ? html`<section class="side-box tafel-box"><h3>${t("jasstafel")}</h3>${jasstafelSVG(g?.jasstafel, names)}</section>` : ""}
      ${g ? weisShown(g.weis_shown, g.weis_seat, table.seatName, table.deck(), table.sideOf) : ""}
      <section class="side-box buttons">
        <button class="btn" id="last-btn" type="button" ?disabled=${!(g && g.last_trick)}
          @click=${on.toggleLast}>${t("last_trick")}</button>
        ${g && g.last_hand ? html`<button class="btn" id="summary-btn" type="button"
          @click=${on.openSummary}>${t("summary.title")}</button>` : ""}
        <a class="btn" data-nav href="/">${t("lobby.back")}</a>
      </section>
      <p class="keys-help small muted">${t("keys.help")}</p>`;
}
