// Puur web app: preferences (language, deck style), the router and the shared page frame.
//
// Routes: "/" lobby, "/t/CODE" a table (joins or reconnects; "?watch=1" to watch),
// "/?replay=ID" (also "/replay/ID" and "#replay/ID") the replay viewer of a finished game.
// The client never decides a rule: every view draws what the server sends.

import { DECKS, installSprite } from "./cards.js";
import { html, live, nothing, render } from "./dom.js";
import { LANGUAGES, setLanguage, t, translatePage } from "./i18n.js";
import { mountLobby } from "./lobby.js";
import { mountReplay } from "./replay.js";
import { mountTable } from "./table.js";

const prefs = {
  lang: null,
  deck: null,
};

function browserLanguage() {
  for (const l of navigator.languages || [navigator.language || "en"]) {
    const code = l.slice(0, 2).toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

function loadPrefs() {
  prefs.lang = localStorage.getItem("puur.lang") || browserLanguage();
  prefs.deck = localStorage.getItem("puur.deck") || "swiss";
  if (!(prefs.lang in LANGUAGES)) prefs.lang = "en";
  if (!DECKS.includes(prefs.deck)) prefs.deck = "swiss";
  setLanguage(prefs.lang);
}

/** Whether the user chose a language / deck (otherwise a table's defaults apply). */
function chosen(key) {
  return localStorage.getItem(`puur.${key}`) !== null;
}

let current = null;

const ctx = {
  prefs,
  chosen,
  toast,
  navigate,
  /** Show a view's own part of the top bar (a template, or nothing). */
  setInfo(content) {
    render(content, document.getElementById("topbar-info"));
  },
  /** Make the top bar unreachable (under a modal dialog) or reachable again. */
  inertFrame(on) {
    document.querySelector(".topbar").inert = on;
  },
  banner(text) {
    const b = document.getElementById("banner");
    b.textContent = text || "";
    b.hidden = !text;
  },
  /** Apply a table's default language and deck when the user has not chosen their own. */
  tableDefaults(lang, deck) {
    let changed = false;
    if (!chosen("lang") && lang in LANGUAGES && lang !== prefs.lang) {
      prefs.lang = lang;
      setLanguage(lang);
      changed = true;
    }
    if (!chosen("deck") && DECKS.includes(deck) && deck !== prefs.deck) {
      prefs.deck = deck;
      changed = true;
    }
    if (changed) refreshFrame();
    return changed;
  },
  // Quick moves for reduced motion (or localStorage puur.fast = "1"); "instant" holds no
  // completed trick at all (the browser tests, which read the state rather than watch it).
  fast: ["1", "instant"].includes(localStorage.getItem("puur.fast"))
    || matchMedia("(prefers-reduced-motion: reduce)").matches,
  instant: localStorage.getItem("puur.fast") === "instant",
};

function toast(text, kind = "info", ms = 4000) {
  const box = document.getElementById("toasts");
  const el = document.createElement("div");
  el.className = `toast toast-${kind}`;
  el.textContent = text;
  box.append(el);
  setTimeout(() => el.remove(), ms);
}

function fillPrefSelects() {
  const options = (entries, current) => entries.map(([k, v]) =>
    html`<option value=${k} .selected=${live(k === current)}>${v}</option>`);
  render(options(Object.entries(LANGUAGES), prefs.lang), document.getElementById("pref-lang"));
  render(options(DECKS.map((k) => [k, t(`deck.${k}`)]), prefs.deck),
    document.getElementById("pref-deck"));
}

function refreshFrame() {
  translatePage();
  fillPrefSelects();
}

function onPrefChange() {
  document.getElementById("pref-lang").addEventListener("change", (e) => {
    prefs.lang = e.target.value;
    localStorage.setItem("puur.lang", prefs.lang);
    setLanguage(prefs.lang);
    refreshFrame();
    if (current) current.rerender();
  });
  document.getElementById("pref-deck").addEventListener("change", (e) => {
    prefs.deck = e.target.value;
    localStorage.setItem("puur.deck", prefs.deck);
    refreshFrame();
    if (current) current.rerender();
  });
}

function route() {
  const path = location.pathname;
  const params = new URLSearchParams(location.search);
  const hash = location.hash.replace(/^#\/?/, "");
  let m;
  if ((m = path.match(/^\/t\/([A-Za-z0-9]{4,12})\/?$/)) || (m = hash.match(/^t\/([A-Za-z0-9]{4,12})$/))) {
    return { view: "table", code: m[1].toUpperCase(), watch: params.get("watch") === "1" };
  }
  if (params.get("replay")) return { view: "replay", id: params.get("replay") };
  if ((m = path.match(/^\/replay\/(\d+)\/?$/)) || (m = hash.match(/^replay\/(\d+)$/))) {
    return { view: "replay", id: m[1] };
  }
  return { view: "lobby" };
}

function mount() {
  if (current) current.destroy();
  current = null;
  ctx.banner("");
  ctx.setInfo(nothing);
  const view = document.getElementById("view");
  render(nothing, view);
  const r = route();
  document.body.dataset.view = r.view;
  if (r.view === "table") current = mountTable(view, r.code, r.watch, ctx);
  else if (r.view === "replay") current = mountReplay(view, r.id, ctx);
  else current = mountLobby(view, ctx);
}

/** Go to another page of the app without reloading. */
function navigate(url) {
  history.pushState(null, "", url);
  mount();
  // A new page starts at its top (the lobby's button that led here may be far down).
  window.scrollTo(0, 0);
}

function start() {
  loadPrefs();
  installSprite();
  refreshFrame();
  onPrefChange();
  document.addEventListener("click", (e) => {
    const a = e.target.closest("a[data-nav]");
    if (a && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
      e.preventDefault();
      navigate(a.getAttribute("href"));
    }
  });
  window.addEventListener("popstate", mount);
  mount();
  // A small handle for the browser tests and for debugging from the console.
  window.puur = { ctx, get view() { return current; } };
}

start();
