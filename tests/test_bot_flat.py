"""The ``flat`` Monte Carlo player (engine/bots/flat.py): seated by tournaments, never
offered by the menu's level list; it picks legal actions only, from the view and the seed
only (games that look the same to a seat get the same choice), deterministically, and plays
whole games of every game."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import engine
from engine.bots import all_levels, choose_action, level, levels
from engine.bots.flat import WORLDS, flat_action
from engine.cards import pairs_deck
from engine.cli import main
from engine.errors import IllegalActionError
from engine.game import Game
from engine.rng import Rng

GAMES = ("nine-virtues", "to-the-moon", "quodlibet")


# --- where it can be seated ------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_flat_is_seatable_but_not_offered(game_id: str) -> None:
    assert levels(game_id) == ["easy", "normal", "hard"]  # what the menu and worker list
    assert all_levels(game_id) == ["easy", "normal", "hard", "flat"]
    game = engine.new_game(game_id, seed=3)
    assert game.bot_action("flat", seed=1) in game.legal_actions()
    with pytest.raises(IllegalActionError) as caught:
        game.bot_action("flatter", seed=1)
    assert caught.value.code == "bad-level"
    assert caught.value.message.endswith("easy, normal, hard.")  # what one may pick


def test_tournament_seats_flat(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            *("tournament", "quodlibet", "--games", "4", "--lineup", "flat,normal,hard,normal"),
            *("--iterations", "5", "-o", "contracts=minus,", "--quiet", "--json"),
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    report = json.loads(out)
    assert [level["level"] for level in report["levels"]] == ["flat", "normal", "hard"]
    assert report["games"] == 4


# --- legal, deterministic, whole games ----------------------------------------------------


def positions(game_id: str, players: int, seed: int, every: int) -> list[Game]:
    """Copies of a game played by ``normal`` bots, every ``every`` moves."""
    game = engine.new_game(game_id, players=players, seed=seed)
    out: list[Game] = []
    move = 0
    while not game.is_over:
        if move % every == 0:
            out.append(game.clone())
        game.apply(game.bot_action("normal", seed=move))
        move += 1
    return out


@pytest.mark.parametrize(
    ("game_id", "every"), [("nine-virtues", 37), ("to-the-moon", 9), ("quodlibet", 41)]
)
def test_same_view_and_seed_give_the_same_legal_action(game_id: str, every: int) -> None:
    for game in positions(game_id, 4, 11, every)[:4]:
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        first = game.bot_action("flat", seed=5)
        assert first in view["legal"]
        assert choose_action(copy.deepcopy(view), "flat", 5) == first
        assert engine.load_game(game.to_json()).bot_action("flat", seed=5) == first


@pytest.mark.parametrize(
    ("game_id", "players"), [("nine-virtues", 3), ("to-the-moon", 4), ("quodlibet", 4)]
)
def test_flat_plays_whole_games(game_id: str, players: int) -> None:
    """Seat 0 flat (two worlds a decision, to stay quick), the others ``normal``."""
    model = level(game_id, "hard").model
    game = engine.new_game(game_id, players=players, seed=21)
    move = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        if seat == 0:
            view = game.view(0)
            action = flat_action(view, model, Rng(move), worlds=2)
            assert action in view["legal"]
        else:
            action = game.bot_action("normal", seed=move)
        game.apply(action)
        move += 1
        assert move < 5_000
    assert game.winners


def test_flat_tries_every_action_and_finds_a_perfect_countdown() -> None:
    """To the Moon, 2 players: nine ranks turned, seat 1 holds the 10: building it wins the
    trick at once (TM-7)."""
    rest = pairs_deck()
    for card in [10, 1, 2, 3, 4, 5, 6, 7, 8, 9]:
        rest.remove(card)
    rest.sort()
    hands = [rest[:8], [10, *rest[8:15]]]
    deal = {"hands": hands, "deck": [1, 2, 3, 4, 5, 6, 7, 8, 9, *rest[15:]]}
    game = engine.new_game("to-the-moon", players=2, seed=1, options={"dealer": 0, "deal": deal})
    for _ in range(8):
        game.apply("test")
    assert game.to_act == 1 and len(game.view(None)["trick"]) == 9
    assert len(game.legal_actions()) > 2
    assert game.bot_action("flat", seed=0) == "build 10"


def test_flat_tries_every_action_in_every_world() -> None:
    """``WORLDS`` worlds, each tried with every legal action: the model is asked for
    ``WORLDS * len(legal)`` samples."""

    class Counting:
        def __init__(self, inner: Any) -> None:
            self.inner = inner
            self.samples = 0

        def sample(self, view: dict[str, Any], rng: Rng) -> Game:
            self.samples += 1
            world: Game = self.inner.sample(view, rng)
            return world

        def rollout_action(self, game: Game, rng: Rng) -> str:
            action: str = self.inner.rollout_action(game, rng)
            return action

        def reward(self, game: Game, seat: int, scored_before: int) -> float:
            value: float = self.inner.reward(game, seat, scored_before)
            return value

    game = engine.new_game("to-the-moon", players=3, seed=4)
    game.apply(game.bot_action("normal", seed=0))
    view = game.view(game.to_act)
    counting = Counting(level("to-the-moon", "hard").model)
    flat_action(view, counting, Rng(1))
    assert counting.samples == WORLDS * len(view["legal"])


# --- fairness: the same view gives the same decision ---------------------------------------


def play_twins(games: list[Game], seat: int, decisions: int, limit: int = 200) -> int:
    """Play both games with the same actions (another seat plays an action legal in both);
    at each decision of ``seat`` its views agree and ``flat`` chooses alike (default
    budget). Returns how many decisions of ``seat`` were compared."""
    g1, g2 = games
    compared = 0
    for move in range(limit):
        if g1.is_over or g1.score_sheet or compared >= decisions:
            break
        assert g1.to_act == g2.to_act
        if g1.to_act == seat:
            assert g1.view(seat) == g2.view(seat)
            action = g1.bot_action("flat", seed=move)
            assert g2.bot_action("flat", seed=move) == action, move
            compared += 1
        else:
            common = [a for a in g1.legal_actions() if a in set(g2.legal_actions())]
            if not common:
                break
            preferred = g1.bot_action("normal", seed=move)
            action = preferred if preferred in common else common[0]
        g1.apply(action)
        g2.apply(action)
    return compared


def test_fairness_nine_virtues() -> None:
    """Seat 0's hand and the centre alike; the other hidden hands differ (NV-3)."""
    players = 4
    rest = Rng(2).shuffled(pairs_deck())
    rest.remove(1)
    mine, centre, hidden = [1, *rest[:5]], rest[5 : 5 + 2 * players], rest[5 + 2 * players :]
    games = []
    for cards in (hidden, Rng(7).shuffled(hidden)):
        hands = [mine] + [cards[6 * i : 6 * i + 6] for i in range(players - 1)]
        deal = {"hands": hands, "centre": centre}
        options = {"dealer": players - 1, "deal": deal}
        games.append(engine.new_game("nine-virtues", players=players, seed=2, options=options))
    assert games[0].to_json() != games[1].to_json()
    assert play_twins(games, 0, 2) == 2


