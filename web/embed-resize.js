/* Parlour's optional resizer for pages that embed its games (docs/FEATURES.md, "Embedding"): sets each
   Parlour iframe's height to the height it reports (AMP / frames or Pym.js messages), so the
   game never scrolls inside its frame. Listens only to frames from this script's origin. */
(function () {
  if (window.parlourResize) return;
  var me = document.currentScript;
  var origin = new URL(me ? me.src : location.href, location.href).origin;
  window.parlourResize = origin;

  function ours(frame) {
    try {
      return new URL(frame.src, location.href).origin === origin;
    } catch (e) {
      return false;
    }
  }

  function heightOf(data) {
    if (data && data.sentinel === "amp" && data.type === "embed-size") return Number(data.height);
    if (typeof data === "string" && data.indexOf("pymxPYMx") === 0) {
      var bits = data.split("xPYMx");
      if (bits[2] === "height") return Number(bits[3]);
    }
    return NaN;
  }

  window.addEventListener("message", function (event) {
    if (event.origin !== origin) return;
    var height = Math.ceil(heightOf(event.data));
    if (!(height > 0 && height < 100000)) return;
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (frames[i].contentWindow === event.source && ours(frames[i])) {
        frames[i].style.height = height + "px";
        frames[i].setAttribute("height", String(height));
      }
    }
  });

  /* Frames that loaded before this script did have reported already: ask them again. */
  function ask() {
    var frames = document.getElementsByTagName("iframe");
    for (var i = 0; i < frames.length; i++) {
      if (ours(frames[i]) && frames[i].contentWindow) {
        frames[i].contentWindow.postMessage({ sentinel: "parlour", type: "embed-size-request" }, "*");
      }
    }
  }
  ask();
  window.addEventListener("load", ask);
})();
