// The line every device of a game on several devices shows above its table (issue 29): who
// is connected, who is away, whom the computer plays for meanwhile. The host's bar also holds
// its seats' links (host.js); a guest's has the line alone (guest.js).
//
//   <section class="net-bar" data-net-bar>
//     <p class="net-line" role="status" data-net-status>Connected: Ann, you · Away: Cy</p>
//   </section>
//
// A seat's state: "here" (a person at the host's device), "connected", "away" (a remote
// seat with no connection now), "computer" (a remote seat the host has handed to the
// computer for now), "bot" (a computer seat: not listed).

import { h } from "../dom.js";
import { list, t } from "../i18n.js";

export const SEAT_STATES = ["here", "connected", "away", "computer", "bot"];

// -> the line's text. `nameOf(seat)` names a seat on this device.
export function seatsLine(states, nameOf) {
  const named = (wanted) => states.flatMap((state, seat) => (wanted.includes(state) ? [nameOf(seat)] : []));
  const parts = [];
  const connected = named(["here", "connected"]);
  const away = named(["away"]);
  const computer = named(["computer"]);
  if (connected.length) parts.push(t("net.line-connected", { names: list(connected) }));
  if (away.length) parts.push(t("net.line-away", { names: list(away) }));
  if (computer.length) parts.push(t("net.line-computer", { names: list(computer) }));
  return parts.join(" · ");
}

// The bar, placed above the page's <main> (outside it: the table redraws <main> at every
// move, and a link or a half-typed answer code here must stay). -> { el, line, remove() }
export function netBar(...more) {
  const line = h("p", { class: "net-line", role: "status", "data-net-status": "" });
  const el = h("section", { class: "net-bar", "data-net-bar": "", "aria-label": t("net.bar-label") }, line, more);
  document.querySelector(".net-bar")?.remove();
  document.getElementById("main").before(el);
  return { el, line, remove: () => el.remove() };
}
