// SVG card faces for the three deck styles (rule book §1, docs/rulebook.md), drawn entirely in
// code.
//
// A card is an integer 0..35: suit * 9 + rank, suits 0..3 (Schellen/♦/Schelle, Rosen/♥/Herz,
// Schilten/♠/Laub, Eicheln/♣/Eichel), ranks 0..8 = 6 7 8 9 10 U(J) O(Q) K A. The suit symbols are defined once as
// <symbol> elements in a hidden sprite (installSprite) and every card refers to them with <use>,
// so a hand of nine cards stays small and scales crisply at any size.
//
// Simplification: the court cards (Under, Ober, König / J, Q, K) share one simple figure whose
// headwear tells the rank; the Swiss As shows two large pips and the Banner a flag, as on the
// real Swiss German pack.
//
// The Salzburg pack of Vorarlberg (Kreuzjass) is German-suited like the Swiss one but with
// other suits and other cards. Its closest rendering here: the bell and the acorn of the Swiss
// pack (the same objects), a red heart with a highlight for Herz and a green leaf with its veins
// and stalk for Laub (the German suits, not the French pips); the 10 is a number card with ten
// pips (the Salzburg pack has no Banner); the Ass (Daus) shows two large pips as on the real
// pack; Unter, Ober and König use the shared figure; the Schelle 6 carries a ribbon with its
// printed name, "Weli".
//
// Every picture is a lit-html template (dom.js): `svg` for the parts inside an <svg>, `html`
// for a whole <svg> element placed in the page.

import { html, nothing, render, svg } from "./dom.js";

export const SUIT_OF = (card) => Math.floor(card / 9);
export const RANK_OF = (card) => card % 9;

const TOKENS_SUIT = "DHSC";
const TOKENS_RANK = "6789TJQKA";

/** Canonical card token ("D7", "HJ") of a card number, as the engine writes it. */
export function cardToken(card) {
  return TOKENS_SUIT[SUIT_OF(card)] + TOKENS_RANK[RANK_OF(card)];
}

/** Card number of a canonical token, or -1. */
export function parseToken(token) {
  if (typeof token !== "string" || token.length !== 2) return -1;
  const s = TOKENS_SUIT.indexOf(token[0].toUpperCase());
  const r = TOKENS_RANK.indexOf(token[1].toUpperCase());
  return s < 0 || r < 0 ? -1 : s * 9 + r;
}

/** The deck styles, in the order the menus offer them (the engine's DECK_STYLES). */
export const DECKS = ["swiss", "french", "salzburg"];

/** The card the Salzburg pack prints with its name: the Schelle 6, the Weli. */
export const WELI = 0;

// Index labels in the corners, per deck style.
export const RANK_INDEX = {
  swiss: ["6", "7", "8", "9", "10", "U", "O", "K", "A"],
  french: ["6", "7", "8", "9", "10", "J", "Q", "K", "A"],
  salzburg: ["6", "7", "8", "9", "10", "U", "O", "K", "A"],
};

// Ink of the corner index and the court figure's coat, per suit.
const INK = {
  swiss: ["#3b2a12", "#3b2a12", "#3b2a12", "#3b2a12"],
  french: ["#c62828", "#c62828", "#1c1c1c", "#1c1c1c"],
  salzburg: ["#3b2a12", "#3b2a12", "#3b2a12", "#3b2a12"],
};
const COAT = {
  swiss: ["#d9a521", "#c8372d", "#2f2f2f", "#4e7d2a"],
  french: ["#c62828", "#b0303a", "#263238", "#2e4a3a"],
  salzburg: ["#d9a521", "#c8372d", "#3f7d2c", "#8a5a2b"],
};
const TINT = {
  swiss: ["#fbf1d2", "#fbe3df", "#ecebe6", "#e6f0dc"],
  french: ["#fdeaea", "#fdeaea", "#eceff1", "#eceff1"],
  salzburg: ["#fbf1d2", "#fbe3df", "#e3f0dc", "#f1e6da"],
};

// --- Suit symbols, each in a 100 x 100 box -------------------------------------------------

