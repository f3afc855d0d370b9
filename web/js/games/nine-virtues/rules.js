// Nine Virtues for players (RULES.md NV-1..NV-14 is the contract; catalog area
// rules-nine-virtues). The worked example: a called 1 that decides two ranks, and a wrong bid.

import { cardLine, lines, pairs, pairsDown } from "../../rules/pictures.js";

const A = "rules-nine-virtues";

export const rules = {
  area: A,
  sections: [
    { id: "goal", title: "goal-title", blocks: ["goal-1", "goal-2"] },
    {
      id: "cards",
      title: "cards-title",
      blocks: [
        "cards-1",
        { picture: () => lines(cardLine(`${A}.pic-deck`, pairs([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]))), caption: "pic-deck-caption" },
        "cards-2",
      ],
    },
    {
      id: "deal",
      title: "deal-title",
      blocks: [
        "deal-1",
        "deal-2",
        {
          picture: () =>
            lines(
              cardLine(`${A}.pic-centre`, pairs([3, 9, 1, 6, 10, 4, 7, 8])),
              cardLine(`${A}.pic-your-hand`, pairs([2, 5, 7, 7, 9, 10])),
              cardLine(`${A}.pic-other-hand`, Array.from({ length: 6 }, pairsDown)),
            ),
          caption: "pic-deal-caption",
        },
        "deal-3",
      ],
    },
    {
      id: "turn",
      title: "turn-title",
      blocks: [
        "turn-1",
        { terms: [["bid-term", "bid-text"], ["swap-term", "swap-text"], ["kill-term", "kill-text"]] },
        {
          picture: () =>
            lines(
              cardLine(`${A}.pic-centre`, pairs([3, 9, 6]), { mark: [1], markKey: `${A}.pic-taken` }),
              cardLine(`${A}.pic-bid-row`, pairs([9])),
            ),
          caption: "pic-bid-caption",
        },
        "turn-2",
        "turn-3",
      ],
    },
    { id: "calling-the-one", title: "call-title", blocks: ["call-1", "call-2", "call-3"] },
    {
      id: "scoring",
      title: "scoring-title",
      blocks: [
        "scoring-1",
        { list: ["scoring-hand", "scoring-tie", "scoring-bid-right", "scoring-bid-wrong", "scoring-nobody"] },
        "scoring-2",
        {
          example: "example-title",
          blocks: [
            "example-1",
            {
              picture: () =>
                lines(
                  cardLine(`${A}.pic-your-hand`, pairs([1, 5, 7, 7, 9, 9])),
                  cardLine(`${A}.pic-bid-row`, pairs([7])),
                  cardLine(`${A}.pic-ben-holds`, pairs([7, 7, 7])),
                  cardLine(`${A}.pic-cy-holds`, pairs([9, 9])),
                ),
              caption: "pic-example-caption",
            },
            "example-2",
            { list: ["example-seven-1", "example-seven-2", "example-seven-3", "example-seven-4"] },
            "example-3",
            { list: ["example-nine-1", "example-nine-2", "example-nine-3", "example-nine-4"] },
            "example-4",
            "example-5",
          ],
        },
      ],
    },
    { id: "end", title: "end-title", blocks: ["end-1"] },
  ],
  // What matters now: the call of the 1 when it is being made, the scoring once the game is
  // over, else the turn.
  sectionFor(view) {
    if (view.over) return "scoring";
    if (view.phase === "call") return "calling-the-one";
    return "turn";
  },
};
