// The Jasstafel (rule book §2.11, docs/rulebook.md) drawn as SVG: each team's half of the
// slate is a large Z whose top line carries a stroke per 100 (each five hundreds as one V),
// whose diagonal carries a stroke per 50 and whose bottom line a stroke per 20; the rest under
// 20 is written beside. The stroke counts come from the server (the jasstafel object of the
// state); nothing is computed here but where to draw them.

import { html, svg } from "./dom.js";
import { fitText, textWidth } from "./util.js";

const W = 300;
const HALF = 120;

function ticksAlong(x0, x1, y, n, len) {
  // Spread n short vertical strokes between x0 and x1 (closer together when there are many).
  if (n <= 0) return "";
  const gap = Math.min(12, (x1 - x0) / (n + 1));
  let s = "";
  for (let i = 0; i < n; i++) {
    const x = x0 + gap * (i + 1);
    s += `M${x.toFixed(1)} ${y - len} L${(x + 3).toFixed(1)} ${y + len} `;
  }
  return s;
}

function hundreds(x0, x1, y, n) {
  // Each five hundreds drawn as a V, then single strokes.
  let s = "";
  let x = x0 + 8;
  const vs = Math.floor(n / 5);
  const singles = n % 5;
  const room = x1 - x0 - 8;
  const step = Math.min(12, room / Math.max(1, vs * 2 + singles + 1));
  for (let i = 0; i < vs; i++) {
    s += `M${x.toFixed(1)} ${y - 10} L${(x + step * 0.8).toFixed(1)} ${y + 9} L${(x + step * 1.6).toFixed(1)} ${y - 10} `;
    x += step * 2;
  }
  for (let i = 0; i < singles; i++) {
    s += `M${x.toFixed(1)} ${y - 10} L${(x + 3).toFixed(1)} ${y + 10} `;
    x += step;
  }
  return s;
}

function diagonalTicks(xa, ya, xb, yb, n) {
  // Strokes across the diagonal from (xa, ya) to (xb, yb).
  let s = "";
  const dx = xb - xa, dy = yb - ya;
  const len = Math.hypot(dx, dy);
  const ux = dx / len, uy = dy / len;
  const px = -uy, py = ux;
  const gap = Math.min(12, len * 0.7 / (n + 1));
  const start = len * 0.15;
  for (let i = 0; i < n; i++) {
    const d = start + gap * (i + 1);
    const cx = xa + ux * d, cy = ya + uy * d;
    s += `M${(cx - px * 9 - ux * 2).toFixed(1)} ${(cy - py * 9 - uy * 2).toFixed(1)} L${(cx + px * 9 + ux * 2).toFixed(1)} ${(cy + py * 9 + uy * 2).toFixed(1)} `;
  }
  return s;
}

function half(team, y0, label) {
  const x0 = 28, x1 = W - 28;
  const top = y0 + 28, bottom = y0 + HALF - 16;
  const z = `M${x0} ${top} L${x1} ${top} L${x0} ${bottom} L${x1} ${bottom}`;
  const strokes = hundreds(x0, x1, top, team.hundreds)
    + diagonalTicks(x1, top, x0, bottom, team.fifties)
    + ticksAlong(x0, x1, bottom, team.twenties, 9);
  // The points at the right end of the top line, the Striche before them, and the name in
  // what room is left (a long name is shortened rather than run into the others).
  const right = x1 + 14;
  const marks = "✕".repeat(Math.min(team.striche || 0, 12));
  const strichX = right - textWidth(String(team.points), "700 15px") - 8;
  const striche = marks ? svg`<text x=${strichX.toFixed(1)} y=${y0 + 14} text-anchor="end" class="tafel-striche">${marks}</text>` : "";
  const room = strichX - (marks ? textWidth(marks, "700 13px") + 8 : 0) - (x0 - 14) - 4;
  return svg`<g class="tafel-half" data-team=${label.team}>
    <text x=${x0 - 14} y=${y0 + 14} class="tafel-name">${fitText(label.name, "600 13px", room)}<title>${label.name}</title></text>
    <text x=${right} y=${y0 + 14} text-anchor="end" class="tafel-points">${team.points}</text>
    ${striche}
    <path d=${z} class="tafel-z"/>
    <path d=${strokes} class="tafel-strokes"/>
    <text x=${x1 + 6} y=${bottom + 5} class="tafel-rest">${team.rest}</text>
  </g>`;
}

/**
 * The slate, as a template of a whole <svg> element.
 * @param {{teams: Array<{name, points, hundreds, fifties, twenties, rest, striche}>}} tafel
 * @param {[string, string]} names team labels to show (translated)
 */
export function jasstafelSVG(tafel, names) {
  const teams = tafel?.teams || [];
  const blank = { points: 0, hundreds: 0, fifties: 0, twenties: 0, rest: 0, striche: 0 };
  const a = teams[0] || blank, b = teams[1] || blank;
  return html`<svg class="jasstafel" viewBox="0 0 ${W} ${HALF * 2 + 8}" role="img"
      aria-label="Jasstafel ${names[0]} ${a.points}, ${names[1]} ${b.points}">
    <rect x="1" y="1" width=${W - 2} height=${HALF * 2 + 6} rx="10" class="tafel-board"/>
    <rect x="8" y="8" width=${W - 16} height=${HALF * 2 - 8} rx="6" class="tafel-frame"/>
    ${half(a, 4, { team: 0, name: names[0] })}
    <path d="M12 ${HALF + 4} L${W - 12} ${HALF + 4}" class="tafel-mid"/>
    ${half(b, HALF + 4, { team: 1, name: names[1] })}
  </svg>`;
}
