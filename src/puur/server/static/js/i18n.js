// Interface texts in English, German, French and Italian.
//
// The texts are not written here: they come from the one catalogue the terminal game reads too
// (src/puur/texts/*.json, docs/translating.md). The server puts the shared and the web texts
// into the page it serves, as JSON in <script id="puur-texts">, so they are here before the
// first render without another request.
//
// The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe and Undenufe (and Schieben for
// pushing) stay as they are in every language. A text that counts something ("{n} cards") has a
// form per plural category ({one, other}); t() picks the one the language's rules ask for
// (Intl.PluralRules). Labels start with a capital letter; names used inside a sentence (suits,
// ranks) are written as the sentence needs them and label() capitalises them where they start
// a label. A key missing in a language falls back to English.

const source = document.getElementById("puur-texts");
if (!source) throw new Error("the page carries no texts (script#puur-texts): serve it with puur serve");
const CATALOGUE = JSON.parse(source.textContent);

/** Language codes and their own names, in the order they are offered. */
export const LANGUAGES = CATALOGUE.languages;
const TEXTS = CATALOGUE.texts;

let current = "en";
let plurals = new Intl.PluralRules("en");

/** Set the language used by t(); unknown codes fall back to English. */
export function setLanguage(code) {
  current = Object.hasOwn(LANGUAGES, code) ? code : "en";
  plurals = new Intl.PluralRules(current);
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

/** The text of `key` in the current language, with {name} placeholders filled from `vars`;
 * a text with plural forms takes the one that `vars.n` asks for. */
export function t(key, vars = {}) {
  const entry = Object.hasOwn(TEXTS, key) ? TEXTS[key] : null;
  if (!entry) return key;
  let s = entry[current] ?? entry.en;
  if (typeof s === "object") s = s[plurals.select(Number(vars.n))] ?? s.other;
  for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

/** The text of `key` for a count `n` (filled in as {n}), in the form the count needs. */
export function tn(key, n, vars = {}) {
  return t(key, { ...vars, n });
}

/** The text for a server error: the catalogue's for its code (docs/protocol.md), else the
 * server's own (English) message. */
export function errorText(code, message) {
  const key = `error.${code}`;
  return Object.hasOwn(TEXTS, key) ? t(key) : String(message || code || t("error"));
}

/** `text` with its first letter in capitals, as a label starts ("pique" → "Pique"). */
export function label(text) {
  const s = String(text);
  return s.charAt(0).toLocaleUpperCase(current) + s.slice(1);
}

/** Every entry of the page's catalogue: key → {language → text or {category → form}}. */
export function allRows() {
  return TEXTS;
}

/** The name of a card in the current language and deck style ("Ace of spades"). */
export function cardName(card, deck) {
  const suit = Math.floor(card / 9), rank = card % 9;
  const r = rank >= 4 && (rank > 4 || deck === "swiss") ? t(`rank.${deck}.${rank}`) : String(rank + 6);
  const name = label(t("card.name", { rank: r, suit: t(`suit.${deck}.${suit}`) }));
  return deck === "salzburg" && card === 0 ? `${name} (Weli)` : name;
}

/** The name of a suit standing alone, as on a button ("Spades"). */
export function suitName(suit, deck) {
  return label(t(`suit.${deck}.${suit}`));
}

/** The label of a rule preset of `variant` (a variant key): its own text
 * (`preset.NAME.VARIANT`), else the text all variants share for that name (`preset.NAME`: the
 * same meaning everywhere, "Standard"), else the text of its first word with the rest as
 * written ("standard-2500" → "Standard 2500"). The terminal names presets the same way. */
export function presetName(preset, variant) {
  const own = `preset.${preset}.${variant}`;
  if (variant && Object.hasOwn(TEXTS, own)) return t(own);
  if (Object.hasOwn(TEXTS, `preset.${preset}`)) return t(`preset.${preset}`);
  const [head, ...rest] = String(preset).split("-");
  const word = Object.hasOwn(TEXTS, `preset.${head}`) ? t(`preset.${head}`) : label(head);
  return [word, ...rest].join(" ");
}

/** What ended a game (a result's `reason`) in words that follow who won: the variant's own
 * (`reason.REASON.VARIANT`, Bieter's Bauern reaching their target) or the shared one
 * (`reason.REASON`, "reached the target"). */
export function reasonText(reason, variant) {
  const own = `reason.${reason}.${variant}`;
  return variant && Object.hasOwn(TEXTS, own) ? t(own) : t(`reason.${reason}`);
}

/** Fill every element carrying data-i18n with its text (called on a language switch). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
