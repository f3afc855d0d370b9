"""Snack, Quodlibet's last deal (RULES.md QL-20..QL-23): ``SnackDeal`` driven directly with
explicit hands and piles, the Snack bot, and (once the game is registered) a practice Snack
game through the public API."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

import engine
from engine.bots.quodlibet.snack import snack_action
from engine.cards import FRENCH_CARDS, french_deck
from engine.errors import IllegalActionError
from engine.games.quodlibet.snack import SnackDeal
from engine.games.quodlibet.snack_rows import Rows
from engine.rng import Rng

# --- building deals ------------------------------------------------------------------------


def make_deal(
    hands: list[list[str]], piles: dict[int, list[str]] | None = None, dealer: int = 3
) -> tuple[SnackDeal, list[list[str]]]:
    """A full Snack deal: the given hands, the given piles (by number 1-6), the other piles
    filled with the remaining cards in deck order. Dealer 3 by default, so seat 0 starts."""
    fixed = dict(piles or {})
    used = {card for part in [*hands, *fixed.values()] for card in part}
    rest = [card for card in french_deck() if card not in used]
    all_piles: list[list[str]] = []
    for number, size in zip(range(1, 7), (3, 3, 3, 3, 3, 1), strict=True):
        if number in fixed:
            all_piles.append(list(fixed[number]))
        else:
            all_piles.append(rest[:size])
            rest = rest[size:]
    assert not rest, "the test deal does not use exactly 32 cards"
    return SnackDeal(dealer, [list(h) for h in hands], all_piles), all_piles


def seen(deal: SnackDeal, action: str) -> dict[str, Any]:
    """``deal.apply(action)``'s entry beyond the seat and the action: what the table saw."""
    entry = deal.apply(action)
    assert entry["seat"] is not None and entry["action"] == action
    return {key: value for key, value in entry.items() if key not in ("seat", "action")}


def play(deal: SnackDeal, *actions: str) -> list[dict[str, Any]]:
    out = []
    for action in actions:
        assert action in deal.legal(), (action, deal.to_act, deal.legal())
        out.append(seen(deal, action))
    return out


def state(deal: SnackDeal) -> Any:
    """Everything observable about a deal, to check that a refused action changed nothing."""
    return (
        deal.to_act,
        deal.done,
        deal.legal(),
        deal.scores(),
        deal.detail(),
        [deal.zones(seat) for seat in (None, 0, 1, 2, 3)],
    )


def refused(deal: SnackDeal, action: str) -> IllegalActionError:
    """``apply(action)`` raises ``illegal`` and leaves the deal exactly as it was."""
    before = copy.deepcopy(state(deal))
    with pytest.raises(IllegalActionError) as info:
        seen(deal, action)
    assert info.value.code == "illegal"
    assert state(deal) == before
    return info.value


# Everyone plays a suit down from its jack; seat 3 must take pile 1 and then plays spades up.
EXITS_HANDS = [
    ["JS", "TS", "9S", "8S"],
    ["JH", "TH", "9H", "8H"],
    ["JD", "TD", "9D", "8D"],
    ["7S", "7H", "7D", "7C"],
]
EXITS_PILES = {1: ["QS", "KS", "AS"], 6: ["JC"]}
EXITS_PLAY = [
    "play JS", "play JH", "play JD", "take 1", "play QS",
    "play TS", "play TH", "play TD", "play KS",
    "play 9S", "play 9H", "play 9D", "play AS",
    "play 8S", "play 8H", "play 8D",
]  # fmt: skip


# --- QL-20 the deal ------------------------------------------------------------------------


def test_ql_20_four_cards_each_five_piles_of_three_and_one_of_one() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    zones = deal.zones(None)
    assert zones["hand_sizes"] == [4, 4, 4, 4]
    assert zones["piles"] == [3, 3, 3, 3, 3, 1]
    assert zones["rows"] == {"S": None, "H": None, "D": None, "C": None}
    assert zones["out"] == []
    assert deal.contract == "snack"


def test_ql_20_a_deal_that_is_not_a_snack_deal_is_refused() -> None:
    _, piles = make_deal(EXITS_HANDS, EXITS_PILES)
    with pytest.raises(IllegalActionError) as info:
        SnackDeal(0, [h[:3] for h in EXITS_HANDS], piles)
    assert info.value.code == "bad-deal"
    with pytest.raises(IllegalActionError) as info:
        SnackDeal(0, EXITS_HANDS, [*piles[:5], ["JS"]])
    assert "twice" in info.value.message
    with pytest.raises(IllegalActionError):
        SnackDeal(0, EXITS_HANDS, [*piles[:4], [*piles[4], *piles[5]], []])


