// Short rules summaries for the menu: content for readers, not rules for the page (the
// engine alone decides what is legal). Each is a few sentences from /RULES.md, and the word
// the game uses for a round where it is not "round".
export const SUMMARIES = {
  "nine-virtues": {
    tagline: "Bid on the ranks you will hold the most of.",
    text: [
      "Everyone gets six hidden cards; twice as many cards as players lie face up in the centre.",
      "On your turn take a centre card into your bid row, swap a hand card for a centre card, " +
        "or kill a centre card (not before everyone has had a turn).",
      "When the centre is empty, whoever holds the most cards of a rank scores it, and each bid " +
        "scores its value if you hold the most of that rank, or loses it if you don't.",
    ],
  },
  "to-the-moon": {
    tagline: "Push the countdown higher, or drop out with a card in hand.",
    text: [
      "A trick holds at most one card of each rank, 1 to 10.",
      "On your turn build a new rank from your hand, test your luck with the top of the deck, " +
        "or withdraw and take a card from the trick.",
      "The last player still in wins the trick: one point per card. Six rounds; most points wins.",
    ],
  },
  quodlibet: {
    tagline: "Twelve contracts, twelve ways to dodge penalty points.",
    roundWord: "deal", // as its table says (games/quodlibet-words.js)
    text: [
      "Four players, 32 cards, no trumps: follow suit, and the highest card of the suit led wins.",
      "Each dealer picks one of the contracts still open, such as no tricks, no hearts, " +
        "no queens or jacks, or the last trick only. The last deal is always Snack, a game " +
        "of laying out rows from the jacks.",
      "Penalty points add up over twelve deals: lowest total wins.",
    ],
  },
};

export function summaryOf(gameId) {
  return { roundWord: "round", ...(SUMMARIES[gameId] || { tagline: "", text: [] }) };
}
