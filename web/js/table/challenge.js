// "Challenge a friend": a link that lets a friend play the very deal a person played against
// the computers, then compares the two games round by round.
//
//   link = <site>/index.html?challenge=<code>       (embed.html?challenge=<code> too)
//   code = "c1z." + base64url(deflate-raw(JSON))    ("c1j." + base64url(JSON) where the
//                                                   browser has no CompressionStream)
//   JSON = { format: "parlour-challenge", version: 1, game, players, seed, options,
//            seats: ["human"|"bot"], levels: [null|"easy"|"normal"], name,
//            moves: [the challenger's decisions, in order], rounds: [[scores by seat]],
//            totals: [by seat], check }
//
// `check` is a checksum of the rest (not a secret: it catches a damaged or casually edited
// link, the replay catches the rest). A code is at most MAX_CODE characters and inflates to
// at most MAX_INFLATED bytes, read with depth and size limits like an untrusted save; a code
// that does not read is a notice and changes nothing (`readChallenge`).
//
// The friend's game is an ordinary game (same game, seed, options, seats and computer
// levels, so the same cards and the same computers' behaviour) whose setup carries
// `challenge: { code }`. The code is read again only when that game is over: then the worker
// plays the challenger's moves again from the seed, the computers answering as they do at
// the table (`challenge_replay`), and the challenger's score is "verified" only when that
// replay ends the game with exactly the scores the link claims. Before that the page never
// decodes, shows or uses the challenger's moves or score.
//
// Offered on the final screen of a game with exactly one person against computers at easy or
// normal: a hard computer thinks for a fixed time, so its moves depend on the device and a
// replay could not reproduce them.

import { h } from "../dom.js";
import { t, list, number, signed, language } from "../i18n.js";
import { completeSetup, levelName, levelOf, MAX_NAME_UNITS, MAX_SEED, SPEEDS, cleanName } from "../menu/setup.js";
import { isolate, nameProblem } from "../words/names.js";
import { parseBounded, jsonProblem } from "../saves/json-limits.js";
import { CHALLENGE_PATTERN as CODE_PATTERN, MAX_CHALLENGE as MAX_CODE } from "../params.js";
import { copyText, fromBase64Url, inflateCapped, through, toBase64Url, TooLarge } from "../saves/savecode.js";

const FORMAT = "parlour-challenge";
const VERSION = 1;
const MAX_INFLATED = 256 * 1024;
const MAX_MOVES = 5_000;
const LEVELS = ["easy", "normal"]; // the deterministic levels (see above)

// --- the code ------------------------------------------------------------------------------

