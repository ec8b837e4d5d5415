// The replay viewer of a finished game: every hand with all hands open (three to six seats),
// stepped trick by trick (← → keys or the buttons), with the contract, the declared Weis, Stöck,
// the hand's score, the variant's panel (Differenzler's forecasts and penalties, Coiffeur's
// sheet, Molotow's trumps and points, Handjass's words and nets, Bieter's König, partner and
// columns), the coach on request (what each decision of the hand cost) and a download of the
// game record. The data is the server's replay (docs/protocol.md).

import { api, openedByShare, savedTokens } from "./api.js";
import { bieterBox, bieterBubbles, bieterNotes, isBieter } from "./bieter.js";
import { isSchaffhauser, schaffhauserBox, schaffhauserBubbles, schaffhauserNotes } from "./schaffhauser.js";
import { fahnderBox, fahnderBubbles, fahnderNotes, isFahnder } from "./fahnder.js";
import { cardSVG, parseToken, sortHand } from "./cards.js";
import { coachBox } from "./coach.js";
import { revealedSeed } from "./fairness.js";
import { html, nothing, render } from "./dom.js";
import { handjassBox, handjassPiles, isHandjass, robbedNote, seatStatus, wordBubble } from "./handjass.js";
import { cardName, errorText, t } from "./i18n.js";
import { pile } from "./piles.js";
import { guggitalerBox, isGuggitaler } from "./guggitaler.js";
import { isMolotow, molotowBox, trumpNote } from "./molotow.js";
import { isPenaltyJass, penaltyJassBox, penaltyJassNotes } from "./penalty_jass.js";
import { isSchellenjass, penaltyNote, schellenjassBox } from "./schellenjass.js";
import { hindersiBox, isHindersi } from "./hindersi.js";
import { isSechser, sechserBox } from "./sechser.js";
import { dartsBox, isDarts } from "./darts.js";
import {
  chooserBubble, contractChip, fatalPanel, stoeckBubble, SUIT_TOKENS, trickCard,
  weisBubble, weisShown,
} from "./pieces.js";
import {
  forecastTable, handScore, ranking, rowName, sheetTable, turnedNote, writtenBy,
} from "./scores.js";
import { positions, sideSeats, winnerText } from "./table-names.js";
import { jasstafelSVG } from "./tafel.js";

