"""Engine messages (docs/ENGINE.md, "Messages"; ``engine/messages.py``): every refusal and every
score-sheet reason is a stable code with JSON parameters, the command line's English is
derived from the same code and parameters, and every code in ``MESSAGES`` is produced by
some path of the engine."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from support import signed_save

import engine
from engine import history
from engine.errors import IllegalActionError, SaveError
from engine.games.nine_virtues.deal import explicit_deal
from engine.games.nine_virtues.notation import parse_action as nv_parse
from engine.games.quodlibet.contracts import TITLES, TRICK_CONTRACTS, contract_for
from engine.games.quodlibet.game import read_deal_option
from engine.games.quodlibet.snack import SnackDeal
from engine.games.quodlibet.snack_rows import Rows
from engine.games.quodlibet.tricks_deal import TricksDeal
from engine.games.to_the_moon.deal import check_deal
from engine.games.to_the_moon.notation import parse_action as tm_parse
from engine.messages import MESSAGES, Message, english
from engine.rng import Rng
from engine.tricks import Trick

FRENCH = [rank + suit for suit in "SHDC" for rank in "789TJQKA"]
PAIRS_DECK = [rank for rank in range(1, 11) for _ in range(rank)]


def refused(call: Callable[[], object]) -> IllegalActionError:
    with pytest.raises(IllegalActionError) as info:
        call()
    return info.value


def check_message(words: Message) -> None:
    """Parameters are plain JSON, and the English comes from the code and the parameters as
    the page receives them (after a JSON round trip)."""
    sent = json.loads(json.dumps(words.to_json()))
    assert sent == words.to_json()
    assert english(sent["code"], sent["params"]) == str(words)


# --- refusals of the API, of explicit deals and of notation ------------------------------

NV_HANDS = [[2, 3, 4, 5, 6, 7]] * 3
TM_HANDS = [[2, 3, 4, 5, 6, 7, 8, 9]] * 2
QL_HANDS = [FRENCH[i * 8 : (i + 1) * 8] for i in range(4)]
SNACK_HANDS = [FRENCH[i * 4 : (i + 1) * 4] for i in range(4)]
SNACK_PILES = [FRENCH[16 + 3 * i : 19 + 3 * i] for i in range(5)] + [FRENCH[31:]]


def new(game: Any, players: Any = None, seed: Any = 1, options: Any = None) -> Callable[[], object]:
    return lambda: engine.new_game(game, players, seed, options)


def nv(options: dict[str, Any]) -> Callable[[], object]:
    return new("nine-virtues", 3, 1, options)


def tm(options: dict[str, Any]) -> Callable[[], object]:
    return new("to-the-moon", 2, 1, options)


def snack(deal: dict[str, Any]) -> Callable[[], object]:
    return new("quodlibet", 4, 1, {"contracts": ["snack"], "deal": deal})


NV3 = engine.new_game("nine-virtues", 3, 1)


def _second_round() -> engine.Game:
    """A Nine Virtues game just into its second round (its first move there not yet made)."""
    game = engine.new_game("nine-virtues", 3, 1)
    while game.round == 1:
        game.apply(game.legal_actions()[0])
    return game


NV3_ROUND_2 = _second_round()
CALLS: list[tuple[str, Callable[[], object]]] = [
    ("unknown-game", new("snap")),
    ("players-not-whole", new("nine-virtues", "x")),
    ("players-exactly", new("quodlibet", 3)),
    ("players-range", new("nine-virtues", 2)),
    ("seed-not-whole", new("nine-virtues", 3, "s")),
    ("seed-too-big", new("nine-virtues", 3, 2**300)),
    ("options-not-object", new("nine-virtues", 3, 1, [1])),
    ("unknown-option", new("nine-virtues", 3, 1, {"zz": 1})),
    ("dealer-not-seat", new("nine-virtues", 3, 1, {"dealer": 5})),
    ("deal-not-object", nv({"deal": 5})),
    ("bad-seat", lambda: NV3.view(5)),
    ("unknown-level", lambda: NV3.bot_action("grandmaster")),
    ("bot-seed-not-whole", lambda: NV3.bot_action(seed="x")),  # type: ignore[arg-type]
    ("iterations-not-positive", lambda: NV3.bot_action(iterations=0)),
    ("time-not-positive", lambda: NV3.bot_action(time_ms=-1)),
    ("action-not-text", lambda: NV3.apply(5)),  # type: ignore[arg-type]
    ("action-too-long", lambda: NV3.apply("x" * 300)),
    ("action-empty", lambda: NV3.apply("   ")),
    ("not-a-rank", lambda: NV3.apply("bid 11")),
    ("not-a-card", lambda: engine.new_game("quodlibet", seed=1).check("play ZZ")),
    ("deal-rank-too-often", nv({"deal": {"hands": [[2] * 6] * 3, "centre": [1] * 6}})),
    ("nv-swap-limit-option", new("nine-virtues", 3, 1, {"swap_limit": 0})),
    ("nv-deal-not-object", lambda: explicit_deal(5, 3)),  # the API checks this first
    ("nv-deal-fields", nv({"deal": {"hands": [], "x": 1}})),
    ("nv-deal-hands", nv({"deal": {"hands": 1, "centre": 1}})),
    ("nv-deal-hand-size", nv({"deal": {"hands": [[1]] * 3, "centre": []}})),
    ("nv-deal-hand-card", nv({"deal": {"hands": [[1, 2, 3, 4, 5, "a"]] * 3, "centre": []}})),
    ("nv-deal-centre-size", nv({"deal": {"hands": NV_HANDS, "centre": [1]}})),
    ("nv-deal-centre-card", nv({"deal": {"hands": NV_HANDS, "centre": [10] * 5 + [0]}})),
    ("nv-empty", lambda: nv_parse("")),  # the API refuses blank text first
    ("nv-not-an-action", lambda: NV3.apply("frob 3")),
    ("nv-write-swap", lambda: NV3.apply("swap 1")),
    ("nv-write-verb", lambda: NV3.apply("bid")),
    ("tm-deal-not-object", lambda: check_deal(5, 2)),  # the API checks this first
    ("tm-deal-unknown-field", tm({"deal": {"x": 1}})),
    ("tm-deal-missing", tm({"deal": {"deck": []}})),
    ("tm-deal-hands-not-list", tm({"deal": {"hands": 1, "deck": []}})),
    ("tm-deal-hands-count", tm({"deal": {"hands": [[1]], "deck": []}})),
    ("tm-deal-hand-not-list", tm({"deal": {"hands": ["ab", [2]], "deck": []}})),
    ("tm-deal-hand-card", tm({"deal": {"hands": [["a"], [2]], "deck": []}})),
    ("tm-deal-hand-size", tm({"deal": {"hands": [[1], [2]], "deck": []}})),
    ("tm-deal-deck-not-list", tm({"deal": {"hands": TM_HANDS, "deck": "x"}})),
    ("tm-deal-deck-card", tm({"deal": {"hands": TM_HANDS, "deck": [11]}})),
    ("tm-deal-deck-size", tm({"deal": {"hands": TM_HANDS, "deck": [10, 10]}})),
    ("tm-empty", lambda: tm_parse("")),  # the API refuses blank text first
    ("tm-build-one-rank", lambda: engine.new_game("to-the-moon", seed=1).check("build")),
    ("tm-test-no-rank", lambda: engine.new_game("to-the-moon", seed=1).check("test 3")),
    ("tm-withdraw-one-rank", lambda: engine.new_game("to-the-moon", seed=1).check("withdraw 1 2")),
    ("tm-not-an-action", lambda: engine.new_game("to-the-moon", seed=1).check("fly")),
    ("ql-contracts-option", new("quodlibet", 4, 1, {"contracts": []})),
    ("ql-unknown-contract", new("quodlibet", 4, 1, {"contracts": ["zz"]})),
    ("ql-repeated-contracts", new("quodlibet", 4, 1, {"contracts": ["plus", "plus"]})),
    ("ql-flag-option", new("quodlibet", 4, 1, {"plus_austrian": 1})),
    ("ql-deal-not-object", lambda: read_deal_option(5, snack=False)),  # the API checks first
    ("ql-deal-unknown-field", new("quodlibet", 4, 1, {"deal": {"x": 1}})),
    ("ql-deal-no-hands", new("quodlibet", 4, 1, {"deal": {}})),
    ("ql-deal-hands", new("quodlibet", 4, 1, {"deal": {"hands": 1}})),
    ("ql-deal-hand-size", new("quodlibet", 4, 1, {"deal": {"hands": [[1]] * 4}})),
    ("ql-deal-hand-card", new("quodlibet", 4, 1, {"deal": {"hands": [["ZZ"] * 8] * 4}})),
    ("ql-deal-no-piles", snack({"hands": SNACK_HANDS})),
    ("ql-deal-pile-size", snack({"hands": SNACK_HANDS, "piles": [["7S"]] * 6})),
    ("ql-deal-pile-card", snack({"hands": SNACK_HANDS, "piles": [[1, 2, 3]] * 5 + [[4]]})),
    ("ql-deal-piles-not-snack", new("quodlibet", 4, 1, {"deal": {"hands": QL_HANDS, "piles": []}})),
    ("ql-deal-twice", new("quodlibet", 4, 1, {"deal": {"hands": [QL_HANDS[0]] * 4}})),
    ("ql-not-a-choice", lambda: engine.new_game("quodlibet", seed=1).check("choose bogus")),
    ("ql-not-a-take", lambda: engine.new_game("quodlibet", seed=1).check("take x")),
    ("ql-not-an-action", lambda: engine.new_game("quodlibet", seed=1).check("hop")),
    ("ql-not-a-play", lambda: engine.new_game("quodlibet", seed=1).check("play")),
    ("ql-not-a-position", lambda: engine.new_game("quodlibet", seed=1).check("play @x")),
    ("snack-deal-hands", lambda: SnackDeal(0, SNACK_HANDS[:3], SNACK_PILES)),  # read_deal_option
    ("snack-deal-piles", lambda: SnackDeal(0, SNACK_HANDS, SNACK_PILES[:5])),  # checks these
    ("snack-deal-unknown-cards", lambda: SnackDeal(0, SNACK_HANDS, [*SNACK_PILES[:5], ["ZZ"]])),
    ("snack-deal-twice", lambda: SnackDeal(0, SNACK_HANDS, [*SNACK_PILES[:5], ["7S"]])),
    ("history-nothing-to-take-back", lambda: history.take_back(NV3, 0)),
    ("history-round-ended", lambda: history.take_back(NV3_ROUND_2, NV3_ROUND_2.to_act)),
    ("history-no-such-step", lambda: history.replay(NV3, 1)),
    ("history-no-such-round", lambda: history.views_along(NV3, 0, 1)),
]  # fmt: skip
"""(code, a call refused with it). Marked calls reach a check the public API makes earlier
in another way: they are defensive, and tested here through the function that holds them."""


@pytest.mark.parametrize(("code", "call"), CALLS, ids=[code for code, _ in CALLS])
def test_refusals_carry_their_message_code(code: str, call: Callable[[], object]) -> None:
    error = refused(call)
    assert error.message_code == code
    assert error.message == str(error) == english(code, error.params)
    assert error.to_dict() == {
        "code": error.code,
        "message": error.message,
        "message_code": code,
        "params": error.params,
    }
    check_message(error.words)


# --- refusals in play, found by playing ---------------------------------------------------

BATTERY: dict[str, list[str]] = {
    "nine-virtues": [f"{verb} {rank}" for verb in ("bid", "kill", "call") for rank in range(1, 11)]
    + [f"swap {give} {take}" for give in range(1, 11) for take in range(1, 11)],
    "to-the-moon": [f"{verb} {rank}" for verb in ("build", "withdraw") for rank in range(1, 11)]
    + ["test", "withdraw"],
    "quodlibet": [f"play {card}" for card in FRENCH]
    + [f"play @{i}" for i in range(9)]
    + [f"choose {name}" for name in TITLES]
    + [f"take {pile}" for pile in range(1, 7)]
    + ["pass", "play @1", "take 9", "hop"],
}

GAMES: list[tuple[str, int, dict[str, Any]]] = [
    ("nine-virtues", 3, {"swap_limit": 2}),
    (
        "nine-virtues",
        3,
        {
            "deal": {
                "hands": [[1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 7], [3, 4, 5, 6, 7, 8]],
                "centre": [7, 8, 9, 9, 10, 10],
            }
        },
    ),
    ("to-the-moon", 2, {}),
    ("to-the-moon", 4, {}),
    ("quodlibet", 4, {"contracts": ["open-trousers", "snack", "plus"]}),
    ("quodlibet", 4, {}),
]


def refusals_in_play(seed: int) -> Iterable[tuple[engine.Game, str, IllegalActionError]]:
    """Random games; at every few turns, every action of the battery that is refused."""
    for game_id, players, options in GAMES:
        game = engine.new_game(game_id, players, seed, options)
        rng = Rng(seed)
        step = 0
        while not game.is_over:
            if game_id != "quodlibet" or step % 4 == 0 or game.view(None)["phase"] == "choose":
                for action in BATTERY[game_id]:
                    try:
                        game.check(action)
                    except IllegalActionError as error:
                        yield game, action, error
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
            step += 1
        yield game, "bid 3", refused(lambda game=game: game.check("bid 3"))  # type: ignore[misc]


@pytest.fixture(scope="module")
def played() -> list[tuple[engine.Game, str, IllegalActionError]]:
    return list(refusals_in_play(seed=5))


def test_refusals_in_play_are_messages_the_page_can_word(
    played: list[tuple[engine.Game, str, IllegalActionError]],
) -> None:
    assert len(played) > 1000
    for _, _, error in played:
        check_message(error.words)
        assert error.message == english(error.message_code, error.params)


# --- score-sheet reasons -------------------------------------------------------------------


def tricks(*plays: list[tuple[int, str]]) -> list[Trick]:
    """The tricks of these plays, their winners decided by the play of a deal (QL-7)."""
    played = [play for trick in plays for play in trick]
    return TricksDeal.resume(contract_for("minus"), 0, [[]] * 4, played[0][0], played).tricks


ONE_SEAT_TAKES_ALL = tricks(
    *[[(1, r + "S"), (2, r + "H"), (3, r + "D"), (0, r + "C")] for r in "789TJQKA"]
)
"""Seat 1 leads every spade and nobody can follow: seat 1 takes all eight tricks."""
SPREAD = tricks(
    [(1, "AS"), (2, "KH"), (3, "QD"), (0, "7C")],
    [(1, "7H"), (2, "8H"), (3, "9H"), (0, "TH")],
    [(0, "QS"), (1, "JS"), (2, "8S"), (3, "9S")],
    *[[(0, r + "C"), (1, r + "D"), (2, r + "S"), (3, "8D")] for r in "89TJK"],
)
"""Tricks taken by seats 1, 0, 0, 0...: a king of hearts with the queen of diamonds, a
trick of hearts only, a queen with a jack."""


def score_messages() -> list[Message]:
    out: list[Message] = []
    for name in TRICK_CONTRACTS:
        for austrian in (False, True):
            for deal in (ONE_SEAT_TAKES_ALL, SPREAD):
                out += [
                    entry.why for entry in contract_for(name, plus_austrian=austrian).score(deal)
                ]
    return out


def test_score_reasons_are_messages_in_the_view(
    played: list[tuple[engine.Game, str, IllegalActionError]],
) -> None:
    for message in score_messages():
        check_message(message)
    games = {id(game): game for game, _, _ in played}.values()
    lines = [
        line
        for game in games
        if game.GAME_ID == "quodlibet"
        for sheet in game.view(0)["score_sheet"]
        for line in sheet["detail"].get("entries", [])
    ]
    assert lines
    for line in lines:
        assert english(line["message"]["code"], line["message"]["params"]) == line["reason"]
        # A score-sheet reason never holds a card code (API.md: views keep the sheet).
        assert not set(json.dumps(line["message"]).replace('"', " ").split()) & set(FRENCH)


# --- every code is produced ----------------------------------------------------------------


def defensive_messages() -> list[Message]:
    """Paths the public API never reaches (a check made earlier in another way), called
    directly so their codes are still produced and worded."""
    out: list[Message] = []
    plays = [play for trick in ONE_SEAT_TAKES_ALL for play in trick.plays]
    done = TricksDeal.resume(contract_for("minus"), 0, [[]] * 4, 1, plays)
    out.append(done.why_illegal("play 7S"))  # ql-deal-over
    blind = TricksDeal(contract_for("open-trousers"), 0, [[]] * 4, 0)
    out.append(blind.why_illegal("play @0"))  # ql-no-cards-left
    game = engine.new_game("to-the-moon", 2, 1)
    # not-allowed-now: the core asks its hook only about an illegal action, and every illegal
    # action has a reason of its own, so only the hook itself, asked of a legal one, says it.
    out.append(game._why_illegal(game.legal_actions()[0]))  # noqa: SLF001 - the hook itself
    deal = SnackDeal(0, SNACK_HANDS, SNACK_PILES)
    deal.to_act = None
    out.append(deal.why_illegal("pass"))  # snack-over
    rows = Rows()
    rows.place("JS")
    out.append(rows.why_not("JS"))  # snack-in-row (a card in a row is in nobody's hand)
    return out


def save_refusals() -> list[SaveError]:
    game = engine.new_game("to-the-moon", 2, 1)
    game.apply(game.legal_actions()[0])
    good = json.loads(game.to_json())
    first = good["log"][0]

    def saved(body: dict[str, Any], **changes: Any) -> str:
        body = {key: value for key, value in {**body, **changes}.items() if key != "check"}
        return signed_save({key: value for key, value in body.items() if value is not None})

    texts: list[Any] = [
        5,
        "[" * 50,
        "{}",
        '{"format": "parlour-save", "n": ' + "9" * 5000 + "}",
        '{"format": "parlour-save", "check": "0"}',
        saved(good, version=None),
        saved(good, version=9),
        saved(good, version=1, log=5),
        saved(good, version=1, seed="x", log=[]),
        saved(good, log=5),
        saved(good, players="x"),
        saved(good, log=[5]),
        saved(good, log=[{"seat": 1, "action": "test"}]),
        saved(good, log=[{"seat": first["seat"], "action": "frob"}]),
        saved(good, log=[{"seat": first["seat"], "action": first["action"].upper()}]),
        saved(good, chance="0" * 64),
    ]  # fmt: skip
    out = []
    for text in texts:
        with pytest.raises(SaveError) as info:
            engine.load_game(text)
        out.append(info.value)
    return out


def test_save_refusals_are_messages() -> None:
    for error in save_refusals():
        check_message(error.words)
        assert error.message == str(error) == english(error.message_code, error.params)


def json_codes() -> set[str]:
    from engine.untrusted import JsonLimitError, bounded_json

    codes = set()
    for text in (5, "x" * 20, "[[[", "{"):
        with pytest.raises(JsonLimitError) as info:
            bounded_json(text, 10, max_depth=2)  # type: ignore[arg-type]
        check_message(info.value.words)
        codes.add(info.value.words.code)
    return codes


def test_every_message_code_is_produced_by_some_path(
    played: list[tuple[engine.Game, str, IllegalActionError]],
) -> None:
    produced = {code for code, _ in CALLS}
    produced |= {error.message_code for _, _, error in played}
    produced |= {message.code for message in score_messages() + defensive_messages()}
    produced |= {error.message_code for error in save_refusals()}
    produced |= json_codes()
    # The bridge's own codes (request-*) are produced by tests/browser/test_worker_api.py.
    # Two guards of engine/saves.py wait for what cannot happen today: save-too-old for a
    # save format that can no longer be migrated, save-number-too-long for a number that
    # json.loads reads and json.dumps cannot write (CPython refuses both the same way).
    bridge = {code for code in MESSAGES if code.startswith("request-")}
    waiting = {"save-too-old", "save-number-too-long"}
    missing = sorted(set(MESSAGES) - produced - bridge - waiting)
    assert missing == []
    assert not produced - set(MESSAGES)


def test_names_in_english_text_are_the_games_own() -> None:
    """English words a game and a contract (``{game:game}``, ``{contract:contract}``) as the
    registry and Quodlibet's titles name them."""
    for game_id, info in engine.GAMES.items():
        text = english("players-range", {"game": game_id, "min": 2, "max": 4, "players": 9})
        assert text.startswith(f"{info['name']} is for 2 to 4 players"), text
    for contract, title in TITLES.items():
        text = english("ql-contract-settled", {"contract": contract})
        assert text.endswith(f"already settled: {title}."), text


