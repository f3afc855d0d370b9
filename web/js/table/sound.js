// Card sounds, synthesized with Web Audio (no files): a deal, a card played, a trick won, and
// a soft call when it is the person's turn. The shell (table.js) says what happened; this
// module knows nothing of any game's rules, only the public log's shape (docs/API.md): an
// entry whose action is "win" or that names a `trick_winner` ends a trick, any other entry
// with a seat is a move.
//
//   cue(name)                 "deal" | "play" | "trick" | "turn": play it now (if allowed)
//   new TableSounds()         one table's sounds from what the shell shows (below)
//   soundButton()             the table's toggle (aria-pressed: sound on), remembered
//                             per device (settings.js: on on the site, off in the embed)
//
// Promises:
// - Nothing plays before the person's first gesture on the page (the browsers' autoplay
//   policy): the AudioContext is created on the first sound after a click, tap or key, and
//   resumed on each gesture if the browser suspended it; never while the page is hidden.
// - Nothing throws: where Web Audio is missing or fails, the table plays on in silence.
// - Muted means no AudioContext work at all.
// - Every sound scheduled sets `<html data-last-sound>` and fires `parlour:sound` on document
//   (detail {name}): the tests observe the real path, not a mock.

import { h } from "../dom.js";
import { t } from "../i18n.js";
import { setSetting, soundKey, soundOn } from "./settings.js";

const html = document.documentElement;
const GAP_MS = 60; // the same sound twice within this is one sound

let context = null; // the AudioContext, once a gesture has allowed it
let broken = false; // Web Audio is missing or failed: silence from now on
let noise = null; // one second of white noise, shared by every sound
let gestured = false;
const lastAt = new Map();

function AudioContextClass() {
  return window.AudioContext || window.webkitAudioContext || null;
}

// Whether the person has interacted with the page (sticky activation).
function activated() {
  const activation = navigator.userActivation;
  return gestured || Boolean(activation && activation.hasBeenActive);
}

// -> the running (or resuming) context, or null (no gesture yet, no Web Audio, muted).
function audio() {
  if (broken || !soundOn() || !activated()) return null;
  try {
    if (!context) {
      const Class = AudioContextClass();
      if (!Class) {
        broken = true;
        return null;
      }
      context = new Class();
      const master = context.createGain();
      master.gain.value = 0.5;
      master.connect(context.destination);
      context.master = master;
    }
    if (context.state === "suspended") context.resume().catch(() => {});
    return context;
  } catch {
    broken = true;
    context = null;
    return null;
  }
}

// A gesture: sounds may start from now on; a context the browser suspended resumes (iOS
// Safari resumes only inside the gesture's own handler).
function onGesture(event) {
  if (event.isTrusted === false) return;
  gestured = true;
  if (context && context.state !== "running" && soundOn()) {
    try {
      context.resume().catch(() => {});
    } catch {
      // Nothing to do: silence.
    }
  }
}
for (const type of ["pointerdown", "pointerup", "keydown", "touchend", "click"]) {
  window.addEventListener(type, onGesture, { capture: true, passive: true });
}

// Muted: the context sleeps (no work, no battery) until sound is turned on again.
function quiet() {
  try {
    if (context && context.state === "running") context.suspend().catch(() => {});
  } catch {
    // Nothing to do.
  }
}

function noiseBuffer(ctx) {
  if (noise && noise.sampleRate === ctx.sampleRate) return noise;
  const length = ctx.sampleRate;
  noise = ctx.createBuffer(1, length, ctx.sampleRate);
  const data = noise.getChannelData(0);
  let seed = 12345; // a small LCG: the same noise on every page
  for (let i = 0; i < length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    data[i] = (seed / 0x3fffffff) - 1;
  }
  return noise;
}

// A card's snap: a short burst of band-passed noise with a low thump under it.
function snap(ctx, at, { level = 0.5, tone = 2600, length = 0.07 } = {}) {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = tone;
  filter.Q.value = 0.9;
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(level, at + 0.004);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(gain).connect(ctx.master);
  source.start(at, Math.random() * 0.5, length + 0.02);
  const thump = ctx.createOscillator();
  thump.frequency.setValueAtTime(170, at);
  thump.frequency.exponentialRampToValueAtTime(70, at + 0.05);
  const thumpGain = ctx.createGain();
  thumpGain.gain.setValueAtTime(0.0001, at);
  thumpGain.gain.exponentialRampToValueAtTime(level * 0.35, at + 0.005);
  thumpGain.gain.exponentialRampToValueAtTime(0.0001, at + 0.06);
  thump.connect(thumpGain).connect(ctx.master);
  thump.start(at);
  thump.stop(at + 0.08);
}

// Cards gathered: a swish of noise sweeping upward, ending in a soft tap.
function sweep(ctx, at) {
  const source = ctx.createBufferSource();
  source.buffer = noiseBuffer(ctx);
  const filter = ctx.createBiquadFilter();
  filter.type = "bandpass";
  filter.Q.value = 1.4;
  filter.frequency.setValueAtTime(700, at);
  filter.frequency.exponentialRampToValueAtTime(3200, at + 0.22);
  const gain = ctx.createGain();
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(0.28, at + 0.08);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.26);
  source.connect(filter).connect(gain).connect(ctx.master);
  source.start(at, 0.2, 0.3);
  snap(ctx, at + 0.24, { level: 0.3, tone: 1800, length: 0.06 });
}

