// Small helpers shared by the views.

/** Escape text for use inside HTML markup. */
export const esc = (s) => String(s ?? "").replace(/[&<>"']/g,
  (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);

/** Resolve after `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