# --- QL-21 rows ----------------------------------------------------------------------------


def test_ql_21_only_the_jack_starts_a_row() -> None:
    deal, _ = make_deal(
        [
            ["TH", "QH", "9S", "JC"],
            ["JH", "8C", "9C", "AC"],
            ["JS", "JD", "7S", "8S"],
            ["7H", "8H", "9H", "KH"],
        ]
    )
    # The 10 and queen of hearts do not fit before the jack of hearts is down.
    assert deal.legal() == ["play JC"]
    message = refused(deal, "play TH").message
    assert message == (
        "The 10 of hearts doesn't fit: the hearts row hasn't been started, "
        "and only the jack of hearts can start it (QL-21)."
    )
    play(deal, "play JC", "play JH")
    assert deal.zones(None)["rows"] == {"S": None, "H": ["JH", "JH"], "D": None, "C": ["JC", "JC"]}


def test_ql_21_row_grows_outward_from_jack() -> None:
    deal, _ = make_deal(
        [
            ["JH", "TH", "9H", "QS"],
            ["QH", "KH", "AS", "KS"],
            ["8H", "7H", "AC", "KC"],
            ["AH", "7S", "8S", "9S"],
        ]
    )
    play(deal, "play JH")
    assert deal.zones(None)["rows"]["H"] == ["JH", "JH"]
    assert deal.legal() == ["play QH"]  # seat 1: the queen goes above the jack
    play(deal, "play QH")
    assert "play 8H" not in deal.legal()  # seat 2's 8 of hearts is not next to the jack ...
    assert refused(deal, "play 8H").message == (
        "The 8 of hearts doesn't fit: the hearts row ends at the jack, "
        "so only the 10 can go below it (QL-21)."
    )
    play(deal, "take 6")  # ... so it has no play and takes a pile
    rows = deal.zones(None)["rows"]
    assert rows["H"] == ["JH", "QH"]


def test_ql_21_fitting_cards_follow_every_placed_card() -> None:
    """The rows keep their fitting cards between placements: every placement (a play, a
    jack laid out from a pile) must renew them, and a caller's copy must not be theirs."""
    rows = Rows()
    assert rows.next_cards() == ["JS", "JH", "JD", "JC"]
    handed_out = rows.next_cards()
    handed_out.clear()  # a caller's list, not the rows' own
    assert rows.fits("JH") and not rows.fits("TH")
    rows.place("JH")
    assert rows.next_cards() == ["JS", "TH", "QH", "JD", "JC"]
    rows.place("QH")
    assert rows.fits("KH") and not rows.fits("QH")
    assert rows.copy().next_cards() == rows.next_cards() == ["JS", "TH", "KH", "JD", "JC"]


def test_ql_21_each_card_next_to_the_current_end_on_its_side() -> None:
    deal, _ = make_deal(
        [
            ["JH", "TH", "9H", "8H"],
            ["QH", "KH", "AH", "7H"],
            ["JS", "JD", "JC", "TS"],
            ["QS", "KS", "AS", "9S"],
        ]
    )
    play(deal, "play JH", "play QH", "play JS", "play QS")
    assert deal.zones(None)["rows"] == {
        "S": ["JS", "QS"],
        "H": ["JH", "QH"],
        "D": None,
        "C": None,
    }
    play(deal, "play TH")  # seat 0
    assert sorted(deal.legal()) == ["play KH"]  # seat 1: 7H is not next to the 10
    assert refused(deal, "play 7H").message == (
        "The 7 of hearts doesn't fit: the hearts row ends at the 10, "
        "so only the 9 can go below it (QL-21)."
    )
    play(deal, "play KH", "play TS", "play KS", "play 9H", "play AH")
    assert deal.zones(None)["rows"]["H"] == ["9H", "AH"]
    assert refused(deal, "play AH").message.startswith("You don't hold the ace of hearts")
    assert Rows.from_view(deal.zones(None)["rows"]).on_table() == [
        "TS", "JS", "QS", "KS", "9H", "TH", "JH", "QH", "KH", "AH",
    ]  # fmt: skip


# --- QL-22 turns ---------------------------------------------------------------------------


