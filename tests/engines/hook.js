// Injected by the test's front server (tests/engines/servers.py) as the first script of every
// HTML page, so every engine reports the same problems, whether or not its driver can listen
// for them (WebKit's has no BiDi): console errors, uncaught errors and rejections, resources
// that fail to load, CSP refusals and worker errors. Each goes into `window.__problems` and
// into sessionStorage (kept across reloads of the tab), which the test reads.
(() => {
  const KEY = "__parlour_problems";
  const seen = (window.__problems = window.__problems || []);
  const note = (text) => {
    seen.push(text);
    try {
      const list = JSON.parse(sessionStorage.getItem(KEY) || "[]");
      list.push(`${text} (on ${location.pathname}${location.search})`);
      sessionStorage.setItem(KEY, JSON.stringify(list));
    } catch {
      // storage blocked: window.__problems still has it
    }
  };
  const show = (value) => {
    if (value instanceof Error) {
      const where = String(value.stack || "").split("\n").slice(0, 4).join(" | ");
      return `${value.name}: ${value.message}${where ? ` [${where}]` : ""}`;
    }
    if (typeof value === "string") return value;
    try {
      return JSON.stringify(value);
    } catch {
      return String(value);
    }
  };
  const error = console.error;
  console.error = function (...args) {
    note(`console error: ${args.map(show).join(" ")}`);
    return error.apply(this, args);
  };
  addEventListener(
    "error",
    (event) => {
      const target = event.target;
      if (target && target !== window && target.localName) {
        note(`failed to load <${target.localName}> ${target.src || target.href || ""}`);
      } else {
        note(`page error: ${event.message} at ${event.filename}:${event.lineno}`);
      }
    },
    true,
  );
  addEventListener("unhandledrejection", (event) => note(`unhandled rejection: ${show(event.reason)}`));
  addEventListener("securitypolicyviolation", (event) =>
    note(
      `CSP refused ${event.blockedURI} (${event.violatedDirective}) at ${event.sourceFile}:${event.lineNumber}`,
    ),
  );
  const Native = window.Worker;
  if (Native) {
    window.Worker = class extends Native {
      constructor(url, options) {
        super(url, options);
        this.addEventListener("error", (event) => note(`worker error: ${event.message || `cannot load ${url}`}`));
      }
    };
  }
})();
