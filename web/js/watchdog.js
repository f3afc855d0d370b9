// Never a blank page (docs/WEB.md, "The watchdog: never a blank page"). A classic script, the first thing every page runs,
// that needs no module: where the page cannot show itself, it says so in the reader's
// language, with what to do, a Reload button and the error's detail.
//
// It speaks when
//   - the browser lacks what the games need (its <script data-needs>: "wasm" — WebAssembly,
//     which iOS Lockdown Mode switches off; "modules"; "module-workers", where Python runs;
//     "indexeddb", which the runtime opens to start);
//   - a script of the page fails to load (an "error" event on a <script>), or an error or a
//     rejected promise escapes before the page has painted;
//   - the page has not painted within PAINT_MS (a module graph that never finishes).
// A page says it has painted with `window.parlourWatchdog.painted()` (or the event
// "parlour-painted" on document); after that, errors are the page's own business, and a
// message about a slow start goes away by itself. Missing features are told at once.
//
// Its words come from web/i18n/<lang>/watchdog.json: build.py writes them (plain text, no
// formatting) over WORDS below, with the languages' codes; the language is chosen as
// i18n.js chooses it (a valid `lang=`, the remembered choice, the browser's languages,
// English).
(function () {
  "use strict";
  var WORDS = {}; // build:watchdog-words
  var PAINT_MS = 8000;
  var root = document.documentElement;
  // A link too long to read in time is no link (link.js, MAX_LINK: issue 28).
  var SEARCH = location.search.length > 64000 ? "" : location.search;
  var script = document.currentScript;
  var needs = ((script && script.getAttribute("data-needs")) || "").split(/\s+/).filter(Boolean);
  var painted = false;
  var shown = null; // {panel, cause}
  var problems = []; // [{reason, detail}] in the order found

  function chooseLanguage() {
    var codes = Object.keys(WORDS);
    var pick = function (tag) {
      var code = String(tag || "").trim().toLowerCase().split("-")[0];
      return codes.indexOf(code) >= 0 ? code : null;
    };
    var asked = null;
    try {
      asked = pick(new URLSearchParams(SEARCH).get("lang"));
    } catch (e) {
      asked = null;
    }
    if (asked) return asked;
    try {
      var kept = pick(localStorage.getItem("parlour:lang"));
      if (kept) return kept;
    } catch (e) {
      // storage blocked: go on
    }
    var tags = navigator.languages || [navigator.language];
    for (var i = 0; i < tags.length; i++) {
      var found = pick(tags[i]);
      if (found) return found;
    }
    return "en";
  }

  function word(name) {
    var lang = chooseLanguage();
    var words = WORDS[lang] || WORDS.en || {};
    return words[name] || (WORDS.en && WORDS.en[name]) || name;
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var key in attrs) node.setAttribute(key, attrs[key]);
    if (text) node.textContent = text;
    return node;
  }

  // The frame's new height for a host page (the embed's Pym.js and AMP messages).
  function reportHeight() {
    if (window.parent === window) return;
    var height = Math.ceil(root.getBoundingClientRect().height);
    var id = new URLSearchParams(SEARCH).get("childId") || "parlour";
    window.parent.postMessage("pymxPYMx" + id + "xPYMxheightxPYMx" + height, "*");
    window.parent.postMessage({ sentinel: "amp", type: "embed-size", height: height }, "*");
  }

  // The panel: one at a time, the most serious cause first (a missing feature, then a
  // failure, then a slow start); later problems add to its detail.
  var RANK = { missing: 3, failed: 2, stalled: 1 };
  function show(cause, reason, detail) {
    problems.push({ reason: reason, detail: detail });
    if (!document.body) {
      document.addEventListener("DOMContentLoaded", function () {
        problems.pop();
        show(cause, reason, detail);
      });
      return;
    }
    if (shown && RANK[shown.cause] >= RANK[cause]) {
      fillDetail(shown.panel);
      return;
    }
    if (shown) shown.panel.remove();
    var panel = el("section", { class: "watchdog", role: "alert", "data-watchdog": cause });
    // Styled here: the page's stylesheet may be what failed (CSSOM styles pass the CSP).
    var look = { margin: "1rem", padding: "1rem 1.25rem", border: "2px solid #7a2e2e", borderRadius: "8px", background: "#fffaf0", color: "#1d1a16", maxWidth: "40rem", font: "1rem/1.45 system-ui, sans-serif", overflowWrap: "anywhere" };
    for (var prop in look) panel.style[prop] = look[prop];
    panel.setAttribute("aria-labelledby", "watchdog-title");
    var lang = chooseLanguage();
    panel.setAttribute("lang", lang);
    panel.appendChild(el("h2", { id: "watchdog-title" }, word("title-" + cause)));
    panel.appendChild(el("p", { class: "watchdog-why" }, word(reason)));
    var actions = el("p", { class: "watchdog-actions" });
    var reload = el("button", { type: "button", class: "button primary", "data-watchdog-reload": "" }, word("reload"));
    reload.addEventListener("click", function () {
      location.reload();
    });
    actions.appendChild(reload);
    if (window.parent !== window) {
      // In a frame (the embed): the same game in a tab of its own, without the frame's options.
      var query = new URLSearchParams(SEARCH);
      ["embed", "autostart", "initialWidth", "childId", "parentTitle", "parentUrl"].forEach(function (name) {
        query.delete(name);
      });
      var href = "index.html" + (String(query) ? "?" + query : "");
      actions.appendChild(el("a", { href: href, target: "_blank", rel: "noopener" }, word("new-tab") + " \u2197"));
    }
    panel.appendChild(actions);
    var details = el("details", { class: "watchdog-detail" });
    details.appendChild(el("summary", {}, word("detail")));
    details.appendChild(el("pre", {}));
    panel.appendChild(details);
    shown = { panel: panel, cause: cause };
    fillDetail(panel);
    // Below the site's header where there is one (the reader still sees where they are).
    var before = document.getElementById("notices") || document.body.firstChild;
    before.parentNode.insertBefore(panel, before);
    root.setAttribute("data-watchdog", cause);
    reportHeight();
  }

  function fillDetail(panel) {
    var lines = problems.map(function (p) {
      return p.detail ? p.reason + ": " + p.detail : p.reason;
    });
    lines.push(navigator.userAgent);
    panel.querySelector("pre").textContent = lines.join("\n");
  }

  function clearStall() {
    if (shown && shown.cause === "stalled") {
      shown.panel.remove();
      shown = null;
      root.removeAttribute("data-watchdog");
      reportHeight();
    }
  }

  // --- what the browser has ---------------------------------------------------------------

  function lacks(feature) {
    try {
      if (feature === "wasm") {
        return typeof WebAssembly !== "object" || typeof WebAssembly.instantiate !== "function";
      }
      if (feature === "modules") return !("noModule" in document.createElement("script"));
      if (feature === "module-workers") {
        // The options' `type` is read before the address is parsed, so an address that
        // cannot parse asks without starting a worker (and without a request).
        if (typeof Worker !== "function") return true;
        var asked = false;
        try {
          new Worker("http://[", {
            get type() {
              asked = true;
              return "module";
            },
          });
        } catch (e) {
          // the address is refused, as it should be
        }
        return !asked;
      }
      if (feature === "indexeddb") return typeof indexedDB !== "object" || indexedDB === null;
    } catch (e) {
      return true;
    }
    return false;
  }

  needs.forEach(function (feature) {
    if (lacks(feature)) show("missing", "no-" + feature, null);
  });

  // IndexedDB can be there and still refuse (storage blocked, some private modes).
  if (needs.indexOf("indexeddb") >= 0 && !lacks("indexeddb")) {
    try {
      var probe = indexedDB.open("parlour-watchdog-probe");
      probe.onsuccess = function () {
        probe.result.close();
        indexedDB.deleteDatabase("parlour-watchdog-probe");
      };
      probe.onerror = function (event) {
        if (event && event.preventDefault) event.preventDefault();
        show("missing", "no-indexeddb", String(probe.error && probe.error.name));
      };
    } catch (e) {
      show("missing", "no-indexeddb", String(e && e.name));
    }
  }

  // --- what goes wrong before the page paints ----------------------------------------------

  window.addEventListener(
    "error",
    function (event) {
      var target = event.target;
      if (target && target.tagName === "SCRIPT") {
        // A script that failed to load fires "error" on its element (seen when capturing).
        // The embed has its own word for that (embed-fallback.js: open it in a new tab).
        if (typeof window.parlourCannotRun === "function") return;
        show("failed", "failed", (target.getAttribute("src") || "") + " did not load");
        return;
      }
      if (painted || target !== window) return;
      var where = event.filename ? " (" + event.filename + ":" + event.lineno + ")" : "";
      show("failed", "failed", String(event.message || event.error) + where);
    },
    true,
  );
  window.addEventListener("unhandledrejection", function (event) {
    if (painted) return;
    var reason = event.reason;
    show("failed", "failed", String((reason && (reason.stack || reason.message)) || reason));
  });

  var timer = setTimeout(function () {
    if (!painted) show("stalled", "stalled", "not painted after " + PAINT_MS / 1000 + " s (" + document.readyState + ")");
  }, window.parlourWatchdogMs || PAINT_MS);

  function markPainted() {
    if (painted) return;
    painted = true;
    clearTimeout(timer);
    root.setAttribute("data-painted", "");
    clearStall();
  }
  document.addEventListener("parlour-painted", markPainted);
  window.parlourWatchdog = { painted: markPainted };
})();
