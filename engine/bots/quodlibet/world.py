"""The sampled worlds the ``hard`` Quodlibet player searches in: the real game classes with
the little a search needs changed, and the part of a world every phase shares.

* ``GuessedQuodlibet``: the game, except that a deal that ends is scored and nothing more
  (no next deal is shuffled): the search never looks beyond the deal it decides in.
* ``GuessedSnack``: Snack (QL-20..QL-23) with the same rules, minus the re-check of each
  action (the search plays only legal ones) and with one look at the row ends per
  legality test, since rollouts play thousands of Snack turns.
* ``bare_world``: a ``GuessedQuodlibet`` holding everything a view shows outside the deal
  itself: options, round, dealer, contract, totals, score sheet, contracts played, and this
  deal's public log (so the world's own views match the original ones).
"""

from __future__ import annotations

from typing import Any

from ...games.quodlibet.deal import Deal
from ...games.quodlibet.game import Quodlibet
from ...games.quodlibet.snack import SnackDeal

View = dict[str, Any]
PLAYERS = 4


class GuessedQuodlibet(Quodlibet):
    """A sampled world (see the module docstring)."""

    def _end_deal(self, deal: Deal) -> None:
        scores = deal.scores()
        for seat, points in enumerate(scores):
            self._totals[seat] += points
        self.score_sheet.append({"round": self._round, "scores": scores, "detail": None})
        self.played.append(deal.contract)
        if self._round == self.deal_count:
            self._finish()


class GuessedSnack(SnackDeal):
    """Snack in a sampled world (see the module docstring)."""

    def do(self, action: str) -> dict[str, Any]:
        seat = self._to_act
        assert seat is not None
        verb, _, arg = action.partition(" ")
        if verb == "take":
            return self._take(seat, int(arg))
        if verb == "pass":
            self._to_act = self._next_in(seat)
            return {}
        return self._play(seat, arg)

    def _playable(self, seat: int) -> list[str]:
        fitting = self._rows.next_cards()
        return [card for card in self._hands[seat] if card in fitting]


def bare_world(view: View) -> GuessedQuodlibet:
    """A world with everything ``view`` shows outside the deal; no deal, nothing dealt."""
    game = GuessedQuodlibet.bare(PLAYERS, view["options"])
    game.practice = game.options["contracts"]
    game.played = [entry["detail"]["contract"] for entry in view["score_sheet"]]
    game.contract = view["contract"]
    game.dealer = view["dealer"]
    game.dealt = []
    game.deal = None
    game._round = view["round"]
    game._totals = list(view["totals"])
    # Entries are never changed once written, so sharing them with the view is safe.
    game.score_sheet = list(view["score_sheet"])
    game.public_log = list(view["log"])
    return game
