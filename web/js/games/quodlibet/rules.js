// Quodlibet for players (RULES.md QL-1..QL-23 is the contract; catalog area rules-quodlibet).
// One section per contract, each with a worked scoring example; Snack's rows and piles drawn.

import { t } from "../../i18n.js";
import { cardLine, french, frenchCard, frenchDown, lines, numbers, pileOf, snackGap, trickPicture } from "../../rules/pictures.js";

const A = "rules-quodlibet";
const name = (who) => `${A}.${who}`;
const PEOPLE = ["you", "ben", "cy", "dan"];
const WHEELS = { 1: "first", 2: "second", 3: "third" }; // select keywords of wheel-tag

// A score table: one row per player, `columns` message names, `rows` the numbers per player
// ({signed} for points).
const scores = (caption, columns, rows) => () =>
  numbers(
    `${A}.${caption}`,
    [`${A}.col-player`, ...columns.map((c) => `${A}.${c}`)],
    rows.map((cells, i) => [name(PEOPLE[i]), ...cells]),
  );
const pts = (n) => ({ signed: n });

// A trick drawn as who played what, in play order; `win` is the index of the winning card.
const trick = (plays, win, caption) => ({
  picture: () =>
    trickPicture(
      plays.map(([who, code]) => ({ label: `${A}.played-by`, values: { who: t(name(who)) }, card: frenchCard(code) })),
      { win, winKey: `${A}.wins-trick` },
    ),
  caption,
});

const contract = (id, wheel, blocks) => ({
  id,
  title: `${id}-title`,
  blocks: [{ p: "wheel-tag", values: { wheel: WHEELS[wheel] }, className: "rules-wheel" }, ...blocks],
});

