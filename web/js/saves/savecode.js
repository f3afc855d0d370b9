// Save codes: one saved game as a line of text (or a small file holding that line), so a game
// can move where storage cannot follow it: out of a magazine's embed (whose saves belong to
// that magazine's site) into the full site, or from one device to another.
//
//   code = "p1z." + base64url(deflate-raw(JSON))    ("p1j." + base64url(JSON) where the
//                                                   browser has no CompressionStream)
//   JSON = { format: "parlour-save-code", version: 1, id, setup, engine, round, over, toAct,
//            created, updated }
//
// The engine text inside is the engine's own save (`to_json()`), which the engine checks
// when the game is continued: a damaged or tampered code is refused there, never played.
// Codes are 1–2 KB for a whole game. Nothing here reads game rules.

import { h } from "../dom.js";
import { validSetup } from "../menu/setup.js";
import { newId, MAX_RECORD } from "./storage.js";
import { parseBounded, jsonProblem } from "./json-limits.js";
import { t } from "../i18n.js";
import { gameName, roundOf } from "../words/game-name.js";
import { refusalText } from "../words/engine-words.js";
import { recordsForExport, recordsFromImport } from "./records.js";
import { keeper } from "./keep.js";

const FORMAT = "parlour-save-code";
const VERSION = 1;
const MAX_CODE = 200_000; // characters: far above any real game, well below trouble
const MAX_INFLATED = MAX_RECORD; // bytes a code may inflate to (a whole game is ~40 KB)

// --- bytes and text (challenge.js's links use the same) --------------------------------------

