// "Embed this game" (embed-builder.html): builds the snippet that puts a game in someone
// else's page from a few choices (game, seats, level, deal, height), copies it, and shows it
// live. The snippet's iframe is the embed (embed.html), with the attributes every embed
// needs: a title, lazy loading, fullscreen, and a sandbox that keeps same-origin (without
// it the frame has no storage and cannot load its modules; the game is on its own origin,
// so that is safe) and lets "Open full screen" open a normal tab. build.py writes the same
// markup into each game's oEmbed response.
//
// The page may be opened with a deep link's parameters (?game=quodlibet&players=4...) to
// start from those choices.

import { t, language, onLanguageChange, LANGUAGES, wordsReady } from "./i18n.js";
import { h } from "./dom.js";
import { manifest, gameIds } from "./manifest.js";
import { parseParams, CHALLENGE_PATTERN, MAX_CHALLENGE } from "./params.js";
import { completeSetup, defaultLevel, levelName, newSeed, MAX_SEED } from "./menu/setup.js";
import { copyText } from "./saves/savecode.js";
import { gameName } from "./words/game-name.js";
import { wordPage } from "./words/page-words.js";
import { languageSwitch } from "./words/language-switch.js";

// An entry module: the words first (i18n.js keeps top-level await out of shared modules).
await wordsReady;

export const SANDBOX = "allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox";
export const DEFAULT_HEIGHT = 600;
const MIN_HEIGHT = 300;
const MAX_HEIGHT = 3000;

const catalog = manifest.games;
const escapeAttr = (text) => String(text).replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

