// The drawing shared by both decks' cards (pairs.js, french.js): a 60 x 84 SVG
// card in a span that is either an image with an accessible name or hidden from assistive
// technology, and the lattice of a card back. Each deck keeps its own class prefix and look.

const SVG_NS = "http://www.w3.org/2000/svg";

/** An SVG element with attributes. */
export function svg(tag, attrs = {}) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  return node;
}

/**
 * A card: a span of class ``className`` holding a 60 x 84 SVG (class ``<prefix>-svg``) with
 * its rounded background rect (class ``<prefix>-<bg>``). With a ``label`` it is an image
 * with that name; without one it is decorative (aria-hidden). Returns ``{el, pic}``.
 */
export function cardShell(prefix, className, label, bg = "bg") {
  const el = document.createElement("span");
  el.className = className;
  if (label) {
    el.setAttribute("role", "img");
    el.setAttribute("aria-label", label);
  } else {
    el.setAttribute("aria-hidden", "true");
  }
  const pic = svg("svg", { viewBox: "0 0 60 84", class: `${prefix}-svg`, focusable: "false" });
  pic.setAttribute("aria-hidden", "true");
  pic.appendChild(svg("rect", { x: 1.5, y: 1.5, width: 57, height: 81, rx: 6, class: `${prefix}-${bg}` }));
  el.appendChild(pic);
  return { el, pic };
}

/**
 * The back of a card: a frame, a diamond lattice clipped to it by a nested svg (no ids to
 * clash between cards) and a central badge. Never takes a card value.
 */
export function cardBackShell(prefix, className, label, { reach, step, badge }) {
  const { el, pic } = cardShell(prefix, className, label, "back-bg");
  pic.appendChild(svg("rect", { x: 6, y: 6, width: 48, height: 72, rx: 3, class: `${prefix}-back-frame` }));
  const inner = svg("svg", { x: 6, y: 6, width: 48, height: 72, viewBox: "6 6 48 72" });
  for (let k = -reach; k <= reach; k += step) {
    inner.appendChild(svg("line", { x1: 6 + k, y1: 6, x2: 78 + k, y2: 78, class: `${prefix}-back-line` }));
    inner.appendChild(svg("line", { x1: 54 - k, y1: 6, x2: -18 - k, y2: 78, class: `${prefix}-back-line` }));
  }
  pic.appendChild(inner);
  pic.appendChild(svg("circle", { cx: 30, cy: 42, r: badge, class: `${prefix}-back-badge` }));
  return el;
}
