// The lobby's rule form, built from the server's description of each variant (GET /api/meta):
// a control per option by its kind (bool, int, choice, card, text, multi, table), its values
// from the chosen preset, its label and its values' words from the catalogue where it has them
// (else the option's own line of description). Nothing here knows a variant or decides a rule:
// the server checks what the form sends (bad_rules names the option).

import { cardToken, parseToken } from "./cards.js";
import { html, live } from "./dom.js";
import { cardName, label, t } from "./i18n.js";
import { contractName, SUIT_TOKENS } from "./pieces.js";

const has = (key) => t(key) !== key;
const first = (...keys) => keys.find(has);
const CARD_TOKENS = Array.from({ length: 36 }, (_, c) => cardToken(c));

/** An option's label: `vopt.NAME`, `opt.NAME` or `lobby.NAME` of the catalogue, else its
 * description from the server. */
export function optionLabel(o) {
  const key = first(`vopt.${o.name}`, `opt.${o.name}`, `lobby.${o.name}`);
  return key ? t(key) : label(o.doc);
}

/** The words for one value of an option: `vopt.NAME.VALUE` or `opt.NAME.VALUE`, a contract's
 * name, else the value itself. */
export function valueLabel(o, v, deck) {
  const key = first(`vopt.${o.name}.${v}`, `opt.${o.name}.${v}`);
  if (key) return label(t(key));
  const text = String(v);
  if (text in SUIT_TOKENS || has(`contract.${text}`)) return contractName(text, deck);
  return text;
}

/** The options shown without opening "More options": those the variant's presets set
 * differently (numbers and choices), the ones a player most often picks. */
export function mainOptions(variant) {
  const rules = Object.values(variant.preset_rules);
  return variant.options.filter((o) => (o.kind === "int" || o.kind === "choice")
    && rules.some((r) => JSON.stringify(r[o.name]) !== JSON.stringify(rules[0][o.name])))
    .map((o) => o.name);
}

/** How many seats the rules ask for: the `players` option where the variant has one, else its
 * first player count. */
export function seatsOf(variant, values) {
  const n = Number(values.players);
  return variant.players.includes(n) ? n : variant.players[0];
}

/**
 * The control of option `o` showing `value`; `set(name, value)` keeps what the player chose.
 * Every control has the id `f-NAME` (a multi's boxes the class, a table's fields `f-NAME-KEY`).
 */
export function optionControl(o, value, set, deck) {
  const id = `f-${o.name}`;
  const text = optionLabel(o);
  const tip = o.doc;
  if (o.kind === "bool") {
    return html`<label class="check" title=${tip}><input type="checkbox" id=${id}
      .checked=${live(Boolean(value))} @change=${(e) => set(o.name, e.target.checked)}> ${text}</label>`;
  }
  if (o.kind === "multi") {
    const chosen = value || [];
    const change = (e) => {
      const box = e.target.closest(".extras");
      set(o.name, o.choices.filter((c) => box.querySelector(`input[value="${CSS.escape(String(c))}"]`)?.checked));
    };
    return html`<div class="extras" title=${tip}><span>${text}</span><div class="row wrap">${o.choices.map((c) =>
      html`<label class="check"><input type="checkbox" class=${id} value=${c}
        .checked=${live(chosen.includes(c))} @change=${change}> ${valueLabel(o, c, deck)}</label>`)}</div></div>`;
  }
  if (o.kind === "table") {
    const cur = value || {};
    return html`<fieldset class="extras mult-grid" title=${tip}><legend>${text}</legend><div class="row wrap">${
      o.choices.map((c) => html`<label class="field tiny"><span>${valueLabel(o, c, deck)}</span>
        <input type="number" id="${id}-${c}" min=${o.lo} max=${o.hi} .value=${live(String(cur[c] ?? ""))}
          @change=${(e) => set(o.name, { ...cur, [c]: Number(e.target.value) })}></label>`)}</div></fieldset>`;
  }
  let control;
  if (o.kind === "choice" || o.kind === "card") {
    const choices = o.kind === "card" ? CARD_TOKENS : o.choices;
    const words = (c) => (o.kind === "card" ? cardName(parseToken(c), deck) : valueLabel(o, c, deck));
    control = html`<select id=${id} @change=${(e) => set(o.name, choices[e.target.selectedIndex])}>${
      choices.map((c) => html`<option value=${c} .selected=${live(String(c) === String(value))}>${words(c)}</option>`)}</select>`;
  } else if (o.kind === "int") {
    control = html`<input id=${id} type="number" min=${o.lo} max=${o.hi} step="1" .value=${live(String(value ?? ""))}
      @change=${(e) => set(o.name, e.target.value.trim() === "" ? value : Number(e.target.value))}>`;
  } else {
    control = html`<input id=${id} type="text" maxlength="200" .value=${live(String(value ?? ""))}
      @change=${(e) => set(o.name, e.target.value)}>`;
  }
  return html`<label class="field ${o.kind === "int" ? "small" : ""}" title=${tip}><span>${text}</span>${control}</label>`;
}

/** The options that differ from the preset's, to send with it. */
export function changedOptions(variant, preset, values) {
  const base = variant.preset_rules[preset] || {};
  const out = {};
  for (const o of variant.options) {
    if (o.name in values && JSON.stringify(values[o.name]) !== JSON.stringify(base[o.name])) out[o.name] = values[o.name];
  }
  return out;
}