def test_ql_22_dealer_left_starts_and_turn_goes_clockwise() -> None:
    for dealer in range(4):
        deal, _ = make_deal(EXITS_HANDS, EXITS_PILES, dealer=dealer)
        assert deal.to_act == (dealer + 1) % 4
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    seats = []
    for action in EXITS_PLAY[:3]:
        seats.append(deal.to_act)
        play(deal, action)
    assert seats == [0, 1, 2]
    assert deal.to_act == 3


def test_ql_22_who_can_play_must_play_one_card() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    assert deal.legal() == ["play JS"]  # no take, no pass
    assert refused(deal, "take 1").message == "You can play, so you can't take a pile (QL-22)."
    assert refused(deal, "pass").message == (
        "You must play or take a pile: pass is only for when neither is possible."
    )
    play(deal, "play JS")
    assert deal.to_act == 1  # exactly one card, then the turn passes


def test_ql_22_take_lays_out_jacks_then_must_play() -> None:
    deal, _ = make_deal(
        [
            ["TH", "8C", "9C", "7D"],
            ["JS", "8H", "QS", "KS"],
            ["JD", "TS", "9S", "AS"],
            ["QH", "KH", "AH", "9H"],
        ],
        {2: ["JH", "JC", "7S"]},
    )
    assert deal.legal() == [f"take {n}" for n in range(1, 7)]
    extras = seen(deal, "take 2")
    assert extras == {"jacks": ["JH", "JC"], "cards": 3}  # never the 7 of spades
    zones = deal.zones(0)
    assert zones["rows"] == {"S": None, "H": ["JH", "JH"], "D": None, "C": ["JC", "JC"]}
    assert zones["hand"] == ["7S", "TH", "7D", "8C", "9C"]
    assert zones["piles"] == [3, 0, 3, 3, 3, 1]
    # Laying out the jacks was not the turn's play: seat 0 still owes one.
    assert deal.to_act == 0
    assert deal.legal() == ["play TH"]
    play(deal, "play TH")
    assert deal.to_act == 1


def test_ql_22_takes_another_pile_while_no_play() -> None:
    deal, _ = make_deal(
        [
            ["9H", "8H", "7H", "9C"],
            ["JS", "JH", "QS", "KS"],
            ["JD", "TS", "9S", "AS"],
            ["QH", "KH", "AH", "JC"],
        ],
        {6: ["7S"], 3: ["TH", "8S", "7D"]},
    )
    assert seen(deal, "take 6") == {"jacks": [], "cards": 1}
    assert deal.to_act == 0
    assert deal.legal() == ["take 1", "take 2", "take 3", "take 4", "take 5"]
    assert refused(deal, "take 6").message == "Pile 6 has been taken."
    assert seen(deal, "take 3") == {"jacks": [], "cards": 3}
    assert deal.zones(None)["hand_sizes"] == [8, 4, 4, 4]
    # Still no play (the 10 of hearts needs its jack): take yet another pile.
    assert deal.legal() == ["take 1", "take 2", "take 4", "take 5"]


def test_ql_22_pass_only_when_no_play_and_no_pile() -> None:
    non_jacks = [c for c in french_deck() if c[0] != "J" and c[0] != "7"]
    # Seat 0 holds the four 7s: nothing in the piles (no jacks there) can ever fit.
    piles = {n + 1: non_jacks[3 * n : 3 * n + 3] for n in range(5)}
    piles[6] = [non_jacks[15]]
    deal, _ = make_deal(
        [
            ["7S", "7H", "7D", "7C"],
            ["JS", "JH", non_jacks[16], non_jacks[17]],
            ["JD", "JC", non_jacks[18], non_jacks[19]],
            non_jacks[20:24],
        ],
        piles,
    )
    for number in range(1, 6):
        assert "pass" not in deal.legal()
        assert refused(deal, "pass").message == (
            "You must play or take a pile: pass is only for when neither is possible."
        )
        play(deal, f"take {number}")
    play(deal, "take 6")
    assert deal.zones(None)["piles"] == [0] * 6
    assert deal.zones(None)["hand_sizes"][0] == 20
    assert deal.legal() == ["pass"]
    assert seen(deal, "pass") == {}
    assert deal.to_act == 1