export function mountReplay(view, id, ctx) {
  let data = null;
  let variant = null; // the variant's description from GET /api/meta
  let hand = 0;
  let step = 0;
  let alive = true;
  // The share link this page made (its address), or the error that refused it.
  let shared = null;
  let shareError = null;
  // The coach's analysis of each hand asked for, by hand index (docs/coach.md).
  const coached = {};

  const deck = () => ctx.prefs.deck;
  const seatName = (s) => {
    const info = data.seats[s];
    return info && info.name ? info.name : t(`seat.${s}`);
  };
  const sides = () => sideSeats(null, { players: data.seats.length, sides: data.result.scores.length });
  const teamName = (side) => sides()[side].map(seatName).join(" & ");
  const pos = (s) => positions(data.seats.length)[s];

  /** The Match marks of the Coiffeur hands before hand `upto`: side → row → mark. */
  function marksBefore(upto) {
    const marks = {};
    for (const h of data.hands.slice(0, upto)) {
      if (!h.score?.row) continue;
      const w = writtenBy(h.score, sides());
      if (w.mark) marks[w.side] = { ...(marks[w.side] || {}), [w.row]: w.mark };
    }
    return marks;
  }

  /** The variant's panel of hand `h` (at its end: `done`), or "". */
  function panelBox(h, names, done) {
    const p = h.panel || {};
    if (p.forecasts) {
      const shown = done ? p : { ...p, penalties: null, made: p.made.map(() => "–") };
      return html`<section class="side-box dz-box"><h3>${t("hand_of", { hand: h.hand_no, hands: p.hands })}</h3>
        ${forecastTable(names, shown, null, null)}</section>`;
    }
    if (isMolotow(p)) {
      // Before the hand's end its figures are not shown: the hand is stepped through.
      const shown = done ? p : { ...p, made: p.made.map(() => "–"), table_weis: p.table_weis.map(() => 0),
        result: null, marks: null };
      return molotowBox(names, shown, h.hand_no, null, seatName, deck());
    }
    if (isGuggitaler(p)) {
      const shown = done ? p : { ...p, made: p.made.map(() => "–"), result: null };
      return guggitalerBox(names, shown, null, deck());
    }
    if (isHandjass(p)) {
      const shown = done ? p : { ...p, made: p.made.map(() => "–"), marks: null, result: null };
      return handjassBox(names, shown, h.hand_no, null);
    }
    if (isBieter(p)) return bieterBox(done ? p : { ...p, team_points: null }, h.hand_no, seatName);
    if (isSchaffhauser(p)) return schaffhauserBox(done ? p : { ...p, team_points: null }, seatName);
    if (isFahnder(p)) return fahnderBox(names, done ? p : { ...p, team_points: null }, h.hand_no, seatName);
    if (isPenaltyJass(p)) {
      const shown = done ? p : { ...p, penalties: p.penalties.map(() => "–"), result: null };
      return penaltyJassBox(names, shown, h.hand_no, null, seatName, deck());
    }
    if (isSchellenjass(p)) {
      const shown = done ? p : { ...p, taken: p.taken.map(() => "–"), result: null };
      return schellenjassBox(names, shown, h.hand_no, null, deck());
    }
    if (isHindersi(p)) {
      const shown = done ? p : { ...p, made: p.made.map(() => "–"), points: null, marks: null };
      return hindersiBox(names, shown, null);
    }
    if (isSechser(p)) return sechserBox(p, h.hand_no, seatName);
    if (isDarts(p)) {
      const shown = done ? p : { ...p, made: p.made.map(() => "–"), result: null };
      return dartsBox(names, shown, null, seatName, deck());
    }
    if (p.sheet) {
      return html`<section class="side-box sheet-box">${sheetTable(names, p, deck(), {
        marks: marksBefore(hand), playing: done ? null : p.row, written: done ? writtenBy(h.score, sides()) : null })}</section>`;
    }
    return "";
  }

  /** The cards face down outside the hands as the hand ended (a talon, a dead hand), face up:
   * a replay opens every card. */
  function openPiles(h) {
    const words = { blind: "hj.blind", dead: "hj.dead", talon: "bi.talon_label", dead_cards: "sx.dead_pile", reserve: "rj.pile_reserve", stock: "sm.pile_stock" };
    const piles = Object.entries(h.piles || {}).filter(([, cards]) => cards.length);
    if (!piles.length) return "";
    return html`<div class="piles open-piles">${piles.map(([name, cards]) =>
      pile(name, 0, t(words[name] || name), cards, deck()))}</div>`;
  }

  /** The contract in the middle: who chose it (and the sheet row), or the dealer's turned card. */
  function chip(h) {
    const p = h.panel;
    if (isHandjass(p)) {
      const piles = handjassPiles(p, seatName, deck(), h.piles);
      if (!h.contract) return html`<span class="turned-note">${t("hj.no_play")}</span>${piles}`;
      return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${
        turnedNote(h.turned, seatName(h.dealer), deck())}${robbedNote(p, seatName)}${piles}`;
    }
    if (isBieter(p)) {
      const talon = h.piles?.talon
        ? html`<div class="piles open-piles">${pile("talon", 0, t("bi.talon"), h.piles.talon, deck())}</div>` : "";
      if (!h.contract) return html`<span class="turned-note">${t("bi.thrown_in")}</span>${talon}`;
      // Every hand is open in a replay: the König's discards too.
      const laid = h.actions.filter((a) => a.action.type === "discard").map((a) => a.action.card);
      return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${
        p.first ? "" : turnedNote(h.turned, seatName(h.dealer), deck())}${bieterNotes(p, null, seatName, deck())}${
        laid.length ? html`<div class="piles">${pile("discards", 0, t("bi.talon"), laid, deck())}</div>` : ""}${talon}`;
    }
    if (isMolotow(h.panel)) return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${trumpNote(h.panel, seatName, deck())}`;
    if (isFahnder(p)) {
      if (!h.contract) return html`<span class="turned-note">${t("bi.thrown_in")}</span>`;
      return html`${contractChip(h.contract, h.multiplier, t("chosen_by", { who: seatName(h.chooser) }), false, deck())}${
        fahnderNotes(p, null, seatName, deck())}`;
    }
    if (isSchellenjass(h.panel)) return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${penaltyNote(h.panel, deck())}`;
    if (isPenaltyJass(p)) return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${penaltyJassNotes(p, seatName, deck())}`;
    if (h.chooser === null || h.chooser === undefined) {
      return html`${contractChip(h.contract, h.multiplier, "", false, deck())}${
        h.dealer !== null ? turnedNote(h.turned, seatName(h.dealer), deck()) : ""}${
        isSchaffhauser(p) ? schaffhauserNotes(p) : ""}${openPiles(h)}`;
    }
    const row = h.panel?.rows?.find((r) => r.row === h.panel.row);
    const by = t("chosen_by", { who: seatName(h.chooser) });
    return html`${contractChip(h.contract, h.multiplier, row ? `${rowName(row, deck())} · ${by}` : by, h.pushed && !row, deck())}${
      openPiles(h)}`;
  }

  function remaining(h, seat, upto) {
    const played = new Set();
    for (const tr of h.tricks.slice(0, upto)) for (const c of tr.cards) played.add(c.card);
    return h.deal[seat].filter((c) => !played.has(c));
  }

  /** A seat with its cards open: name, who led, the contract it chose, Weis and Stöck. */
  function seat(h, s) {
    const trumpTok = h.contract in SUIT_TOKENS ? SUIT_TOKENS[h.contract] : -1;
    const cards = sortHand(remaining(h, s, step).map(parseToken), trumpTok, h.contract === "unde");
    const melds = h.weis[s] || [];
    const side = sides().findIndex((x) => x.includes(s));
    const p = h.panel;
    const status = isHandjass(p) ? seatStatus(p, s) : "";
    return html`<div class="seat open-hand pos-${pos(s)} team-${side} ${status}" data-seat=${s}>
        <div class="plate"><span class="seat-label">${seatName(s)}</span>
          ${h.forehand === s ? html`<span class="badge">▶</span>` : ""}
        </div>
        <div class="seat-bubbles">
          ${h.chooser === s ? chooserBubble(h.contract, deck()) : ""}
          ${melds.length ? weisBubble(melds) : ""}
          ${h.stoeck_seat === s ? stoeckBubble() : ""}
          ${isHandjass(p) ? (status === "out" ? html`<span class="bubble word-bubble">${t("hj.out")}</span>` : wordBubble(p, s)) : ""}
          ${isBieter(p) ? bieterBubbles(p, null, s, null) : ""}
          ${isSchaffhauser(p) ? schaffhauserBubbles(p, s) : ""}
          ${isFahnder(p) ? fahnderBubbles(p, null, s, null) : ""}
        </div>
        <div class="open-cards">${cards.map((c) => html`<span class="mini-card">${cardSVG(c, deck(), cardName(c, deck()))}</span>`)}</div>
      </div>`;
  }

  /** The buttons, the slider and the position under the cloth. */
  function controls(n) {
    const lastHand = data.hands.length - 1;
    return html`<div class="action-bar replay-controls">
            <button class="btn" id="rp-prev-hand" type="button" ?disabled=${hand === 0} title=${t("prev_hand")}
              aria-label=${t("prev_hand")} @click=${() => jump(-1)}>|◀</button>
            <button class="btn" id="rp-prev" type="button" ?disabled=${step === 0 && hand === 0}
              aria-label=${t("prev")} @click=${() => go(-1)}>◀<span class="btn-word"> ${t("prev")}</span></button>
            <span class="prompt" id="rp-pos">${t("replay.hand", { n: hand + 1, m: data.hands.length })} ·
              ${step === 0 ? t("replay.deal") : t("replay.step", { n: step })}</span>
            <input type="range" id="rp-range" min="0" max=${n} .value=${String(step)}
              aria-label=${t("replay.step", { n: step })} @input=${slide}>
            <button class="btn" id="rp-next" type="button" ?disabled=${step === n && hand === lastHand}
              aria-label=${t("next")} @click=${() => go(1)}><span class="btn-word">${t("next")} </span>▶</button>
            <button class="btn" id="rp-next-hand" type="button" ?disabled=${hand === lastHand}
              title=${t("next_hand")} aria-label=${t("next_hand")} @click=${() => jump(1)}>▶|</button>
          </div>`;
  }

  function redraw() {
    if (!alive) return;
    if (!data) {
      render(html`<section class="panel"><p>…</p></section>`, view);
      return;
    }
    const h = data.hands[hand];
    const n = h.tricks.length;
    const tr = step > 0 ? h.tricks[step - 1] : null;
    const r = data.result;
    const names = r.scores.map((_, i) => teamName(i));
    const scoreName = variant?.score_name;
    render(html`
      <section class="replay-view">
        <div class="felt-wrap">
          <div class="felt replay-felt seats-${data.seats.length}">
            ${data.seats.map((_, s) => seat(h, s))}
            <div class="center">
              ${chip(h)}
              <div class="trick">${tr ? tr.cards.map((c) => trickCard(c, pos(c.seat), c.seat === tr.winner ? "winner" : "", deck())) : ""}</div>
              ${tr ? html`<div class="center-note">${t("trick_by", { who: seatName(tr.winner) })} · ${t("points.count", { n: tr.points })}</div>` : ""}
            </div>
          </div>
          ${controls(n)}
        </div>
        <aside class="side">
          <section class="side-box">
            <h3>${t("replay")} #${data.game_id} <span class="muted small">${data.code}</span></h3>
            <p class="winner">${winnerText(r, sides(), seatName, teamName, null, data.variant)}</p>
            ${data.jasstafel ? html`<div class="scoreline"><span class="team team-0">${names[0]}</span><strong>${r.scores[0]}</strong></div>
            <div class="scoreline"><span class="team team-1">${names[1]}</span><strong>${r.scores[1]}</strong></div>`
              : ranking(names, r.scores, r.places, scoreName)}
          </section>
          ${panelBox(h, names, step === n)}
          ${coachBox(coached[hand], step, seatName, deck(), () => askCoach(hand))}
          ${weisShown(h.weis, h.weis_seat, seatName, deck(), (seat) => sides().findIndex((x) => x.includes(seat)))}
          ${step === n ? html`<section class="side-box"><h3>${t("summary.title")}</h3>
            ${handScore(names, h.score, h.scores_after, h.panel?.rows, sides(), deck())}</section>` : ""}
          ${data.jasstafel ? html`<section class="side-box tafel-box"><h3>${t("jasstafel")}</h3>${jasstafelSVG(data.jasstafel, names)}</section>` : ""}
          ${data.seed ? html`<section class="side-box fair-box">${revealedSeed(data.seed, data.commitment, null)}</section>` : nothing}
          <section class="side-box buttons">
            <a class="btn primary" id="rp-download" href=${api.recordUrl(data.game_id)} data-record=${data.game_id} download>${t("download")}</a>
            ${savedTokens().length && !openedByShare() ? html`<button class="btn" type="button" id="rp-share" @click=${share}>${t("share.make")}</button>` : nothing}
            <a class="btn" data-nav href="/">${t("lobby.back")}</a>
          </section>
          ${shared ? html`<section class="side-box share-box"><label for="rp-share-url">${t("share.made")}</label>
            <input id="rp-share-url" type="text" readonly .value=${shared} @focus=${(e) => e.target.select()}></section>` : nothing}
          ${shareError ? html`<p class="field-error" id="rp-share-error" role="alert">${shareError}</p>` : nothing}
        </aside>
      </section>`, view);
    ctx.setInfo(data.code ? html`<span class="table-code">${data.code}</span>` : nothing);
  }

  async function askCoach(which) {
    coached[which] = { loading: true };
    redraw();
    try {
      coached[which] = { data: await api.analysis(data.game_id, which + 1) };
    } catch (e) {
      coached[which] = { error: errorText(e.code, e.message) };
    }
    if (alive) redraw();
  }

  async function share() {
    try {
      const res = await api.share(data.game_id);
      shared = new URL(res.url, location.origin).href;
      shareError = null;
    } catch (e) {
      shareError = errorText(e.code, e.message);
    }
    if (alive) redraw();
  }

  function go(d) {
    const n = data.hands[hand].tricks.length;
    step += d;
    if (step > n) {
      if (hand < data.hands.length - 1) { hand += 1; step = 0; } else step = n;
    } else if (step < 0) {
      if (hand > 0) { hand -= 1; step = data.hands[hand].tricks.length; } else step = 0;
    }
    redraw();
  }

  /** To the deal of the hand before (-1) or after (1). */
  function jump(d) {
    hand = Math.min(data.hands.length - 1, Math.max(0, hand + d));
    step = 0;
    redraw();
  }

  function slide(e) {
    step = Number(e.target.value);
    redraw();
  }

  function onKey(e) {
    if (!data || (e.target.closest && e.target.closest("input, select, textarea"))) return;
    if (e.key === "ArrowRight") go(1);
    else if (e.key === "ArrowLeft") go(-1);
  }

  async function load() {
    try {
      const [replay, meta] = await Promise.all([api.replay(id), api.meta().catch(() => null)]);
      data = replay;
      variant = meta?.variants?.find((v) => v.key === data.variant) || null;
      redraw();
    } catch (err) {
      if (alive) render(fatalPanel(errorText(err.code, err.message)), view);
    }
  }

  document.addEventListener("keydown", onKey);
  redraw();
  load();
  return {
    rerender: redraw,
    destroy() {
      alive = false;
      document.removeEventListener("keydown", onKey);
    },
  };
}