export function toBase64Url(bytes) {
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function fromBase64Url(text) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

export async function through(stream, bytes) {
  const piped = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

export class TooLarge extends Error {}

// Inflate `bytes`, reading the stream chunk by chunk and stopping (TooLarge) as soon as the
// output passes `limit`: a small code that inflates to 100 MB is refused after 1 MB.
export async function inflateCapped(bytes, limit) {
  const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw")).getReader();
  const chunks = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      reader.cancel().catch(() => {});
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

// --- codes ----------------------------------------------------------------------------------

// -> the code for a save record (storage.js's record: setup, engine, round, over, ...).
export async function encodeSave(record) {
  const payload = {
    format: FORMAT,
    version: VERSION,
    id: record.id,
    setup: record.setup,
    engine: record.engine,
    round: record.round,
    over: record.over,
    toAct: record.toAct ?? null,
    created: record.created,
    updated: record.updated,
    records: recordsForExport(), // this device's records travel with its saves (records.js)
  };
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  if (typeof CompressionStream === "function") {
    return `p1z.${toBase64Url(await through(new CompressionStream("deflate-raw"), bytes))}`;
  }
  return `p1j.${toBase64Url(bytes)}`;
}

// -> { record } (ready for SaveStore.write, its id not yet chosen) or { error } in words.
export async function decodeSave(text, catalog) {
  const code = String(text || "").replace(/\s+/g, "");
  if (!code) return { error: t("saves.code-empty") };
  if (code.length > MAX_CODE) return { error: t("saves.code-too-long") };
  const match = /^p1([zj])\.([A-Za-z0-9_-]+)$/.exec(code);
  if (!match) return { error: t("saves.code-not-ours") };
  let json;
  try {
    let bytes = fromBase64Url(match[2]);
    if (match[1] === "z") {
      if (typeof DecompressionStream !== "function") {
        return { error: t("saves.code-no-inflate") };
      }
      bytes = await inflateCapped(bytes, MAX_INFLATED);
    }
    if (bytes.length > MAX_INFLATED) throw new TooLarge();
    json = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch (error) {
    if (error instanceof TooLarge) {
      return { error: t("saves.code-inflates-too-much", { max: MAX_INFLATED }) };
    }
    return { error: t("saves.code-damaged") };
  }
  const parsed = parseBounded(json, MAX_INFLATED);
  if (parsed.error) return { error: t("saves.code-damaged-why", { why: jsonProblem(parsed) }) };
  const payload = parsed.value;
  if (!payload || payload.format !== FORMAT) return { error: t("saves.code-not-a-code") };
  if (payload.version !== VERSION) return { error: t("saves.code-other-version") };
  if (typeof payload.engine !== "string" || !validSetup(payload.setup, catalog)) {
    return { error: t("saves.code-bad-setup") };
  }
  const inner = parseBounded(payload.engine, MAX_RECORD).value;
  if (!inner || inner.game !== payload.setup.game || inner.players !== payload.setup.players) {
    return { error: t("saves.code-bad-moves") };
  }
  const record = {
    id: typeof payload.id === "string" && /^[a-z0-9-]{1,40}$/.test(payload.id) ? payload.id : null,
    setup: payload.setup,
    engine: payload.engine,
    round: Number.isInteger(payload.round) ? payload.round : 1,
    over: payload.over === true,
    toAct: typeof payload.toAct === "string" ? payload.toAct : null,
    created: typeof payload.created === "string" ? payload.created : undefined,
    updated: typeof payload.updated === "string" ? payload.updated : "",
    records: Array.isArray(payload.records) ? payload.records : [],
  };
  return { record };
}

// The engine's verdict on a decoded record: it loads the whole game in the worker (every move
// replayed, every deal checked) under a throwaway id, then forgets it. -> { error } or {}.
export async function checkWithEngine(engine, record) {
  const probe = `check-${newId()}`.slice(0, 40);
  const reply = await engine.load(probe, record.engine);
  await engine.drop(probe);
  if (reply.error) return { error: t("saves.cannot-play", { why: refusalText(reply.error) }) };
  if (reply.game !== record.setup.game || reply.players !== record.setup.players) {
    return { error: t("saves.moves-not-its-game") };
  }
  return {};
}

// Put a decoded record into `store`; -> its id. It keeps its own id when that is free, or
// when the save there is an older state of the same game (carrying a game back and forth
// updates it); anything else gets a new id, so an import never overwrites another game.
export function importRecord(store, record) {
  recordsFromImport(store, record.records); // the records it carries (records.js), each checked
  let id = record.id;
  if (id) {
    const here = store.read(id).record;
    if (here) {
      const same = JSON.stringify(here.setup) === JSON.stringify(record.setup);
      if (!same) id = null;
      else if (here.engine === record.engine || (Date.parse(here.updated) || 0) > (Date.parse(record.updated) || 0)) {
        return id; // this device already has it, or a later state of it
      }
    }
  }
  id = id || newId();
  const { setup, engine, round, over, toAct } = record;
  store.write({ id, setup, engine, round, over, toAct });
  return id;
}

// --- copying and files ----------------------------------------------------------------------

// Copy `text` (Clipboard API; else the old selection copy, which also works in a frame the
// host page has not granted clipboard access). `field` is a text field holding the text,
// selected for the reader when neither works. -> true when copied.
export async function copyText(text, field = null) {
  // In a frame the host did not grant clipboard-write, the API fails with a console error:
  // ask first where the browser can say (Chromium).
  const policy = document.permissionsPolicy || document.featurePolicy;
  const allowed = policy && typeof policy.allowsFeature === "function" ? policy.allowsFeature("clipboard-write") : true;
  try {
    if (allowed && navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission in this frame): fall back below.
  }
  const area = field || h("textarea", { class: "visually-hidden", readonly: true, "aria-hidden": "true" });
  if (!field) {
    area.value = text;
    document.body.append(area);
  }
  area.focus();
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch {
    done = false;
  }
  if (!field) area.remove();
  return done;
}

function fileName(record, catalog) {
  const game = catalog[record.setup.game] ? record.setup.game : "game";
  const day = (record.updated || new Date().toISOString()).slice(0, 10);
  return `parlour-${game}-${day}.txt`;
}

function download(text, name) {
  const url = URL.createObjectURL(new Blob([`${text}\n`], { type: "text/plain" }));
  const link = h("a", { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

// --- the two panels ---------------------------------------------------------------------------

// A panel with a saved game's code: copy it, or download it as a small file.
export function exportPanel(record, catalog) {
  const field = h("textarea", { class: "save-code", readonly: true, rows: "3", spellcheck: "false", "aria-label": t("saves.code-label", { game: gameName(record.setup.game) }) }, t("saves.code-preparing"));
  const status = h("p", { class: "hint", role: "status" });
  const copy = h("button", { type: "button", class: "button copy-code", disabled: true }, t("saves.copy-code"));
  const file = h("button", { type: "button", class: "button quiet download-code", disabled: true }, t("saves.download"));
  const panel = h(
    "div",
    { class: "save-export" },
    h("p", { class: "hint" }, t("saves.export-hint", { import: t("saves.import-title") })),
    field,
    h("div", { class: "save-export-actions" }, copy, file),
    status,
  );
  encodeSave(record).then((code) => {
    field.value = code;
    panel.dataset.code = code;
    copy.disabled = false;
    file.disabled = false;
    // A code copied or downloaded has left the page: the game and the records it carries count
    // as exported (keep.js; the menu stops reminding about them).
    const exported = () => keeper.exported(record.id, recordsForExport());
    copy.addEventListener("click", async () => {
      const copied = await copyText(code, field);
      status.textContent = copied ? t("saves.copied") : t("saves.copy-by-hand");
      if (copied) exported();
    });
    field.addEventListener("copy", exported); // copied by hand
    file.addEventListener("click", () => {
      download(code, fileName(record, catalog));
      exported();
    });
  });
  return panel;
}

// A form to paste a code or open a file; `onImported(id)` once it is in `store`.
// `verify(record)` -> { error } or {}: the engine loads the code's game in full first (and
// its game and players must be the setup's), so nothing is "Imported" that cannot be played.
export function importForm({ catalog, store, onImported, verify }) {
  const field = h("textarea", { id: "import-code", class: "save-code", rows: "3", spellcheck: "false", placeholder: "p1z.\u2026" });
  const status = h("p", { class: "hint", role: "status" });
  const fileInput = h("input", { type: "file", id: "import-file", accept: ".txt,text/plain" });
  const accept = async (text) => {
    status.textContent = t("saves.checking");
    status.dataset.kind = "busy";
    const decoded = await decodeSave(text, catalog);
    const error = decoded.error || (await verify(decoded.record)).error;
    if (error) {
      status.textContent = error;
      status.dataset.kind = "error";
      return;
    }
    const { record } = decoded;
    const id = importRecord(store, record);
    status.textContent = t("saves.imported", { game: gameName(record.setup.game), where: roundOf(record) });
    status.dataset.kind = "ok";
    field.value = "";
    onImported(id);
  };
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files && fileInput.files[0];
    if (file) await accept(await file.text());
    fileInput.value = "";
  });
  // Not a <form>: a frame sandboxed without allow-forms (as our embed snippet is) never
  // submits one, so the button acts by itself.
  const submit = h("button", { type: "button", class: "button import-code", onclick: () => accept(field.value) }, t("saves.import"));
  return h(
    "div",
    { class: "save-import", role: "group", "aria-label": t("saves.import-title") },
    h("label", { for: "import-code" }, t("saves.code")),
    field,
    h("div", { class: "save-export-actions" }, submit, h("label", { class: "file-label", for: "import-file" }, t("saves.or-file")), fileInput),
    status,
  );
}
