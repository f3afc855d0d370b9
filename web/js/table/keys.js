// Keyboard play, shared by every table and the shell.
//
// A group of like controls (a hand, the centre, a picker, the contract list) is one tab stop
// (WAI-ARIA APG toolbar pattern, roving tabindex): the arrow keys move between its controls,
// Home and End go to its ends, Enter and Space press the control (they are buttons). A group
// says what it is with `data-keys="hand|centre|..."`, so the shell, which redraws the table
// after every change, can put focus back where the person was (`placeOf`, `restorePlace`):
// the same control when it is still there, else the one at the same position of the group.
// Dialogs (`modal`) keep Tab inside, open at their top and hand focus back when they close.

const ITEMS = "button:not([hidden]):not([disabled])";

const itemsOf = (group) => [...group.querySelectorAll(ITEMS)];

/**
 * Make ``group`` (an element holding buttons) one tab stop with arrow keys between them.
 * ``key`` names the group for focus restoring; ``label`` is its accessible name.
 * -> the group.
 */
export function toolbar(group, { key, label, vertical = false } = {}) {
  group.dataset.keys = key;
  const items = itemsOf(group);
  if (!items.length) return group;
  group.setAttribute("role", "toolbar");
  if (label) group.setAttribute("aria-label", label);
  if (vertical) group.setAttribute("aria-orientation", "vertical");
  // The tab stop: the first control that can be pressed to effect (else the first).
  const current = items.find((el) => el.getAttribute("aria-disabled") !== "true") || items[0];
  for (const el of items) el.tabIndex = el === current ? 0 : -1;
  group.addEventListener("focusin", (event) => {
    const all = itemsOf(group);
    if (!all.includes(event.target)) return;
    for (const el of all) el.tabIndex = el === event.target ? 0 : -1;
  });
  group.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const all = itemsOf(group);
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const moves = {
      ArrowRight: at + 1,
      ArrowDown: at + 1,
      ArrowLeft: at - 1,
      ArrowUp: at - 1,
      Home: 0,
      End: all.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = all[(moves[event.key] + all.length) % all.length];
    next.focus();
  });
  return group;
}

/** Focus ``group``'s tab stop (its current control). -> true when something took focus. */
export function focusGroup(group) {
  if (!group) return false;
  const items = itemsOf(group);
  const target = items.find((el) => el.tabIndex === 0) || items[0];
  if (!target) return false;
  target.focus({ preventScroll: true });
  return true;
}

/**
 * Where focus is inside ``root``: ``{group, index, action, control, id}`` (null when focus
 * is elsewhere). ``group`` is the `data-keys` name of the group holding it, ``index`` its
 * position there.
 */
export function placeOf(root) {
  const el = document.activeElement;
  if (!el || el === root || !root.contains(el)) return null;
  const group = el.closest("[data-keys]");
  return {
    group: group ? group.dataset.keys : null,
    index: group ? itemsOf(group).indexOf(el) : -1,
    action: el.dataset.action || null,
    control: el.dataset.control || null,
    id: el.id || null,
  };
}

/**
 * Put focus back at ``place`` in a freshly drawn ``root``: the control with the same action
 * (or `data-control`, or id), else the control at the same position in the same group, else
 * that group's tab stop. -> true when something took focus.
 */
export function restorePlace(root, place) {
  if (!place) return false;
  const controls = [...root.querySelectorAll(`${ITEMS}, summary, [id][tabindex], input, select`)];
  const same =
    (place.action && controls.find((el) => el.dataset.action === place.action)) ||
    (place.control && controls.find((el) => el.dataset.control === place.control)) ||
    (place.id && controls.find((el) => el.id === place.id));
  if (same) {
    same.focus({ preventScroll: true });
    return true;
  }
  const group = place.group ? root.querySelector(`[data-keys="${CSS.escape(place.group)}"]`) : null;
  if (!group) return false;
  const items = itemsOf(group);
  if (!items.length) return false;
  // The same spot, or the nearest control there that can be pressed to effect.
  const at = Math.max(0, Math.min(place.index, items.length - 1));
  const usable = (i) => items[i] && items[i].getAttribute("aria-disabled") !== "true";
  let pick = at;
  for (let d = 0; d < items.length; d += 1) {
    if (usable(at + d)) { pick = at + d; break; }
    if (usable(at - d)) { pick = at - d; break; }
  }
  items[pick].focus({ preventScroll: true });
  return true;
}

/** The first group of ``root`` with a control to press, ``preferred`` (a key) first. */
export function firstGroup(root, preferred = "hand") {
  const groups = [...root.querySelectorAll("[data-keys]")].filter((g) => itemsOf(g).length);
  return groups.find((g) => g.dataset.keys === preferred) || groups[0] || null;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * Make ``dialog`` (already in the page, inside ``overlay``) modal: everything else in the
 * page is inert, Tab and Shift+Tab cycle inside it, it is scrolled to its top, and
 * ``first`` (a control inside) takes focus without scrolling. -> release(): undo all that.
 */
export function modal(overlay, dialog, first) {
  const outside = [];
  for (let node = overlay; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      // Keep the live regions (announce.js) speaking: they hold no control.
      if (sibling === node || sibling.inert || sibling.matches("[aria-live], script, style")) continue;
      sibling.inert = true;
      outside.push(sibling);
    }
  }
  const onKey = (event) => {
    if (event.key !== "Tab") return;
    const all = [...dialog.querySelectorAll(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (!all.length) return;
    const at = all.indexOf(document.activeElement);
    const next = event.shiftKey ? (at <= 0 ? all.length - 1 : at - 1) : at === all.length - 1 || at < 0 ? 0 : at + 1;
    event.preventDefault();
    all[next].focus();
  };
  dialog.addEventListener("keydown", onKey);
  dialog.scrollTop = 0;
  (first || dialog).focus({ preventScroll: true });
  return () => {
    dialog.removeEventListener("keydown", onKey);
    for (const el of outside) el.inert = false;
  };
}

/**
 * Whether ``event`` (a keydown) is the undo shortcut, Ctrl+Z or ⌘Z (no Shift, no Alt: those
 * are redo elsewhere), meant for the page: not while typing in a field (its own undo) and not
 * while a dialog is open (it has its own buttons).
 */
export function isUndoKey(event) {
  if (event.key !== "z" && event.key !== "Z") return false;
  if (!(event.ctrlKey || event.metaKey) || event.shiftKey || event.altKey) return false;
  const el = event.target;
  if (el && el.closest && el.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return false;
  return !document.querySelector('[role="dialog"][aria-modal="true"], dialog[open]');
}
