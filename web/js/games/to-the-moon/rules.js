// To the Moon for players (RULES.md TM-1..TM-11 is the contract; catalog area
// rules-to-the-moon). Worked examples: a withdraw, and a perfect countdown.

import { cardLine, lines, numbers, pairs, pairsGap } from "../../rules/pictures.js";

const A = "rules-to-the-moon";

export const rules = {
  area: A,
  sections: [
    { id: "goal", title: "goal-title", blocks: ["goal-1", "goal-2"] },
    {
      id: "cards",
      title: "cards-title",
      blocks: [
        "cards-1",
        {
          node: () =>
            numbers(`${A}.sizes-caption`, [`${A}.sizes-players`, `${A}.sizes-cards`], [
              [[`${A}.sizes-row`, { players: 2 }], 8],
              [[`${A}.sizes-row`, { players: 3 }], 7],
              [[`${A}.sizes-row`, { players: 4 }], 6],
              [[`${A}.sizes-row`, { players: 5 }], 5],
              [[`${A}.sizes-row`, { players: 6 }], 4],
            ]),
        },
        "cards-2",
      ],
    },
    {
      id: "countdown",
      title: "countdown-title",
      blocks: [
        "countdown-1",
        "countdown-2",
        {
          picture: () => lines(cardLine(`${A}.pic-countdown`, pairs([4, 9, 2, 7]))),
          caption: "pic-countdown-caption",
        },
        "countdown-3",
      ],
    },
    {
      id: "turn",
      title: "turn-title",
      blocks: [
        "turn-1",
        { terms: [["build-term", "build-text"], ["test-term", "test-text"], ["withdraw-term", "withdraw-text"]] },
        "turn-2",
      ],
    },
    {
      id: "trick",
      title: "trick-title",
      blocks: ["trick-1", "trick-2", "trick-3", "trick-4"],
    },
    {
      id: "scoring",
      title: "scoring-title",
      blocks: [
        "scoring-1",
        "scoring-2",
        {
          example: "withdraw-example-title",
          blocks: [
            "withdraw-example-1",
            {
              picture: () =>
                lines(
                  cardLine(`${A}.pic-countdown`, pairs([3, 8, 5, 6])),
                  cardLine(`${A}.pic-your-hand`, pairs([3, 8, 10])),
                ),
              caption: "pic-withdraw-caption",
            },
            "withdraw-example-2",
            { list: ["withdraw-example-build", "withdraw-example-test", "withdraw-example-withdraw"] },
            "withdraw-example-3",
            "withdraw-example-4",
          ],
        },
        {
          example: "perfect-example-title",
          blocks: [
            "perfect-example-1",
            {
              picture: () =>
                lines(
                  cardLine(`${A}.pic-countdown`, [...pairs([5, 1, 9, 3, 10, 2, 7, 4, 6]), pairsGap(8)]),
                  cardLine(`${A}.pic-your-hand`, pairs([8, 8, 2]), { mark: [0], markKey: `${A}.pic-builds` }),
                ),
              caption: "pic-perfect-caption",
            },
            "perfect-example-2",
            "perfect-example-3",
          ],
        },
      ],
    },
    { id: "end", title: "end-title", blocks: ["end-1"] },
  ],
  // A turn of the trick is what a player needs in play; the scoring once the game is over.
  sectionFor(view) {
    return view.over ? "scoring" : "turn";
  },
};