def test_ql_22_players_who_are_out_are_skipped() -> None:
    deal, _ = make_deal(
        [
            ["JS", "TS", "9S", "8S"],
            ["JH", "TH", "9H", "7H"],
            ["JD", "TD", "9D", "8D"],
            ["JC", "TC", "9C", "7C"],
        ],
        {1: ["8H", "QS", "KS"], 2: ["8C", "AS", "7S"]},
    )
    play(deal, "play JS", "play JH", "play JD", "play JC")
    play(deal, "play TS", "play TH", "play TD", "play TC")
    play(deal, "play 9S", "play 9H", "play 9D", "play 9C")
    play(deal, "play 8S")
    assert deal.zones(None)["out"] == [0]
    assert deal.to_act == 1
    play(deal, "take 1", "play 8H", "play 8D")
    assert deal.zones(None)["out"] == [0, 2]
    assert deal.to_act == 3
    play(deal, "take 2", "play 8C")
    assert deal.to_act == 1  # seats 0 and 2 are skipped
    assert not deal.done


def test_ql_22_a_jack_from_a_pile_is_laid_out_not_kept() -> None:
    """A taker never runs out by laying out jacks: they held a non-jack card before."""
    deal, _ = make_deal(
        [
            ["QH", "8C", "9C", "7D"],
            ["JS", "8H", "QS", "KS"],
            ["JD", "TS", "9S", "AS"],
            ["TH", "KH", "AH", "9H"],
        ],
        {6: ["JH"]},
    )
    assert seen(deal, "take 6") == {"jacks": ["JH"], "cards": 1}
    assert deal.zones(None)["hand_sizes"][0] == 4
    assert deal.zones(None)["out"] == []
    assert deal.legal() == ["play QH"]


# --- QL-23 scoring -------------------------------------------------------------------------


def test_ql_23_exit_scores_add_up_10_20_30() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    results = play(deal, *EXITS_PLAY)
    assert deal.done and deal.to_act is None and deal.legal() == []
    # First out (seat 0): seats 1 and 2 hold 1 card, seat 3 holds its four 7s: +10 each card.
    # Second out (seat 1): seat 2 holds 1, seat 3 holds 4: +20 each card.
    # Third out (seat 2): seat 3 takes piles 2-6 (13 cards) into its 4: 17 cards, +30 each.
    assert [e["points"] for e in deal.detail()["exits"]] == [
        [0, 10, 10, 40],
        [0, 0, 20, 80],
        [0, 0, 0, 510],
    ]
    assert deal.scores() == [0, 10, 30, 630]
    assert deal.detail()["scores"] == deal.scores()
    assert results[13]["out"]["place"] == 1
    assert results[14]["out"]["per_card"] == 20
    assert all(score % 10 == 0 for score in deal.scores())


def test_ql_23_going_out_is_at_once_when_a_play_empties_a_hand() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    play(deal, *EXITS_PLAY[:13])
    assert deal.scores() == [0, 0, 0, 0]
    extras = seen(deal, "play 8S")
    assert extras == {
        "out": {
            "seat": 0,
            "place": 1,
            "per_card": 10,
            "hand_sizes": [0, 1, 1, 4],
            "points": [0, 10, 10, 40],
        }
    }
    assert deal.scores() == [0, 10, 10, 40]
    assert deal.zones(None)["out"] == [0]
    assert deal.zones(None)["snack_scores"] == [0, 10, 10, 40]
    assert deal.to_act == 1 and not deal.done


def test_ql_23_last_player_takes_remaining_piles() -> None:
    deal, piles = make_deal(EXITS_HANDS, EXITS_PILES)
    play(deal, *EXITS_PLAY[:15])
    extras = seen(deal, "play 8D")
    pickup = {"seat": 3, "piles": [2, 3, 4, 5, 6], "cards": 13, "hand_size": 17}
    assert extras["pickup"] == pickup
    assert extras["out"]["points"] == [0, 0, 0, 510]
    assert deal.detail()["pickup"] == pickup
    zones = deal.zones(3)
    assert zones["piles"] == [0] * 6
    assert zones["hand_sizes"] == [0, 0, 0, 17]
    # The jack of clubs came with the piles: into the hand, not laid out (the deal is over).
    assert "JC" in zones["hand"]
    assert zones["rows"]["C"] is None
    expected = sorted([*EXITS_HANDS[3], *(c for p in piles[1:] for c in p)])
    assert sorted(zones["hand"]) == expected
    assert [e["seat"] for e in deal.detail()["exits"]] == [0, 1, 2]
    assert deal.zones(None)["out"] == [0, 1, 2]


# --- notation and refusals -----------------------------------------------------------------


