"""Pinned Nine Virtues outputs: random games through the public API (every seat's view, the
saves, the log and the score sheet) at 3 to 6 players, with and without ``swap_limit``, and
the computer players' choices (``normal``, ``hard`` on a small budget, ``flat``), digested and
compared with the digests of the engine before its playout speed work (006b434; issue 12
part 3: same seed and actions, same game, and the same choices, byte for byte). A digest
that changes means the rules' output or a player's choices changed: if that is meant, say
why in the commit (and for a player, with a tournament in docs/BOTS.md) and re-pin."""

from __future__ import annotations

import hashlib
import json

import engine
from engine.cards import pairs_deck
from engine.games.nine_virtues.scoring import round_scores, score_round
from engine.rng import Rng

GAME = "nine-virtues"
PINNED_GAMES = "b0a5745467341dd20b85a0b5"
PINNED_CHOICES = "6ae977bc42a8183769eb0761"
"""Digests of 006b434's engine and players."""


def test_random_games_are_the_same_game_as_before() -> None:
    pin = hashlib.sha256()
    for players in (3, 4, 5, 6):
        for seed in range(5):
            options = {"swap_limit": 3} if seed % 3 == 0 else {}
            game = engine.new_game(GAME, players=players, seed=seed, options=options)
            rng = Rng(seed, 7)
            moves = 0
            while not game.is_over:
                legal = game.legal_actions()
                if moves % 9 == 0:
                    views = [game.view(seat) for seat in (*range(players), None)]
                    pin.update(json.dumps(views, sort_keys=True).encode())
                pin.update(json.dumps(legal).encode())
                game.apply(rng.choice(legal))
                moves += 1
            pin.update(game.to_json().encode())
            pin.update(json.dumps([game.log, game.score_sheet, game.winners]).encode())
            assert engine.load_game(game.to_json()).to_json() == game.to_json()
    assert pin.hexdigest()[:24] == PINNED_GAMES


def test_players_choose_as_before() -> None:
    pin = hashlib.sha256()
    for players in (3, 4, 5):
        game = engine.new_game(GAME, players=players, seed=players)
        for move in range(24):
            level = ("hard", "normal", "flat", "normal")[move % 4]
            if level == "flat" and move % 8:
                level = "hard"
            budget = {"iterations": 40} if level == "hard" else {}
            action = game.bot_action(level, seed=move, **budget)
            pin.update(f"{level}:{action};".encode())
            game.apply(action)
    assert pin.hexdigest()[:24] == PINNED_CHOICES


def test_a_playout_world_scores_its_round_as_the_score_sheet_does() -> None:
    """``round_scores`` (a playout world's scoring) gives ``score_round``'s scores in every
    case of NV-9 to NV-13: random hands and bids, the 1 called as every rank."""
    rng = Rng(3)
    for players in (3, 4, 5, 6):
        for _ in range(60):
            deck = rng.shuffled(pairs_deck())
            hands = [sorted(deck[6 * seat : 6 * seat + 6]) for seat in range(players)]
            rest = [card for card in deck[6 * players :] if card != 1]
            bids: list[list[int]] = [[] for _ in range(players)]
            for card in rest[: rng.below(2 * players + 1)]:
                bids[rng.below(players)].append(card)
            holder = next((seat for seat, hand in enumerate(hands) if 1 in hand), None)
            for call in range(1, 11) if holder is not None else [None]:
                scores, _ = score_round(hands, bids, [], holder, call)
                assert round_scores(hands, bids, holder, call) == scores
