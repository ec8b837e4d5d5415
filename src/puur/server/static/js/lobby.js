// The lobby: create a table (rules, options, deck, language, a computer player per seat), join
// with a code, the list of open tables to join or watch, and the finished games to replay.

import { api, saveSeat } from "./api.js";
import { cardSVG, parseToken } from "./cards.js";
import { cardName, errorText, LANGUAGES, presetName, t } from "./i18n.js";
import { esc } from "./util.js";

const STANDARD = { D: 2, H: 1, S: 2, C: 1, obe: 3, unde: 3 };

function multKind(m) {
  if (!m) return "none";
  const vals = Object.values(m);
  if (vals.every((x) => x === 1)) return "none";
  if (Object.entries(STANDARD).every(([k, v]) => m[k] === v)) return "standard";
  return "preset";
}

const EXTRAS = ["misere", "slalom", "slalom-unde"];

/** "stoeck-weis-stich" in words: "Stöck → Weis → Tricks". */
function countOrder(token) {
  const words = { stoeck: t("stoeck"), weis: t("weis"), stich: t("opt.count.tricks") };
  return token.split("-").map((w) => words[w] ?? w).join(" → ");
}
const SELECT_OPTIONS = ["count_order", "stoeck_announce", "kontermatch", "start_card"];

const BOOL_OPTIONS = ["push_back", "weis", "stoeck", "large_weis", "weis_four_low", "kreuzweis",
  "striche"];