def test_parse_gives_canonical_notation() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    assert deal.parse("play th") == "play TH"
    assert deal.parse("play 10h") == "play TH"
    assert deal.parse("PLAY Qs") == "play QS"
    assert deal.parse("take 3") == "take 3"
    assert deal.parse("pass") == "pass"
    for bad in ("take 7", "take 0", "take x", "take", "play", "play ZZ", "play @2", "fold"):
        with pytest.raises(IllegalActionError) as info:
            deal.parse(bad)
        assert info.value.code == "malformed"
    with pytest.raises(IllegalActionError) as info:
        deal.parse("take 7")
    assert "piles are numbered 1 to 6" in info.value.message


def test_bad_actions_are_refused_with_reasons_and_change_nothing() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    play(deal, "play JS", "play JH", "play JD")
    # Seat 3 (7s in hand) cannot play.
    assert refused(deal, "play 7S").message == (
        "The 7 of spades doesn't fit: the spades row ends at the jack, "
        "so only the 10 can go below it (QL-21)."
    )
    assert refused(deal, "play TS").message == "You don't hold the 10 of spades."
    play(deal, "take 1", "play QS")
    # Seat 0 can play the 10 of spades: no take; pile 1 is gone anyway.
    assert refused(deal, "take 1").message == "You can play, so you can't take a pile (QL-22)."
    assert refused(deal, "take 4").message == "You can play, so you can't take a pile (QL-22)."
    assert refused(deal, "play KS").message == "You don't hold the king of spades."
    assert refused(deal, "play 8S").message == (
        "The 8 of spades doesn't fit: the spades row ends at the jack, "
        "so only the 10 can go below it (QL-21)."
    )
    assert refused(deal, "play QS").message.startswith("You don't hold the queen of spades")


def test_nothing_is_possible_once_the_deal_is_done() -> None:
    deal, _ = make_deal(EXITS_HANDS, EXITS_PILES)
    play(deal, *EXITS_PLAY)
    assert deal.legal() == []
    assert str(deal.why_illegal("pass")) == "The Snack deal is over."
    with pytest.raises(IllegalActionError):
        seen(deal, "pass")


# --- hidden information --------------------------------------------------------------------


def _codes_in(data: Any) -> set[str]:
    text = json.dumps(data)
    return {card for card in FRENCH_CARDS if f'"{card}"' in text}


def test_zones_leak_no_other_hand_nor_pile() -> None:
    deal, _ = make_deal(
        [
            ["TH", "8C", "9C", "7D"],
            ["JS", "8H", "QS", "KS"],
            ["JD", "TS", "9S", "AS"],
            ["QH", "KH", "AH", "9H"],
        ],
        {2: ["JH", "JC", "7S"]},
    )
    extras = seen(deal, "take 2")
    assert _codes_in(extras) == {"JH", "JC"}
    play(deal, "play TH")
    table = set(Rows.from_view(deal.zones(None)["rows"]).on_table())
    for viewer in (None, 0, 1, 2, 3):
        zones = deal.zones(viewer)
        assert zones["hands"] == [None] * 4
        assert zones["trick"] == [] and zones["tricks_won"] == [0, 0, 0, 0]
        own = set() if viewer is None else set(zones["hand"])
        assert _codes_in(zones) <= own | table
    assert deal.zones(None)["hand"] == []
    assert deal.zones(0)["hand"] == ["7S", "7D", "8C", "9C"]  # S H D C, 7 up to A
    assert not _codes_in(deal.detail())


# --- random play ---------------------------------------------------------------------------


def random_deal(seed: int) -> tuple[SnackDeal, list[list[str]]]:
    cards = Rng(seed).shuffled(french_deck())
    hands = [cards[4 * seat : 4 * seat + 4] for seat in range(4)]
    piles = [cards[16 + 3 * n : 19 + 3 * n] for n in range(5)] + [[cards[31]]]
    return SnackDeal(seed % 4, hands, piles), piles


def check_cards_accounted_for(deal: SnackDeal, piles: list[list[str]]) -> None:
    """Hands + rows + untaken piles are the 32 cards, each exactly once."""
    hands = [deal.zones(seat)["hand"] for seat in range(4)]
    zones = deal.zones(None)
    table = Rows.from_view(zones["rows"]).on_table()
    in_piles = [
        card for pile, size in zip(piles, zones["piles"], strict=True) if size for card in pile
    ]
    for pile, size in zip(piles, zones["piles"], strict=True):
        assert size in (0, len(pile))
    every = [card for hand in hands for card in hand] + table + in_piles
    assert sorted(every) == sorted(french_deck())
    assert [len(h) for h in hands] == zones["hand_sizes"]


