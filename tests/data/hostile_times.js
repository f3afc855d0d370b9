// In the page: the best of three times (ms) of each way in for hostile text, at two sizes
// (a link's at 16,000 and 63,000 characters, under MAX_LINK; the others' at 250,000 and
// 1,000,000), and of a link of 1,000,000 characters (refused unread). Run by
// tests/browser/test_hostile_links.py (linear growth) and benchmarks/hostile_page.py (the
// 50 ms goal at each limit).
async () => {
  const { parseParams } = await import("./js/params.js");
  const { manifest } = await import("./js/manifest.js");
  const { parseBounded } = await import("./js/saves/json-limits.js");
  const { cleanName, nameProblem, shown } = await import("./js/words/names.js");
  const link = (query) => () => parseParams(query.slice(0, 63_000), manifest.games);
  const LINK = [16_000, 63_000];
  const TEXT = [250_000, 1_000_000];
  const record = (text) => () => parseBounded(text, 1_100_000);
  const families = {
    "seats": [LINK, (n) => link(`?game=to-the-moon&seats=${"x,".repeat(n / 2)}`)],
    "names": [LINK, (n) => link(`?game=to-the-moon&players=3&names=${",".repeat(n)}`)],
    "unknown parameters": [LINK, (n) => link(`?game=to-the-moon${"&a".repeat(n / 2)}`)],
    "repeated parameters": [LINK, (n) => link(`?game=to-the-moon${"&seed=1".repeat(n / 7)}`)],
    "option of quotes": [LINK, (n) => link(`?game=quodlibet&opt.deal="${'\"'.repeat(n / 2)}`)],
    "option of brackets": [LINK, (n) => link(`?game=quodlibet&opt.deal=${"[".repeat(n)}`)],
    "challenge code": [LINK, (n) => link(`?challenge=c1z.${"A".repeat(n)}`)],
    "link too long": [TEXT, (n) => () => parseParams(`?game=to-the-moon${"&a".repeat(n / 2)}`, {})],
    "stored record of quotes": [TEXT, (n) => record(`"${'\"'.repeat(n / 2)}`)],
    "stored record of brackets": [TEXT, (n) => record("[".repeat(n))],
    "name of joiners": [TEXT, (n) => () => nameProblem(cleanName("\u200d".repeat(n)))],
    "value shown": [TEXT, (n) => () => shown("\u0645\u0301".repeat(n / 2))],
  };
  const out = {};
  for (const [name, [sizes, make]] of Object.entries(families)) {
    out[name] = sizes.map((size) => {
      const run = make(size);
      let best = Infinity;
      for (let i = 0; i < 3; i += 1) {
        const start = performance.now();
        run();
        best = Math.min(best, performance.now() - start);
      }
      return best;
    });
  }
  return out;
}