/** Rosen: five green leaves and five red petals around a golden heart. */
function rose() {
  const ring = (n, turn, radius) => Array.from({ length: n }, (_, k) => {
    const deg = k * 72 + turn, a = deg * Math.PI / 180;
    return { deg, x: (50 + radius * Math.cos(a)).toFixed(1), y: (50 + radius * Math.sin(a)).toFixed(1) };
  });
  return svg`${ring(5, -54, 34).map(({ deg, x, y }) => svg`<ellipse cx=${x} cy=${y} rx="13" ry="6"
      fill="#3f7d2c" stroke="#1f4a14" stroke-width="2" transform="rotate(${deg} ${x} ${y})"/>`)}${
    ring(5, -90, 20).map(({ x, y }) => svg`<circle cx=${x} cy=${y} r="19" fill="#d8332f"
      stroke="#7d1612" stroke-width="3"/>`)}<circle cx="50" cy="50" r="14" fill="#f2c12e"
      stroke="#7d1612" stroke-width="3"/>
    <circle cx="50" cy="50" r="5" fill="#c8302c"/>`;
}

// Schellen: a round sleigh bell with its ring, band and slit.
const BELL = svg`
    <circle cx="50" cy="13" r="8" fill="none" stroke="#6e4f0a" stroke-width="5"/>
    <circle cx="50" cy="56" r="37" fill="#e9b824" stroke="#6e4f0a" stroke-width="4"/>
    <path d="M15 46 Q50 60 85 46 L87 57 Q50 71 13 57 Z" fill="#c8302c" stroke="#6e4f0a" stroke-width="2"/>
    <circle cx="50" cy="76" r="6" fill="#3a2a05"/>
    <path d="M50 78 L50 92" stroke="#3a2a05" stroke-width="5" stroke-linecap="round"/>
    <ellipse cx="36" cy="34" rx="9" ry="5" fill="#fff6d0" opacity="0.8" transform="rotate(-30 36 34)"/>`;

// Eicheln: an acorn, scaly green cap on a brown nut, with its stalk.
const ACORN = svg`
    <path d="M50 30 C50 18 56 9 66 4" fill="none" stroke="#5a3210" stroke-width="6" stroke-linecap="round"/>
    <ellipse cx="50" cy="64" rx="25" ry="31" fill="#b8692a" stroke="#5a3210" stroke-width="4"/>
    <ellipse cx="41" cy="66" rx="6" ry="14" fill="#e2a264" opacity="0.75"/>
    <path d="M20 48 C18 24 82 24 80 48 C66 56 34 56 20 48 Z" fill="#5d8a2a" stroke="#2c4a10" stroke-width="4"/>
    <path d="M30 38 L36 46 M42 34 L46 46 M56 34 L54 46 M68 38 L64 46" stroke="#2c4a10" stroke-width="3"/>`;

const SYMBOLS = {
  "swiss-0": BELL,
  "swiss-1": rose(),
  // Schilten: a heraldic shield, gold chief over a red bar on black.
  "swiss-2": svg`
    <path d="M12 8 L88 8 L88 50 C88 74 70 88 50 97 C30 88 12 74 12 50 Z" fill="#2a2a2a"/>
    <path d="M12 8 L88 8 L88 36 L12 36 Z" fill="#efc22a"/>
    <path d="M12 36 L88 36 L88 50 L12 50 Z" fill="#c8302c"/>
    <path d="M50 58 L50 84 M38 70 L62 70" stroke="#efc22a" stroke-width="6" stroke-linecap="round"/>
    <path d="M12 8 L88 8 L88 50 C88 74 70 88 50 97 C30 88 12 74 12 50 Z" fill="none"
      stroke="#111" stroke-width="5" stroke-linejoin="round"/>`,
  "swiss-3": ACORN,
  "french-0": svg`<path d="M50 3 L88 50 L50 97 L12 50 Z" fill="#d32f2f"/>`,
  "french-1": svg`<path d="M50 92 C22 70 4 52 6 31 C8 12 30 5 41 14 C46 18 50 25 50 27 C50 25 54 18 59 14
    C70 5 92 12 94 31 C96 52 78 70 50 92 Z" fill="#d32f2f"/>`,
  "french-2": svg`<path d="M50 5 C78 30 96 46 94 62 C92 79 72 85 56 72 C58 83 62 91 71 96 L29 96
    C38 91 42 83 44 72 C28 85 8 79 6 62 C4 46 22 30 50 5 Z" fill="#1c1c1c"/>`,
  "french-3": svg`<circle cx="50" cy="27" r="20" fill="#1c1c1c"/><circle cx="27" cy="58" r="20" fill="#1c1c1c"/>
    <circle cx="73" cy="58" r="20" fill="#1c1c1c"/><circle cx="50" cy="52" r="12" fill="#1c1c1c"/>
    <path d="M45 55 C45 77 40 89 30 96 L70 96 C60 89 55 77 55 55 Z" fill="#1c1c1c"/>`,
  "salzburg-0": BELL,
  // Herz: the German heart, red with a dark rim and a highlight.
  "salzburg-1": svg`<path d="M50 92 C22 70 4 52 6 31 C8 12 30 5 41 14 C46 18 50 25 50 27 C50 25 54 18 59 14
    C70 5 92 12 94 31 C96 52 78 70 50 92 Z" fill="#d8332f" stroke="#7d1612" stroke-width="4"
    stroke-linejoin="round"/>
    <ellipse cx="30" cy="30" rx="10" ry="6" fill="#ffd6d0" opacity="0.8" transform="rotate(-35 30 30)"/>`,
  // Laub: a green leaf, pointed at the top, with its midrib, veins and stalk.
  "salzburg-2": svg`<path d="M50 96 L50 78" stroke="#2c4a10" stroke-width="6" stroke-linecap="round"/>
    <path d="M50 4 C72 20 92 40 88 60 C85 74 68 80 50 78 C32 80 15 74 12 60 C8 40 28 20 50 4 Z"
      fill="#4f8f2f" stroke="#2c4a10" stroke-width="4" stroke-linejoin="round"/>
    <path d="M50 14 L50 76 M50 34 L33 24 M50 34 L67 24 M50 50 L27 40 M50 50 L73 40 M50 64 L31 58
      M50 64 L69 58" fill="none" stroke="#c9e3a8" stroke-width="3" stroke-linecap="round"/>`,
  "salzburg-3": ACORN,
};

