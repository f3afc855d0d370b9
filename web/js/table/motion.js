// Cards move: after the shell draws a new table, each card that was somewhere else on the
// old one travels from there to where it lands (FLIP: First, Last, Invert, Play), so a
// person sees who played, bid, swapped, killed, tested or took what.
//
// The renderers need do nothing special: a card face is found by its class and value
// (`.fc-face[data-card]`, the French cards; `.pc-face[data-rank]`, the Pairs cards). Cards of
// the same value are matched in page order after those that did not move are set aside.
// A card new to the table (an opponent's hidden card now played) flies in from the place of
// the seat that moved (its `[data-seat]` panel on the old table); a renderer that knows
// better says so: `data-motion-from="deck"` on the card (or around it) and
// `data-motion-home="deck"` on the place it came from (To the Moon's tested card, Snack's
// jacks laid out from a pile).
//
// Only transform and opacity are animated (Web Animations API, compositor-friendly, no
// layout), each at most MOVE_MS; nothing moves under prefers-reduced-motion or at
// speed=instant (the shell does not call `flip` then).

import { reducedMotion } from "../dom.js";

export const MOVE_MS = 280;
const SAME = 2; // px: a card this close to where it was has not moved
const CARDS = ".fc-face[data-card], .pc-face[data-rank]";

const keyOf = (el) => (el.dataset.card ? `fc:${el.dataset.card}` : `pc:${el.dataset.rank}`);

// Where everything that can move, or be moved from, is now: call before replacing the table.
// A seat's place is its first `[data-seat]` inside the game's own table (its panel), else
// anywhere (the shell's scoreboard).
export function snapshot(root) {
  const cards = [];
  for (const el of root.querySelectorAll(CARDS)) {
    const rect = el.getBoundingClientRect();
    if (rect.width && rect.height) cards.push({ key: keyOf(el), rect });
  }
  const homes = new Map();
  const places = [
    ...root.querySelectorAll("[data-motion-home]"),
    ...root.querySelectorAll(".table-body [data-seat]"),
    ...root.querySelectorAll("[data-seat]"),
  ];
  for (const el of places) {
    const name = el.dataset.motionHome ? `home:${el.dataset.motionHome}` : `seat:${el.dataset.seat}`;
    if (homes.has(name)) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width && rect.height) homes.set(name, rect);
  }
  return { cards, homes };
}

function fly(el, from, to, fadeIn) {
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  if (Math.abs(dx) < SAME && Math.abs(dy) < SAME) return null;
  const scale = fadeIn ? 0.6 : Math.min(2, Math.max(0.5, from.width / to.width || 1));
  const start = { transform: `translate(${dx}px, ${dy}px) scale(${scale})`, opacity: fadeIn ? 0.2 : 1 };
  return el.animate([start, { transform: "none", opacity: 1 }], {
    duration: MOVE_MS,
    easing: "cubic-bezier(0.2, 0.7, 0.2, 1)",
  });
}

// Move the cards of the table now in `root` from where `before` (snapshot) saw them. A card
// that was nowhere on the old table comes from the place of `actor` (the seat whose move this
// is), when at most a couple are new (a fresh deal just appears).
// -> the animations started (none under reduced motion).
export function flip(before, root, { actor = null } = {}) {
  if (!before || reducedMotion() || typeof Element.prototype.animate !== "function") return [];
  const left = new Map(); // key -> rects of the old table not yet matched
  for (const card of before.cards) {
    if (!left.has(card.key)) left.set(card.key, []);
    left.get(card.key).push(card.rect);
  }
  const now = [...root.querySelectorAll(CARDS)].map((el) => ({ el, key: keyOf(el), rect: el.getBoundingClientRect() }));
  // Cards that stayed put keep their old place out of the matching.
  const moving = [];
  for (const card of now) {
    if (!card.rect.width) continue;
    const rects = left.get(card.key) || [];
    const i = rects.findIndex((r) => Math.abs(r.left - card.rect.left) < SAME && Math.abs(r.top - card.rect.top) < SAME);
    if (i >= 0) rects.splice(i, 1);
    else moving.push(card);
  }
  const matched = [];
  const fresh = [];
  for (const card of moving) {
    const rects = left.get(card.key) || [];
    if (rects.length) matched.push([card, rects.shift()]);
    else fresh.push(card);
  }
  const started = [];
  for (const [card, from] of matched) {
    const animation = fly(card.el, from, card.rect, false);
    if (animation) started.push(animation);
  }
  const seatHome = actor === null || actor === undefined ? null : before.homes.get(`seat:${actor}`);
  for (const card of fresh) {
    const named = card.el.closest("[data-motion-from]");
    const home = named ? before.homes.get(`home:${named.dataset.motionFrom}`) : fresh.length <= 2 ? seatHome : null;
    const animation = home ? fly(card.el, home, card.rect, true) : null;
    if (animation) started.push(animation);
  }
  return started;
}