// A 53-bit checksum of `text` (cyrb53), as base-36: catches damage, proves nothing.
function checksum(text) {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const body = (payload) => JSON.stringify({ ...payload, check: undefined });

// -> the code for a challenge (the fields above, without format, version and check).
export async function encodeChallenge(fields) {
  const payload = { format: FORMAT, version: VERSION, ...fields };
  payload.check = checksum(body(payload));
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  if (typeof CompressionStream === "function") {
    return `c1z.${toBase64Url(await through(new CompressionStream("deflate-raw"), bytes))}`;
  }
  return `c1j.${toBase64Url(bytes)}`;
}

const isInt = (v) => Number.isInteger(v);
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const scoresOf = (row, players) => Array.isArray(row) && row.length === players && row.every(isInt);

// -> { challenge, intact } or { error } (in words). `intact`: the checksum matches.
export async function readChallenge(text, catalog) {
  const code = String(text || "").replace(/\s+/g, "");
  if (!code) return { error: t("challenge.code-empty") };
  if (code.length > MAX_CODE) return { error: t("challenge.code-too-long", { max: number(MAX_CODE) }) };
  if (!CODE_PATTERN.test(code)) return { error: t("challenge.code-not-ours") };
  let json;
  try {
    let bytes = fromBase64Url(code.slice(4));
    if (code[2] === "z") {
      if (typeof DecompressionStream !== "function") return { error: t("challenge.code-no-inflate") };
      bytes = await inflateCapped(bytes, MAX_INFLATED);
    }
    if (bytes.length > MAX_INFLATED) throw new TooLarge();
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof TooLarge) return { error: t("challenge.code-too-large") };
    return { error: t("challenge.code-damaged") };
  }
  const parsed = parseBounded(json, MAX_INFLATED);
  if (parsed.error) return { error: t("challenge.code-damaged-why", { why: jsonProblem(parsed) }) };
  const c = parsed.value;
  if (!isPlainObject(c) || c.format !== FORMAT) return { error: t("challenge.code-damaged") };
  if (c.version !== VERSION) return { error: t("challenge.code-other-version") };
  const info = typeof c.game === "string" && Object.hasOwn(catalog, c.game) ? catalog[c.game] : null;
  const players = c.players;
  const fits =
    info &&
    isInt(players) &&
    players >= info.min_players &&
    players <= info.max_players &&
    isInt(c.seed) &&
    c.seed >= 0 &&
    c.seed <= MAX_SEED &&
    isPlainObject(c.options) &&
    Array.isArray(c.seats) &&
    c.seats.length === players &&
    c.seats.filter((s) => s === "human").length === 1 &&
    c.seats.every((s) => s === "human" || s === "bot") &&
    Array.isArray(c.levels) &&
    c.levels.length === players &&
    c.levels.every((lv, seat) => (c.seats[seat] === "bot" ? LEVELS.includes(lv) && (info.levels || []).includes(lv) : lv === null)) &&
    typeof c.name === "string" &&
    c.name.length <= MAX_NAME_UNITS &&
    nameProblem(cleanName(c.name)) === null && // the one rule of names (names.js)
    Array.isArray(c.moves) &&
    c.moves.length <= MAX_MOVES &&
    c.moves.every((m) => typeof m === "string" && m.length <= 60) &&
    Array.isArray(c.rounds) &&
    c.rounds.length <= 100 &&
    c.rounds.every((row) => scoresOf(row, players)) &&
    scoresOf(c.totals, players);
  if (!fits) return { error: t("challenge.code-bad-game") };
  const intact = typeof c.check === "string" && c.check === checksum(body(c));
  return { challenge: c, intact };
}

// The challenger's name as the friend sees it ("A friend" when they gave none), isolated:
// it goes into sentences, and cannot reorder them.
export const challengerName = (c) => (cleanName(c.name) ? isolate(cleanName(c.name)) : t("challenge.a-friend"));

// The friend's game: the challenge's game with default names and the page's pace.
export function challengeSetup(c, code, catalog, speed = "normal") {
  const firstBot = c.levels.find((lv) => lv !== null);
  const setup = completeSetup(
    { game: c.game, players: c.players, seats: c.seats, levels: c.levels, level: firstBot || undefined, seed: c.seed, options: c.options, speed: SPEEDS.includes(speed) ? speed : "normal" },
    catalog,
  );
  return { ...setup, challenge: { code, name: cleanName(c.name) } };
}

// In the table's bar during a challenge, beside the round's name (and, like it, left out of a
// phone's bar): whose challenge it is (their name only; nothing of their game). null for any
// other game.
export function challengeChip(setup) {
  const challenge = setup.challenge;
  if (!challenge) return null;
  const name = typeof challenge.name === "string" && cleanName(challenge.name) ? isolate(cleanName(challenge.name)) : t("challenge.a-friend");
  return h("p", { class: "round challenge-chip" }, t("challenge.intro-title", { name }));
}

// --- opening a link ------------------------------------------------------------------------

// `?challenge=<code>`: read it and show whose challenge it is, with Play (-> onStart(setup))
// and Back to the menu (-> onMenu()). -> { error } (nothing shown, nothing changed) or {}.
export async function openChallenge({ root, code, catalog, speed, gameName, onStart, onMenu }) {
  const read = await readChallenge(code, catalog);
  if (read.error) return { error: read.error };
  const c = read.challenge;
  const setup = challengeSetup(c, code, catalog, speed);
  const name = challengerName(c);
  const computers = c.seats.flatMap((kind, seat) => (kind === "bot" ? [t("challenge.computer-at", { level: levelName(levelOf(setup, seat)) })] : []));
  const play = h(
    "button",
    {
      type: "button",
      class: "button primary",
      "data-control": "challenge-play",
      onclick: () => {
        play.disabled = true; // one game, however often it is pressed
        onStart(setup);
      },
    },
    t("challenge.play"),
  );
  root.replaceChildren(
    h(
      "section",
      { class: "challenge-intro", dataset: { screen: "challenge" }, "aria-labelledby": "challenge-title" },
      h("h1", { id: "challenge-title" }, t("challenge.intro-title", { name })),
      h("p", {}, t("challenge.intro-game", { game: gameName(c.game), computers: list(computers), n: computers.length, name })),
      h("p", {}, t("challenge.intro-how", { name })),
      h("div", { class: "final-actions" }, play, h("button", { type: "button", class: "button", onclick: () => onMenu() }, t("table.menu"))),
    ),
  );
  document.documentElement.dataset.screen = "challenge";
  play.focus();
  return {};
}

