// The Nine Virtues lesson (learn/coach.js has the format): three players, one round. The person
// bids a 7 they hold two of, swaps a 2 for a 9 to hold the most 9s, kills the 10 that a
// player known to collect 10s could bid, and calls the 1 as a third 7; Ann's bid 2 shows a
// wrong bid (Ben holds a 2). Scores: you +26, Ann +22, Ben +18 (NV-9..NV-13).

export const lesson = {
  id: "nine-virtues",
  game: "nine-virtues",
  area: "learn-nine-virtues",
  players: 3,
  seed: 7,
  names: ["name-you", "name-1", "name-2"],
  options: {
    dealer: 2,
    deal: {
      hands: [
        [1, 3, 7, 7, 9, 2],
        [8, 8, 7, 7, 9, 4],
        [10, 10, 6, 6, 2, 3],
      ],
      centre: [7, 8, 9, 10, 10, 4],
    },
  },
  steps: [
    { say: "welcome", next: true, point: ".nv-hand" },
    { say: "scoring", next: true, point: ".nv-hand" },
    { say: "centre", next: true, point: ".nv-centre" },
    { say: "centre-turn", next: true, point: ".nv-centre" },
    { seat: 0, action: "bid 7", say: "bid", other: "bid-other" },
    { seat: 1, action: "bid 8" },
    { seat: 2, action: "swap 3 10" },
    { seat: 0, action: "swap 2 9", say: "swap", other: "swap-other" },
    { seat: 1, action: "bid 4" },
    { seat: 2, action: "kill 3" },
    { say: "kill-why", next: true },
    { seat: 0, action: "kill 10", say: "kill", other: "kill-other" },
    { seat: 1, action: "bid 2" },
    { say: "round-over", next: true },
    { seat: 0, action: "call 7", say: "call", other: "call-other" },
  ],
  end: "end",
};
