// Hints: the move the strongest computer level would make for the person to act, found by
// the engine from that person's own view (engine.bot for the seat to act, so a hint can
// never show a hidden card), highlighted on the table and said in one line.
//
// No rules here: the words come from the action's notation and, for Quodlibet, the
// contract's one-line rule that its renderer exports (contractName/contractRule). The
// reasons are the generic goal of that kind of move, not an analysis of the position.

import { cardShort } from "./cards-french.js";

export const HINT_CLASS = "is-hint";

// The level that gives hints: hard where the game has it, else its strongest.
export function hintLevel(info) {
  const levels = info.levels || [];
  return levels.includes("hard") ? "hard" : levels[levels.length - 1];
}

const plural = (rank) => `${rank}s`;
const articled = (rank) => (rank === "8" ? `an ${rank}` : `a ${rank}`);

const PAIRS_WORDS = {
  "nine-virtues": {
    bid: ([r]) => [`Bid the ${r}`, `it scores +${r} if you end the round with the most ${plural(r)} in hand`],
    swap: ([give, take]) => [`Swap your ${give} for the ${take}`, `the ${take} counts in your hand when the round is scored`],
    kill: ([r]) => [`Kill the ${r}`, "nobody can bid it or take it into hand any more"],
    call: ([r]) => [`Call the 1 as ${articled(r)}`, `it then counts as ${articled(r)} in your hand`],
  },
  "to-the-moon": {
    build: ([r]) => [`Build ${r}`, "it keeps you in without risking a test"],
    test: () => ["Test", "a new rank keeps you in without spending a card from your hand"],
    withdraw: ([r]) =>
      r === undefined ? ["Withdraw", "going out now takes no risk with your hand"] : [`Withdraw and take the ${r}`, `you go out with the ${r} in your hand`],
  },
};

function quodlibetWords(verb, args, view, renderer) {
  const name = (id) => (renderer.contractName ? renderer.contractName(id) : id);
  const rule = (id) => (renderer.contractRule ? renderer.contractRule(id, view.options || {}) : "");
  const contract = view.contract;
  const during = contract ? `${name(contract)}: ${rule(contract)}` : "";
  switch (verb) {
    case "choose":
      return [`Choose ${name(args[0])}`, `it suits this hand best (${rule(args[0])})`];
    case "play":
      if (args[0] && args[0].startsWith("@")) {
        const position = Number(args[0].slice(1)) + 1;
        return [`Play your card in position ${position} from the left`, during];
      }
      if (contract === "snack") return [`Play ${cardShort(args[0])}`, "every card that leaves your hand costs you nothing when the others go out"];
      return [`Play ${cardShort(args[0])}`, during];
    case "take":
      return [`Take pile ${args[0]}`, "with no card to play you must take a pile"];
    case "pass":
      return ["Pass", "you have no card to play and no pile to take"];
    default:
      return null;
  }
}

// The hint in one line: "Build 7: it keeps you in without risking a test."
export function describeHint(action, view, renderer = {}) {
  const [verb, ...args] = String(action).split(" ");
  let words = null;
  if (view.game === "quodlibet") words = quodlibetWords(verb, args, view, renderer);
  else if (PAIRS_WORDS[view.game] && PAIRS_WORDS[view.game][verb]) words = PAIRS_WORDS[view.game][verb](args);
  if (!words) return `Try \u201c${action}\u201d.`;
  const [move, reason] = words;
  return reason ? `${move}: ${reason.replace(/\.$/, "")}.` : `${move}.`;
}

// The controls that make `action` on the table in `root`: those whose `data-action` is
// exactly it; for a move made in two presses (Nine Virtues' `swap H C`, `kill R`), the
// first press (the hand card `[data-swap-give=H]`, the Kill button) until the renderer shows
// the second with the action on it.
export function hintTargets(root, action) {
  const exact = [...root.querySelectorAll("[data-action]")].filter((el) => el.dataset.action === action);
  if (exact.length) return exact;
  const [verb, first] = String(action).split(" ");
  if (verb === "swap") {
    const give = [...root.querySelectorAll("[data-swap-give]")].find((el) => el.dataset.swapGive === first);
    return give ? [give] : [];
  }
  if (verb === "kill") return [...root.querySelectorAll('[data-control="kill"]')].slice(0, 1);
  return [];
}

// Mark the hinted controls, and keep them marked while the renderer redraws parts of the
// table (a two-step move's second press). -> stop(): unmark and stop watching.
export function showHint(root, action) {
  const mark = () => {
    for (const el of root.querySelectorAll(`.${HINT_CLASS}`)) {
      if (!hintTargets(root, action).includes(el)) el.classList.remove(HINT_CLASS);
    }
    for (const el of hintTargets(root, action)) el.classList.add(HINT_CLASS);
  };
  mark();
  const observer = new MutationObserver(mark);
  observer.observe(root, { childList: true, subtree: true });
  return () => {
    observer.disconnect();
    for (const el of root.querySelectorAll(`.${HINT_CLASS}`)) el.classList.remove(HINT_CLASS);
  };
}