// Two soft notes, rising: your turn.
function chime(ctx, at) {
  [659.25, 880].forEach((freq, i) => {
    const start = at + i * 0.11;
    const osc = ctx.createOscillator();
    osc.type = "triangle";
    osc.frequency.value = freq;
    const gain = ctx.createGain();
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.09, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.22);
    osc.connect(gain).connect(ctx.master);
    osc.start(start);
    osc.stop(start + 0.25);
  });
}

const SOUNDS = {
  play: (ctx, at) => snap(ctx, at),
  // A short riffle: five cards dealt in quick succession.
  deal: (ctx, at) => {
    for (let i = 0; i < 5; i++) snap(ctx, at + i * 0.075, { level: 0.32, tone: 2200 + (i % 3) * 350, length: 0.05 });
  },
  trick: (ctx, at) => sweep(ctx, at),
  turn: (ctx, at) => chime(ctx, at),
};

// Play sound `name` now (after `delay` seconds): silently skipped when muted, before a
// gesture, in a hidden page or without Web Audio. -> true when it was scheduled.
export function cue(name, { delay = 0 } = {}) {
  const make = SOUNDS[name];
  if (!make || document.hidden) return false;
  const now = performance.now();
  if (now - (lastAt.get(name) ?? -Infinity) < GAP_MS) return false;
  const ctx = audio();
  if (!ctx) return false;
  try {
    make(ctx, ctx.currentTime + 0.01 + delay);
  } catch {
    return false; // an odd implementation: this sound is lost, the table is not
  }
  lastAt.set(name, now);
  html.dataset.lastSound = name;
  document.dispatchEvent(new CustomEvent("parlour:sound", { detail: { name } }));
  return true;
}

// The sound for public log entries just added (one sound however many: at instant speed
// several moves arrive at once): a trick won over a card played. -> the name, or null.
export function newsSound(entries) {
  let name = null;
  for (const entry of entries) {
    if (!entry || typeof entry !== "object") continue;
    const trick = entry.action === "win" || (entry.trick_winner !== undefined && entry.trick_winner !== null);
    if (trick) name = "trick";
    else if (name === null && entry.seat !== null && entry.seat !== undefined) name = "play";
  }
  return name;
}

// One table's sounds, told by the shell what it shows (table.js):
//   painted(view)    after each repaint: a round seen for the first time is dealt
//   news(entries)    the public log entries added within the round on screen
//   roundOver()      a round was scored (its last trick is no longer in the log): the cards
//                    are gathered now, and the next round's deal sounds when the person sees
//                    that round (after the summary), not under the summary
//   turn()           the one person's turn
export class TableSounds {
  constructor() {
    this.round = null; // the round last painted
    this.dealt = true; // whether its deal has sounded
    this.held = false; // the next paint is under a round's summary
  }

  painted(view) {
    if (view.round !== this.round) {
      this.round = view.round;
      this.dealt = false;
    }
    if (this.held) {
      this.held = false;
      return;
    }
    if (!this.dealt) {
      this.dealt = true;
      cue("deal");
    }
  }

  news(entries) {
    const name = newsSound(entries);
    if (name) cue(name);
  }

  roundOver() {
    this.held = true;
    cue("trick");
  }

  turn() {
    cue("turn", { delay: 0.15 }); // after the move before it has sounded
  }
}

// --- the mute control --------------------------------------------------------------------

const SVG_NS = "http://www.w3.org/2000/svg";

function icon(on) {
  const pic = document.createElementNS(SVG_NS, "svg");
  pic.setAttribute("viewBox", "0 0 24 24");
  pic.setAttribute("class", "sound-icon");
  pic.setAttribute("aria-hidden", "true");
  pic.setAttribute("focusable", "false");
  const path = (d, extra = {}) => {
    const node = document.createElementNS(SVG_NS, "path");
    node.setAttribute("d", d);
    for (const [k, v] of Object.entries(extra)) node.setAttribute(k, v);
    pic.append(node);
  };
  path("M4 9h4l5-4v14l-5-4H4z", { fill: "currentColor" });
  if (on) path("M16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12", { fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" });
  else path("M16 9l6 6M22 9l-6 6", { fill: "none", stroke: "currentColor", "stroke-width": "2", "stroke-linecap": "round" });
  return pic;
}

function paintButton(button) {
  const on = soundOn();
  button.setAttribute("aria-pressed", on ? "true" : "false");
  button.title = t(on ? "table.sound-on" : "table.sound-off");
  button.querySelector(".sound-icon")?.replaceWith(icon(on));
}

// The table's sound toggle (in its options row, only-move.js): pressed means sound on.
// A button (keyboard reachable), named in the page's language ("Sound"/"소리"), its state in
// aria-pressed, its tooltip and its icon (a speaker, crossed out when off).
export function soundButton() {
  const button = h(
    "button",
    {
      type: "button",
      class: "button quiet sound-button",
      "data-control": "sound",
      onclick: () => {
        setSetting(soundKey(), !soundOn());
        paintButton(button);
        if (soundOn()) cue("play"); // the press is a gesture: a first sound says it is on
        else quiet();
      },
    },
    icon(true),
    h("span", { class: "sound-word" }, t("table.sound")),
  );
  paintButton(button);
  return button;
}
