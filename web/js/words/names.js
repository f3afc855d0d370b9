// Names people give their seats, and values from outside shown in a sentence.
//
// One rule, stated here for the page and in engine/names.py for the command line, both
// checked against the cases of tests/data/names.json (tests/test_names.py, and
// tests/browser/test_names.py in Chromium):
//
// - A name is cleaned first: each run of spaces (tab, line breaks, any Unicode space) becomes
//   one space, and the ends are trimmed.
// - Its length is what a person sees as characters: grapheme clusters (Intl.Segmenter). At
//   most MAX_NAME of them, and at most MAX_NAME * MAX_CLUSTER code points in all ("long").
// - Every script, combining mark and emoji sequence is welcome. Refused ("hidden") is only
//   what cannot be shown safely: control characters, lone surrogates, bidirectional controls
//   and every other invisible character (format characters, Unicode's default-ignorable code
//   points: zero-width space, word joiner, soft hyphen, Hangul fillers...), with the
//   exceptions that make sequences: a zero-width joiner or non-joiner between two visible
//   characters, one variation selector after a character, tag characters inside a flag
//   (U+1F3F4 and its tags); and a combining mark with nothing to sit on (first in a cluster,
//   or on a space).
// - A cluster of more than MAX_CLUSTER code points is refused ("stacked"): the longest emoji
//   sequence has 10, and marks piled higher cover the lines around them.
//
// isolate() and shown() put a value from outside (a link, a code, a stored key, what a
// person typed) into a sentence: between FSI and PDI (U+2068, U+2069), so no character of it
// can reorder the words around it, in any language (a plain-text notice, an aria-live
// announcement and a title alike, where <bdi> could not go).

export const MAX_NAME = 24; // characters (grapheme clusters)
export const MAX_CLUSTER = 10; // code points in one character

const SPACES = /[\t\n\v\f\r \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/g;
const ZWNJ = 0x200c;
const ZWJ = 0x200d;
const BLACK_FLAG = 0x1f3f4;
const SPACE = 0x20;

// Invisible or controlling: format characters (Cf), controls (Cc), surrogates (Cs) and
// default-ignorable code points (Unicode 15.1), some allowed in sequences (allowed()).
const UNSAFE = [
  [0x0000, 0x001f], [0x007f, 0x009f], [0x00ad, 0x00ad], [0x034f, 0x034f],
  [0x0600, 0x0605], [0x061c, 0x061c], [0x06dd, 0x06dd], [0x070f, 0x070f],
  [0x0890, 0x0891], [0x08e2, 0x08e2], [0x115f, 0x1160], [0x17b4, 0x17b5],
  [0x180b, 0x180f], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x206f],
  [0x3164, 0x3164], [0xd800, 0xdfff], [0xfe00, 0xfe0f], [0xfeff, 0xfeff],
  [0xffa0, 0xffa0], [0xfff0, 0xfffb], [0x110bd, 0x110bd], [0x110cd, 0x110cd],
  [0x13430, 0x1343f], [0x1bca0, 0x1bca3], [0x1d173, 0x1d17a], [0xe0000, 0xe0fff],
]; // prettier-ignore
const SELECTORS = [[0x180b, 0x180d], [0x180f, 0x180f], [0xfe00, 0xfe0f], [0xe0100, 0xe01ef]];
const TAGS = [[0xe0020, 0xe007f]];
const MARK = /^\p{M}$/u;

const within = (ranges, code) => ranges.some(([low, high]) => code >= low && code <= high);
const isMark = (code) => MARK.test(String.fromCodePoint(code));

let segmenter = null;
// Where a browser has no Intl.Segmenter (Firefox before 125), clusters near enough for names:
// a flag's pair or any character but a mark, then its marks, selectors, skin tones, tags and
// joined characters (no Hangul jamo or Indic conjunct rules).
const CLUSTER = /(?:\p{RI}\p{RI}|\P{M})(?:[\p{M}\u200c\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}]|\u200d\P{M})*|./gsu;
// The grapheme clusters of `text`.
export function graphemes(text) {
  if (typeof Intl.Segmenter !== "function") return String(text).match(CLUSTER) || [];
  segmenter ??= new Intl.Segmenter("en", { granularity: "grapheme" });
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

// Runs of spaces made one space, the ends trimmed.
export function cleanName(text) {
  return String(text ?? "").replace(SPACES, " ").replace(/^ | $/g, "");
}

// Whether the invisible points[at] makes a sequence here (`first`: its cluster's first code point).
function allowed(points, at, first) {
  const code = points[at];
  if (within(TAGS, code)) return first === BLACK_FLAG;
  const before = at > 0 && first !== SPACE ? points[at - 1] : null;
  if (before === null || before === ZWJ || before === ZWNJ || within(TAGS, before)) return false;
  if (code === ZWJ || code === ZWNJ) {
    const after = at + 1 < points.length ? points[at + 1] : SPACE;
    return !(after === SPACE || within(UNSAFE, after) || isMark(after) || within(TAGS, after));
  }
  return within(SELECTORS, code) && !within(SELECTORS, before);
}

// What is wrong with a cleaned name (cleanName) under the rule above: "long", "hidden",
// "stacked", or null. Linear, and bounded: a text too long to be a name is not segmented.
export function nameProblem(name) {
  const text = String(name);
  if (text.length > 2 * MAX_NAME * MAX_CLUSTER) return "long";
  const points = Array.from(text, (char) => char.codePointAt(0));
  if (points.length > MAX_NAME * MAX_CLUSTER) return "long";
  const clusters = graphemes(text);
  if (clusters.length > MAX_NAME) return "long";
  let at = 0;
  for (const cluster of clusters) {
    const size = Array.from(cluster).length;
    if (size > MAX_CLUSTER) return "stacked";
    const first = points[at];
    for (let offset = 0; offset < size; offset += 1) {
      const code = points[at + offset];
      if (within(UNSAFE, code)) {
        if (!(offset && allowed(points, at + offset, first))) return "hidden";
      } else if (isMark(code) && (offset === 0 || first === SPACE)) {
        return "hidden"; // a mark on nothing
      }
    }
    at += size;
  }
  return null;
}

// The first `max` characters of `text` (whole clusters), with "…" when there were more.
export function shortened(text, max = 40) {
  const value = String(text ?? "");
  if (value.length <= max) return value;
  const slice = value.slice(0, 4 * max + 16); // enough for `max` clusters of most scripts
  const head = graphemes(slice);
  const cut = slice.length < value.length;
  if (!cut && head.length <= max) return value;
  // The slice's last cluster may be cut short: keep it only when it is not the last.
  return `${head.slice(0, head.length > max ? max : head.length - 1).join("")}\u2026`;
}

// A value from outside, isolated: its own direction, never the sentence's. The controls that
// open or close an embedding or isolate are shown as U+FFFD inside it: a PDI of the value
// would otherwise close this isolate early and let the rest of the value out.
const EMBEDDINGS = /[\u202a-\u202e\u2066-\u2069]/g;
export const isolate = (text) => `\u2068${String(text ?? "").replace(EMBEDDINGS, "\ufffd")}\u2069`;

// A value from outside as a sentence shows it: shortened, then isolated.
export const shown = (text, max = 40) => isolate(shortened(text, max));