// --- the final screen ------------------------------------------------------------------------

const person = (setup) => setup.seats.indexOf("human");
const eligible = (table) =>
  !table.coach &&
  table.humans.length === 1 &&
  table.setup.seats.every((kind, seat) => kind !== "bot" || LEVELS.includes(levelOf(table.setup, seat)));

// On the final screen: a challenge's result, else "Challenge a friend" where it can be
// offered (or why not), else nothing.
export function challengePanel(table, pub) {
  if (table.setup.challenge) return resultPanel(table, pub);
  if (table.coach || table.remote || table.humans.length !== 1) return null;
  if (!eligible(table)) return h("p", { class: "hint challenge-none" }, t("challenge.not-with-hard"));
  return offerPanel(table, pub);
}

// The link to the full site that opens `code`.
function challengeLink(code) {
  const url = new URL("index.html", document.baseURI);
  url.search = `?challenge=${code}&lang=${language()}`;
  return url.href;
}

function offerPanel(table, pub) {
  const seat = person(table.setup);
  const given = table.setup.names ? table.setup.names[seat] : "";
  const field = h("input", { id: "challenge-name", type: "text", maxlength: String(MAX_NAME_UNITS), autocomplete: "nickname", value: cleanName(given), placeholder: t("challenge.a-friend") });
  const status = h("p", { class: "hint challenge-status", role: "status" });
  const linkField = h("input", { type: "text", class: "challenge-link", readonly: true, hidden: true, "aria-label": t("challenge.link-label") });
  const button = h("button", { type: "button", class: "button challenge-button", "data-control": "challenge" }, t("challenge.offer"));
  button.addEventListener("click", async () => {
    const name = cleanName(field.value);
    if (nameProblem(name) !== null) {
      status.textContent = t("challenge.name-odd");
      return;
    }
    const saved = await table.engine.save(table.id);
    if (saved.error) {
      status.textContent = t("challenge.cannot-make");
      return;
    }
    const log = JSON.parse(saved.save).log;
    const setup = table.setup;
    const code = await encodeChallenge({
      game: setup.game,
      players: setup.players,
      seed: setup.seed,
      options: setup.options || {},
      seats: setup.seats,
      levels: setup.seats.map((kind, s) => (kind === "bot" ? levelOf(setup, s) : null)),
      name,
      moves: log.filter((entry) => entry.seat === seat).map((entry) => entry.action),
      rounds: pub.score_sheet.map((entry) => entry.scores),
      totals: pub.totals,
    });
    const url = challengeLink(code);
    linkField.value = url;
    linkField.hidden = false;
    table.root.querySelector(".challenge")?.setAttribute("data-link", url);
    const title = t("challenge.share-title", { game: table.gameName() });
    const text = t("challenge.share-text", { game: table.gameName(), points: number(pub.totals[seat]) });
    if (navigator.share && (!navigator.canShare || navigator.canShare({ url }))) {
      try {
        await navigator.share({ title, text, url });
        status.textContent = t("challenge.shared");
        return;
      } catch (error) {
        if (error && error.name === "AbortError") return;
      }
    }
    status.textContent = (await copyText(url, linkField)) ? t("challenge.copied") : t("challenge.copy-by-hand");
  });
  return h(
    "section",
    { class: "challenge", "aria-labelledby": "challenge-offer-title" },
    h("h2", { id: "challenge-offer-title" }, t("challenge.offer-title")),
    h("p", { class: "hint" }, t("challenge.offer-text")),
    h("label", { for: "challenge-name" }, t("challenge.name-label")),
    field,
    h("div", { class: "final-actions" }, button),
    linkField,
    status,
  );
}