def test_fairness_to_the_moon() -> None:
    """Seats 1 and 2 swap hands (TM-1): seat 0 cannot tell."""
    cards = Rng(3).shuffled(pairs_deck())
    hands = [sorted(cards[i * 7 : (i + 1) * 7]) for i in range(3)]
    deck = cards[21:]
    twin = [hands[0], hands[2], hands[1]]
    games = [
        engine.new_game(
            "to-the-moon",
            players=3,
            seed=3,
            options={"dealer": 2, "deal": {"hands": h, "deck": deck}},
        )
        for h in (hands, twin)
    ]
    assert play_twins(games, 0, 4) == 4


def test_fairness_quodlibet() -> None:
    """Seats 1 and 2 swap one spade each; seat 0 sees its own hand only (QL-5)."""
    hands = [
        ["AS", "9S", "KH", "8H", "QD", "7D", "JC", "TC"],
        ["KS", "8S", "QH", "7H", "JD", "AC", "9C", "7C"],
        ["QS", "7S", "JH", "AH", "TD", "9D", "KC", "8C"],
        ["JS", "TS", "TH", "9H", "AD", "KD", "8D", "QC"],
    ]
    twin = [list(hand) for hand in hands]
    twin[1][twin[1].index("8S")], twin[2][twin[2].index("7S")] = "7S", "8S"
    games = [
        engine.new_game("quodlibet", seed=1, options={"dealer": 0, "deal": {"hands": h}})
        for h in (hands, twin)
    ]
    assert games[0].view(0) == games[1].view(0)
    assert play_twins(games, 0, 4) >= 3
