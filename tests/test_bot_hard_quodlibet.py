"""Quodlibet's ``hard`` computer player (engine/bots/quodlibet/): the sampler's
worlds agree with the view and with what play has revealed, the search never peeks (games
that look the same to a seat get the same choices at every level), it is deterministic,
and it plays whole games."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import engine
from engine.bots import levels
from engine.bots.assign import Assignment, Group
from engine.bots.quodlibet import hard
from engine.bots.quodlibet.hard import MODEL, deal_reward
from engine.bots.quodlibet.sample import (
    TrickPlan,
    make_plan,
    sample_playout,
    sample_state,
    sample_world,
    voids,
)
from engine.bots.quodlibet.snack_sample import POOL, SnackPlan
from engine.cards import french_deck, rank_of, suit_of
from engine.game import Game
from engine.games.quodlibet.snack_rows import Rows
from engine.rng import Rng

LEVELS = ("easy", "normal", "hard")
HARD_ITERATIONS = 20
DECK = french_deck()
SUITS = [[rank + suit for rank in "789TJQKA"] for suit in "SHDC"]


def new(seed: int = 1, **options: Any) -> Game:
    return engine.new_game("quodlibet", seed=seed, options=options)


def hidden_cards(world: Game) -> Counter[str]:
    """Every card of a sampled world, wherever it is (hands, tricks, rows, piles)."""
    deal = world.deal  # type: ignore[attr-defined]
    cards: Counter[str] = Counter()
    if deal is None:
        for hand in world.dealt:  # type: ignore[attr-defined]
            cards.update(hand)
    elif world.view(None)["phase"] == "snack":
        for seat in range(4):
            cards.update(deal.hand(seat))
        for pile in deal.piles():
            cards.update(pile)
        cards.update(Rows.from_view(world.view(None)["rows"]).on_table())
    else:
        for hand in deal.hands:
            cards.update(hand)
        cards.update(card for trick in deal.tricks for card in trick.cards)
        cards.update(card for _, card in deal.trick)
    return cards


def check_samples(game: Game, rng: Rng, count: int) -> None:
    """``count`` worlds sampled from the view of the seat to act agree with that view."""
    seat = game.to_act
    assert seat is not None
    view = game.view(seat)
    for _ in range(count):
        world = MODEL.sample(view, rng)
        assert world.to_act == seat
        assert world.legal_actions() == view["legal"]
        assert world.view(seat) == view  # public fields, own hand, log, score sheet...
        cards = hidden_cards(world)
        assert sorted(cards) == sorted(DECK) and max(cards.values()) == 1  # all 32, once
        zones = world.view(None)
        assert zones["hand_sizes"] == view["hand_sizes"]


def play_on(game: Game, move: int) -> None:
    level = "normal" if move % 3 else "easy"
    game.apply(game.bot_action(level, seed=move))


# --- the sampler agrees with the view ------------------------------------------------------


@pytest.mark.parametrize(
    "options",
    [
        {},
        {
            "contracts": ["plus", "open-trousers", "good-hunting", "bribe", "snack"],
            "dealer_leads": True,
            "plus_austrian": True,
        },
        {"contracts": ["snack"]},
    ],
    ids=["full-game", "practice-variants", "snack"],
)
def test_sampled_worlds_agree_with_the_view_in_every_phase(options: dict[str, Any]) -> None:
    phases: set[str] = set()
    for seed in range(1 if not options else 3):
        game = new(seed, **options)
        rng = Rng(seed)
        move = 0
        while not game.is_over:
            phases.add(str(game.view(None)["phase"]))
            check_samples(game, rng, 2)
            play_on(game, move)
            move += 1
    assert phases >= ({"snack"} if options.get("contracts") == ["snack"] else {"play"})
    if not options:
        assert phases == {"choose", "play", "snack"}


def test_ql_7_a_seat_that_did_not_follow_suit_never_gets_that_suit() -> None:
    # Seat 1 leads spades; seat 2 holds no spade and discards a heart; seat 3 also discards.
    hands = [
        ["AS", "KS", "QS", "AH", "KH", "QH", "JH", "TH"],
        ["JS", "TS", "9S", "8S", "7S", "AD", "KD", "QD"],
        ["9H", "8H", "7H", "JD", "TD", "9D", "8D", "7D"],
        ["AC", "KC", "QC", "JC", "TC", "9C", "8C", "7C"],
    ]
    game = new(contracts=["minus"], dealer=0, deal={"hands": hands})
    for card in ("7S", "7H", "7C"):
        game.apply(f"play {card}")
    view = game.view(0)
    assert voids([(1, "7S"), (2, "7H"), (3, "7C")])[2] == {"S"}
    rng = Rng(5)
    for _ in range(200):
        world = MODEL.sample(view, rng)
        deal = world.deal  # type: ignore[attr-defined]
        assert deal.hands[0] == sorted(view["hand"], key=DECK.index)
        assert not [card for card in deal.hands[2] if suit_of(card) == "S"]
        assert not [card for card in deal.hands[3] if suit_of(card) == "S"]
        assert [len(hand) for hand in deal.hands] == view["hand_sizes"]
    # Seat 1 has shown nothing: over many worlds it gets every unseen spade sometimes.
    spades: set[str] = set()
    for _ in range(200):
        world = MODEL.sample(view, rng)
        spades.update(c for c in world.deal.hands[1] if suit_of(c) == "S")  # type: ignore[attr-defined]
    assert spades == {"JS", "TS", "9S", "8S"}


def test_ql_5_choosing_dealer_knows_only_their_own_hand() -> None:
    game = new(dealer=2)
    view = game.view(2)
    rng = Rng(3)
    worlds = [MODEL.sample(view, rng) for _ in range(30)]
    for world in worlds:
        assert sorted(world.dealt[2]) == sorted(view["hand"])  # type: ignore[attr-defined]
        assert all(len(hand) == 8 for hand in world.dealt)  # type: ignore[attr-defined]
    others = {tuple(sorted(world.dealt[0])) for world in worlds}  # type: ignore[attr-defined]
    assert len(others) == len(worlds)  # the other hands really are drawn


def test_ql_17_open_trousers_viewer_sees_the_others_but_not_their_own_order() -> None:
    game = new(contracts=["open-trousers"], dealer=3, deal={"hands": SUITS})
    game.apply("play @0")  # seat 0 leads blind
    view = game.view(1)
    rng = Rng(8)
    firsts: set[str] = set()
    for _ in range(60):
        world = MODEL.sample(view, rng)
        hands = world.deal.hands  # type: ignore[attr-defined]
        for seat in (0, 2, 3):
            assert hands[seat] == view["hands"][seat]  # exactly as seen, in order
        assert sorted(hands[1]) == sorted(SUITS[1])  # own cards: the unseen ones
        firsts.add(hands[1][0])
    assert len(firsts) >= 5  # own positions in random order


def test_ql_18_good_hunting_leaves_nothing_to_chance() -> None:
    game = new(contracts=["good-hunting"], dealer=3, deal={"hands": SUITS})
    view = game.view(0)
    world = MODEL.sample(view, Rng(1))
    assert world.deal.hands == game.deal.hands  # type: ignore[attr-defined]


# --- Snack: what takes and passes say -------------------------------------------------------


def test_ql_22_snack_the_real_deal_always_passes_the_origin_check() -> None:
    """Whatever happened, the true hidden cards are one of the deals the sampler allows:
    no bar and no origin check ever rules the truth out."""
    for seed in range(6):
        game = new(seed, contracts=["snack"])
        move = 0
        while not game.is_over:
            view = game.view(game.to_act)
            plan = SnackPlan(view)
            deal = game.deal  # type: ignore[attr-defined]
            truth = [
                [card for pile in deal.piles() for card in pile]
                if slot == POOL
                else list(deal.hand(slot))
                for slot in plan.slots
            ]
            for index, cards in enumerate(truth):
                assert all(index in plan.allowed[card] for card in cards)
            assert plan.good(truth)
            play_on(game, move)
            move += 1


def snack_game(hands: list[list[str]], piles: list[list[str]]) -> Game:
    return new(contracts=["snack"], dealer=3, deal={"hands": hands, "piles": piles})


def test_ql_22_a_player_who_took_a_pile_held_nothing_that_fitted_then() -> None:
    # Seat 0 lays the jack of spades. Seat 1 cannot play, takes the one-card pile (the queen
    # of spades) and plays it. When it took, the 10 of spades fitted, so the 10 was not in
    # its hand; the only pile it took held the queen, so the 10 cannot be there now either.
    # The bars alone allow it; only the origin check rules it out.
    hands = [
        ["JS", "8H", "8D", "8C"],
        ["7S", "7H", "7D", "7C"],
        ["9S", "9H", "9D", "9C"],
        ["TS", "KH", "KD", "KC"],
    ]
    rest = ["8S", "KS", "AS", "TH", "JH", "QH", "AH", "TD", "JD", "QD", "AD", "TC", "JC"]
    piles = [rest[0:3], rest[3:6], rest[6:9], rest[9:12], [*rest[12:], "QC", "AC"], ["QS"]]
    game = snack_game(hands, piles)
    for action in ("play JS", "take 6", "play QS"):
        game.apply(action)
    view = game.view(2)
    assert view["legal"] == ["take 1", "take 2", "take 3", "take 4", "take 5"]
    plan = SnackPlan(view)
    seat_1 = plan.slots.index(1)
    assert seat_1 in plan.allowed["TS"]
    rng = Rng(2)
    places: Counter[int] = Counter()
    for _ in range(300):
        world = MODEL.sample(view, rng)
        snack = world.deal  # type: ignore[attr-defined]
        assert "TS" not in snack.hand(1)
        assert not [card for card in snack.hand(1) if rank_of(card) == "J"]  # it took
        assert [len(snack.hand(s)) for s in range(4)] == view["hand_sizes"]
        holder = next((s for s in (0, 3) if "TS" in snack.hand(s)), POOL)
        places[holder] += 1
    assert set(places) == {0, 3, POOL}  # everywhere else it may be


def test_ql_22_a_player_who_passed_held_nothing_that_fitted_then() -> None:
    # Seat 0 lays the jack of spades; seat 1 can never play and takes all six piles, then
    # passes (the 10 and queen of spades fitted). Seat 2 plays the 10; seat 3 cannot play
    # and passes (the 9 and queen of spades fitted). Seen from seat 0: the queen of spades
    # can only be with seat 2, and the 9 of spades is not with seat 3.
    hands = [
        ["JS", "JH", "JD", "JC"],
        ["7S", "7H", "7D", "7C"],
        ["TS", "QS", "8S", "9S"],
        ["KS", "AS", "8H", "9H"],
    ]
    piles = [
        ["TH", "QH", "KH"],
        ["AH", "8D", "9D"],
        ["TD", "QD", "KD"],
        ["AD", "8C", "9C"],
        ["TC", "QC", "KC"],
        ["AC"],
    ]
    game = snack_game(hands, piles)
    game.apply("play JS")
    for pile in range(1, 7):
        game.apply(f"take {pile}")
    for action in ("pass", "play TS", "pass"):
        assert action in game.legal_actions()
        game.apply(action)
    view = game.view(0)
    assert game.to_act == 0
    rng = Rng(4)
    nine_with: Counter[int] = Counter()
    for _ in range(200):
        world = MODEL.sample(view, rng)
        snack = world.deal  # type: ignore[attr-defined]
        assert "QS" in snack.hand(2)
        assert "9S" not in snack.hand(3)
        nine_with[next(s for s in (1, 2) if "9S" in snack.hand(s))] += 1
    assert set(nine_with) == {1, 2}


# --- fairness: the same view gives the same choice -------------------------------------------


def twin_games(options: dict[str, Any], swap: tuple[tuple[str, int, str], ...]) -> list[Game]:
    """Two games whose first deals differ only by moving cards seat 0 cannot see: each
    ``(part, index, card)`` puts ``card`` into ``hands[index]`` or ``piles[index]`` in place
    of the card there that the other entries move away."""
    deal = options["deal"]
    other = {key: [list(part) for part in value] for key, value in deal.items()}
    cards = [card for _, _, card in swap]
    for (part, index, card), old in zip(swap, cards[1:] + cards[:1], strict=True):
        where = other[part][index]
        where[where.index(old)] = card
    return [new(9, **options), new(9, **{**options, "deal": other})]


def assert_fair(games: list[Game], seat: int, moves: int, avoid: str = "") -> int:
    """Play both games with the same actions; at each decision of ``seat`` its views agree
    and every level chooses alike. ``seat`` never plays ``avoid`` (taking the pile that
    differs would rightly show it the difference): the games stop there if it must.
    Returns how many decisions of ``seat`` were compared."""
    g1, g2 = games
    compared = 0
    for move in range(moves):
        if g1.is_over or g1.round > 1:
            break
        assert g1.to_act == g2.to_act
        actor = g1.to_act
        if actor == seat:
            assert g1.view(seat) == g2.view(seat)
            for level in LEVELS:
                iterations = HARD_ITERATIONS if level == "hard" else None
                one = g1.bot_action(level, seed=move, iterations=iterations)
                two = g2.bot_action(level, seed=move, iterations=iterations)
                assert one == two, (level, move)
            compared += 1
            choices = [a for a in g1.legal_actions() if a != avoid]
            if not choices:
                break
            action = g1.bot_action("normal", seed=move)
            action = action if action in choices else choices[0]
        else:
            common = [a for a in g1.legal_actions() if a in set(g2.legal_actions())]
            if not common:
                break
            preferred = g1.bot_action("normal", seed=move)
            action = preferred if preferred in common else common[0]
        g1.apply(action)
        g2.apply(action)
    return compared


def test_fairness_trick_contract_choosing_and_play() -> None:
    hands = [
        ["AS", "9S", "KH", "8H", "QD", "7D", "JC", "TC"],
        ["KS", "8S", "QH", "7H", "JD", "AC", "9C", "7C"],
        ["QS", "7S", "JH", "AH", "TD", "9D", "KC", "8C"],
        ["JS", "TS", "TH", "9H", "AD", "KD", "8D", "QC"],
    ]
    games = twin_games(
        {"dealer": 0, "deal": {"hands": hands}}, (("hands", 1, "7S"), ("hands", 2, "8S"))
    )
    assert games[0].view(0) == games[1].view(0)
    assert assert_fair(games, 0, 40) >= 3


def test_fairness_open_trousers_own_order_and_others() -> None:
    hands = [list(suit) for suit in SUITS]
    options = {"contracts": ["open-trousers"], "dealer": 3, "deal": {"hands": hands}}
    g1 = new(9, **options)
    # The same cards for seat 0 in another order: reshuffled differently, and seat 0 sees none.
    swapped = [hands[0][::-1], *hands[1:]]
    g2 = new(9, **{**options, "deal": {"hands": swapped}})
    assert g1.deal.hands[0] != g2.deal.hands[0]  # type: ignore[attr-defined]
    assert g1.view(0) == g2.view(0)
    for move in range(8):
        if g1.to_act == 0:
            for level in LEVELS:
                iterations = HARD_ITERATIONS if level == "hard" else None
                assert g1.bot_action(level, move, iterations=iterations) == g2.bot_action(
                    level, move, iterations=iterations
                )
            break
        action = g1.legal_actions()[0]
        g1.apply(action)
        g2.apply(action)


def test_fairness_snack_piles_and_other_hands() -> None:
    hands = [
        ["JS", "TS", "8H", "9D"],
        ["QS", "KS", "7H", "AD"],
        ["JH", "QH", "7C", "8C"],
        ["TH", "9C", "TC", "KD"],
    ]
    rest = [card for card in DECK if not any(card in hand for hand in hands)]
    piles = [rest[0:3], rest[3:6], rest[6:9], rest[9:12], rest[12:15], rest[15:16]]
    options = {"contracts": ["snack"], "dealer": 3, "deal": {"hands": hands, "piles": piles}}
    swap = (("hands", 1, piles[1][0]), ("piles", 1, "AD"))  # seat 1's AD for one in pile 2
    games = twin_games(options, swap)
    assert games[0].view(1)["hand"] != games[1].view(1)["hand"]
    assert assert_fair(games, 0, 40, avoid="take 2") >= 3


# --- determinism, whole games, the reward ----------------------------------------------------


def test_same_view_and_seed_give_the_same_action() -> None:
    game = new(4, dealer=1)
    game.apply(game.bot_action("normal"))
    for _ in range(5):
        game.apply(game.bot_action("normal", seed=3))
    copy = engine.load_game(game.to_json())
    first = game.bot_action("hard", seed=11, iterations=40)
    assert copy.bot_action("hard", seed=11, iterations=40) == first
    assert game.bot_action("hard", seed=11, iterations=40) == first


def test_hard_plays_a_whole_game_to_the_end() -> None:
    game = new(6)
    move = 0
    while not game.is_over:
        level = "hard" if game.to_act == 0 else "normal"
        game.apply(game.bot_action(level, seed=move, iterations=8))
        move += 1
        assert move < 2_000
    assert game.winners
    assert levels("quodlibet") == ["easy", "normal", "hard"]


def test_hard_default_budget_choice_is_legal() -> None:
    game = new(2, contracts=["bribe"], dealer=0)
    assert game.bot_action("hard", seed=1) in game.legal_actions()


def test_reward_prefers_fewer_penalty_points() -> None:
    rewards = []
    for seat_score in (-40, 0, 40):
        game = new(3, contracts=["minus"], dealer=0)
        # A world sampled from a view that shows this deal scored so.
        scores = [seat_score, 20, 20, 20]
        sheet = [{"round": 1, "scores": scores, "detail": {"contract": "minus"}}]
        view = {**game.view(game.to_act), "totals": scores, "score_sheet": sheet}
        world = MODEL.sample(view, Rng(0))
        assert world.totals == scores and world.score_sheet == sheet
        rewards.append(deal_reward(world, 0, 0))
    assert all(0.0 <= r <= 1.0 for r in rewards)
    assert rewards[0] > rewards[1] > rewards[2]


# --- the uniform deal under bars ---------------------------------------------------------------


def test_assignment_counts_and_samples_uniformly() -> None:
    free = Assignment([Group(tuple(DECK[:24]), (0, 1, 2))], [8, 8, 8])
    assert free.ways == 9_465_511_770  # 24! / (8!)^3
    # Two slots of 2; the spades may not go to slot 1: the spades fill slot 0.
    barred = Assignment([Group(("AS", "KS"), (0,)), Group(("AH", "KH"), (0, 1))], [2, 2])
    assert barred.ways == 1
    slots = barred.sample(Rng(1))
    assert sorted(slots[0]) == ["AS", "KS"] and sorted(slots[1]) == ["AH", "KH"]
    # One spade barred from slot 1 among 3 cards in slots of 1 and 2: 2 deals, equally likely.
    small = Assignment([Group(("AS",), (0,)), Group(("AH", "KH"), (0, 1))], [2, 1])
    assert small.ways == 2
    rng = Rng(7)
    counts = Counter(tuple(small.sample(rng)[1]) for _ in range(2_000))
    assert set(counts) == {("AH",), ("KH",)}
    assert abs(counts[("AH",)] - 1_000) < 150


CARD_BITS = {card: 1 << i for i, card in enumerate(DECK)}


def random_assignment(rng: Rng) -> Assignment:
    """Up to 40 cards in up to 4 groups, each barred from some of up to 4 slots (sizes
    filled exactly when the bars allow: some assignments have no way at all)."""
    slots = 1 + rng.below(4)
    cards = rng.shuffled(DECK)[: 1 + rng.below(32)]
    groups = []
    start = 0
    while start < len(cards):
        size = 1 + rng.below(9)
        allowed = tuple(s for s in range(slots) if rng.below(3)) or (rng.below(slots),)
        groups.append(Group(tuple(cards[start : start + size]), allowed))
        start += size
    sizes = [0] * slots
    for _ in cards:
        sizes[rng.below(slots)] += 1
    return Assignment(groups, sizes)


def test_sample_sums_is_the_sample_as_sums_with_the_same_draws() -> None:
    """``sample_sums`` (the search's worlds as masks) makes the filling ``sample`` makes
    from the same generator, and leaves it in the same state: also when a split has one
    way (no draw: the batch it took is stepped back) and when a total is above 2**64
    (``sample`` draws for it)."""
    rng = Rng(40)
    tried = 0
    while tried < 300:
        assignment = random_assignment(rng)
        if not assignment.ways:
            continue
        tried += 1
        one, two = Rng(tried, 1), Rng(tried, 1)
        for _ in range(3):
            slots = assignment.sample(one)
            sums = assignment.sample_sums(two, CARD_BITS)
            assert sums == [sum(CARD_BITS[card] for card in slot) for slot in slots]
            assert one.state == two.state
    forced = Assignment([Group(("AS",), (0,)), Group(("KS", "QS"), (1,))], [1, 2])
    big = Assignment([Group(tuple(DECK), tuple(range(8)))], [4] * 8)
    assert big.ways > 2**64
    for assignment in (forced, big):
        one, two = Rng(3), Rng(3)
        for _ in range(3):
            slots = assignment.sample(one)
            sums = assignment.sample_sums(two, CARD_BITS)
            assert sums == [sum(CARD_BITS[card] for card in slot) for slot in slots]
            assert one.state == two.state


def test_plan_is_reused_for_the_same_view_only() -> None:
    game = new(2, dealer=0)
    view = game.view(0)
    assert isinstance(make_plan(view), TrickPlan)
    one = MODEL.sample(view, Rng(1))
    two = MODEL.sample(dict(view), Rng(1))  # an equal view gives the same world
    assert one.dealt == two.dealt  # type: ignore[attr-defined]


@pytest.mark.parametrize("contract", ["minus", "snack"])
def test_sample_world_makes_fresh_copies_of_one_draw(contract: str) -> None:
    game = new(5, contracts=[contract], dealer=0)
    game.apply(game.bot_action("normal", seed=1))
    view = game.view(game.to_act)
    make = sample_world(view, Rng(3))
    one, two = make(), make()
    assert one is not two and one.to_json() == two.to_json()  # the same world, twice
    assert sample_state(view, Rng(3)).to_json() == one.to_json()  # the sampler's own draw
    one.apply(one.legal_actions()[-1])
    assert make().to_json() == two.to_json()  # playing in one copy leaves the others be


def test_paired_search_halves_the_candidates_over_shared_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Eight cards to lead and 48 playouts: three stages of 16 playouts, in which 8, then
    4, then 2 candidates each play every world of the stage (each a playout of the same
    draw of the unseen cards)."""
    game = new(5, contracts=["minus"], dealer=0)
    view = game.view(game.to_act)
    assert len(MODEL.candidates(view)) == 8
    plays: list[int] = []

    def counting(view: dict[str, Any], rng: Rng) -> Any:
        playout = sample_playout(view, rng)
        plays.append(0)

        def play(first: str, policy: Any) -> list[int]:
            plays[-1] += 1
            return playout(first, policy)

        return play

    monkeypatch.setattr(hard, "sample_playout", counting)
    action = game.bot_action("hard", seed=2, iterations=48)
    assert action in game.legal_actions()
    assert plays == [8] * 2 + [4] * 4 + [2] * 8


def test_candidates_one_of_each_kind_of_action_the_seat_cannot_tell_apart() -> None:
    game = new(contracts=["open-trousers"], dealer=3, deal={"hands": SUITS})
    (position,) = MODEL.candidates(game.view(0))  # QL-17: every position is unseen
    assert position in game.legal_actions()
    hands = [
        ["JS", "JH", "JD", "JC"],
        ["7S", "7H", "7D", "7C"],
        ["TS", "QS", "8S", "9S"],
        ["KS", "AS", "8H", "9H"],
    ]
    piles = [["TH", "QH", "KH"], ["AH", "8D", "9D"], ["TD", "QD", "KD"]]
    piles += [["AD", "8C", "9C"], ["TC", "QC", "KC"], ["AC"]]
    snack = snack_game(hands, piles)
    snack.apply("play JS")
    assert len(snack.legal_actions()) == 6
    assert MODEL.candidates(snack.view(1)) == ["take 1", "take 6"]  # QL-20: 3-card piles alike
    snack.apply("take 6")
    assert MODEL.candidates(snack.view(1)) == ["take 1"]
