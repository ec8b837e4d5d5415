// The side panel beside (or below) the cloth: both teams' points and this hand's, the Jasstafel,
// the declared Weis card by card, and the buttons for the last trick, the hand summary and the
// lobby.

import { html } from "./dom.js";
import { t } from "./i18n.js";
import { weisShown } from "./pieces.js";
import { jasstafelSVG } from "./tafel.js";

/** `table` is the open table (table-state.js); `on` holds the buttons' actions. */
export function sidePanel(table, on) {
  const g = table.st.game;
  const scores = g ? g.scores : [0, 0];
  const target = g ? g.target : table.st.table?.rules?.target;
  const names = [table.teamName(0), table.teamName(1)];
  return html`
      <section class="side-box score-box">
        <h3>${t("score")} <span class="muted small">${target ? t("target", { n: target }) : ""}</span></h3>
        <div class="scoreline"><span class="team team-0">${names[0]}</span><strong id="score-0">${scores[0]}</strong></div>
        <div class="scoreline"><span class="team team-1">${names[1]}</span><strong id="score-1">${scores[1]}</strong></div>
        ${g && g.phase !== "over" ? html`<div class="scoreline small muted"><span>${t("this_hand")}</span><span>${g.credited[0]} : ${g.credited[1]}</span></div>` : ""}
      </section>
      <section class="side-box tafel-box"><h3>${t("jasstafel")}</h3>${jasstafelSVG(g ? g.jasstafel : null, names)}</section>
      ${g ? weisShown(g.weis_shown, g.weis_seat, table.seatName, table.deck()) : ""}
      <section class="side-box buttons">
        <button class="btn" id="last-btn" type="button" ?disabled=${!(g && g.last_trick)}
          @click=${on.toggleLast}>${t("last_trick")}</button>
        ${g && g.last_hand ? html`<button class="btn" id="summary-btn" type="button"
          @click=${on.openSummary}>${t("summary.title")}</button>` : ""}
        <a class="btn" data-nav href="/">${t("lobby.back")}</a>
      </section>
      <p class="keys-help small muted">${t("keys.help")}</p>`;
}
