// The codes that set up a connection between two devices (issue 29): a join code (the host's
// offer, carried in the join link) and an answer code (the guest's answer, carried back).
//
//   join code    "p1j." + base64url(deflate-raw(JSON {game, players, seat, sdp[, stun]}))
//   answer code  "p1a." + base64url(deflate-raw(JSON {seat, sdp}))
//
// The prefix names the kind and the format's version. A code comes from another person, so
// it is hostile until proven otherwise: its length is capped before anything reads it, its
// alphabet is checked by one linear pass, the inflated bytes are counted as the stream runs
// (stopped past MAX_INFLATED), the JSON is read with a depth bound (json-limits.js) and
// its fields strictly: exactly the expected keys, a seat in range, a game of the catalog, an
// SDP of bounded length that starts like one and holds no character outside printable ASCII
// and line breaks. Each refusal is { error: reason } with a reason code; codeProblem() words it.

import { t } from "../i18n.js";
import { parseBounded } from "../saves/json-limits.js";
import { TooLarge, fromBase64Url, inflateCapped, through, toBase64Url } from "../saves/savecode.js";

export const JOIN_PREFIX = "p1j.";
export const ANSWER_PREFIX = "p1a.";
export const MAX_CODE = 6000; // characters: an offer with a few candidates is ~600
export const MAX_INFLATED = 8000; // bytes of JSON a code may unpack to
export const MAX_SDP = 6000; // characters of SDP
const BASE64URL = /^[A-Za-z0-9_-]*$/;
// Printable ASCII, CR and LF: what an SDP is made of (RFC 8866).
const SDP_TEXT = /^v=0\r?\n[\x20-\x7e\r\n]*$/;

export async function encode(prefix, payload) {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  return prefix + toBase64Url(await through(new CompressionStream("deflate-raw"), bytes));
}

// -> { value } (the JSON object) or { error } for `text` that should start with `prefix`.
async function decode(text, prefix) {
  if (typeof text !== "string") return { error: "empty" };
  if (text.length > MAX_CODE + 64) return { error: "too-long" };
  const code = text.trim();
  if (!code) return { error: "empty" };
  if (code.length > MAX_CODE) return { error: "too-long" };
  if (!code.startsWith(prefix)) {
    const other = prefix === JOIN_PREFIX ? ANSWER_PREFIX : JOIN_PREFIX;
    if (code.startsWith(other)) return { error: prefix === JOIN_PREFIX ? "is-answer" : "is-join" };
    return { error: /^p\d+[ja]\./.test(code) ? "other-version" : "not-ours" };
  }
  const body = code.slice(prefix.length);
  if (!BASE64URL.test(body) || body.length % 4 === 1) return { error: "damaged" };
  if (typeof DecompressionStream !== "function") return { error: "no-inflate" };
  let bytes;
  try {
    bytes = await inflateCapped(fromBase64Url(body), MAX_INFLATED);
  } catch (error) {
    return { error: error instanceof TooLarge ? "too-large" : "damaged" };
  }
  let json;
  try {
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return { error: "damaged" };
  }
  const parsed = parseBounded(json, MAX_INFLATED, 4);
  if (parsed.error) return { error: "damaged" };
  return { value: parsed.value };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const exactKeys = (value, keys) => {
  const own = Object.keys(value);
  return own.length === keys.length && keys.every((key) => Object.hasOwn(value, key));
};
const goodSdp = (sdp) => typeof sdp === "string" && sdp.length <= MAX_SDP && SDP_TEXT.test(sdp);

// A STUN server's address as the host's option names it (`stun:host[:port]`), or null.
const STUN = /^stuns?:[A-Za-z0-9.-]{1,200}(:\d{1,5})?$/;
export const stunServer = (text) => {
  const value = typeof text === "string" ? text.trim() : "";
  return STUN.test(value) ? value : null;
};

// `stun`: the STUN server the host chose (the guest uses it too), else none and no key.
export function encodeJoin({ game, players, seat, sdp, stun = null }) {
  return encode(JOIN_PREFIX, stun ? { game, players, seat, sdp, stun } : { game, players, seat, sdp });
}

export function encodeAnswer({ seat, sdp }) {
  return encode(ANSWER_PREFIX, { seat, sdp });
}

// -> { join: {game, players, seat, sdp, stun} } or { error }. `catalog`: the games this page
// plays. `stun` is null unless the host named a STUN server.
export async function decodeJoin(text, catalog) {
  const { value, error } = await decode(text, JOIN_PREFIX);
  if (error) return { error };
  const keys = ["game", "players", "seat", "sdp"];
  if (!isObject(value) || !(exactKeys(value, keys) || exactKeys(value, [...keys, "stun"]))) return { error: "damaged" };
  const { game, players, seat, sdp } = value;
  const stun = Object.hasOwn(value, "stun") ? stunServer(value.stun) : null;
  if (Object.hasOwn(value, "stun") && stun === null) return { error: "damaged" };
  const info = typeof game === "string" && Object.hasOwn(catalog, game) ? catalog[game] : null;
  if (!info) return { error: "bad-game" };
  if (!Number.isInteger(players) || players < info.min_players || players > info.max_players) return { error: "damaged" };
  if (!Number.isInteger(seat) || seat < 0 || seat >= players) return { error: "damaged" };
  if (!goodSdp(sdp)) return { error: "damaged" };
  return { join: { game, players, seat, sdp, stun } };
}

// -> { answer: {seat, sdp} } or { error }. `seat`: the seat the host asked for (an answer
// made for another seat's link is refused).
export async function decodeAnswer(text, seat) {
  const { value, error } = await decode(text, ANSWER_PREFIX);
  if (error) return { error };
  if (!isObject(value) || !exactKeys(value, ["seat", "sdp"])) return { error: "damaged" };
  if (!Number.isInteger(value.seat) || !goodSdp(value.sdp)) return { error: "damaged" };
  if (value.seat !== seat) return { error: "other-seat", seat: value.seat };
  return { answer: { seat: value.seat, sdp: value.sdp } };
}

// A refusal in words.
export function codeProblem({ error, seat = 0 }) {
  return t(`net.code-${error}`, { max: MAX_CODE, n: seat + 1 });
}