/** Add the hidden SVG sprite with every suit symbol and the card back pattern to the page. */
export function installSprite(doc = document) {
  if (doc.getElementById("puur-sprite")) return;
  const symbols = Object.entries(SYMBOLS).map(([id, body]) =>
    svg`<symbol id="suit-${id}" viewBox="0 0 100 100">${body}</symbol>`);
  const back = svg`<pattern id="card-back" width="16" height="16" patternUnits="userSpaceOnUse">
      <rect width="16" height="16" fill="#1d4f91"/>
      <path d="M8 0 L16 8 L8 16 L0 8 Z" fill="#2f6cc0"/>
      <circle cx="8" cy="8" r="2.2" fill="#f5f0e1"/></pattern>`;
  const wrap = doc.createElement("div");
  render(html`<svg id="puur-sprite" xmlns="http://www.w3.org/2000/svg" width="0" height="0"
    style="position:absolute;width:0;height:0" aria-hidden="true"><defs>${symbols}${back}</defs></svg>`, wrap);
  doc.body.prepend(wrap.querySelector("#puur-sprite"));
}

function pip(deck, suit, x, y, size, flip = false) {
  const h = size / 2;
  return svg`<use href="#suit-${deck}-${suit}" x=${x - h} y=${y - h} width=${size} height=${size}
    transform=${flip ? `rotate(180 ${x} ${y})` : nothing}/>`;
}

// Pip positions (x, y) on a 200 x 300 card for the number cards 6..10.
const L = 66, R = 134, C = 100;
const PIPS = {
  0: [[L, 82], [R, 82], [L, 150], [R, 150], [L, 218], [R, 218]],
  1: [[L, 82], [R, 82], [C, 116], [L, 150], [R, 150], [L, 218], [R, 218]],
  2: [[L, 82], [R, 82], [C, 116], [L, 150], [R, 150], [C, 184], [L, 218], [R, 218]],
  3: [[L, 74], [R, 74], [L, 124], [R, 124], [C, 150], [L, 176], [R, 176], [L, 226], [R, 226]],
  4: [[L, 74], [R, 74], [C, 100], [L, 124], [R, 124], [L, 176], [R, 176], [C, 200], [L, 226], [R, 226]],
};

function numberFace(deck, suit, rank) {
  const size = rank >= 3 ? 38 : 42;
  return PIPS[rank].map(([x, y]) => pip(deck, suit, x, y, size, y > 150));
}

