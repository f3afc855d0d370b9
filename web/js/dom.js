// Tiny DOM helpers: build elements from data, never from HTML strings (so text from the
// engine or the URL can never become markup).

// h("button", { class: "x", onclick: f, "aria-label": "y" }, "text", child, ...)
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") {
      el.addEventListener(name.slice(2), value);
    } else if (name === "dataset") {
      Object.assign(el.dataset, value);
    } else if (name === "text") {
      el.textContent = value;
    } else if (value === true) {
      el.setAttribute(name, "");
    } else {
      el.setAttribute(name, String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// "+3", "−2" (a real minus sign), "0".
export function signed(n) {
  if (n > 0) return `+${n}`;
  if (n < 0) return `\u2212${-n}`;
  return "0";
}

// "12", "−7" (a real minus sign): a total.
export function number(n) {
  return n < 0 ? `\u2212${-n}` : String(n);
}

// Names in a sentence: "Ann", "Ann and Bo", "Ann, Bo and Cy".
export function listText(items) {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export const reducedMotion = () =>
  window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
