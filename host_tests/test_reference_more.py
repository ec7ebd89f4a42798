"""The engine's games for three and four against an independent reading of
RULES.md 2b, 2c and 3, and of the README's bidding games for two and three
(reference_more.py).

Random matches of each game, under random rule options and targets, are
played on both sides from the same deal: at every step the legal actions,
the hands, tricks and points must agree, and after every hand the result,
the game points, the match scores, the next dealer and the match winner.
The record each match leaves is then read back by the reference's own
reader and must replay to the same results as the engine's reader gives.
Besides: every branch of the auction and of the last tricks from a few
deals, and the deals made from a shuffled deck.
"""

import collections
import random

import perft_reference as two
import pytest
import reference_more as ref
from sixtysix import bid, four, sixtyfive
from sixtysix.bid_match import BidMatch
from sixtysix.cards import card48_name, card_name
from sixtysix.four import FourHand, FourMatch, FourRules
from sixtysix.hand import CLAIM, MARRY, Hand, IllegalAction
from sixtysix.rules import OPTIONS, Rules
from sixtysix.sixtyfive import SixtyFiveHand, SixtyFiveMatch, SixtyFiveRules
from sixtysix.three import ThreeMatch
from sixtysix_tools.records import RecordWriter, read
from test_perft_reference import assert_agree, engine_actions, names, reference_rules

CARD_ID = {card_name(c): c for c in range(24)}
CARD48_ID = {card48_name(c): c for c in range(48)}
CODES_TWO = tuple(range(24)) + tuple(range(MARRY, CLAIM + 1))  # cards, marriages, exchange, close, claim
CODES_FOUR = tuple(range(24)) + tuple(range(MARRY, MARRY + 4)) + tuple(range(four.PASS, four.BID + 6))
CODES_65 = tuple(range(48))
MAX_HANDS = 40  # random bidders may fail for ever (docs/MORE_GAMES.md 2c 7)


def mask(cards):
    return sum(1 << CARD_ID[c] for c in cards)


