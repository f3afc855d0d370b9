"""What a Korean reader would meet in English, and what overflows a phone (issue 11).

``english_words(page)`` collects the text a person reads or hears under a selector: visible
text nodes (and visually-hidden ones, which screen readers speak), SVG ``<title>``s, and the
accessible-name attributes (``aria-label``, ``aria-description``, ``aria-roledescription``,
``aria-valuetext``, ``title``, ``alt``, ``placeholder``) of elements that are not hidden. It
returns every Latin word of two or more letters that is not in ``ALLOWED``: card letters are
single letters and pass by themselves; the brand name and a few fixed tokens are allowed.

``overflowing(page)`` lists what is wider than the window: the page scrolling sideways, or an
element whose right edge passes the viewport (clipped containers are trusted to clip).
"""

from __future__ import annotations

from playwright.sync_api import Page

ALLOWED = frozenset({"Parlour", "English", "EN"})
"""Latin words allowed in Korean text: the brand, and English's own name on the language
switch ("English", short "EN": a language is offered in its own words, as 한국어 is on an
English page). Card letters (J, Q, K, A) are one letter."""

_COLLECT = r"""(selector) => {
  const root = document.querySelector(selector);
  if (!root) return [];
  const ATTRS = ["aria-label", "aria-description", "aria-roledescription", "aria-valuetext",
                 "title", "alt", "placeholder"];
  const SKIP = new Set(["SCRIPT", "STYLE", "TEMPLATE", "NOSCRIPT", "PY-CONFIG", "MPY-CONFIG"]);
  const hidden = (el) => {
    for (let node = el; node && node.nodeType === 1; node = node.parentNode) {
      if (SKIP.has(node.tagName.toUpperCase())) return true;
      if (node.hidden || node.getAttribute("aria-hidden") === "true") return true;
      if (node.tagName === "DIALOG" && !node.open) return true;
      const style = getComputedStyle(node);
      if (style.display === "none" || style.visibility === "hidden") return true;
    }
    return false;
  };
  const out = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.nodeValue.trim();
    if (text && !hidden(node.parentNode)) out.push(text);
  }
  for (const el of [root, ...root.querySelectorAll("*")]) {
    if (hidden(el)) continue;
    for (const name of ATTRS) {
      const value = el.getAttribute(name);
      if (value && value.trim()) out.push(value.trim());
    }
    if ((el.tagName === "INPUT" && ["button", "submit", "reset"].includes(el.type)) && el.value) {
      out.push(el.value);
    }
  }
  return out;
}"""

_OVERFLOW = r"""() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  if (document.documentElement.scrollWidth > width + 1) {
    out.push(`the page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
  }
  const clipped = (el) => {
    for (let node = el.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      if (["hidden", "clip", "auto", "scroll"].includes(style.overflowX)) return true;
    }
    return false;
  };
  for (const el of document.body.querySelectorAll("*")) {
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    const style = getComputedStyle(el);
    if (style.position === "fixed" && box.left >= width) continue;
    if (box.right > width + 1 && !clipped(el)) {
      const name = el.tagName.toLowerCase() + (el.className && typeof el.className === "string"
        ? "." + el.className.trim().split(/\s+/).join(".") : "");
      out.push(`${name} ends at ${Math.round(box.right)} px (window ${width} px): `
        + JSON.stringify((el.textContent || "").trim().slice(0, 40)));
    }
  }
  return out;
}"""


def texts(page: Page, selector: str = "body") -> list[str]:
    """Every text a person reads or hears under ``selector`` (see the module docstring)."""
    found: list[str] = page.evaluate(_COLLECT, selector)
    return found


def latin_words(text: str) -> list[str]:
    """The Latin-letter words of two or more letters in ``text``."""
    words: list[str] = []
    word = ""
    for char in text + " ":
        if ("a" <= char <= "z") or ("A" <= char <= "Z"):
            word += char
            continue
        if len(word) >= 2 and word not in ALLOWED:
            words.append(word)
        word = ""
    return words


def english_words(page: Page, selector: str = "body") -> list[str]:
    """Latin words (two letters or more, minus ``ALLOWED``) in what a person reads or hears,
    each with the text it came from: ``"word  <-  text"``."""
    found = texts(page, selector)
    return [f"{word}  <-  {text[:80]}" for text in found for word in latin_words(text)]


def overflowing(page: Page) -> list[str]:
    """What is wider than the window (empty when nothing is)."""
    found: list[str] = page.evaluate(_OVERFLOW)
    return found