// The friend's game is over: replay the challenger's game and compare, round by round.
function resultPanel(table, pub) {
  const panel = h(
    "section",
    { class: "challenge challenge-result", "aria-labelledby": "challenge-result-title", dataset: { verdict: "checking" } },
    h("h2", { id: "challenge-result-title" }, t("challenge.result-title")),
    h("p", { class: "hint", role: "status" }, t("challenge.checking")),
  );
  compare(table, pub, panel).catch((error) => {
    console.error(error);
    panel.dataset.verdict = "unverified";
    panel.replaceChildren(h("h2", { id: "challenge-result-title" }, t("challenge.result-title")), h("p", { role: "status" }, t("challenge.failed")));
  });
  return panel;
}

async function compare(table, pub, panel) {
  const read = await readChallenge(table.setup.challenge.code, table.catalog);
  const heading = h("h2", { id: "challenge-result-title" }, t("challenge.result-title"));
  if (read.error) {
    panel.dataset.verdict = "unreadable";
    panel.replaceChildren(heading, h("p", { role: "status" }, read.error));
    return;
  }
  const c = read.challenge;
  const name = challengerName(c);
  const seat = person(table.setup);
  let verified = false;
  if (read.intact && c.game === table.setup.game && c.seed === table.setup.seed) {
    const reply = await table.engine.call("challenge_replay", {
      game: c.game,
      players: c.players,
      seed: c.seed,
      options: c.options,
      seats: c.seats,
      levels: c.levels,
      moves: c.moves,
    });
    verified =
      !reply.error &&
      reply.complete === true &&
      JSON.stringify(reply.totals) === JSON.stringify(c.totals) &&
      JSON.stringify(reply.rounds) === JSON.stringify(c.rounds);
  }
  const word = table.renderer.roundWord || "round";
  const mine = pub.score_sheet.map((entry) => entry.scores[seat]);
  const theirs = c.rounds.map((row) => row[seat]);
  const rows = Math.max(mine.length, theirs.length);
  const cell = (v) => (v === undefined ? "\u2013" : signed(v));
  const you = table.seatName(seat);
  const low = Boolean(table.info.low_score_wins);
  const a = pub.totals[seat];
  const b = c.totals[seat];
  let outcome;
  if (a === b) outcome = t("challenge.outcome-tie", { name });
  else if (low ? a < b : a > b) outcome = t("challenge.outcome-you", { name });
  else outcome = t("challenge.outcome-them", { name });
  panel.dataset.verdict = verified ? "verified" : "unverified";
  panel.replaceChildren(
    heading,
    // The two totals first, then who did better, then round by round.
    h(
      "p",
      { class: "challenge-score" },
      h("span", { dataset: { who: "you" } }, t("challenge.score-of", { name: you }), " ", h("strong", {}, number(a))),
      h("span", { class: "challenge-score-gap", "aria-hidden": "true" }, " · "),
      h("span", { dataset: { who: "them" } }, t("challenge.score-of", { name }), " ", h("strong", {}, number(b))),
    ),
    h("p", { class: "challenge-outcome" }, outcome),
    h(
      "table",
      { class: "challenge-table" },
      h("caption", { class: "visually-hidden" }, t("challenge.table-caption", { name })),
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, t("challenge.col-round", { word })), h("th", { scope: "col" }, you), h("th", { scope: "col" }, name))),
      h(
        "tbody",
        {},
        Array.from({ length: rows }, (_, i) =>
          h("tr", {}, h("th", { scope: "row" }, t("table.round-name", { word, n: i + 1 })), h("td", { dataset: { who: "you" } }, cell(mine[i])), h("td", { dataset: { who: "them" } }, cell(theirs[i]))),
        ),
      ),
      h(
        "tfoot",
        {},
        h("tr", {}, h("th", { scope: "row" }, t("challenge.total")), h("td", { dataset: { who: "you", total: "" } }, number(a)), h("td", { dataset: { who: "them", total: "" } }, number(b))),
      ),
    ),
    h("p", { class: `challenge-verdict ${verified ? "is-verified" : "is-unverified"}`, role: "status" }, verified ? t("challenge.verified", { name }) : t("challenge.unverified", { name })),
  );
}
