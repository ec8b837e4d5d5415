// The rendering library, in one place: every view builds its DOM from lit-html templates
// (vendored, unchanged, in vendor/lit-html; see docs/web.md "Rendering"). A template escapes
// whatever it interpolates: text becomes text nodes and attribute values are set as values,
// so a player's name can never become markup. No module of the app writes HTML as a string.

export { html, nothing, render, svg } from "./vendor/lit-html/lit-html.js";
export { live } from "./vendor/lit-html/directives/live.js";
export { repeat } from "./vendor/lit-html/directives/repeat.js";