function bannerFace(deck, suit) {
  return svg`<path d="M64 58 L64 252" stroke="#6b4a22" stroke-width="7" stroke-linecap="round"/>
    <circle cx="64" cy="54" r="7" fill="#e0b12a" stroke="#6b4a22" stroke-width="2"/>
    <path d="M68 66 C96 52 122 80 156 64 L156 166 C122 182 96 154 68 170 Z" fill=${TINT[deck][suit]}
      stroke="#6b4a22" stroke-width="4" stroke-linejoin="round"/>
    <path d="M68 76 C96 62 122 90 156 74" fill="none" stroke=${COAT[deck][suit]} stroke-width="5"/>
    <path d="M68 160 C96 144 122 172 156 156" fill="none" stroke=${COAT[deck][suit]} stroke-width="5"/>
    ${pip(deck, suit, 112, 117, 50)}
    ${pip(deck, suit, 100, 222, 34, true)}`;
}

/** The Weli: the Schelle 6 with the ribbon that carries its printed name, in the gap between
 * its first two rows of pips (all six stay in view). */
function weliRibbon() {
  return svg`<g class="weli"><path d="M34 105 L166 105 L158 116 L166 127 L34 127 L42 116 Z" fill="#c8302c"
      stroke="#6e4f0a" stroke-width="2.5" stroke-linejoin="round"/>
    <text x="100" y="122" text-anchor="middle" font-size="17" font-weight="700" fill="#fff6d0"
      font-family="Georgia,serif" letter-spacing="2">Weli</text></g>`;
}

function aceFace(deck, suit) {
  if (deck === "french") return pip(deck, suit, 100, 150, 96);
  return svg`<rect x="40" y="42" width="120" height="216" rx="14" fill="none" stroke=${COAT[deck][suit]}
      stroke-width="3" stroke-dasharray="2 6" stroke-linecap="round"/>
    ${pip(deck, suit, 100, 104, 70)}${pip(deck, suit, 100, 196, 70, true)}`;
}

function courtFace(deck, suit, rank) {
  const coat = COAT[deck][suit];
  const tint = TINT[deck][suit];
  let hat;
  if (rank === 7) {
    hat = svg`<path d="M80 112 L83 86 L92 100 L100 80 L108 100 L117 86 L120 112 Z" fill="#e9b824"
      stroke="#6e4f0a" stroke-width="2.5" stroke-linejoin="round"/>`;
  } else if (rank === 6) {
    hat = svg`<ellipse cx="100" cy="110" rx="28" ry="6" fill=${coat} stroke="#222" stroke-width="2"/>
      <path d="M86 110 L88 92 Q100 86 112 92 L114 110 Z" fill=${coat} stroke="#222" stroke-width="2"/>
      <path d="M112 94 C124 80 134 76 140 70" fill="none" stroke="#e9b824" stroke-width="4" stroke-linecap="round"/>`;
  } else {
    hat = svg`<path d="M82 114 Q100 88 118 114 Z" fill=${coat} stroke="#222" stroke-width="2"/>
      <circle cx="100" cy="96" r="4" fill="#e9b824"/>`;
  }
  // The Ober holds his suit high, the Under low, the King at the chest.
  const sy = rank === 6 ? 96 : rank === 5 ? 214 : 170;
  return svg`<rect x="36" y="40" width="128" height="220" rx="12" fill=${tint} stroke=${coat} stroke-width="3"/>
    <path d="M64 258 L70 168 Q100 146 130 168 L136 258 Z" fill=${coat} stroke="#222" stroke-width="2.5"
      stroke-linejoin="round"/>
    <path d="M70 212 L130 212" stroke="#e9b824" stroke-width="5"/>
    <path d="M90 152 L100 172 L110 152" fill="#fff" stroke="#222" stroke-width="2"/>
    <circle cx="100" cy="132" r="20" fill="#f3d2b3" stroke="#222" stroke-width="2.5"/>
    <circle cx="93" cy="130" r="2.2" fill="#222"/><circle cx="107" cy="130" r="2.2" fill="#222"/>
    <path d="M93 141 Q100 145 107 141" fill="none" stroke="#222" stroke-width="2"/>
    ${rank === 7 ? svg`<path d="M84 140 Q100 168 116 140 Q100 152 84 140 Z" fill="#8a6a4a"/>` : ""}
    ${hat}
    <path d="M130 172 L142 ${sy + 14}" stroke="#f3d2b3" stroke-width="9" stroke-linecap="round"/>
    ${pip(deck, suit, 142, sy, 38)}
    <text x="50" y="250" font-size="22" font-weight="700" fill=${coat} font-family="Georgia,serif"
      opacity="0.85">${RANK_INDEX[deck][rank]}</text>`;
}