def halves(hands):
    """Sixty-Five's deal: hands[seat * 2 + half] as 24-bit sets."""
    out = [0] * 8
    for seat, cards in enumerate(hands):
        for c in cards:
            out[seat * 2 + CARD48_ID[c] // 24] |= 1 << (CARD48_ID[c] % 24)
    return out


def names48(lo, hi):
    return frozenset(card48_name(c) for c in range(48) if ((hi if c >= 24 else lo) >> (c % 24)) & 1)


def coded(h, buf, action_name):
    """{record spelling: code} of a four-player hand's legal actions."""
    n = h.legal_actions(buf)
    found = {action_name(buf[i]): buf[i] for i in range(n)}
    assert len(found) == n, "an action is listed twice"
    return found


def refuse_one(m, legal, codes, rnd, where):
    """Now and then an action the engine does not list: it must be refused
    (RULES.md: a rejected action changes nothing; the checks that follow
    compare the state).  `legal` is the listed codes, `codes` every code."""
    wrong = sorted(set(codes) - set(legal))
    if wrong and rnd.random() < 0.2:
        with pytest.raises(IllegalAction):
            m.act(rnd.choice(wrong))


def shuffled(rnd, deck):
    order = list(deck)
    rnd.shuffle(order)
    return order


def replayed_alike(text, where):
    """The reference replays the engine's record to the engine's results."""
    data = read(text).to_json()
    match, played = ref.replay(text)
    assert len(played) == len(data["hands"]), where
    booked = [0] * len(match.scores)
    for entry, (_s, after) in zip(data["hands"], played):
        change = [a - b for a, b in zip(after.scores, booked)]
        assert list(entry["game_points"].values()) == change, where
        booked = after.scores
    names = list(data["match"]["score"])
    assert list(data["match"]["score"].values()) == list(match.scores), where
    assert data["match"]["winner"] == (names[match.winner] if match.winner >= 0 else None), where
    return data, played, match


# --- RULES.md 2b: three-hand ------------------------------------------------


def three_match(seed, seen):
    """One random three-hand match, checked step by step; returns its record
    and counts in `seen` what came up."""
    rnd = random.Random(seed)
    r = Rules()
    for name, _attr, values in OPTIONS:
        r.set_option(name, rnd.choice(values))
    if seed % 3 == 0:
        # Hands played out to no winner, and so the pot, come up mostly here.
        for name, value in (("played-out", "points"), ("no-winner", "pot"), ("last-trick-bonus", "0")):
            r.set_option(name, value)
    r.target = rnd.randint(1, 7)
    m = ThreeMatch(r, seed)
    writer = RecordWriter(m)
    rm = ref.ThreeMatch(reference_rules(r), r.target, rnd.randrange(3))
    deck = [card_name(c) for c in range(24)]
    hands = 0
    while m.winner < 0 and hands < MAX_HANDS:
        where = "three-hand seed %d hand %d" % (seed, hands)
        left, right, stock = ref.three_deal(shuffled(rnd, deck), rm.dealer)
        h = m.deal(rm.dealer, mask(left), mask(right), [CARD_ID[c] for c in stock])
        writer.begin_hand()
        assert (m.seat_of(0), m.seat_of(1)) == ref.three_players(rm.dealer), where
        assert m.player_of(rm.dealer) == -1, where
        s = ref.three_hand(rm, left, right, stock)
        step = 0
        while True:
            if not h.over:
                refuse_one(m, engine_actions(h).values(), CODES_TWO, rnd, where)
            assert_agree(h, s, "%s step %d" % (where, step))
            if h.over:
                break
            actions = engine_actions(h)
            # Claim now and then, right or wrong; close seldom, so that
            # hands are also played out (and the pot comes up).
            choices = sorted(a for a in actions if a != "claim" and (a != "close" or rnd.random() < 0.1))
            if not choices or rnd.random() < (0.5 if h.score(h.turn) >= two.WIN else 0.01):
                move = "claim"
            else:
                move = rnd.choice(choices)
            m.act(actions[move])
            s = two.act(s, move)
            step += 1
        writer.sync()
        m.finish_hand()
        before, rm = rm, ref.three_finish(rm, s)
        assert (tuple(m.scores), m.pot, m.winner) == (rm.scores, rm.pot, rm.winner), where
        winner, points, reason, forfeit = s.result
        seen[reason] += 1
        seen["forfeit"] += forfeit
        seen["pot paid"] += winner >= 0 and before.pot > 0
        d = before.dealer
        seen["dealer capped"] += winner >= 0 and not forfeit and rm.scores[d] - before.scores[d] < points
        if m.winner < 0:
            assert m.dealer == rm.dealer, where
        hands += 1
    return writer.text()


@pytest.mark.parametrize("first_seed", range(0, 120, 40))
def test_three_hand_agrees_with_reference(first_seed):
    seen = collections.Counter()
    for seed in range(first_seed, first_seed + 40):
        text = three_match(seed, seen)
        data, played, _ = replayed_alike(text, "three-hand seed %d" % seed)
        for entry, (s, _after) in zip(data["hands"], played):
            winner, _points, reason, _forfeit = s.result
            seats = ref.three_players(ref.SEAT_LETTERS.index(entry["dealer"]))
            assert entry["reason"] == reason, seed
            assert entry["winner"] == (ref.SEAT_LETTERS[seats[winner]] if winner >= 0 else None), seed
            assert entry["points"] == {ref.SEAT_LETTERS[seats[p]]: two.score(s, p) for p in (0, 1)}, seed
    # Every ending and every part of the match's booking comes up.
    wanted = ("claim", "false-claim", "closer-failed", "played-out", "no-winner")
    wanted += ("forfeit", "pot paid", "dealer capped")
    assert min(seen[k] for k in wanted) >= 1, seen


# --- RULES.md 2c: four-hand, with bidding ------------------------------------


def four_step(h, s, buf, where):
    assert set(coded(h, buf, four.action_name)) == ref.four_legal(s), where
    for seat in range(4):
        if ref.in_play(s, seat) or not s.playing:
            assert names(h.hands[seat]) == s.hands[seat], where
    assert tuple(h.tricks) == s.tricks, where
    assert (h.side_score(0), h.side_score(1)) == (ref.four_points(s, 0), ref.four_points(s, 1)), where
    assert h.over == (s.result is not None), where
    if not h.over:
        assert h.turn == s.turn, where
        assert (h.trump >= 0 and "CDHS"[h.trump]) == (s.trump or False), where


def four_match(seed, seen, solo_bias=False):
    """One random four-hand match, checked step by step; returns its record
    and counts in `seen` what came up."""
    rnd = random.Random(seed)
    r = FourRules()
    changes = {}
    for name, _attr, values in four.OPTIONS:
        changes[name] = rnd.choice(values)
        r.set_option(name, changes[name])
    # A target of 1 now and then, so both sides reach it in one hand.
    r.target = 1 if seed % 4 == 2 else rnd.randint(1, 7)
    m = FourMatch(r, seed)
    writer = RecordWriter(m)
    rm = ref.four_match(r.target, rnd.randrange(4), **changes)
    buf = bytearray(four.MAX_ACTIONS)
    deck = [card_name(c) for c in range(24)]
    hands = 0
    while m.winner < 0 and hands < MAX_HANDS:
        where = "four-hand seed %d hand %d" % (seed, hands)
        dealt = ref.four_deal(shuffled(rnd, deck), rm.dealer)
        if solo_bias and rnd.random() < 0.15:
            # A whole suit each: a soloist takes every trick (the rare ending
            # of 'solo all-tricks'), whoever bids.
            dealt = shuffled(rnd, [[c for c in deck if c[1] == x] for x in "CDHS"])
        m.deal(rm.dealer, [mask(cards) for cards in dealt])
        h = m.hand
        writer.begin_hand()
        s = ref.four_hand(rm, dealt)
        step = 0
        while True:
            if not h.over:
                refuse_one(m, coded(h, buf, four.action_name).values(), CODES_FOUR, rnd, where)
            four_step(h, s, buf, "%s step %d" % (where, step))
            if h.over:
                break
            actions = coded(h, buf, four.action_name)
            moves = sorted(actions)
            seen["dealer made to bid"] += not s.playing and "pass" not in actions
            if not s.playing and "pass" in actions and rnd.random() < 0.45:
                move = "pass"
            elif rm.target == 1 and "bid 1" in actions:
                move = "bid 1"  # a bid that can be made while the other side scores too
            elif solo_bias and "bid 5" in actions and rnd.random() < 0.3:
                move = "bid 5"
            else:
                move = rnd.choice(moves)
            if move.startswith("marry"):
                seen["marriage on the first lead" if s.trump is None else "marriage"] += 1
            m.act(actions[move])
            s = ref.four_act(s, move)
            step += 1
        writer.sync()
        assert (h.bidder, h.winner) == (s.bidder, s.result[0]), where
        if s.bidder >= 0:
            assert (h.high_bid, bool(h.made)) == (s.bid, s.result[1]), where
            made = "made" if s.result[1] else "failed"
            seen[made] += 1
            if s.bid == ref.SOLO:
                seen["solo %s %s" % (rm.opt("solo"), made)] += 1
        else:
            seen["thrown in"] += 1
        change = ref.four_game_points(rm, s)
        m.finish_hand()
        rm = ref.four_finish(rm, s)
        assert tuple(m.awarded) == change, where
        if s.bidder >= 0:
            seen["stopped at zero"] += change[ref.side(s.bidder)] not in (s.bid, -s.bid)
            seen["both sides reach the target"] += min(rm.scores) >= rm.target
            seen["defenders win the match"] += rm.winner == 1 - ref.side(s.bidder)
        assert (tuple(m.scores), m.winner) == (rm.scores, rm.winner), where
        if m.winner < 0:
            assert m.dealer == rm.dealer, where
        hands += 1
    return writer.text()


@pytest.mark.parametrize("first_seed", range(0, 120, 40))
def test_four_hand_agrees_with_reference(first_seed):
    seen = collections.Counter()
    for seed in range(first_seed, first_seed + 40):
        text = four_match(seed, seen, solo_bias=seed % 2 == 1)
        data, played, _ = replayed_alike(text, "four-hand seed %d" % seed)
        for entry, (s, _after) in zip(data["hands"], played):
            assert entry["points"] == {"AC": ref.four_points(s, 0), "BD": ref.four_points(s, 1)}, seed
            winner = s.result[0] if s.result else -1
            assert entry["winner"] == (("AC", "BD")[winner] if winner >= 0 else None), seed
            assert entry["reason"] == ("played-out" if s.bidder >= 0 else "no-winner"), seed
            bid = None
            if s.bidder >= 0 and s.playing:
                made = s.result[1] if s.result else None
                bid = {"by": ref.SEAT_LETTERS[s.bidder], "value": s.bid, "made": made}
            assert entry["bid"] == bid, seed
    # Every ending comes up: bids and solos (under both options) made and
    # failed, hands thrown in, the dealer made to bid, marriages, a score
    # stopped at zero, both sides at the target, the defenders winning.
    wanted = ("made", "failed", "thrown in", "dealer made to bid", "marriage", "marriage on the first lead")
    wanted += ("solo 66 made", "solo 66 failed", "solo all-tricks made", "solo all-tricks failed")
    wanted += ("stopped at zero", "both sides reach the target", "defenders win the match")
    assert min(seen[k] for k in wanted) >= 1, seen


def tree(make, dealer, dealt, log, s, depth, buf):
    """Every action sequence of up to `depth` from a position (the engine's
    rebuilt from its deal and log: a four-hand hand has no copy), the legal
    actions agreeing at each; returns how many positions were compared.
    depth None: the whole auction, up to its first card."""
    h = make()
    h.deal(dealer, [mask(cards) for cards in dealt])
    for code in log:
        h.act(code)
    actions = coded(h, buf, four.action_name)
    assert set(actions) == ref.four_legal(s), log
    if h.over:
        assert (h.bidder, h.winner) == (s.bidder, s.result[0]), log
        assert [h.side_score(i) for i in (0, 1)] == [ref.four_points(s, i) for i in (0, 1)], log
    if h.over or depth == 0 or (depth is None and s.playing):
        return 1
    deeper = None if depth is None else depth - 1
    return 1 + sum(
        tree(make, dealer, dealt, log + [c], ref.four_act(s, a), deeper, buf) for a, c in actions.items()
    )


@pytest.mark.parametrize("seats", (4, 3, 2))
def test_auctions_and_last_tricks_agree_in_every_branch(seats):
    """The random games pass through one branch of each position; here every
    branch of the whole auction and of the last tricks is compared."""
    rnd = random.Random(seats)
    buf = bytearray(bid.MAX_ACTIONS)  # the longest list: twelve cards and four marriages
    deck = [card_name(c) for c in range(24)]
    compared = 0
    for _ in range(5):
        rules = FourRules() if seats == 4 else bid.two_rules() if seats == 2 else bid.three_rules()
        changes = {}
        for name, _attr, values in four.OPTIONS if seats == 4 else bid.OPTIONS:
            changes[name] = rnd.choice(values)
            rules.set_option(name, changes[name])
        if seats == 4:
            m = ref.four_match(7, rnd.randrange(4), **changes)
            dealt = ref.four_deal(shuffled(rnd, deck), m.dealer)
        else:
            m = ref.bid_match(seats, 7, rnd.randrange(seats), **changes)
            dealt = ref.bid_deal(shuffled(rnd, deck), m.dealer, seats)

        def make(rules=rules):
            return FourHand(rules) if seats == 4 else bid.BidHand(rules)

        s = ref.four_hand(m, dealt)
        compared += tree(make, m.dealer, dealt, [], s, None, buf)
        h = make()
        h.deal(m.dealer, [mask(cards) for cards in dealt])
        log = []
        while not (s.playing and sum(map(len, s.hands)) <= 3 * seats) and not h.over:
            actions = coded(h, buf, four.action_name)
            a = rnd.choice(sorted(actions))
            h.act(actions[a])
            log.append(actions[a])
            s = ref.four_act(s, a)
        compared += tree(make, m.dealer, dealt, log, s, 12, buf)
    assert compared > 500


# --- the bidding games for two and three (README) -----------------------------


def bid_game(seed, seats, seen):
    """One random match of bid-two or bid-three, checked step by step."""
    rnd = random.Random(seed)
    r = bid.two_rules() if seats == 2 else bid.three_rules()
    changes = {}
    for name, _attr, values in bid.OPTIONS:
        changes[name] = rnd.choice(values)
        r.set_option(name, changes[name])
    r.target = rnd.randint(1, 7)
    m = BidMatch(r, seed)
    writer = RecordWriter(m)
    rm = ref.bid_match(seats, r.target, rnd.randrange(seats), **changes)
    buf = bytearray(bid.MAX_ACTIONS)
    deck = [card_name(c) for c in range(24)]
    hands = 0
    while m.winner < 0 and hands < MAX_HANDS:
        where = "bid-%d seed %d hand %d" % (seats, seed, hands)
        dealt = ref.bid_deal(shuffled(rnd, deck), rm.dealer, seats)
        if seats == 2 and rnd.random() < 0.1:
            # Two whole suits each: whoever bids the moon takes every trick.
            dealt = shuffled(rnd, [[c for c in deck if c[1] in "CD"], [c for c in deck if c[1] in "HS"]])
        m.deal(rm.dealer, [mask(cards) for cards in dealt])
        h = m.hand
        writer.begin_hand()
        s = ref.four_hand(rm, dealt)
        step = 0
        while True:
            at = "%s step %d" % (where, step)
            if not h.over:
                refuse_one(m, coded(h, buf, four.action_name).values(), CODES_FOUR, rnd, at)
            actions = coded(h, buf, four.action_name)
            assert set(actions) == ref.four_legal(s), at
            assert [names(h.hands[p]) for p in range(seats)] == list(s.hands), at
            assert [h.seat_score(p) for p in range(seats)] == [
                ref.four_points(s, ref.side_of(s, p)) for p in range(seats)
            ], at
            assert h.over == (s.result is not None), at
            if h.over:
                break
            assert h.turn == s.turn, at
            if not s.playing and "pass" in actions and rnd.random() < 0.5:
                move = "pass"
            else:
                move = rnd.choice(sorted(actions))
            seen["marriage"] += move.startswith("marry")
            m.act(actions[move])
            s = ref.four_act(s, move)
            step += 1
        writer.sync()
        assert (h.bidder, h.winner) == (s.bidder, s.result[0]), where
        if s.bidder >= 0:
            assert (h.high_bid, bool(h.made)) == (s.bid, s.result[1]), where
            seen["%s %s" % ("moon" if s.bid == ref.SOLO else "bid", "made" if s.result[1] else "failed")] += 1
        else:
            seen["thrown in"] += 1
        change = ref.bid_game_points(rm, s)
        m.finish_hand()
        rm = ref.bid_finish(rm, s)
        assert tuple(m.awarded) == change, where
        assert (tuple(m.scores), m.winner) == (rm.scores, rm.winner), where
        if m.winner < 0:
            assert m.dealer == rm.dealer, where
        seen["stopped at zero"] += s.bidder >= 0 and not s.result[1] and change[s.bidder] != -s.bid
        seen["a defender wins the match"] += rm.winner >= 0 and rm.winner != s.bidder
        hands += 1
    return writer.text()


@pytest.mark.parametrize("seats", (2, 3))
def test_bidding_games_agree_with_reference(seats):
    seen = collections.Counter()
    for seed in range(40):
        text = bid_game(seed, seats, seen)
        data, played, _ = replayed_alike(text, "bid-%d seed %d" % (seats, seed))
        for entry, (s, _after) in zip(data["hands"], played):
            points = {ref.SEAT_LETTERS[p]: ref.four_points(s, ref.side_of(s, p)) for p in range(seats)}
            assert entry["points"] == points, seed
            assert entry["reason"] == ("played-out" if s.bidder >= 0 else "no-winner"), seed
            # The winner is named by its side's letters: the bidder's, or the others'.
            won = "".join(ref.SEAT_LETTERS[p] for p in range(seats) if ref.side_of(s, p) == s.result[0])
            assert entry["winner"] == (won or None), seed
    wanted = ("bid made", "bid failed", "moon failed", "thrown in", "marriage", "stopped at zero")
    wanted += ("a defender wins the match",) if seats == 3 else ("moon made",)
    assert min(seen[k] for k in wanted) >= 1, seen


# --- RULES.md 3: Sixty-Five --------------------------------------------------


def sixty_five_match(seed):
    rnd = random.Random(seed)
    r = SixtyFiveRules()
    r.target = rnd.randint(1, 5)
    m = SixtyFiveMatch(r, seed)
    writer = RecordWriter(m)
    rm = ref.Match65(r.target, rnd.randrange(4))
    buf = bytearray(sixtyfive.MAX_ACTIONS)
    hands = 0
    while m.winner < 0:
        where = "sixty-five seed %d hand %d" % (seed, hands)
        dealt = ref.deal65(shuffled(rnd, ref.deck65()), rm.dealer)
        m.deal(rm.dealer, halves(dealt))
        h = m.hand
        writer.begin_hand()
        s = ref.hand65(rm, dealt)
        step = 0
        while True:
            at = "%s step %d" % (where, step)
            if not h.over:
                refuse_one(m, coded(h, buf, sixtyfive.action_name).values(), CODES_65, rnd, at)
            actions = coded(h, buf, sixtyfive.action_name)
            assert set(actions) == ref.legal65(s), at
            assert all(names48(h.hands[2 * p], h.hands[2 * p + 1]) == s.hands[p] for p in range(4)), at
            assert tuple(h.tricks) == s.tricks, at
            assert (h.score(0), h.score(1)) == (ref.points65(s, 0), ref.points65(s, 1)), at
            assert h.over == s.over, at
            if h.over:
                break
            assert h.turn == s.turn, at
            move = rnd.choice(sorted(actions))
            m.act(actions[move])
            s = ref.act65(s, move)
            step += 1
        writer.sync()
        assert sum(ref.points65(s, i) for i in (0, 1)) == 65, where
        assert tuple(h.game_points) == tuple(ref.game_points65(ref.points65(s, i)) for i in (0, 1)), where
        m.finish_hand()
        rm = ref.finish65(rm, s)
        assert (tuple(m.scores), m.winner) == (rm.scores, rm.winner), where
        if m.winner < 0:
            assert m.dealer == rm.dealer, where
        hands += 1
    return writer.text()


@pytest.mark.parametrize("first_seed", range(0, 60, 30))
def test_sixty_five_agrees_with_reference(first_seed):
    for seed in range(first_seed, first_seed + 30):
        text = sixty_five_match(seed)
        data, played, match = replayed_alike(text, "sixty-five seed %d" % seed)
        assert match.winner >= 0, seed
        for entry, (s, _after) in zip(data["hands"], played):
            assert entry["points"] == {"AC": ref.points65(s, 0), "BD": ref.points65(s, 1)}, seed
            scored = [i for i in (0, 1) if ref.game_points65(ref.points65(s, i))]
            assert (entry["winner"], entry["reason"]) == (("AC", "BD")[scored[0]], "played-out"), seed


# --- the deals --------------------------------------------------------------


def test_deals_from_a_shuffled_deck_agree():
    """How a shuffled deck is dealt: packets of three for three-hand and
    four-hand, one card at a time for Sixty-Five, from the dealer's left."""
    rnd = random.Random(5)
    for _ in range(50):
        dealer = rnd.randrange(4)
        order = shuffled(rnd, range(24))
        h = FourHand(FourRules())
        h.deal_shuffled(dealer, order)
        dealt = ref.four_deal([card_name(c) for c in order], dealer)
        assert [names(h.hands[p]) for p in range(4)] == [frozenset(d) for d in dealt]
        h = Hand(Rules())
        h.deal_shuffled(1, bytearray(order))  # the hand's player 1 is the three-hand dealer's right
        left, right, stock = ref.three_deal([card_name(c) for c in order], dealer)
        assert (names(h.hands[0]), names(h.hands[1])) == (frozenset(left), frozenset(right))
        assert [card_name(c) for c in h.stock] == stock
        order = shuffled(rnd, range(48))
        h = SixtyFiveHand(SixtyFiveRules())
        h.deal_shuffled(dealer, bytearray(order))
        dealt = ref.deal65([card48_name(c) for c in order], dealer)
        assert [names48(*h.hands[2 * p : 2 * p + 2]) for p in range(4)] == [frozenset(d) for d in dealt]


def test_default_options_match_the_rules_text():
    r = FourRules()
    assert {name: r.option_value(name) for name, _a, _v in four.OPTIONS} == ref.FOUR_DEFAULTS
    assert {name: values for name, _a, values in four.OPTIONS} == ref.FOUR_VALUES
    assert (r.target, SixtyFiveRules().target) == (7, 5)
