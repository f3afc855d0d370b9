// What a screen reader hears of the game: two live regions made once per page, outside the
// table (the shell replaces the table after every change, and a live region that is a new
// node each time is never announced). `polite` is a short log of the latest public events
// (moves in words, whose turn it is, a round or game ending), `assertive` says a refusal at
// once. Only public log entries and the on-screen seat's own view may be said here: the
// shell clears both before a pass-and-play hand-over, so nothing follows a person away.
//
//   import { announcer } from "./announce.js";
//   const say = announcer();       // the page's one announcer (made on first use)
//   say.polite("Computer 2 played the K♠.");
//   say.assertive("You must follow suit.");
//   say.clear();

import { h } from "../dom.js";
import { onLanguageChange, t } from "../i18n.js";

const KEEP = 6; // lines kept in the polite log (older ones are removed, silently)

let the = null;

export function announcer() {
  if (the) return the;
  const polite = h("div", {
    class: "visually-hidden",
    id: "announce-polite",
    role: "log",
    "aria-live": "polite",
    "aria-relevant": "additions",
    "aria-label": t("table.events"),
  });
  onLanguageChange(() => polite.setAttribute("aria-label", t("table.events")));
  const assertive = h("div", {
    class: "visually-hidden",
    id: "announce-assertive",
    role: "alert",
    "aria-live": "assertive",
    "aria-atomic": "true",
  });
  document.body.append(polite, assertive);
  the = {
    // Add a line: each is a new node, so the same words twice are said twice.
    polite(text) {
      if (!text) return;
      polite.append(h("p", {}, text));
      while (polite.childElementCount > KEEP) polite.firstElementChild.remove();
    },
    // Replace what the assertive region says (a new node: repeated refusals are said again).
    assertive(text) {
      assertive.replaceChildren(text ? h("p", {}, text) : "");
    },
    clear() {
      polite.replaceChildren();
      assertive.replaceChildren();
    },
  };
  return the;
}
