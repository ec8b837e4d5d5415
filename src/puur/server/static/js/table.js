// The table page: lays out the seats, the trick, your hand, the side panel and the dialogs
// (each drawn by its own module) from the open table's state (table-state.js), and handles the
// keys, the turn clock and the focus.
//
// Every redraw renders the whole page from the state with lit-html, which changes only what
// differs: an element on the page stays the same element from one state to the next.

import { html, render } from "./dom.js";
import { t } from "./i18n.js";
import { fatalPanel } from "./pieces.js";
import { commitmentInfo } from "./fairness.js";
import { gameOver, joinPanel, summaryPanel } from "./table-dialogs.js";
import { actionBar, handCards } from "./table-hand.js";
import { seatBox } from "./table-seats.js";
import { sidePanel } from "./table-side.js";
import { openTable } from "./table-state.js";
import { contract, lastTrick, trickCards, waiting } from "./table-trick.js";

const ORDER = ["top-left", "top", "top-right", "left", "right"];

export function mountTable(view, code, watch, ctx) {
  let alive = true;
  const table = openTable(code, watch, ctx, redraw);
  const { st } = table;

  // --- What the buttons do (beyond sending a message) ------------------------------------

  const on = {
    toggleLast() { st.showLast = !st.showLast; redraw(); showOverlay("last-trick"); },
    closeLast() { st.showLast = false; redraw(); },
    closeSummary() { st.summary = null; redraw(); },
    openSummary() {
      const lh = st.game?.last_hand;
      if (lh) { st.summary = lh; redraw(); showOverlay("hand-summary"); }
    },
    closeGameOver() { st.overDismissed = true; redraw(); },
    sit(seat) { table.join(seat, ""); },
  };

  /** Bring a panel opened from below the table (on a phone) into view. */
  function showOverlay(id) {
    document.getElementById(id)?.scrollIntoView({ block: "nearest", behavior: ctx.fast ? "auto" : "smooth" });
  }

  async function invite() {
    const link = `${location.origin}/t/${code}`;
    try {
      await navigator.clipboard.writeText(link);
      ctx.toast(t("invite.copied"), "info", 2500);
    } catch {
      ctx.toast(t("pair", { a: t("invite.text", { code }), b: link }), "info", 8000);
    }
  }

  // --- Drawing ---------------------------------------------------------------------------

  /** What lies over the middle of the cloth: the join panel, the invite, the last trick or
   * the hand summary. */
  function centerOverlay() {
    const g = st.game;
    if (st.joinForm) return joinPanel(table, () => table.spectate());
    if (!st.latest || !g) return waiting(table);
    if (st.showLast && g.last_trick) return lastTrick(table, on.closeLast);
    if (st.summary && g.phase !== "over") return summaryPanel(table, st.summary, on.closeSummary);
    return "";
  }

  function topInfo() {
    return html`<span class="table-code" title=${t("lobby.code")}>${code}</span>
      <button class="btn tiny" id="invite-btn" type="button" @click=${invite}>${t("invite")}</button>${
        table.mySeat() === null && st.you ? html`<span class="badge">${t("spectator")}</span>` : ""}
      ${st.game ? commitmentInfo(st.table?.games?.at(-1), ctx.toast) : ""}`;
  }

  function page() {
    const g = st.game;
    const bottom = table.bottomSeat();
    const n = table.seatCount();
    // The seats across the cloth first, then the sides: the order the grid places them in.
    const others = Array.from({ length: n - 1 }, (_, i) => (bottom + i + 1) % n)
      .sort((a, b) => ORDER.indexOf(table.where(a)) - ORDER.indexOf(table.where(b)));
    const dialog = gameOver(table, on.closeGameOver, ctx.toast);
    const tpl = html`
      <section class="table-view ${g ? `phase-${g.phase}` : "phase-waiting"}" data-code=${code}>
        <div class="felt-wrap" ?inert=${Boolean(dialog)}>
          <div class="felt seats-${n}">
            ${others.map((s) => seatBox(table, s, on.sit))}
            <div class="center">
              ${contract(table)}
              <div class="trick" aria-label=${t("aria.trick")}>${trickCards(table)}</div>
              ${centerOverlay()}
            </div>
            ${seatBox(table, bottom, on.sit)}
          </div>
          <div class="action-bar" id="action-bar" aria-live="polite">${actionBar(table)}</div>
          <div class="hand ${table.mySeat() === null ? "spectating" : ""}" id="hand" role="group"
            aria-label=${t("aria.hand")}>${handCards(table)}</div>
        </div>
        <aside class="side" ?inert=${Boolean(dialog)}>${sidePanel(table, on)}</aside>
        ${dialog}
      </section>`;
    return { tpl, dialog: Boolean(dialog) };
  }

  function redraw() {
    if (!alive) return;
    if (st.fatal) {
      render(fatalPanel(st.fatal), view);
      return;
    }
    const active = document.activeElement;
    const handFocused = active && active.classList && active.classList.contains("hand-card");
    const info = document.getElementById("topbar-info");
    const refocus = !handFocused && (view.contains(active) || info.contains(active))
      ? focusKey(active) : null;
    const { tpl, dialog } = page();
    render(tpl, view);
    // A card slides in once: a later redraw (a language switch, a button) shows it lying.
    st.entering = new Set();
    ctx.setInfo(topInfo());
    // While the game-over dialog is open, only the dialog takes the focus and the keys.
    ctx.inertFrame(dialog);
    // The focus stays where it was (a button, a card), also when that control was drawn anew...
    if (handFocused) view.querySelectorAll(".hand-card")[st.focus]?.focus();
    else if (refocus && !active.isConnected) document.querySelector(refocus)?.focus({ preventScroll: true });
    // ...and moves into the dialog when it opens.
    if (dialog && !st.dialogShown) view.querySelector("#game-over .btn")?.focus();
    st.dialogShown = dialog;
  }

  /** A selector that finds the same control again after a redraw, or null. */
  function focusKey(el) {
    if (el.id) return `#${CSS.escape(el.id)}`;
    // A sheet row's button: the row and the way it is played.
    if (el.dataset.row !== undefined && el.dataset.contract !== undefined) {
      return `button[data-row="${CSS.escape(el.dataset.row)}"][data-contract="${CSS.escape(el.dataset.contract)}"]`;
    }
    for (const attr of ["contract", "option", "seat"]) {
      if (el.dataset[attr] !== undefined) {
        return `${el.tagName.toLowerCase()}[data-${attr}="${CSS.escape(el.dataset[attr])}"]`;
      }
    }
    if (el.tagName === "A" && el.getAttribute("href")) {
      return `#view a[href="${CSS.escape(el.getAttribute("href"))}"]`;
    }
    return null;
  }

  // --- Keys and the turn clock -----------------------------------------------------------

  function onKey(e) {
    if (e.target.closest && e.target.closest("input, select, textarea")) return;
    const cards = [...view.querySelectorAll(".hand-card")];
    if (e.key === "ArrowRight" || e.key === "ArrowLeft") {
      if (!cards.length) return;
      const step = e.key === "ArrowRight" ? 1 : -1;
      st.focus = (st.focus + step + cards.length) % cards.length;
      for (const c of cards) c.tabIndex = -1;
      cards[st.focus].tabIndex = 0;
      cards[st.focus].focus();
      e.preventDefault();
    } else if (/^[1-9]$/.test(e.key)) {
      const c = cards[Number(e.key) - 1];
      const type = c && c.classList.contains("legal") && table.legalCards().get(c.dataset.card);
      if (type) table.send(type, { card: c.dataset.card });
    } else if (e.key === "l" || e.key === "L") {
      if (st.game && st.game.last_trick) { st.showLast = !st.showLast; redraw(); }
    } else if (e.key === "Escape") {
      st.showLast = false;
      st.summary = null;
      st.overDismissed = true;
      redraw();
    }
  }

  const tick = setInterval(() => {
    const el = document.getElementById("deadline");
    if (el && st.deadlineAt) el.textContent = `${Math.max(0, Math.ceil((st.deadlineAt - Date.now()) / 1000))}s`;
  }, 500);

  document.addEventListener("keydown", onKey);
  redraw();
  table.start();

  return {
    rerender: redraw,
    destroy() {
      alive = false;
      table.close();
      ctx.inertFrame(false);
      clearInterval(tick);
      document.removeEventListener("keydown", onKey);
    },
    /** Drop the WebSocket as a network failure would (the reconnect test uses it). */
    dropConnection() {
      table.drop();
    },
    get state() {
      return st;
    },
  };
}
