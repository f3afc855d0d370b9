// embed.html's safety net (a classic script, first to run): where the modules cannot load
// (a sandbox without allow-same-origin; blocked scripts) or Python cannot start (embed/play.js
// calls parlourCannotRun with the reason in the page's language), show a message and a link
// to the game in a new tab. Without modules there is no catalog: the fallback's static words
// (embed.html, English and Korean) stand.
(function () {
  "use strict";
  var EMBED_ONLY = ["embed", "autostart", "initialWidth", "childId", "parentTitle", "parentUrl"];
  // A link too long to read in time is no link (link.js, MAX_LINK).
  var SEARCH = location.search.length > 64000 ? "" : location.search;

  window.parlourCannotRun = function (reason, href) {
    var root = document.documentElement;
    if (root.dataset.embed === "fallback") return;
    root.dataset.embed = "fallback";
    root.dataset.engine = "error";
    var query = new URLSearchParams(SEARCH);
    EMBED_ONLY.forEach(function (name) {
      query.delete(name);
    });
    var link = document.getElementById("fallback-link");
    link.href = href || "index.html" + (String(query) ? "?" + query : "");
    if (reason) document.getElementById("fallback-why").textContent = reason;
    document.getElementById("fallback").hidden = false;
    document.getElementById("main").hidden = true;
    if (window.parent !== window) {
      var height = Math.ceil(root.getBoundingClientRect().height);
      var id = new URLSearchParams(SEARCH).get("childId") || "parlour";
      window.parent.postMessage("pymxPYMx" + id + "xPYMxheightxPYMx" + height, "*");
      window.parent.postMessage({ sentinel: "amp", type: "embed-size", height: height }, "*");
    }
  };

  // A script that fails to load fires "error" on its element; it does not bubble, but a
  // capturing listener on the window sees it.
  window.addEventListener(
    "error",
    function (event) {
      var el = event.target;
      if (el && el.tagName === "SCRIPT" && el.type === "module") {
        // No module, so no catalog: the static words (English and Korean) say why.
        window.parlourCannotRun(null);
      }
    },
    true,
  );
})();
