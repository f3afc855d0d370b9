// ICU MessageFormat, the part of it our catalogs use (docs/WEB.md, "Languages and catalogs"): `compile(source,
// locale)` parses a message once and returns `(values) => text`.
//
//   {name}                          the value as text (a string or number as it is)
//   {name, number}                  Intl.NumberFormat; styles `integer` and `percent`
//   {name, plural, =0 {…} one {…} other {…}}   exact `=N` first, then CLDR's plural category
//   {name, selectordinal, one {#st} … other {#th}}   (Intl.PluralRules, ordinal);
//                                   `offset:N`; `#` is the number (less the offset), formatted
//   {name, select, a {…} other {…}} the option named by the value, else `other`
//   ''  a quote;  '{…}'  literal text (a quote starts quoting only before { } < > or, in a
//                                   plural's option, #: ICU's "apostrophe mode" since ICU 4.8)
//
// It follows intl-messageformat (FormatJS, the reference implementation we shipped before,
// 66 KB) to the character: `tests/test_message_format.py` formats every message of every
// catalog with both, over many values, and compares; the catalogs are also parsed by its
// parser (tests/test_catalogs.py). What we never use is refused when the message is compiled,
// never guessed: rich-text tags (`<b>…</b>`), date and time arguments, number skeletons and
// other number styles. A message without an `other` option, an unknown argument type or an
// unbalanced brace is a SyntaxError; formatting without a value the message names is an Error.

const SPACE = /[\t-\r \x85\u200e\u200f\u2028\u2029]/;
const NAME = /[^\p{White_Space}\p{Pattern_Syntax}]*/uy; // an identifier, as ICU's parser reads one
const INTEGER = /[+-]?\d+/y;
const NUMBER_STYLES = { integer: { maximumFractionDigits: 0 }, percent: { style: "percent" } };
const POUND = { pound: true };

function parse(source) {
  let at = 0;
  const fail = (why) => {
    throw new SyntaxError(`${why} at ${at} in the message "${source}"`);
  };
  const space = () => {
    while (at < source.length && SPACE.test(source[at])) at++;
  };
  const eat = (char) => source[at] === char && ++at > 0;
  const name = () => {
    NAME.lastIndex = at;
    const found = NAME.exec(source)[0];
    at += found.length;
    return found;
  };
  const integer = () => {
    INTEGER.lastIndex = at;
    const match = INTEGER.exec(source);
    if (!match || !Number.isSafeInteger(Number(match[0]))) fail("a whole number is expected");
    at += match[0].length;
    return Number(match[0]);
  };

  // A message, or a plural's or select's option (`depth` > 0 ends at its closing brace).
  function message(depth, parent) {
    const nodes = [];
    const inPlural = parent === "plural" || parent === "selectordinal";
    let text = "";
    const flush = () => text && (nodes.push(text), (text = ""));
    while (at < source.length) {
      const char = source[at];
      const next = source[at + 1];
      if (char === "{") {
        flush();
        nodes.push(argument(depth));
      } else if (char === "}" && depth > 0) {
        break;
      } else if (char === "#" && inPlural) {
        flush();
        nodes.push(POUND);
        at++;
      } else if (char === "<" && next !== undefined && /[A-Za-z/]/.test(next)) {
        fail("rich-text tags are not supported");
      } else if (char === "'" && next === "'") {
        text += "'";
        at += 2;
      } else if (char === "'" && next !== undefined && ("{}<>".includes(next) || (next === "#" && inPlural))) {
        at += 2;
        text += next;
        while (at < source.length) {
          if (source[at] === "'") {
            if (source[at + 1] !== "'") {
              at++;
              break;
            }
            at++;
          }
          text += source[at++];
        }
      } else {
        text += char;
        at++;
      }
    }
    flush();
    return nodes;
  }

  function argument(depth) {
    at++; // {
    space();
    const arg = { name: name() };
    if (!arg.name) fail("an argument needs a name");
    space();
    if (eat("}")) return arg;
    if (!eat(",")) fail("',' or '}' is expected");
    space();
    arg.type = name();
    space();
    if (arg.type === "number") {
      if (eat(",")) {
        const start = at;
        while (at < source.length && source[at] !== "}") at++;
        const style = source.slice(start, at).trim();
        if (!Object.hasOwn(NUMBER_STYLES, style)) fail(`the number style "${style}" is not supported`);
        arg.style = NUMBER_STYLES[style];
      }
    } else if (arg.type === "plural" || arg.type === "selectordinal" || arg.type === "select") {
      if (!eat(",")) fail("',' is expected");
      space();
      let selector = name();
      arg.offset = 0;
      if (arg.type !== "select" && selector === "offset") {
        if (!eat(":")) fail("':' is expected");
        space();
        arg.offset = integer();
        space();
        selector = name();
      }
      arg.options = {};
      for (;;) {
        if (!selector && arg.type !== "select" && source[at] === "=") {
          const start = at++;
          integer();
          selector = source.slice(start, at);
        }
        if (!selector) break;
        if (Object.hasOwn(arg.options, selector)) fail(`the option "${selector}" is there twice`);
        space();
        if (!eat("{")) fail("'{' is expected");
        arg.options[selector] = message(depth + 1, arg.type);
        if (!eat("}")) fail("'}' is expected");
        space();
        selector = name();
      }
      if (!Object.hasOwn(arg.options, "other")) fail(`a ${arg.type} needs an "other" option`);
    } else {
      fail(`the argument type "${arg.type}" is not supported`);
    }
    if (!eat("}")) fail("'}' is expected");
    return arg;
  }

  return message(0, "");
}

// Intl's formatters, one per kind, locale and options (each is costly to make, cheap to use;
// a table formats scores by the dozen). i18n.js's list(), number() and warm-ups share them.
const made = new Map();
export function intl(Kind, locale, options = {}) {
  const key = `${Kind.name} ${locale} ${JSON.stringify(options)}`;
  if (!made.has(key)) made.set(key, new Kind(locale, options));
  return made.get(key);
}

function format(nodes, values, locale, pound) {
  let text = "";
  for (const node of nodes) {
    if (typeof node === "string") {
      text += node;
      continue;
    }
    if (node === POUND) {
      if (typeof pound === "number") text += intl(Intl.NumberFormat, locale).format(pound);
      continue;
    }
    if (!(values && node.name in values)) throw new Error(`the message needs a value for "${node.name}"`);
    const value = values[node.name];
    if (node.type === undefined) {
      text += typeof value === "string" || typeof value === "number" || typeof value === "bigint" ? String(value) : value ? value : "";
    } else if (node.type === "number") {
      text += intl(Intl.NumberFormat, locale, node.style).format(value);
    } else if (node.type === "select") {
      text += format(Object.hasOwn(node.options, value) ? node.options[value] : node.options.other, values, locale);
    } else {
      const n = Number(value) - node.offset;
      const exact = `=${value}`;
      const type = node.type === "plural" ? "cardinal" : "ordinal";
      const key = Object.hasOwn(node.options, exact) ? exact : intl(Intl.PluralRules, locale, { type }).select(n);
      text += format(Object.hasOwn(node.options, key) ? node.options[key] : node.options.other, values, locale, n);
    }
  }
  return text;
}

export function compile(source, locale) {
  const nodes = parse(String(source));
  return (values) => format(nodes, values, locale);
}
