// The replay viewer of a finished game: every hand with all four hands open, stepped trick by
// trick (← → keys or the buttons), with the contract, the declared Weis, Stöck, the hand's score
// and a download of the game record. The data is the server's replay (docs/protocol.md).

import { api } from "./api.js";
import { cardSVG, parseToken, sortHand } from "./cards.js";
import { cardName, errorText, t } from "./i18n.js";
import { contractIcon, contractName, miniCard } from "./table.js";
import { jasstafelSVG } from "./tafel.js";
import { esc } from "./util.js";

const POS = ["bottom", "right", "top", "left"];
const SUIT_TOKENS = { D: 0, H: 1, S: 2, C: 3 };

export function mountReplay(view, id, ctx) {
  let data = null;
  let hand = 0;
  let step = 0;
  let alive = true;

  const deck = () => ctx.prefs.deck;
  const seatName = (s) => {
    const info = data.seats[s];
    return info && info.name ? info.name : t(`seat.${s}`);
  };
  const teamName = (team) => `${seatName(team)} & ${seatName(team + 2)}`;

  function remaining(h, seat, upto) {
    const played = new Set();
    for (const tr of h.tricks.slice(0, upto)) for (const c of tr.cards) played.add(c.card);
    return h.deal[seat].filter((c) => !played.has(c));
  }

  function render() {
    if (!alive) return;
    if (!data) {
      view.innerHTML = `<section class="panel"><p>…</p></section>`;
      return;
    }
    const h = data.hands[hand];
    const n = h.tricks.length;
    const tr = step > 0 ? h.tricks[step - 1] : null;
    const trumpTok = h.contract in SUIT_TOKENS ? SUIT_TOKENS[h.contract] : -1;
    const seats = [0, 1, 2, 3].map((s) => {
      const cards = sortHand(remaining(h, s, step).map(parseToken), trumpTok, h.contract === "unde");
      const melds = h.weis[s] || [];
      return `<div class="seat open-hand pos-${POS[s]} team-${s % 2}" data-seat="${s}">
        <div class="plate"><span class="seat-label">${esc(seatName(s))}</span>
          ${h.forehand === s ? `<span class="badge">▶</span>` : ""}
        </div>
        <div class="seat-bubbles">
          ${h.chooser === s ? `<span class="bubble chooser-bubble">${contractIcon(h.contract, deck(), 16)}</span>` : ""}
          ${melds.length ? `<span class="bubble weis-bubble">${esc(t("weis"))} ${melds.reduce((a, m) => a + m.points, 0)}</span>` : ""}
          ${h.stoeck_seat === s ? `<span class="bubble stoeck-bubble">${esc(t("stoeck"))}</span>` : ""}
        </div>
        <div class="open-cards">${cards.map((c) => `<span class="mini-card">${cardSVG(c, deck(), cardName(c, deck()))}</span>`).join("")}</div>
      </div>`;
    }).join("");
    const trick = tr ? tr.cards.map((c) => {
      const card = parseToken(c.card);
      return `<div class="trick-card slot-${POS[c.seat]} ${c.seat === tr.winner ? "winner" : ""}" data-card="${esc(c.card)}">
        ${cardSVG(card, deck(), cardName(card, deck()))}</div>`;
    }).join("") : "";
    const last = step === n;
    const weisList = [0, 1, 2, 3].filter((s) => (h.weis[s] || []).length).map((s) => `
      <div class="weis-shown ${h.weis_seat !== null && s % 2 === h.weis_seat % 2 ? "best" : ""}"><span class="who">${esc(seatName(s))}</span>
        ${h.weis[s].map((m) => `<span class="meld">${m.cards.map((c) => miniCard(c, deck())).join("")}<span class="pts">${m.points}</span></span>`).join("")}</div>`).join("");
    const sc = h.score;
    const r = data.result;
    view.innerHTML = `
      <section class="replay-view">
        <div class="felt-wrap">
          <div class="felt replay-felt">
            ${seats}
            <div class="center">
              <div class="contract-chip">${contractIcon(h.contract, deck())}<span>${esc(contractName(h.contract, deck()))}</span>
                ${h.multiplier > 1 ? `<span class="mult">×${h.multiplier}</span>` : ""}
                <span class="muted small">${esc(t("chosen_by", { who: seatName(h.chooser) }))}${h.pushed ? ` · ${esc(t("pushed"))}` : ""}</span></div>
              <div class="trick">${trick}</div>
              ${tr ? `<div class="center-note">${esc(t("trick_by", { who: seatName(tr.winner) }))} · ${esc(t("points.count", { n: tr.points }))}</div>` : ""}
            </div>
          </div>
          <div class="action-bar replay-controls">
            <button class="btn" id="rp-prev-hand" type="button" ${hand === 0 ? "disabled" : ""} title="${esc(t("prev_hand"))}" aria-label="${esc(t("prev_hand"))}">|◀</button>
            <button class="btn" id="rp-prev" type="button" ${step === 0 && hand === 0 ? "disabled" : ""} aria-label="${esc(t("prev"))}">◀<span class="btn-word"> ${esc(t("prev"))}</span></button>
            <span class="prompt" id="rp-pos">${esc(t("replay.hand", { n: hand + 1, m: data.hands.length }))} ·
              ${esc(step === 0 ? t("replay.deal") : t("replay.step", { n: step }))}</span>
            <input type="range" id="rp-range" min="0" max="${n}" value="${step}" aria-label="${esc(t("replay.step", { n: step }))}">
            <button class="btn" id="rp-next" type="button" ${last && hand === data.hands.length - 1 ? "disabled" : ""} aria-label="${esc(t("next"))}"><span class="btn-word">${esc(t("next"))} </span>▶</button>
            <button class="btn" id="rp-next-hand" type="button" ${hand === data.hands.length - 1 ? "disabled" : ""} title="${esc(t("next_hand"))}" aria-label="${esc(t("next_hand"))}">▶|</button>
          </div>
        </div>
        <aside class="side">
          <section class="side-box">
            <h3>${esc(t("replay"))} #${esc(data.game_id)} <span class="muted small">${esc(data.code)}</span></h3>
            <p class="winner">${esc(t("pair", { a: t("gameover.won", { team: teamName(r.winner) }), b: t(`reason.${r.reason}`) }))}</p>
            <div class="scoreline"><span class="team team-0">${esc(teamName(0))}</span><strong>${esc(r.scores[0])}</strong></div>
            <div class="scoreline"><span class="team team-1">${esc(teamName(1))}</span><strong>${esc(r.scores[1])}</strong></div>
          </section>
          ${weisList ? `<section class="side-box"><h3>${esc(t("weis"))}</h3>${weisList}</section>` : ""}
          ${last ? `<section class="side-box"><h3>${esc(t("summary.title"))}</h3>
            <table class="score-table"><thead><tr><th></th><th>${esc(teamName(0))}</th><th>${esc(teamName(1))}</th></tr></thead><tbody>
            <tr><th>${esc(t("summary.tricks"))}</th><td>${sc.trick_points[0]}</td><td>${sc.trick_points[1]}</td></tr>
            ${sc.match_bonus.some((x) => x) ? `<tr><th>${esc(t("summary.match"))}</th><td>${sc.match_bonus[0]}</td><td>${sc.match_bonus[1]}</td></tr>` : ""}
            ${sc.weis.some((x) => x) ? `<tr><th>${esc(t("summary.weis"))}</th><td>${sc.weis[0]}</td><td>${sc.weis[1]}</td></tr>` : ""}
            ${sc.stoeck.some((x) => x) ? `<tr><th>${esc(t("summary.stoeck"))}</th><td>${sc.stoeck[0]}</td><td>${sc.stoeck[1]}</td></tr>` : ""}
            ${sc.multiplier > 1 ? `<tr><th>${esc(t("summary.multiplier"))}</th><td colspan="2">×${sc.multiplier}</td></tr>` : ""}
            <tr class="total"><th>${esc(t("summary.total"))}</th><td>${sc.total[0]}</td><td>${sc.total[1]}</td></tr>
            <tr class="game"><th>${esc(t("summary.game"))}</th><td>${h.scores_after[0]}</td><td>${h.scores_after[1]}</td></tr>
            </tbody></table></section>` : ""}
          <section class="side-box tafel-box"><h3>${esc(t("jasstafel"))}</h3>${jasstafelSVG(data.jasstafel, [teamName(0), teamName(1)])}</section>
          <section class="side-box buttons">
            <a class="btn primary" id="rp-download" href="${api.recordUrl(data.game_id)}" data-record="${esc(data.game_id)}" download>${esc(t("download"))}</a>
            <a class="btn" data-nav href="/">${esc(t("lobby.back"))}</a>
          </section>
        </aside>
      </section>`;
    ctx.setInfo(data.code ? `<span class="table-code">${esc(data.code)}</span>` : "");
    bind();
  }

  function go(d) {
    const n = data.hands[hand].tricks.length;
    step += d;
    if (step > n) {
      if (hand < data.hands.length - 1) { hand += 1; step = 0; } else step = n;
    } else if (step < 0) {
      if (hand > 0) { hand -= 1; step = data.hands[hand].tricks.length; } else step = 0;
    }
    render();
  }

  function bind() {
    const on = (i, fn) => document.getElementById(i)?.addEventListener("click", fn);
    on("rp-prev", () => go(-1));
    on("rp-next", () => go(1));
    on("rp-prev-hand", () => { hand = Math.max(0, hand - 1); step = 0; render(); });
    on("rp-next-hand", () => { hand = Math.min(data.hands.length - 1, hand + 1); step = 0; render(); });
    document.getElementById("rp-range")?.addEventListener("input", (e) => {
      step = Number(e.target.value);
      render();
      document.getElementById("rp-range")?.focus();
    });
  }

  function onKey(e) {
    if (!data || (e.target.closest && e.target.closest("input, select, textarea"))) return;
    if (e.key === "ArrowRight") go(1);
    else if (e.key === "ArrowLeft") go(-1);
  }

  async function load() {
    try {
      data = await api.replay(id);
      render();
    } catch (err) {
      view.innerHTML = `<section class="panel fatal"><h2>${esc(errorText(err.code, err.message))}</h2>
        <a class="btn primary" data-nav href="/">${esc(t("lobby.back"))}</a></section>`;
    }
  }

  document.addEventListener("keydown", onKey);
  render();
  load();
  return {
    rerender: render,
    destroy() {
      alive = false;
      document.removeEventListener("keydown", onKey);
    },
  };
}