export function mountLobby(view, ctx) {
  let meta = null;
  let tables = [];
  let games = [];
  let form = {
    name: localStorage.getItem("puur.name") || "",
    preset: "family",
    options: {},
    deck: ctx.prefs.deck,
    lang: ctx.prefs.lang,
    seats: [null, { kind: "bot", bot: null, strength: 2 }, { kind: "bot", bot: null, strength: 2 },
      { kind: "bot", bot: null, strength: 2 }],
    turn_timer: 0,
    public: true,
  };
  let alive = true;

  function presetRules() {
    return (meta && meta.presets[form.preset]) || {};
  }

  function optionValue(key) {
    if (key in form.options) return form.options[key];
    const r = presetRules();
    if (key === "multipliers") return multKind(r.multipliers);
    return r[key];
  }

  function render() {
    // Keep what is being typed when the page is redrawn (a language switch, a refresh).
    const focused = document.activeElement && document.activeElement.id;
    view.innerHTML = `
      <section class="lobby">
        <div class="lobby-hero">
          <div class="hero-fan" aria-hidden="true">${[17, 32, 7, 24].map((c) =>
            `<span class="hero-card">${cardSVG(c, ctx.prefs.deck, cardName(c, ctx.prefs.deck))}</span>`).join("")}</div>
          <div><h1>Puur</h1>
          <p>${esc(t("app.tagline"))}</p></div>
        </div>
        <div class="lobby-grid">
          <form class="panel create" id="create-form" autocomplete="off">
            <h2>${esc(t("lobby.create"))}</h2>
            <label class="field"><span>${esc(t("name"))}</span>
              <input id="f-name" name="name" maxlength="40" value="${esc(form.name)}"
                placeholder="${esc(t("you"))}"></label>
            <div class="row">
              <label class="field"><span>${esc(t("lobby.preset"))}</span>
                <select id="f-preset">${meta ? Object.keys(meta.presets).map((p) =>
                  `<option value="${esc(p)}"${p === form.preset ? " selected" : ""}>${esc(presetName(p))}</option>`).join("") : ""}
                </select></label>
              <label class="field small"><span>${esc(t("lobby.target"))}</span>
                <input id="f-target" type="number" min="100" max="10000" step="50"
                  value="${esc(optionValue("target") ?? 1000)}"></label>
            </div>
            <div class="row">
              <label class="field"><span>${esc(t("deck"))}</span>
                <select id="f-deck">${["swiss", "french"].map((d) =>
                  `<option value="${d}"${d === form.deck ? " selected" : ""}>${esc(t(`deck.${d}`))}</option>`).join("")}
                </select></label>
              <label class="field"><span>${esc(t("lang"))}</span>
                <select id="f-lang">${Object.entries(LANGUAGES).map(([k, v]) =>
                  `<option value="${k}"${k === form.lang ? " selected" : ""}>${esc(v)}</option>`).join("")}
                </select></label>
            </div>
            <label class="check"><input type="checkbox" id="f-push_back"
              ${optionValue("push_back") ? "checked" : ""}> ${esc(t("opt.push_back"))}</label>
            <details class="more">
              <summary>${esc(t("lobby.more"))}</summary>
              <label class="field"><span>${esc(t("opt.multipliers"))}</span>
                <select id="f-multipliers">
                  ${optionValue("multipliers") === "preset" ? `<option value="preset" selected>${esc(presetName(form.preset))}</option>` : ""}
                  ${["none", "standard"].map((k) => `<option value="${k}"${optionValue("multipliers") === k ? " selected" : ""}>${esc(t(`opt.mult.${k}`))}</option>`).join("")}
                </select></label>
              ${BOOL_OPTIONS.filter((k) => k !== "push_back").map((k) => `
                <label class="check"><input type="checkbox" id="f-${k}"
                  ${optionValue(k) ? "checked" : ""}> ${esc(t(`opt.${k}`))}</label>`).join("")}
              <label class="field"><span>${esc(t("opt.stoeck_announce"))}</span>
                <select id="f-stoeck_announce">${["second-card", "with-weis"].map((k) =>
                  `<option value="${k}"${optionValue("stoeck_announce") === k ? " selected" : ""}>${esc(t(`opt.sa.${k}`))}</option>`).join("")}
                </select></label>
              <label class="field"><span>${esc(t("opt.kontermatch"))}</span>
                <select id="f-kontermatch">${["match", "double", "bonus"].map((k) =>
                  `<option value="${k}"${optionValue("kontermatch") === k ? " selected" : ""}>${esc(t(`opt.km.${k}`))}</option>`).join("")}
                </select></label>
              <label class="field"><span>${esc(t("opt.start_card"))}</span>
                <select id="f-start_card">${["D7", "H7"].map((k) =>
                  `<option value="${k}"${optionValue("start_card") === k ? " selected" : ""}>${esc(cardName(parseToken(k), form.deck))}</option>`).join("")}
                </select></label>
              <div class="extras"><span>${esc(t("opt.extra"))}</span>
                <div class="row wrap">${EXTRAS.map((k) => `<label class="check"><input type="checkbox"
                  class="f-extra" value="${k}" ${(optionValue("extra_contracts") || []).includes(k) ? "checked" : ""}>
                  ${esc(t(`contract.${k}`))}</label>`).join("")}</div></div>
              <label class="field"><span>${esc(t("opt.count_order"))}</span>
                <select id="f-count_order">${["stoeck-weis-stich", "stoeck-stich-weis"].map((k) =>
                  `<option value="${k}"${optionValue("count_order") === k ? " selected" : ""}>${esc(countOrder(k))}</option>`).join("")}
                </select></label>
              <label class="field small"><span>${esc(t("opt.turn_timer"))}</span>
                <input id="f-timer" type="number" min="0" max="600" value="${form.turn_timer}"></label>
            </details>
            <fieldset class="seats">
              <legend>${esc(t("lobby.seats"))}</legend>
              <div class="seat-row"><span class="seat-name">${esc(t("seat.0"))}</span>
                <span class="you-sit">${esc(t("lobby.you_sit"))}</span></div>
              ${[1, 2, 3].map((s) => seatRow(s)).join("")}
            </fieldset>
            <button class="btn primary big" type="submit" id="create-btn">${esc(t("lobby.start"))}</button>
          </form>
          <div class="lobby-side">
            <form class="panel join" id="join-form" autocomplete="off">
              <h2>${esc(t("lobby.join_code"))}</h2>
              <div class="row">
                <input id="j-code" maxlength="12" placeholder="K7M2QX" aria-label="${esc(t("lobby.code"))}"
                  class="code-input">
                <button class="btn primary" type="submit">${esc(t("lobby.join"))}</button>
                <button class="btn" type="button" id="j-watch">${esc(t("lobby.watch"))}</button>
              </div>
            </form>
            <section class="panel">
              <h2>${esc(t("lobby.open"))} <button class="btn tiny" id="refresh" type="button"
                title="${esc(t("lobby.refresh"))}">↻</button></h2>
              <ul class="table-list" id="open-tables">${tableItems()}</ul>
            </section>
            <section class="panel">
              <h2>${esc(t("lobby.finished"))}</h2>
              <ul class="table-list" id="finished-games">${gameItems()}</ul>
            </section>
          </div>
        </div>
      </section>`;
    bind();
    if (focused) document.getElementById(focused)?.focus();
  }

  function seatRow(s) {
    const seat = form.seats[s];
    const bots = meta ? meta.bots : [];
    const strengths = meta ? meta.strengths : [1, 2, 3];
    const value = seat.kind === "human" ? "human" : `bot:${seat.bot}`;
    return `<div class="seat-row">
      <span class="seat-name">${esc(t(`seat.${s}`))}</span>
      <select id="f-seat-${s}" data-seat="${s}" class="seat-kind">
        <option value="human"${value === "human" ? " selected" : ""}>${esc(t("lobby.seat_human"))}</option>
        ${bots.map((b) => `<option value="bot:${esc(b)}"${value === `bot:${b}` ? " selected" : ""}>${esc(t("pair", { a: t("lobby.seat_bot"), b }))}</option>`).join("")}
      </select>
      <select id="f-strength-${s}" data-seat="${s}" class="seat-strength" aria-label="${esc(t("lobby.strength"))}"
        ${seat.kind === "human" ? "disabled" : ""}>
        ${strengths.map((n) => `<option value="${n}"${n === seat.strength ? " selected" : ""}>${esc(t("lobby.strength"))} ${n}</option>`).join("")}
      </select></div>`;
  }

  function tableItems() {
    if (!tables.length) return `<li class="empty">${esc(t("lobby.none_open"))}</li>`;
    return tables.map((tb) => {
      const names = tb.seats.map((s) => (!s.taken ? `<em>${esc(t("free_seat"))}</em>`
        : s.kind === "bot" ? `${esc(s.name)} (${esc(t("bot"))})` : esc(s.name))).join(" · ");
      const free = tb.free_seats.length;
      return `<li class="table-item" data-code="${esc(tb.code)}">
        <div><strong class="code">${esc(tb.code)}</strong> <span class="muted">${esc(presetName(tb.preset))} ·
          ${esc(tb.rules?.target ?? "")}</span>
          ${free ? `<span class="badge">${esc(t("lobby.free", { n: free }))}</span>` : ""}
          <div class="names">${names}</div></div>
        <div class="actions">
          ${free ? `<a class="btn primary small" data-nav href="/t/${esc(tb.code)}">${esc(t("lobby.join"))}</a>` : ""}
          <a class="btn small" data-nav href="/t/${esc(tb.code)}?watch=1">${esc(t("lobby.watch"))}</a>
        </div></li>`;
    }).join("");
  }

  function gameItems() {
    if (!games.length) return `<li class="empty">${esc(t("lobby.none_finished"))}</li>`;
    return games.map((g) => `<li class="table-item">
      <div><strong class="code">${esc(g.code)}</strong> <span class="muted">#${esc(g.number)}</span>
        <span class="score-pair">${esc(g.scores[0])} : ${esc(g.scores[1])}</span></div>
      <div class="actions">
        <a class="btn small" data-nav href="/?replay=${esc(g.id)}">${esc(t("replay"))}</a>
        <a class="btn small" href="${api.recordUrl(g.id)}" data-record="${esc(g.id)}" download>⬇</a>
      </div></li>`).join("");
  }

  function bind() {
    const $ = (id) => document.getElementById(id);
    $("f-name").addEventListener("input", (e) => {
      form.name = e.target.value;
      localStorage.setItem("puur.name", form.name);
    });
    $("f-preset").addEventListener("change", (e) => {
      form.preset = e.target.value;
      form.options = {};
      render();
    });
    $("f-target").addEventListener("change", (e) => {
      form.options.target = Number(e.target.value);
    });
    $("f-deck").addEventListener("change", (e) => { form.deck = e.target.value; render(); });
    $("f-lang").addEventListener("change", (e) => { form.lang = e.target.value; });
    $("f-multipliers").addEventListener("change", (e) => {
      if (e.target.value === "preset") delete form.options.multipliers;
      else form.options.multipliers = e.target.value;
    });
    for (const k of BOOL_OPTIONS) {
      $(`f-${k}`).addEventListener("change", (e) => { form.options[k] = e.target.checked; });
    }
    for (const k of SELECT_OPTIONS) {
      $(`f-${k}`).addEventListener("change", (e) => { form.options[k] = e.target.value; });
    }
    for (const box of view.querySelectorAll(".f-extra")) {
      box.addEventListener("change", () => {
        form.options.extra_contracts = [...view.querySelectorAll(".f-extra:checked")].map((b) => b.value);
      });
    }
    $("f-timer").addEventListener("change", (e) => { form.turn_timer = Number(e.target.value) || 0; });
    for (const sel of view.querySelectorAll(".seat-kind")) {
      sel.addEventListener("change", (e) => {
        const s = Number(e.target.dataset.seat);
        const v = e.target.value;
        form.seats[s] = v === "human" ? { kind: "human", strength: form.seats[s].strength }
          : { kind: "bot", bot: v.slice(4), strength: form.seats[s].strength };
        render();
      });
    }
    for (const sel of view.querySelectorAll(".seat-strength")) {
      sel.addEventListener("change", (e) => {
        form.seats[Number(e.target.dataset.seat)].strength = Number(e.target.value);
      });
    }
    $("create-form").addEventListener("submit", create);
    $("join-form").addEventListener("submit", (e) => {
      e.preventDefault();
      const code = $("j-code").value.trim().toUpperCase();
      if (code) ctx.navigate(`/t/${code}`);
    });
    $("j-watch").addEventListener("click", () => {
      const code = $("j-code").value.trim().toUpperCase();
      if (code) ctx.navigate(`/t/${code}?watch=1`);
    });
    $("refresh").addEventListener("click", refresh);
  }

  async function create(e) {
    e.preventDefault();
    const btn = document.getElementById("create-btn");
    btn.disabled = true;
    // Send only the options that differ from the preset, in the rules_to_dict forms.
    const options = {};
    const base = presetRules();
    for (const [k, v] of Object.entries(form.options)) {
      if (k === "multipliers") {
        if (v !== multKind(base.multipliers)) options[k] = v;
      } else if (JSON.stringify(base[k]) !== JSON.stringify(v)) {
        options[k] = v;
      }
    }
    const body = {
      rules: form.preset,
      options,
      deck: form.deck,
      lang: form.lang,
      seats: form.seats.map((s, i) => (i === 0 || s.kind === "human" ? { kind: "human" }
        : { kind: "bot", bot: s.bot, strength: s.strength })),
      seat: 0,
      name: form.name.trim() || undefined,
      turn_timer: form.turn_timer > 0 ? form.turn_timer : null,
      public: form.public,
    };
    try {
      const res = await api.create(body);
      saveSeat(res.code, res.seat, res.token);
      ctx.navigate(`/t/${res.code}`);
    } catch (err) {
      ctx.toast(t("pair", { a: t("error"), b: errorText(err.code, err.message) }), "error");
      btn.disabled = false;
    }
  }

  async function refresh() {
    try {
      const [tb, gm] = await Promise.all([api.tables(), api.games()]);
      if (!alive) return;
      tables = tb.tables;
      games = gm.games;
      const ot = document.getElementById("open-tables");
      const fg = document.getElementById("finished-games");
      if (ot) ot.innerHTML = tableItems();
      if (fg) fg.innerHTML = gameItems();
    } catch (err) {
      ctx.toast(t("pair", { a: t("error"), b: errorText(err.code, err.message) }), "error");
    }
  }

  async function load() {
    try {
      meta = await api.meta();
    } catch (err) {
      ctx.toast(t("pair", { a: t("error"), b: errorText(err.code, err.message) }), "error");
      return;
    }
    if (!alive) return;
    if (!(form.preset in meta.presets)) form.preset = Object.keys(meta.presets)[0];
    const preferred = meta.bots.includes("rules") ? "rules" : meta.bots[meta.bots.length - 1];
    for (const s of [1, 2, 3]) form.seats[s].bot = preferred;
    render();
    refresh();
  }

  render();
  load();
  const poll = setInterval(refresh, 5000);
  return {
    rerender: render,
    destroy() {
      alive = false;
      clearInterval(poll);
    },
  };
}