// The embed's address for these choices (only what was chosen; the embed fills the rest).
// A challenge (challenge.js's link from a final screen) stands for the game, seats and deal.
export function embedUrl(base, choice) {
  const fields = choice.challenge
    ? [
        ["challenge", choice.challenge],
        ["speed", choice.instant ? "instant" : null],
        ["autostart", choice.autostart ? "1" : null],
        ["lang", choice.lang || null],
      ]
    : [
    ["game", choice.game],
    ["players", choice.players],
    ["seats", choice.seats.join(",")], // commas stay readable
    ["level", choice.level],
    ["seed", choice.seed],
    ["speed", choice.instant ? "instant" : null],
    ["autostart", choice.autostart ? "1" : null],
    ["lang", choice.lang || null], // none: the reader's browser chooses
      ];
  const query = fields
    .filter(([, value]) => value !== null && value !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value).replace(/%2C/g, ",")}`)
    .join("&");
  return new URL(`embed.html?${query}`, base).href;
}

// -> the HTML to paste: the iframe, and the resize script unless left out.
export function snippet(base, choice) {
  const frame =
    `<iframe src="${escapeAttr(embedUrl(base, choice))}" title="${escapeAttr(t("embed.frame-title", { game: gameName(choice.game) }))}"` +
    ` width="100%" height="${choice.height}" style="border:0;max-width:100%" loading="lazy"` +
    ` allow="fullscreen" sandbox="${SANDBOX}"></iframe>`;
  if (!choice.resize) return frame;
  return `${frame}\n<script async src="${escapeAttr(new URL("embed-resize.js", base).href)}"></script>`;
}

// --- the form --------------------------------------------------------------------------------

const form = document.getElementById("builder-form");
const output = document.getElementById("snippet");
const copyButton = document.getElementById("copy-snippet");
const copyStatus = document.getElementById("copy-status");
const preview = document.getElementById("preview");
const base = new URL(".", location.href).href;

const prefill = parseParams(location.search, catalog).setup;
const state = fromSetup(prefill.game ? prefill : { game: gameIds[0] });
state.seed = prefill.seed ?? null;
state.instant = prefill.speed === "instant";
state.autostart = false;
state.resize = true;
state.height = DEFAULT_HEIGHT;
state.lang = language(); // the embed's words: this page's language, or "" (the reader's)
state.dealKind = state.seed === null ? "new" : "fixed"; // or "challenge"
state.challenge = null; // a challenge link's code, when one is pasted
state.challengeText = "";

// The code in a pasted challenge link (or a bare code), or null when it is none.
export function challengeCode(text) {
  let value = String(text || "").trim();
  try {
    const url = new URL(value);
    value = url.searchParams.get("challenge") || "";
  } catch {
    // Not a link: a bare code.
  }
  value = value.replace(/\s+/g, "");
  return value.length <= MAX_CHALLENGE && CHALLENGE_PATTERN.test(value) ? value : null;
}

function fromSetup(partial) {
  const setup = completeSetup(partial, catalog);
  return { game: setup.game, players: setup.players, seats: setup.seats, level: setup.level };
}

const field = (label, id, control, hint = null) =>
  h("p", { class: "field" }, h("label", { for: id }, label), control, hint ? h("span", { class: "hint" }, hint) : null);

function render() {
  const info = catalog[state.game];
  const gameSelect = h(
    "select",
    { id: "b-game", onchange: (e) => setGame(e.target.value) },
    gameIds.map((id) => h("option", { value: id, selected: id === state.game }, gameName(id))),
  );
  const counts = [];
  for (let n = info.min_players; n <= info.max_players; n++) counts.push(n);
  const playerSelect = h(
    "select",
    { id: "b-players", disabled: counts.length === 1, onchange: (e) => setPlayers(Number(e.target.value)) },
    counts.map((n) => h("option", { value: n, selected: n === state.players }, String(n))),
  );
  const seats = h(
    "div",
    { class: "seat-kinds" },
    state.seats.map((kind, seat) =>
      h(
        "label",
        { class: "seat-kind" },
        `${t("embed.b-seat", { n: seat + 1 })} `,
        h(
          "select",
          { id: `b-seat-${seat}`, onchange: (e) => ((state.seats[seat] = e.target.value), update()) },
          h("option", { value: "human", selected: kind === "human" }, t("embed.b-reader")),
          h("option", { value: "bot", selected: kind === "bot" }, t("menu.computer")),
        ),
      ),
    ),
  );
  const levelSelect = h(
    "select",
    { id: "b-level", onchange: (e) => ((state.level = e.target.value), update()) },
    (info.levels || []).map((lv) => h("option", { value: lv, selected: lv === state.level }, levelName(lv))),
  );
  const seedInput = h("input", {
    type: "number",
    id: "b-seed",
    min: "0",
    max: String(MAX_SEED),
    step: "1",
    value: state.seed === null ? "" : String(state.seed),
    disabled: state.seed === null,
    "aria-label": t("embed.b-deal-number"),
    oninput: (e) => {
      const n = Number(e.target.value);
      if (e.target.value !== "" && Number.isInteger(n) && n >= 0 && n <= MAX_SEED) {
        state.seed = n;
        update();
      }
    },
  });
  const dealRadio = (value, label) =>
    h(
      "label",
      { class: "check" },
      h("input", {
        type: "radio",
        name: "deal",
        id: `b-deal-${value}`,
        value,
        checked: state.dealKind === value,
        onchange: () => {
          state.dealKind = value;
          state.seed = value === "fixed" ? (state.seed ?? newSeed() % 100000) : null;
          state.challenge = value === "challenge" ? challengeCode(state.challengeText) : null;
          render();
        },
      }),
      ` ${label}`,
    );
  const check = (id, key, label, hint) =>
    h(
      "p",
      { class: "field check" },
      h("input", { type: "checkbox", id, checked: state[key], onchange: (e) => ((state[key] = e.target.checked), update()) }),
      h("label", { for: id }, label),
      hint ? h("span", { class: "hint" }, hint) : null,
    );
  const langSelect = h(
    "select",
    { id: "b-lang", onchange: (e) => ((state.lang = e.target.value), update()) },
    h("option", { value: "", selected: state.lang === "" }, t("embed.b-lang-reader")),
    LANGUAGES.map(({ code, name }) => h("option", { value: code, lang: code, selected: code === state.lang }, name)),
  );
  form.replaceChildren(
    h(
      "fieldset",
      {},
      h("legend", {}, t("menu.game")),
      field(t("menu.game"), "b-game", gameSelect),
      field(t("menu.players"), "b-players", playerSelect),
      h("p", { class: "hint" }, t("embed.b-seats-hint")),
      seats,
      field(t("embed.b-level"), "b-level", levelSelect),
      check("b-instant", "instant", t("menu.no-pause")),
      field(t("embed.b-lang"), "b-lang", langSelect, t("embed.b-lang-hint")),
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("embed.b-deal")),
      dealRadio("new", t("embed.b-deal-new")),
      dealRadio("fixed", t("embed.b-deal-fixed")),
      h(
        "p",
        { class: "field" },
        seedInput,
        h("button", { type: "button", class: "button quiet", id: "b-new-seed", disabled: state.seed === null, onclick: () => ((state.seed = newSeed() % 100000), render()) }, t("embed.b-another-deal")),
      ),
      dealRadio("challenge", t("embed.b-deal-challenge")),
      state.dealKind === "challenge" ? challengeField() : null,
    ),
    h(
      "fieldset",
      {},
      h("legend", {}, t("embed.b-frame")),
      field(
        t("embed.b-height"),
        "b-height",
        h("input", {
          type: "number",
          id: "b-height",
          min: String(MIN_HEIGHT),
          max: String(MAX_HEIGHT),
          step: "10",
          value: String(state.height),
          oninput: (e) => {
            const n = Math.round(Number(e.target.value));
            if (n >= MIN_HEIGHT && n <= MAX_HEIGHT) {
              state.height = n;
              update();
            }
          },
        }),
        t("embed.b-height-hint"),
      ),
      check("b-resize", "resize", t("embed.b-resize"), t("embed.b-resize-hint")),
      check("b-autostart", "autostart", t("embed.b-autostart"), t("embed.b-autostart-hint")),
    ),
  );
  update();
}

// "The deal of the week": a challenge link pasted here (its game, seats and deal are the
// link's; the embed reads and checks it in full).
function challengeField() {
  const status = h("span", { class: "hint", id: "b-challenge-status", role: "status" }, challengeStatus());
  const input = h("textarea", {
    id: "b-challenge",
    rows: "2",
    spellcheck: "false",
    "aria-describedby": "b-challenge-status",
    oninput: (e) => {
      state.challengeText = e.target.value;
      state.challenge = challengeCode(e.target.value);
      status.textContent = challengeStatus();
      update();
    },
  });
  input.value = state.challengeText;
  return h("p", { class: "field" }, h("label", { for: "b-challenge" }, t("embed.b-challenge")), input, status);
}

function challengeStatus() {
  if (state.challenge) return t("embed.b-challenge-ok");
  return state.challengeText.trim() ? t("embed.b-challenge-bad") : t("embed.b-challenge-hint");
}

function setGame(id) {
  Object.assign(state, fromSetup({ game: id }));
  if (!(catalog[id].levels || []).includes(state.level)) state.level = defaultLevel(catalog[id]);
  render();
}

function setPlayers(n) {
  state.players = n;
  state.seats = Array.from({ length: n }, (_, i) => state.seats[i] || "bot");
  render();
}

let previewTimer = null;
function update() {
  const code = snippet(base, state);
  output.value = code;
  output.dataset.game = state.game;
  copyStatus.textContent = "";
  const link = document.getElementById("game-page-link");
  if (link) {
    link.href = `${state.game}.html`;
    link.textContent = t("embed.b-game-page", { game: gameName(state.game) });
  }
  clearTimeout(previewTimer);
  previewTimer = setTimeout(() => {
    const frame = h("iframe", {
      src: embedUrl(base, { ...state, autostart: false }),
      title: t("embed.b-preview-title", { game: gameName(state.game) }),
      height: String(state.height),
      allow: "fullscreen",
      // No sandbox here: this preview is on our own origin, where allow-scripts with
      // allow-same-origin protects nothing (and Chromium warns about it).
    });
    preview.replaceChildren(frame);
  }, 250);
}

copyButton.addEventListener("click", async () => {
  const done = await copyText(output.value, output);
  copyStatus.textContent = done ? t("embed.b-copied") : t("embed.b-copy-by-hand");
});

// The page's own words (title, headings, notes) and a language switch in its header; a new
// language words the form again, keeping every choice.
wordPage("builder");
const headSwitch = document.getElementById("language-switch");
const paintSwitch = () => headSwitch?.replaceChildren(languageSwitch({ where: "menu" }));
paintSwitch();
onLanguageChange(() => {
  paintSwitch();
  render();
  headSwitch?.querySelector(`[data-lang="${language()}"]`)?.focus();
});

render();
document.dispatchEvent(new Event("parlour-painted")); // js/watchdog.js stands down
