// The lobby: create a table (rules, options, deck, language, a computer player per seat), join
// with a code, the list of open tables to join or watch, and the finished games to replay.

// The lobby: create a table (the game, its rules and options, deck, language, a computer player
// per seat), join with a code, the list of open tables to join or watch, and the finished games
// to replay. The rule form is built from the server's description of the variants
// (lobby-form.js).

import { api, saveSeat } from "./api.js";
import { cardSVG, DECKS } from "./cards.js";
import { html, live, render } from "./dom.js";
import { cardName, errorText, LANGUAGES, presetName, t } from "./i18n.js";
import { changedOptions, mainOptions, optionControl, seatsOf } from "./lobby-form.js";

const has = (key) => t(key) !== key;

/** A variant's name and its one line, in the reader's language where the catalogue has them. */
function variantName(v) {
  return has(`variant.${v.key}`) ? t(`variant.${v.key}`) : v.name;
}
function variantSummary(v) {
  return has(`variant.${v.key}.summary`) ? t(`variant.${v.key}.summary`) : v.summary;
}

/** The options under "More options", by the kind of control: the switches, the sets of
 * switches, the fields side by side, the tables of numbers. */
function grouped(options, control) {
  const of = (...kinds) => options.filter((o) => kinds.includes(o.kind)).map(control);
  return html`<div class="checks">${of("bool")}</div>${of("multi")}
    <div class="row wrap fields">${of("choice", "card", "text", "int")}</div>${of("table")}`;
}

/** The bot token of each outside bot's seat of a new table (`res`, the server's answer), with
 * the address its program connects to and the example bot's command; `onGo` opens the table. */
function botTokens(res, onGo) {
  const ws = `${location.protocol === "https:" ? "wss" : "ws"}://${location.host}/ws/${res.code}`;
  const name = (seat) => res.table.seats[seat].name || t(`seat.${seat}`);
  return html`<section class="panel bot-tokens" id="bot-tokens">
      <h2>${t("lobby.bot_tokens")} · <span class="code">${res.code}</span></h2>
      <p class="muted">${t("lobby.bot_tokens_note")}</p>
      <label class="field"><span>WebSocket</span><input readonly class="bot-url" value=${ws}></label>
      ${res.bots.map((b) => html`<div class="bot-token" data-seat=${b.seat}>
        <label class="field"><span>${t(`seat.${b.seat}`)} · ${name(b.seat)}</span>
          <input readonly class="bot-token-value" value=${b.token}></label>
        <code class="small">python examples/random_bot.py ${ws} ${b.token}</code></div>`)}
      <button class="btn primary" type="button" id="bot-tokens-go" @click=${onGo}>${t("lobby.bot_tokens_go")}</button>
    </section>`;
}