export const rules = {
  area: A,
  sections: [
    { id: "goal", title: "goal-title", blocks: ["goal-1", "goal-2"] },
    {
      id: "cards",
      title: "cards-title",
      blocks: [
        "cards-1",
        { picture: () => lines(cardLine(`${A}.pic-suit`, french(["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS"]))), caption: "pic-suit-caption" },
        "cards-2",
      ],
    },
    { id: "wheels", title: "wheels-title", blocks: ["wheels-1", { list: ["wheel-1-list", "wheel-2-list", "wheel-3-list"] }, "wheels-2", "wheels-3"] },
    { id: "choosing", title: "choosing-title", blocks: ["choosing-1", "choosing-2", "choosing-3"] },
    {
      id: "tricks",
      title: "tricks-title",
      blocks: [
        "tricks-1",
        "tricks-2",
        trick([["ben", "9S"], ["cy", "KS"], ["dan", "AH"], ["you", "7S"]], 1, "pic-trick-caption"),
        "tricks-3",
      ],
    },
    contract("plus", 1, [
      "plus-1",
      { example: "plus-example", blocks: ["plus-example-1", { node: scores("table-caption", ["col-tricks", "col-points"], [[3, pts(-30)], [3, pts(-30)], [2, pts(-20)], [0, pts(100)]]) }] },
    ]),
    contract("minus", 1, [
      "minus-1",
      { example: "minus-example", blocks: [{ node: scores("table-caption", ["col-tricks", "col-points"], [[4, pts(40)], [2, pts(20)], [2, pts(20)], [0, pts(0)]]) }, "minus-example-1"] },
    ]),
    contract("bad-neighbour", 1, [
      "bad-neighbour-1",
      "bad-neighbour-2",
      {
        example: "bad-neighbour-example",
        blocks: [
          "bad-neighbour-example-1",
          { node: scores("table-caption", ["col-tricks", "col-points"], [[3, pts(0)], [2, pts(30)], [3, pts(20)], [0, pts(30)]]) },
          "bad-neighbour-example-2",
        ],
      },
    ]),
    contract("red-ruffians", 1, [
      "red-ruffians-1",
      {
        example: "red-ruffians-example",
        blocks: [
          trick([["ben", "8H"], ["cy", "KH"], ["dan", "QD"], ["you", "AH"]], 3, "pic-ruffians-caption"),
          "red-ruffians-example-1",
          "red-ruffians-example-2",
        ],
      },
    ]),
    contract("first-three-and-last", 2, [
      "first-three-and-last-1",
      { example: "first-three-and-last-example", blocks: ["first-three-and-last-example-1", { node: scores("table-caption", ["col-points"], [[pts(60)], [pts(20)], [pts(30)], [pts(0)]]) }] },
    ]),
    contract("no-hearts", 2, [
      "no-hearts-1",
      "no-hearts-2",
      {
        example: "no-hearts-example",
        blocks: [
          trick([["you", "9H"], ["ben", "7H"], ["cy", "KH"], ["dan", "8C"]], 2, "pic-hearts-caption"),
          "no-hearts-example-1",
          trick([["dan", "TH"], ["you", "JH"], ["ben", "AH"], ["cy", "8H"]], 2, "pic-all-hearts-caption"),
          "no-hearts-example-2",
        ],
      },
    ]),
    contract("queens-and-jacks", 2, [
      "queens-and-jacks-1",
      {
        example: "queens-and-jacks-example",
        blocks: [trick([["dan", "7S"], ["you", "QS"], ["ben", "JH"], ["cy", "9S"]], 1, "pic-queens-caption"), "queens-and-jacks-example-1"],
      },
    ]),
    contract("bribe", 2, [
      "bribe-1",
      {
        example: "bribe-example",
        blocks: [
          trick([["ben", "9S"], ["cy", "KS"], ["dan", "7H"], ["you", "8S"]], 1, "pic-bribe-caption"),
          "bribe-example-1",
          trick([["dan", "7C"], ["you", "9D"], ["ben", "TH"], ["cy", "8H"]], 0, "pic-bribe-2-caption"),
          "bribe-example-2",
        ],
      },
    ]),
    contract("open-trousers", 3, [
      "open-trousers-1",
      "open-trousers-2",
      {
        picture: () =>
          lines(
            cardLine(`${A}.pic-your-hand`, Array.from({ length: 8 }, frenchDown)),
            cardLine(`${A}.pic-ben-hand`, french(["AS", "9H", "7C", "KD", "TS", "8H", "QC", "JD"])),
          ),
        caption: "pic-trousers-caption",
      },
      { example: "open-trousers-example", blocks: ["open-trousers-example-1"] },
    ]),
    contract("good-hunting", 3, ["good-hunting-1", { example: "good-hunting-example", blocks: ["good-hunting-example-1"] }]),
    contract("quadrature", 3, [
      "quadrature-1",
      { example: "quadrature-example", blocks: ["quadrature-example-1", { node: scores("table-caption", ["col-points"], [[pts(-120)], [pts(0)], [pts(0)], [pts(0)]]) }] },
    ]),
    contract("snack", 3, [
      "snack-1",
      {
        picture: () =>
          trickPicture(
            [1, 2, 3, 4, 5, 6].map((pile) => ({
              label: `${A}.pic-pile`,
              values: { pile },
              card: pileOf(pile === 6 ? 1 : 3, `${A}.pile-label`, { pile, count: pile === 6 ? 1 : 3 }),
            })),
          ),
        caption: "pic-piles-caption",
      },
      "snack-rows-1",
      "snack-rows-2",
      {
        picture: () =>
          lines(
            cardLine(`${A}.pic-row`, french(["9H", "TH", "JH", "QH"]), { values: { suit: "hearts" } }),
            cardLine(`${A}.pic-row`, french(["JD"]), { values: { suit: "diamonds" } }),
            cardLine(`${A}.pic-row`, [snackGap("S")], { values: { suit: "spades" } }),
            cardLine(`${A}.pic-row`, french(["7C", "8C", "9C", "TC", "JC", "QC", "KC"]), { values: { suit: "clubs" } }),
          ),
        caption: "pic-rows-caption",
      },
      "snack-rows-3",
      { sub: "snack-turn-title" },
      { list: ["snack-turn-1", "snack-turn-2", "snack-turn-3", "snack-turn-4"] },
      { sub: "snack-scoring-title" },
      { list: ["snack-scoring-1", "snack-scoring-2", "snack-scoring-3"] },
      {
        example: "snack-example",
        blocks: [
          { steps: ["snack-example-1", "snack-example-2", "snack-example-3"] },
          { node: scores("table-caption", ["col-first", "col-second", "col-third", "col-points"], [[pts(0), pts(0), pts(0), pts(0)], [pts(30), pts(40), pts(0), pts(70)], [pts(20), pts(0), pts(0), pts(20)], [pts(50), pts(80), pts(210), pts(340)]]) },
        ],
      },
    ]),
    { id: "end", title: "end-title", blocks: ["end-1"] },
  ],
  // What matters now: the contract being played, the list of contracts while the dealer
  // chooses, the end once the game is over.
  sectionFor(view) {
    if (view.over) return "end";
    if (view.phase === "choose") return "choosing";
    return view.contract || "tricks";
  },
};
