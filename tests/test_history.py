"""engine/history.py: take back and replay, on every game (docs/ENGINE.md, "History"). Runs on
CPython and in Pyodide (``python3 tests/pyodide/run.py -k history``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

import engine
from engine import history
from engine.rng import Rng

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("nine-virtues", 3, {}),
    ("to-the-moon", 2, {}),
    ("to-the-moon", 3, {}),
    # A trick contract, Open Trousers (its hands reshuffled mid-deal, QL-17) and Snack.
    ("quodlibet", 4, {"contracts": ["minus", "open-trousers", "snack"]}),
]
IDS = [f"{gid}-{players}" for gid, players, _ in GAMES]


def person_then_computers(game: engine.Game, rng: Rng, level: str = "easy") -> Callable[[], str]:
    """Seat 0 plays a seeded random legal move; the others are computer players."""

    def choose() -> str:
        if game.to_act == 0:
            return rng.choice(game.legal_actions())
        return game.bot_action(level, seed=11)

    return choose


class Record:
    """A whole game, step by step (element n of each list: after n decisions)."""

    def __init__(self, gid: str, players: int, options: dict[str, Any], seed: int = 3) -> None:
        game = engine.new_game(gid, players, seed, options)
        choose = person_then_computers(game, Rng(seed))
        self.saves = [game.to_json()]
        self.to_act = [game.to_act]
        self.scored = [0]
        self.publics = [game.view(None)]
        while not game.is_over:
            game.apply(choose())
            self.saves.append(game.to_json())
            self.to_act.append(game.to_act)
            self.scored.append(len(game.score_sheet))
            self.publics.append(game.view(None))
        self.game = game


@pytest.fixture(scope="module", params=GAMES, ids=IDS)
def whole(request: pytest.FixtureRequest) -> Record:
    gid, players, options = request.param
    return Record(gid, players, options)


def test_decisions_are_the_saves_log(whole: Record) -> None:
    game, saves = whole.game, whole.saves
    made = history.decisions(game)
    assert len(made) == len(saves) - 1
    assert all(set(d) == {"seat", "action"} for d in made)
    assert [d["seat"] for d in made] == whole.to_act[:-1]


def test_replay_gives_the_game_at_every_step(whole: Record) -> None:
    game, saves = whole.game, whole.saves
    count = len(saves) - 1
    for n in sorted({0, 1, 2, count // 3, count // 2, count - 1, count}):
        again = history.replay(game, n)
        assert again.to_json() == saves[n]
        assert again.view(None) == whole.publics[n]
    assert game.to_json() == saves[-1]  # replaying changes nothing in the game replayed


def test_round_starts(whole: Record) -> None:
    game = whole.game
    starts = history.round_starts(game)
    assert len(starts) == len(game.score_sheet)  # a finished game: every round it played
    assert starts[0] == 0
    for number, step in enumerate(starts, start=1):
        assert whole.scored[step] == number - 1
        assert whole.publics[step]["round"] == number
        if step:  # the decision just before scored the round before
            assert whole.scored[step - 1] == number - 2


def test_views_along_a_round_are_the_views_at_each_step(
    whole: Record,
) -> None:
    game, saves = whole.game, whole.saves
    starts = [*history.round_starts(game), len(saves) - 1]
    for number in (1, len(game.score_sheet)):
        for seat in (0, None):
            views = history.views_along(game, seat, number)
            first, last = starts[number - 1], starts[number]
            assert len(views) == last - first + 1
            for k in (0, 1, len(views) // 2, len(views) - 1):
                at = engine.load_game(saves[first + k]) if seat is not None else None
                assert views[k] == (whole.publics[first + k] if at is None else at.view(seat))
            assert views[-1]["score_sheet"][number - 1] == game.score_sheet[number - 1]


def test_undo_then_redo_gives_the_identical_game(whole: Record) -> None:
    """At sample turns of each seat: take back at the moment before that seat's next turn
    (the other seats' replies made), then play the same move and the same replies again."""
    game, saves = whole.game, whole.saves
    made = history.decisions(game)
    starts = history.round_starts(game)
    taken = 0
    for seat in range(game.players):
        turns = [n for n, who in enumerate(whole.to_act) if who == seat]
        for step in turns[:: max(1, len(turns) // 4)]:
            later = [n for n in turns if n > step]
            upto = later[0] if later else len(made)
            ends = [s for s in starts if s > step]
            if (ends and ends[0] <= upto) or upto == len(made):
                # The round of ``step`` ended before the seat's next turn: nothing of it
                # can be taken back any more.
                now = engine.load_game(saves[ends[0] if ends else upto])
                with pytest.raises(engine.IllegalActionError) as refused:
                    history.take_back(now, seat)
                assert refused.value.message_code == "history-round-ended"
                continue
            now = engine.load_game(saves[upto])
            back = history.take_back(now, seat)
            assert back.to_json() == saves[step]
            assert back.to_act == seat
            for decision in made[step:upto]:
                back.apply(decision["action"])
            assert back.to_json() == saves[upto]
            assert all(back.view(s) == now.view(s) for s in [None, *range(game.players)])
            taken += 1
    assert taken >= game.players


@pytest.mark.parametrize(("gid", "players", "options"), GAMES, ids=IDS)
def test_take_back_across_computer_replies_and_the_same_replies_again(
    gid: str, players: int, options: dict[str, Any]
) -> None:
    game = engine.new_game(gid, players, 8, options)
    rng = Rng(8)
    choose = person_then_computers(game, rng, level="normal")
    checked = 0
    while not game.is_over and checked < 3:
        if game.to_act != 0:
            game.apply(choose())
            continue
        before, view = game.to_json(), game.view(0)
        action = rng.choice(game.legal_actions())
        game.apply(action)
        round_now = len(game.score_sheet)
        while not game.is_over and game.to_act != 0 and len(game.score_sheet) == round_now:
            game.apply(choose())
        if game.is_over or len(game.score_sheet) != round_now:
            continue
        after = game.to_json()
        back = history.take_back(game, 0)
        assert back.to_json() == before
        assert back.view(0) == view  # the same cards, the same choices, nothing new
        assert game.to_json() == after  # the game taken back from is untouched
        back.apply(action)
        redo = person_then_computers(back, Rng(0), level="normal")
        while back.to_act != 0:
            back.apply(redo())  # the computers reply as they did
        assert back.to_json() == after
        checked += 1
    assert checked == 3


def test_a_to_the_moon_test_taken_back_turns_the_same_card() -> None:
    game = engine.new_game("to-the-moon", 2, 4, {"dealer": 0})
    rng = Rng(4)
    while "test" not in game.legal_actions() or game.to_act != 0:
        game.apply(rng.choice(game.legal_actions()) if game.to_act == 0 else game.bot_action())
    before = game.to_json()
    game.apply("test")
    turned = game.view(None)["log"][-1]
    back = history.take_back(game, 0)
    assert back.to_json() == before
    assert back.view(None)["log"] == game.view(None)["log"][:-1]  # the card is unseen again
    back.apply("test")
    assert back.view(None)["log"][-1] == turned
    assert back.to_json() == game.to_json()


def test_take_back_never_crosses_a_round_end() -> None:
    game = engine.new_game("nine-virtues", 3, 2)
    rng = Rng(2)
    while game.round == 1:
        game.apply(rng.choice(game.legal_actions()))
    # Round 2 has begun; nobody has moved in it yet.
    text = game.to_json()
    for seat in range(3):
        with pytest.raises(engine.IllegalActionError) as refused:
            history.take_back(game, seat)
        assert refused.value.code == "illegal"
        assert refused.value.message_code == "history-round-ended"
    assert game.to_json() == text
    mover = game.to_act
    assert mover is not None
    game.apply(game.legal_actions()[0])
    assert history.take_back(game, mover).to_json() == text  # within round 2 it works
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    for seat in range(3):  # nor past the end of the game
        with pytest.raises(engine.IllegalActionError) as refused:
            history.take_back(game, seat)
        assert refused.value.message_code == "history-round-ended"


def test_nothing_to_take_back_at_the_start() -> None:
    game = engine.new_game("quodlibet", 4, 5)
    for seat in range(4):
        with pytest.raises(engine.IllegalActionError) as refused:
            history.take_back_step(game, seat)
        assert refused.value.message_code == "history-nothing-to-take-back"
        assert refused.value.params == {"seat": seat}


BAD_SEATS: list[Any] = [-1, 4, True, "0", None, 1.0, 2**70]
BAD_STEPS: list[Any] = [-1, 3, True, "1", None, 1.5]
BAD_ROUNDS: list[Any] = [0, 1, -1, True, "1", None, 2.0]


def test_bad_calls_change_nothing() -> None:
    game = engine.new_game("to-the-moon", 3, 9)
    for _ in range(2):
        game.apply(game.legal_actions()[0])
    text = game.to_json()
    for seat in BAD_SEATS:
        with pytest.raises(engine.IllegalActionError) as refused:
            history.take_back(game, seat)
        assert refused.value.code == "bad-seat"
        if seat is not None:
            with pytest.raises(engine.IllegalActionError):
                history.views_along(game, seat, 1)
    for n in BAD_STEPS:
        with pytest.raises(engine.IllegalActionError) as refused:
            history.replay(game, n)
        assert (refused.value.code, refused.value.message_code) == (
            "bad-option",
            "history-no-such-step",
        )
    for number in BAD_ROUNDS:  # round 1 is still being played: not finished
        with pytest.raises(engine.IllegalActionError) as refused:
            history.views_along(game, 0, number)
        assert refused.value.message_code == "history-no-such-round"
    assert game.to_json() == text
    assert len(history.decisions(game)) == 2