export function mountLobby(view, ctx) {
  let meta = null;
  let tables = [];
  let games = [];
  const bot = () => ({ kind: "bot", bot: null, strength: 2 });
  let form = {
    name: localStorage.getItem("puur.name") || "",
    variant: null,
    preset: null,
    values: {},
    deck: ctx.prefs.deck,
    lang: ctx.prefs.lang,
    seats: [null, bot(), bot(), bot()],
    turn_timer: 0,
    public: true,
  };
  let alive = true;
  // The player chose the table's deck here or in the top bar: a game or preset keeps it.
  let deckPicked = ctx.chosen("deck");

  const variant = () => meta?.variants.find((v) => v.key === form.variant) || null;
  const seatCount = () => (variant() ? seatsOf(variant(), form.values) : 4);

  /** Start from a preset: every option takes its value, and the deck the preset's own
   * (Kreuzjass: the Salzburg pack) unless the player picked one. */
  function usePreset(preset) {
    form.preset = preset;
    form.values = structuredClone(variant().preset_rules[preset]);
    const own = variant().preset_decks?.[preset];
    if (!deckPicked && own) form.deck = own;
  }

  function setOption(name, value) {
    form.values[name] = value;
    redraw();
  }

  // Every form control shows the form's state: a redraw (another preset, deck or seat, a
  // language switch) sets what differs from what the control shows (live), so the fields a
  // preset resets follow it, and nothing else of what is being typed is touched.
  function redraw() {
    const select = (id, options, current, onChange) => html`<select id=${id} @change=${onChange}>${
      options.map(([value, text]) => html`<option value=${value} .selected=${live(value === current)}>${text}</option>`)}
                </select>`;
    const v = variant();
    const main = v ? mainOptions(v) : [];
    const control = (o) => optionControl(o, form.values[o.name], setOption, form.deck);
    render(html`
      <section class="lobby">
        <div class="lobby-hero">
          <div class="hero-fan" aria-hidden="true">${[17, 32, 7, 24].map((c) =>
            html`<span class="hero-card">${cardSVG(c, ctx.prefs.deck, cardName(c, ctx.prefs.deck))}</span>`)}</div>
          <div><h1>Puur</h1>
          <p>${t("app.tagline")}</p></div>
        </div>
        <div class="lobby-grid">
          <form class="panel create" id="create-form" autocomplete="off" @submit=${create}>
            <h2>${t("lobby.create")}</h2>
            <label class="field"><span>${t("name")}</span>
              <input id="f-name" name="name" maxlength="40" .value=${live(form.name)}
                placeholder=${t("you")} @input=${onName}></label>
            <div class="row">
              <label class="field"><span>${t("lobby.variant")}</span>
                ${select("f-variant", meta ? meta.variants.map((x) => [x.key, variantName(x)]) : [], form.variant, onVariant)}</label>
              <label class="field"><span>${t("lobby.preset")}</span>
                ${select("f-preset", v ? v.presets.map((p) => [p, presetName(p, v.key)]) : [], form.preset, onPreset)}</label>
            </div>
            ${v ? html`<p class="variant-summary muted small" id="variant-summary">${variantSummary(v)}</p>` : ""}
            <div class="row wrap">${v ? v.options.filter((o) => main.includes(o.name)).map(control) : ""}</div>
            <div class="row">
              <label class="field"><span>${t("deck")}</span>
                ${select("f-deck", DECKS.map((d) => [d, t(`deck.${d}`)]), form.deck, onDeck)}</label>
              <label class="field"><span>${t("lang")}</span>
                ${select("f-lang", Object.entries(LANGUAGES), form.lang, (e) => { form.lang = e.target.value; })}</label>
            </div>
            <details class="more">
              <summary>${t("lobby.more")}</summary>
              ${v ? grouped(v.options.filter((o) => !main.includes(o.name)), control) : ""}
              <label class="field small"><span>${t("opt.turn_timer")}</span>
                <input id="f-timer" type="number" min="0" max="600" .value=${live(String(form.turn_timer))}
                  @change=${onTimer}></label>
            </details>
            <fieldset class="seats">
              <legend>${t("lobby.seats")}</legend>
              <div class="seat-row"><span class="seat-name">${t("seat.0")}</span>
                <span class="you-sit">${t("lobby.you_sit")}</span></div>
              ${Array.from({ length: seatCount() - 1 }, (_, i) => seatRow(i + 1))}
            </fieldset>
            <button class="btn primary big" type="submit" id="create-btn">${t("lobby.start")}</button>
          </form>
          <div class="lobby-side">
            <form class="panel join" id="join-form" autocomplete="off" @submit=${onJoin}>
              <h2>${t("lobby.join_code")}</h2>
              <div class="row">
                <input id="j-code" maxlength="12" placeholder="K7M2QX" aria-label=${t("lobby.code")}
                  class="code-input">
                <button class="btn primary" type="submit">${t("lobby.join")}</button>
                <button class="btn" type="button" id="j-watch" @click=${onWatch}>${t("lobby.watch")}</button>
              </div>
            </form>
            <section class="panel">
              <h2>${t("lobby.open")} <button class="btn tiny" id="refresh" type="button"
                title=${t("lobby.refresh")} @click=${refresh}>↻</button></h2>
              <ul class="table-list" id="open-tables"></ul>
            </section>
            <section class="panel">
              <h2>${t("lobby.finished")}</h2>
              <ul class="table-list" id="finished-games"></ul>
            </section>
          </div>
        </div>
      </section>`, view);
    redrawLists();
  }

  /** The open tables and the finished games (redrawn alone every few seconds). */
  function redrawLists() {
    const ot = view.querySelector("#open-tables");
    const fg = view.querySelector("#finished-games");
    if (ot) render(tableItems(), ot);
    if (fg) render(gameItems(), fg);
  }

  function seatRow(s) {
    const seat = form.seats[s];
    const bots = meta ? meta.bots : [];
    const strengths = meta ? meta.strengths : [1, 2, 3];
    const value = seat.kind === "bot" ? `bot:${seat.bot}` : seat.kind;
    return html`<div class="seat-row">
      <span class="seat-name">${t(`seat.${s}`)}</span>
      <select id="f-seat-${s}" data-seat=${s} class="seat-kind" @change=${onSeatKind}>
        <option value="human" .selected=${live(value === "human")}>${t("lobby.seat_human")}</option>
        ${bots.map((b) => html`<option value="bot:${b}" .selected=${live(value === `bot:${b}`)}>${t("pair", { a: t("lobby.seat_bot"), b })}</option>`)}
        <option value="remote" .selected=${live(value === "remote")} title=${t("lobby.seat_remote_tip")}>${t("lobby.seat_remote")}</option>
      </select>
      <select id="f-strength-${s}" data-seat=${s} class="seat-strength" aria-label=${t("lobby.strength")}
        ?disabled=${seat.kind === "human"} @change=${onStrength}>
        ${strengths.map((n) => html`<option value=${n} .selected=${live(n === seat.strength)}>${t("lobby.strength")} ${n}</option>`)}
      </select></div>`;
  }

  function tableItems() {
    if (!tables.length) return html`<li class="empty">${t("lobby.none_open")}</li>`;
    return tables.map((tb) => {
      const names = tb.seats.map((s, i) => [i ? " · " : "", !s.taken ? html`<em>${t("free_seat")}</em>`
        : s.kind === "bot" ? `${s.name} (${t("bot")})` : s.name || t(`seat.${s.seat}`)]);
      const free = tb.free_seats.length;
      return html`<li class="table-item" data-code=${tb.code}>
        <div><strong class="code">${tb.code}</strong> <span class="muted">${tb.variant ? `${variantName(tb.variant)} · ` : ""}${presetName(tb.preset, tb.variant?.key)}${
          tb.rules?.target ? ` · ${tb.rules.target}` : ""}</span>
          ${free ? html`<span class="badge">${t("lobby.free", { n: free })}</span>` : ""}
          <div class="names">${names}</div></div>
        <div class="actions">
          ${free ? html`<a class="btn primary small" data-nav href="/t/${tb.code}">${t("lobby.join")}</a>` : ""}
          <a class="btn small" data-nav href="/t/${tb.code}?watch=1">${t("lobby.watch")}</a>
        </div></li>`;
    });
  }

  function gameItems() {
    if (!games.length) return html`<li class="empty">${t("lobby.none_finished")}</li>`;
    return games.map((g) => html`<li class="table-item">
      <div><strong class="code">${g.code}</strong> <span class="muted">#${g.number}</span>
        ${g.variant && meta ? html`<span class="muted">${variantName(meta.variants.find((x) => x.key === g.variant) || { key: g.variant, name: g.variant })}</span>` : ""}
        <span class="score-pair">${g.scores.join(" : ")}</span></div>
      <div class="actions">
        <a class="btn small" data-nav href="/?replay=${g.id}">${t("replay")}</a>
        <a class="btn small" href=${api.recordUrl(g.id)} data-record=${g.id} download>⬇</a>
      </div></li>`);
  }

  // --- What the form's controls do -------------------------------------------------------

  function onName(e) {
    form.name = e.target.value;
    localStorage.setItem("puur.name", form.name);
  }

  function onVariant(e) {
    form.variant = e.target.value;
    usePreset(variant().presets[0]);
    redraw();
  }

  function onPreset(e) {
    usePreset(e.target.value);
    redraw();
  }

  function onDeck(e) {
    form.deck = e.target.value;
    deckPicked = true;
    redraw();
  }

  function onTimer(e) {
    form.turn_timer = Number(e.target.value) || 0;
  }

  function onSeatKind(e) {
    const s = Number(e.target.dataset.seat);
    const v = e.target.value;
    const strength = form.seats[s].strength;
    form.seats[s] = v === "human" || v === "remote" ? { kind: v, strength }
      : { kind: "bot", bot: v.slice(4), strength };
    redraw();
  }

  function onStrength(e) {
    form.seats[Number(e.target.dataset.seat)].strength = Number(e.target.value);
  }

  const typedCode = () => document.getElementById("j-code").value.trim().toUpperCase();

  function onJoin(e) {
    e.preventDefault();
    const code = typedCode();
    if (code) ctx.navigate(`/t/${code}`);
  }

  function onWatch() {
    const code = typedCode();
    if (code) ctx.navigate(`/t/${code}?watch=1`);
  }

  async function create(e) {
    e.preventDefault();
    const btn = document.getElementById("create-btn");
    btn.disabled = true;
    const n = seatCount();
    const body = {
      variant: form.variant,
      rules: form.preset,
      options: changedOptions(variant(), form.preset, form.values),
      deck: form.deck,
      lang: form.lang,
      seats: form.seats.slice(0, n).map((s, i) => (i === 0 || s.kind === "human" ? { kind: "human" }
        : s.kind === "remote" ? { kind: "remote", strength: s.strength }
          : { kind: "bot", bot: s.bot, strength: s.strength })),
      seat: 0,
      name: form.name.trim() || undefined,
      turn_timer: form.turn_timer > 0 ? form.turn_timer : null,
      public: form.public,
    };
    try {
      const res = await api.create(body);
      saveSeat(res.code, res.seat, res.token);
      if (res.bots && res.bots.length) {
        // The bot tokens are shown this once: the server keeps only their hashes.
        render(botTokens(res, () => ctx.navigate(`/t/${res.code}`)), view);
        return;
      }
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
      redrawLists();
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
    form.variant = meta.variants[0].key;
    usePreset(variant().presets[0]);
    // A row per seat the largest table of any variant has (the form shows as many as the
    // rules ask for).
    const most = Math.max(form.seats.length, ...meta.variants.flatMap((v) => v.players));
    while (form.seats.length < most) form.seats.push(bot());
    const preferred = meta.bots.includes("rules") ? "rules" : meta.bots[meta.bots.length - 1];
    for (const seat of form.seats.slice(1)) seat.bot = preferred;
    redraw();
    refresh();
  }

  redraw();
  load();
  const poll = setInterval(refresh, 5000);
  return {
    rerender: redraw,
    destroy() {
      alive = false;
      clearInterval(poll);
    },
  };
}