def test_random_play_finishes_and_accounts_for_every_card() -> None:
    for seed in range(300):
        deal, piles = random_deal(seed)
        rng = Rng(seed, 1)
        steps = 0
        while not deal.done:
            legal = deal.legal()
            assert legal and legal == sorted(set(legal))
            assert deal.to_act not in deal.zones(None)["out"]
            seen(deal, rng.choice(legal))
            check_cards_accounted_for(deal, piles)
            steps += 1
            assert steps < 200
        scores = deal.scores()
        assert all(score >= 0 and score % 10 == 0 for score in scores)
        detail = deal.detail()
        assert len(detail["exits"]) == 3
        totals = [sum(e["points"][s] for e in detail["exits"]) for s in range(4)]
        assert totals == scores
        last = detail["pickup"]["seat"]
        assert sorted([*deal.zones(None)["out"], last]) == [0, 1, 2, 3]
        assert deal.zones(None)["piles"] == [0] * 6


def bot_view(deal: SnackDeal) -> dict[str, Any]:
    seat = deal.to_act
    return {"seat": seat, "legal": deal.legal(), **deal.zones(seat)}


def test_snack_bot_plays_legal_moves_to_the_end() -> None:
    for seed in range(60):
        deal, piles = random_deal(seed)
        rng = Rng(seed, 2)
        while not deal.done:
            view = bot_view(deal)
            action = snack_action(view, rng)
            assert action in view["legal"]
            seen(deal, action)
        check_cards_accounted_for(deal, piles)


def test_snack_bot_keeps_its_follow_ups_and_holds_back_gifts() -> None:
    rows = {"S": ["JS", "JS"], "H": ["JH", "JH"], "D": None, "C": None}
    # QH keeps the bot's own KH playable; TS would open the 9 of spades for someone else.
    view = {
        "seat": 0,
        "legal": ["play QH", "play TS"],
        "hand": ["TS", "QH", "KH", "7C"],
        "rows": rows,
        "piles": [3, 3, 3, 3, 3, 1],
    }
    for seed in range(10):
        assert snack_action(view, Rng(seed)) == "play QH"
    # An ace opens nothing; the queen of spades would open the king for an opponent.
    view = {
        "seat": 0,
        "legal": ["play AH", "play QS"],
        "hand": ["QS", "AH", "7C", "8D"],
        "rows": {"S": ["JS", "JS"], "H": ["JH", "KH"], "D": None, "C": None},
        "piles": [3, 3, 3, 3, 3, 1],
    }
    assert snack_action(view, Rng(0)) == "play AH"


def test_snack_bot_takes_a_big_pile_when_the_single_card_is_unlikely_to_help() -> None:
    view = {
        "seat": 0,
        "legal": ["take 1", "take 2", "take 6"],
        "hand": ["7S", "7H", "7D", "7C"],
        "rows": {"S": ["JS", "JS"], "H": None, "D": None, "C": None},
        "piles": [3, 3, 0, 0, 0, 1],
    }
    picks = {snack_action(view, Rng(seed)) for seed in range(20)}
    assert picks == {"take 1", "take 2"}
    # Late in the deal almost every unknown card fits an open end: the single card is worth
    # the gamble.
    view = {
        "seat": 0,
        "legal": ["take 1", "take 6"],
        "hand": ["7C"],
        "rows": {"S": ["8S", "AS"], "H": ["8H", "AH"], "D": ["8D", "AD"], "C": ["TC", "AC"]},
        "piles": [3, 0, 0, 0, 0, 1],
    }
    assert snack_action(view, Rng(0)) == "take 6"


# --- through the public API ----------------------------------------------------------------


def test_practice_snack_game_plays_to_the_end() -> None:
    game = engine.new_game("quodlibet", players=4, seed=7, options={"contracts": ["snack"]})
    view = game.view(None)
    assert view["contract"] == "snack"
    assert view["piles"] == [3, 3, 3, 3, 3, 1]
    steps = 0
    while not game.is_over:
        seat = game.to_act
        assert seat is not None
        own = game.view(seat)
        # The draw for the first dealer (QL-3) shows cards before the shuffle: public.
        own["log"] = [entry for entry in own["log"] if entry["action"] != "draw"]
        others = set()
        table = set(Rows.from_view(own["rows"]).on_table())
        for other in range(4):
            if other != seat:
                others |= set(game.view(other)["hand"])
        assert not (_codes_in(own) & (others - table))
        game.apply(game.bot_action("normal", seed=steps))
        steps += 1
        assert steps < 200
    assert all(total >= 0 and total % 10 == 0 for total in game.totals)
    assert sum(game.totals) > 0
    assert game.winners