# --- the command line's English is the engine's English as it was ----------------------------

PINNED: list[tuple[str, Callable[[], object]]] = [
    ("Quodlibet is for exactly 4 players, not 3.", new("quodlibet", 3)),
    ("Nine Virtues is for 3 to 6 players, not 2.", new("nine-virtues", 2)),
    ("Unknown option 'aa', 'zz' for Nine Virtues; valid options are: deal, dealer, swap_limit.",
     new("nine-virtues", 3, 1, {"zz": 1, "aa": 2})),
    ("A Nine Virtues deal has exactly 'hands' and 'centre' (missing centre, hands).",
     nv({"deal": {}})),
    ("hand 0 has 1 cards; with 2 players each hand has 8 (TM-1).",
     tm({"deal": {"hands": [[1], [2]], "deck": []}})),
    ("'take x' is not notation: write take 1 to take 6.",
     lambda: engine.new_game("quodlibet", seed=1).check("take x")),
    ("Unknown level 'zz'; choose one of: easy, normal, hard.", lambda: NV3.bot_action("zz")),
    ("An action is a few words, not 300 characters.", lambda: NV3.apply("x" * 300)),
    ("You can't kill yet: every player must have had one turn this round (NV-6). Kills are open "
     "from turn 4; this is turn 1.", lambda: NV3.apply(f"kill {NV3.view(None)['centre'][0]}")),
]  # fmt: skip


@pytest.mark.parametrize(("text", "call"), PINNED, ids=[text[:30] for text, _ in PINNED])
def test_english_text_is_unchanged(text: str, call: Callable[[], object]) -> None:
    assert str(refused(call)) == text


def test_english_reasons_are_unchanged() -> None:
    minus = [entry.reason for entry in contract_for("minus").score(ONE_SEAT_TAKES_ALL)]
    assert minus == ["took all 8 tricks (100 in total)"]
    neighbour = contract_for("bad-neighbour").score(SPREAD)
    assert [entry.reason for entry in neighbour] == [
        "right-hand neighbour (seat 0) took 7 tricks",
        "right-hand neighbour (seat 1) took 1 trick",
    ]
    ruffians = contract_for("red-ruffians").score(SPREAD)
    assert [entry.reason for entry in ruffians] == [
        "took the king of hearts and the queen of diamonds in one trick"
    ]
    jacks = [entry.reason for entry in contract_for("queens-and-jacks").score(SPREAD)]
    assert "took the queen of diamonds" in jacks and "a queen and a jack in one trick" in jacks
