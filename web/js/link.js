// The page's own link, read with a bound (issue 28). Chromium's URLSearchParams takes time
// that grows with the square of the number of parameters (500,000 of them, a 1 MB link: 2.6 s
// each time a query is read), and a link may be 2 MB long. A query longer than MAX_LINK
// characters is read as no query at all, and params.js says the link is too long; the
// classic scripts that run first (watchdog.js, embed-fallback.js) do the same by themselves.
// A real link is far shorter: an option's value is at most 20,000 characters, a challenge's
// code 16,000.

export const MAX_LINK = 64_000;

// `search` (default: this page's) when it is short enough to read, else "".
export const boundedSearch = (search = location.search) => (search.length > MAX_LINK ? "" : search);