// The 6 and the 9 read the same upside down: as on printed packs, each index of theirs is
// underlined, so that the line shows which way up it is read.
const UNDERLINED = new Set([0, 3]);

function corner(deck, suit, rank) {
  const label = RANK_INDEX[deck][rank];
  const fs = label.length > 1 ? 30 : 36;
  const wide = label.length > 1;
  const mark = UNDERLINED.has(rank)
    ? svg`<path class="index-mark" d="M11 45.5 L29 45.5" stroke=${INK[deck][suit]} stroke-width="3.2"
        stroke-linecap="round"/>`
    : "";
  // Lining figures (Georgia's old-style 9 would run into the line).
  return svg`<g class="index"><text x="20" y="40" text-anchor="middle" font-size=${fs} font-weight="700"
      font-family="'Times New Roman',Times,'Liberation Serif',serif" fill=${INK[deck][suit]}
      style="font-variant-numeric: lining-nums"
      textLength=${wide ? "30" : nothing} lengthAdjust=${wide ? "spacingAndGlyphs" : nothing}>${label}</text>
    ${mark}${pip(deck, suit, 20, 60, 24)}</g>`;
}

/**
 * One card face, as a template of a whole <svg> element.
 * @param {number} card 0..35
 * @param {"swiss"|"french"|"salzburg"} deck
 * @param {string} label accessible name (already translated)
 */
export function cardSVG(card, deck, label = "") {
  const suit = SUIT_OF(card);
  const rank = RANK_OF(card);
  let face;
  if (rank <= 3 || (rank === 4 && deck !== "swiss")) face = numberFace(deck, suit, rank);
  else if (rank === 4) face = bannerFace(deck, suit);
  else if (rank === 8) face = aceFace(deck, suit);
  else face = courtFace(deck, suit, rank);
  const c = corner(deck, suit, rank);
  return html`<svg class="card-svg" viewBox="0 0 200 300" xmlns="http://www.w3.org/2000/svg" role="img"
      aria-label=${label} data-card=${cardToken(card)}>
    <rect x="2" y="2" width="196" height="296" rx="16" fill="#fffdf7" stroke="#8d8678" stroke-width="3"/>
    ${face}${deck === "salzburg" && card === WELI ? weliRibbon() : nothing}${c}<g transform="rotate(180 100 150)">${c}</g></svg>`;
}

/** A card back, as a template of a whole <svg> element. */
export function backSVG() {
  return html`<svg class="card-svg" viewBox="0 0 200 300" xmlns="http://www.w3.org/2000/svg" aria-hidden="true">
    <rect x="2" y="2" width="196" height="296" rx="16" fill="#fffdf7" stroke="#8d8678" stroke-width="3"/>
    <rect x="14" y="14" width="172" height="272" rx="10" fill="url(#card-back)"/>
    <rect x="14" y="14" width="172" height="272" rx="10" fill="none" stroke="#f5f0e1" stroke-width="4"/>
    <circle cx="100" cy="150" r="30" fill="#f5f0e1" stroke="#1d4f91" stroke-width="4"/>
    <path d="M88 150 L112 150 M100 138 L100 162" stroke="#c8302c" stroke-width="8"/></svg>`;
}

/** A small inline suit symbol (for contracts and Weis lists). */
export function suitIcon(deck, suit, size = 18) {
  return html`<svg class="suit-icon" width=${size} height=${size} viewBox="0 0 100 100" aria-hidden="true">
    <use href="#suit-${deck}-${suit}" width="100" height="100"/></svg>`;
}

// Trump order U 9 A K O 10 8 7 6 as rank indexes.
const TRUMP_ORDER = [5, 3, 8, 7, 6, 4, 2, 1, 0];

/**
 * Order a hand for display: suits grouped (trumps first when there is a trump), each suit from
 * high to low in natural order (in Undenufe from low to high).
 */
export function sortHand(cards, trump = -1, undenufe = false) {
  const suitKey = (s) => (s === trump ? -1 : [0, 2, 1, 3].indexOf(s));
  return [...cards].sort((a, b) => {
    const sa = suitKey(SUIT_OF(a)), sb = suitKey(SUIT_OF(b));
    if (sa !== sb) return sa - sb;
    if (SUIT_OF(a) === trump) return TRUMP_ORDER.indexOf(RANK_OF(a)) - TRUMP_ORDER.indexOf(RANK_OF(b));
    return undenufe ? RANK_OF(a) - RANK_OF(b) : RANK_OF(b) - RANK_OF(a);
  });
}
