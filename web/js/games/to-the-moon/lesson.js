// The To the Moon lesson (learn/coach.js has the format): five players, one round of three tricks
// (TM-3..TM-11). The person builds, tests, makes a perfect countdown with the 1, withdraws
// taking a 7 they build in the next trick, and near the round's end tests and goes out. The
// deck is laid so that it runs out as the third trick ends. Scores: you +10 (the perfect
// countdown), Ann +9, Ben +7, Cleo and Dan 0.

export const lesson = {
  id: "to-the-moon",
  game: "to-the-moon",
  area: "learn-to-the-moon",
  players: 5,
  seed: 5,
  names: ["name-you", "name-1", "name-2", "name-3", "name-4"],
  options: {
    dealer: 4,
    deal: {
      hands: [
        [1, 4, 6, 9, 10],
        [10, 10, 9, 9, 8],
        [10, 10, 9, 8, 8],
        [2, 10, 9, 8, 8],
        [10, 10, 9, 9, 7],
      ],
      // Top first: the leads and tests of the three tricks, in order.
      deck: [5, 3, 8, 5, 7, 9, 6, 8, 10, 3, 7, 2, 6, 9, 5, 4, 7, 4, 6, 7, 8, 5, 6, 10, 3, 4, 7, 5, 7, 6],
    },
  },
  steps: [
    { say: "welcome", next: true, point: "[data-zone=trick]" },
    { seat: 0, action: "build 9", say: "build", other: "build-other" },
    { seat: 1, action: "test" },
    { seat: 2, action: "test" },
    { seat: 3, action: "build 2" },
    { seat: 4, action: "test" },
    { seat: 0, action: "test", say: "test", other: "test-other" },
    { seat: 1, action: "test" },
    { seat: 2, action: "test" },
    { seat: 3, action: "test" },
    { seat: 0, action: "build 4", say: "build-4", other: "build-4-other" },
    { seat: 2, action: "test" },
    { seat: 0, action: "build 1", say: "perfect", other: "perfect-other" },
    { seat: 1, action: "test" },
    { seat: 2, action: "build 10" },
    { seat: 3, action: "test" },
    { seat: 4, action: "test" },
    { seat: 0, action: "withdraw 7", say: "withdraw", other: "withdraw-other" },
    { seat: 1, action: "test" },
    { seat: 2, action: "test" },
    { seat: 3, action: "test" },
    { seat: 4, action: "test" },
    { seat: 1, action: "build 8" },
    { seat: 2, action: "test" },
    { seat: 3, action: "test" },
    { seat: 4, action: "test" },
    { seat: 2, action: "test" },
    { seat: 3, action: "test" },
    { seat: 4, action: "test" },
    { seat: 0, action: "build 7", say: "build-7", other: "build-7-other" },
    { seat: 1, action: "test" },
    { seat: 2, action: "test" },
    { seat: 3, action: "test" },
    { seat: 4, action: "test" },
    { seat: 0, action: "test", say: "last-test", other: "last-test-other" },
    { seat: 1, action: "test" },
  ],
  end: "end",
};
