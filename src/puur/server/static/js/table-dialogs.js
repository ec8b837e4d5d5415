// The table's panels and dialogs: taking a seat (name and free seats), the hand summary, and
// game over (who won and how, Rematch, Replay, Download, the slate and the last hand).

import { api } from "./api.js";
import { html } from "./dom.js";
import { revealedSeed } from "./fairness.js";
import { t } from "./i18n.js";
import { contractIcon, contractName } from "./pieces.js";
import { handScore, ranking } from "./scores.js";
import { jasstafelSVG } from "./tafel.js";
import { variantSide } from "./table-variant.js";

/** Take a free seat (with a name) or watch. `table` is the open table (table-state.js). */
export function joinPanel(table, onWatch) {
  const name = localStorage.getItem("puur.name") || "";
  const join = (seat) => () =>
    table.join(seat, (document.getElementById("join-name")?.value || "").trim());
  return html`<div class="overlay join-panel">
      <div class="overlay-title">${t("lobby.join")} · ${table.code}</div>
      <label class="field"><span>${t("name")}</span>
        <input id="join-name" maxlength="40" value=${name}></label>
      <div class="row wrap">${table.st.joinForm.seats.map((s) => html`<button class="btn primary join-seat" type="button"
        data-seat=${s} @click=${join(s)}>${t("take_seat_at", { seat: t(`seat.${s}`) })}</button>`)}</div>
      <button class="btn" id="join-watch" type="button" @click=${onWatch}>${t("lobby.watch")}</button></div>`;
}

/** The summary of a hand (a hand_over message); `onClose` given: with a Continue button. */
export function summaryPanel(table, s, onClose) {
  const deck = table.deck();
  const match = s.score.match !== null && s.score.match !== undefined;
  return html`<div class="overlay summary" id="hand-summary">
      <div class="overlay-title">${t("summary.title")}${s.contract ? html` · ${contractIcon(s.contract, deck, 18)}
        ${contractName(s.contract, deck)}` : ""}${match ? ` · ${t("summary.match")}!` : ""}</div>
      ${handScore(table.sides().map((_, i) => table.teamName(i)), s.score, s.scores,
        table.st.game?.panel?.rows, table.sides(), deck)}
      ${onClose ? html`<button class="btn primary small" id="close-summary" type="button"
        @click=${onClose}>${t("continue")}</button>` : ""}
    </div>`;
}

/** The game-over dialog, or "" while the game goes on or after it was closed. */
export function gameOver(table, onClose, toast) {
  const { st } = table;
  const g = st.game;
  if (!g || g.phase !== "over" || !g.result || st.overDismissed) return "";
  const r = g.result;
  const me = table.mySeat();
  const won = me !== null && r.winner === table.sideOf(me);
  const names = table.sides().map((_, i) => table.teamName(i));
  const scoreName = st.table?.variant?.score_name;
  // The last hand's summary (it already holds the players' table; only a sheet adds to it).
  const last = st.summary && st.summary.hand_no === g.hand_no;
  return html`<div class="modal-back"><div class="modal game-over ${won ? "won" : ""}" role="dialog"
        aria-labelledby="go-title" id="game-over">
      <h2 id="go-title">${t("gameover")}</h2>
      <p class="winner">${table.wonText(r)}</p>
      ${g.jasstafel ? html`<p class="final-score"><span>${names[0]} <strong>${r.scores[0]}</strong></span>
        <span>${names[1]} <strong>${r.scores[1]}</strong></span></p>` : ranking(names, r.scores, r.places, scoreName)}
      <div class="row wrap">
        ${me !== null ? html`<button class="btn primary" id="rematch-btn" type="button"
          @click=${() => table.send("rematch")}>${t("rematch")}</button>` : ""}
        <a class="btn" data-nav href="/?replay=${r.game_id}">${t("replay")}</a>
        <a class="btn" href=${api.recordUrl(r.game_id)} data-record=${r.game_id} download>${t("download")}</a>
        <button class="btn" id="go-close" type="button" @click=${onClose}>${t("close")}</button>
      </div>
      ${revealedSeed(st.over?.seed ?? st.table?.games?.at(-1)?.seed,
        st.over?.commitment ?? st.table?.games?.at(-1)?.commitment, toast)}
      ${g.jasstafel ? jasstafelSVG(g.jasstafel, names) : ""}
      ${last ? summaryPanel(table, st.summary) : ""}
      ${!g.jasstafel && !(last && !g.panel?.sheet) ? variantSide(table) : ""}
      </div></div>`;
}
