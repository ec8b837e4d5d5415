// Small helpers shared by the views.

/** Resolve after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let measurer = null;

/** The width in px of `text` drawn in `font` (a CSS font shorthand without the family: the
 * page's own family is added), measured on a canvas. */
export function textWidth(text, font) {
  measurer ??= document.createElement("canvas").getContext("2d");
  measurer.font = `${font} ${getComputedStyle(document.body).fontFamily}`;
  return measurer.measureText(text).width;
}

/** `text`, shortened with "…" (never inside a letter with its accents) to fit `width` px. */
export function fitText(text, font, width) {
  const s = String(text ?? "");
  if (textWidth(s, font) <= width) return s;
  const parts = typeof Intl.Segmenter === "function"
    ? [...new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)].map((g) => g.segment)
    : Array.from(s);
  let lo = 0, hi = parts.length;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${parts.slice(0, mid).join("").trimEnd()}…`, font) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${parts.slice(0, lo).join("").trimEnd()}…`;
}
