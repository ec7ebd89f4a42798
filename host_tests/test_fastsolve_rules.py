"""The host tools' C search (fastsolve.c) under random rules, against the
firmware's solver and, where the C search does what solver.py never does
(exchanging, or not closing, inside the tree), against plain minimax over
the engine that hands over to solver.py once neither can happen any more.
A mutation audit of fastsolve found these open: the other comparisons
keep to two sets of options and let exchanges happen only at the root.

Four of the table key's fields are fixed by the rest of the key within
one load, so that no test can tell one of them gone: either seat's
points (the hands, the stock's place and the exchange fix the cards
played, so the two seats' points have a known sum), `pos` (of two leads
with the stock not closed, the later holds fewer cards or the two it
drew last, still in the stock at the earlier; once it is closed, `pos`
is read nowhere) and `exchanged` (while the stock is open, the upcard taken
leaves other points played than the trump card would; once it is closed
or gone, nobody exchanges).  The other seat's 'had a trick' at the close
has no test: in Schnapsen its score at the close fixes it, and in
Sixty-Six, where a trick of two nines leaves the score at 0, move orders
meeting with it different were found, but no position where that
changes an answer."""

import pytest
from minimax import best, choices, outcome, value
from randplay import random_positions, random_rules
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, MAX_ACTIONS, Hand
from sixtysix.match import Match
from sixtysix.rng import Rng
from sixtysix.rules import SCHNAPSEN, Rules
from sixtysix.solver import Solver
from sixtysix_tools import cbuild
from sixtysix_tools.fastsolve import FastSolver

needs_cc = pytest.mark.skipif(
    not cbuild.has_compiler(), reason="no C compiler (cc or $CC) to build the host tools' C search"
)


def legal(h) -> bytes:
    buf = bytearray(MAX_ACTIONS)
    return bytes(buf[: h.legal_actions(buf)])


def coarse_of(v: int) -> int:
    """The game points of a value (margins stay within +-500)."""
    return (v + 500) // 1000 * 1000


def exchange_open(h) -> bool:
    """Whether someone may still exchange the trump card in this hand."""
    card = h.trump * 6 + h.rules.exchange_rank
    return (
        h.exchanged_by < 0
        and h.closer < 0
        and h.facedown() >= 1
        and bool((h.hands[0] | h.hands[1]) >> card & 1)
    )


def reference(h, p: int, coarse: bool, exchanges: bool, closes: bool) -> int:
    """Value for p under the C search's conventions: minimax over the
    engine in which a player on lead who may exchange does so first
    (`exchanges`) and nobody closes (unless `closes`), handed over to
    solver.py (which neither exchanges nor is kept from closing) where
    that makes no difference any more."""
    if h.over:
        v = outcome(h, p)
        return coarse_of(v) if coarse else v
    if h.pending < 0 and not (exchanges and exchange_open(h)) and (closes or h.strict()):
        solver = Solver(h.rules)
        solver.load(h)
        solver.coarse = coarse
        v = solver.best(h.turn)
        return v if h.turn == p else -v
    acts = choices(h)
    if exchanges and acts != [CLAIM] and h.lead < 0 and h.pending < 0 and EXCHANGE in legal(h):
        acts = [EXCHANGE]
    elif not closes:
        acts = [a for a in acts if a != CLOSE]
    values = []
    for a in acts:
        child = Hand(h.rules)
        child.copy_from(h)
        child.act(a)
        values.append(reference(child, p, coarse, exchanges, closes))
    return max(values) if h.turn == p else min(values)


def open_leads(seed: int, count: int, wanted, game=-1):
    """Lead positions of random legal play (no claim, no exchange on the
    way) with the stock open where wanted(hand) holds."""
    rng = Rng(seed)
    buf = bytearray(MAX_ACTIONS)
    found = 0
    for _ in range(5000):
        rules = random_rules(rng)
        if game >= 0 and rules.game != game:
            continue
        h = Match(rules, rng.next15()).start_hand()
        while not h.over and h.closer < 0 and h.facedown() >= 1:
            n = h.legal_actions(buf)
            if h.lead < 0 and h.pending < 0 and h.score(h.turn) < 66 and wanted(h):
                yield h
                found += 1
                if found == count:
                    return
                break
            a = buf[rng.below(n)]
            if (a == CLAIM or a == EXCHANGE) and n > 1:
                a = buf[0]
            h.act(a)
    raise AssertionError("found %d of %d positions" % (found, count))


@needs_cc
def test_every_root_value_is_the_firmware_solvers_under_random_rules():
    """Every option at random, both games, the last draw and the strict
    phase: every root action's value and the position's own, in game
    points and with the margin."""
    checked = positions = 0
    for h in random_positions(21, 150):
        p = h.turn
        if h.facedown() > 1 or h.pending >= 0 or h.score(p) >= 66 or h.hands[p].bit_count() > 5:
            continue
        positions += 1
        for coarse in (False, True):
            slow = Solver(h.rules)
            fast = FastSolver(h.rules, exchange_in_tree=False)
            fast.coarse = coarse
            for a in legal(h):
                if a == CLAIM:
                    continue
                slow.load(h)
                slow.coarse = coarse
                fast.load(h)
                assert fast.value_of(p, a) == slow.value_of(p, a), (positions, a, coarse)
                checked += 1
            slow.load(h)
            slow.coarse = coarse
            fast.load(h)
            assert fast.best(p) == slow.best(p), (positions, coarse)
    assert positions > 300 and checked > 2000, (positions, checked)


def exchange_ahead(h) -> bool:
    """Schnapsen three face-down cards from the end, the trump jack in a
    hand: exchanges at the root and inside the tree, cheap to search."""
    return h.rules.game == SCHNAPSEN and h.facedown() == 3 and exchange_open(h)


@needs_cc
def test_exchanges_inside_the_tree_are_the_engines():
    """With `exchange_in_tree` a player on lead who may exchange does so
    before leading, at the root or later (every option at random: the
    exchange needing a trick or not, marriages after closing or not), as
    minimax over the engine has it with that one rule added."""
    positions = later = 0

    def their_jack(h):
        # the last draw, the opponent holding the jack: closing stops an
        # exchange as it stops the draws
        return h.facedown() == 1 and (h.hands[1 - h.turn] >> (h.trump * 6 + h.rules.exchange_rank)) & 1

    for h in [*open_leads(5, 4, exchange_ahead), *open_leads(6, 16, their_jack, SCHNAPSEN)]:
        p = h.turn
        positions += 1
        later += EXCHANGE not in legal(h)
        for coarse in (False, True):
            fast = FastSolver(h.rules, exchange_in_tree=True)
            fast.coarse = coarse
            fast.load(h)
            assert fast.best(p) == reference(h, p, coarse, True, True), (positions, coarse)
        if h.facedown() == 3:  # each card led now, the exchanges at later leads
            for a in legal(h):
                if a < MARRY:
                    child = Hand(h.rules)
                    child.copy_from(h)
                    child.act(a)
                    fast.load(h)
                    assert fast.value_of(p, a) == reference(child, p, True, True, True), (positions, a)
    assert later >= 10, later


def marriages(h) -> int:
    """How many marriages the player to act holds."""
    hand = h.hands[h.turn]
    return sum((hand >> (suit * 6 + 2)) & 3 == 3 for suit in range(4))


@needs_cc
def test_marriages_at_the_root_are_the_firmware_solvers():
    """Declaring at the root under random rules (the queen alone led or
    either card): the same values as solver.py's."""
    declared = 0
    for h in random_positions(33, 700):
        p = h.turn
        if h.lead >= 0 or h.pending >= 0 or h.score(p) >= 66 or h.facedown() > 1 or not marriages(h):
            continue
        for coarse in (False, True):
            for a in legal(h):
                if MARRY <= a < MARRY + 4:
                    slow = Solver(h.rules)
                    slow.load(h)
                    slow.coarse = coarse
                    fast = FastSolver(h.rules, exchange_in_tree=False)
                    fast.coarse = coarse
                    fast.load(h)
                    assert fast.value_of(p, a) == slow.value_of(p, a), (a, coarse)
                    declared += 1
    assert declared > 150, declared


@needs_cc
@pytest.mark.parametrize("lead", ["any", "queen"])
def test_claims_by_marriage_at_the_root_are_the_engines(lead):
    """The better of two marriages that reach 66 (the trump one, 40, not
    the last suit's 20), and a marriage that reaches 66 only with one
    declared before: claimed at once, at the root and inside the search,
    as minimax over the engine has it."""
    from support import position

    rules = Rules()
    rules.set_option("marriage-lead", lead)
    two = position(rules, "QC KC QS KS", "AC TC AS TS", "C")
    again = position(rules, "QS KS 9C JC", "AS TS AC TC", "D", won_b="9D JD QD KD TD AD QC KC")
    again.marriage_points[0] = 20  # hearts, declared earlier
    again.marriages[0] = 1 << 2
    assert two.score(0) + 20 >= 66 and again.card_points[0] + 20 < 66 <= again.score(0) + 20
    for h, suits in ((two, (0, 3)), (again, (3,))):
        for coarse in (False, True):
            fast = FastSolver(rules)
            fast.coarse = coarse
            for suit in suits:
                fast.load(h)
                exact = value(h, 0, MARRY + suit)
                assert fast.value_of(0, MARRY + suit) == (coarse_of(exact) if coarse else exact), suit
            fast.load(h)
            exact = best(h, 0)
            assert fast.best(0) == (coarse_of(exact) if coarse else exact)


@needs_cc
def test_no_closing_inside_the_tree_is_the_engines():
    """Without `close_in_tree` (as the pimc player searches) nobody closes
    after the root, with or without exchanges in the tree, as minimax over
    the engine has it with CLOSE left out, at the last draw of both games."""
    positions = 0
    for h in open_leads(9, 12, lambda h: h.facedown() == 1):
        p = h.turn
        positions += 1
        for exchanges in (False, True):
            for coarse in (False, True):
                fast = FastSolver(h.rules, exchange_in_tree=exchanges, close_in_tree=False)
                fast.coarse = coarse
                fast.load(h)
                assert fast.best(p) == reference(h, p, coarse, exchanges, False), (positions, exchanges)


@needs_cc
def test_the_exchange_at_the_root_is_the_firmware_solvers_in_both_games():
    """The nine of trumps in Sixty-Six, the jack in Schnapsen, under
    random rules: exchanging at the root (value_of) and exchanging first
    in the tree (best with `exchange_in_tree`) are worth what solver.py's
    exchange at the root is."""
    games = [0, 0]
    for h in open_leads(13, 24, lambda h: h.facedown() == 1 and EXCHANGE in legal(h)):
        p = h.turn
        games[h.rules.game] += 1
        for coarse in (False, True):
            slow = Solver(h.rules)
            slow.load(h)
            slow.coarse = coarse
            expected = slow.value_of(p, EXCHANGE)
            for in_tree in (False, True):
                fast = FastSolver(h.rules, exchange_in_tree=in_tree)
                fast.coarse = coarse
                fast.load(h)
                assert (fast.best(p) if in_tree else fast.value_of(p, EXCHANGE)) == expected, (games, coarse)
    assert min(games) >= 6, games


@needs_cc
def test_one_load_answers_every_question_in_turn():
    """The players ask one loaded hand many questions, null windows and
    whole ones, game points then margins, and the table carries over from
    each to the next: every answer is the one solver.py gives afresh
    (bounds stored as exact values, or entries of one kind of value read
    as the other, show only here)."""
    asked = 0
    for h in open_leads(17, 24, lambda h: h.facedown() == 1 or exchange_ahead(h)):
        p = h.turn
        actions = [a for a in legal(h) if a != CLAIM]
        fresh = {}
        for coarse in (True, False):
            for a in actions:
                slow = Solver(h.rules)
                slow.load(h)
                slow.coarse = coarse
                fresh[coarse, a] = slow.value_of(p, a)
            slow.load(h)
            fresh[coarse, -1] = slow.best(p)
        fast = FastSolver(h.rules, exchange_in_tree=False)
        fast.load(h)
        for coarse in (True, False):
            fast.coarse = coarse
            assert fast.wins(p) == (fresh[True, -1] >= 1000)
            for a in actions:
                assert fast.wins_with(p, a) == (fresh[True, a] >= 1000), (a, coarse)
                assert fast.value_of(p, a) == fresh[coarse, a], (a, coarse)
                asked += 1
            assert fast.best(p) == fresh[coarse, -1], coarse
    assert asked > 150, asked


@needs_cc
@pytest.mark.parametrize("no_winner", ["pot", "last-trick"])
@pytest.mark.parametrize("played_out", ["points", "last-trick"])
def test_a_hand_played_out_below_66_is_the_engines(no_winner, played_out):
    """No last-trick bonus, 58 points each and two tricks of no points
    to go: the hand ends with nobody at 66, so 'no-winner' decides it (the
    pot, or the last trick), unless 'played-out: last-trick' does first."""
    from support import position

    rules = Rules()
    for name, setting in (("last-trick-bonus", "0"), ("no-winner", no_winner), ("played-out", played_out)):
        rules.set_option(name, setting)
    h = position(rules, "9C JD", "9D JC", "S", won_b="9H JH QH KH TH AH QD KD TD AD")
    assert h.score(0) == h.score(1) == 58
    for coarse in (False, True):
        fast = FastSolver(rules)
        fast.coarse = coarse
        for a in legal(h):
            if a != CLAIM:
                fast.load(h)
                exact = value(h, 0, a)
                assert fast.value_of(0, a) == (coarse_of(exact) if coarse else exact), (a, coarse)
        fast.load(h)
        exact = best(h, 0)
        assert fast.best(0) == (coarse_of(exact) if coarse else exact), coarse
        assert (abs(exact) > 500) == (no_winner == "last-trick" or played_out == "last-trick")


@needs_cc
@pytest.mark.parametrize("needs_trick", ["yes", "no"])
def test_an_exchange_in_the_tree_needs_a_trick_where_the_rules_say_so(needs_trick):
    """A leader without a trick holding the jack, the trump ace turned up:
    under 'exchange-needs-trick: yes' it may not exchange, and the search
    in the tree must not (-2048 against -1042 here).  Only the first lead
    of a hand is like that in play; here it is set up at the last draw,
    where minimax over the engine is quick."""
    from support import position

    rules = Rules(SCHNAPSEN)
    rules.set_option("exchange-needs-trick", needs_trick)
    h = position(
        rules,
        "JH QC QD QS JC",
        "AC TC AD TD KS",
        "H",
        won_b="QH KH TH JD KD JS TS AS",
        stock="KC AH",
        tricks=(0, 4),
    )
    assert (EXCHANGE in legal(h)) == (needs_trick == "no")
    for coarse in (False, True):
        fast = FastSolver(rules, exchange_in_tree=True)
        fast.coarse = coarse
        fast.load(h)
        assert fast.best(0) == reference(h, 0, coarse, True, True), coarse


@needs_cc
@pytest.mark.parametrize("closer", [0, 1])
def test_a_trick_of_two_nines_is_not_the_same_position_as_no_trick(closer):
    """Sixty-Six, the stock closed by the player with every trick so far
    (40 points, the rest in the stock), who leads, holding the queen of
    trumps, the king and nine of spades and the nine of diamonds against
    the nine of trumps and the nine, ten and ace of hearts.  A side nine
    led first lets the nine of trumps take a trick of no points, and the
    nine of hearts led next goes to the queen of trumps; the queen led
    first draws the nine of trumps, and a side nine then takes the nine
    of hearts.  Both ways reach the same hands, points and leader, the
    other with a trick or without one, and under 'closer-won: end' that
    decides Schwarz: 3 game points, not 2 (set up before the close and
    played on to here through the engine).  The table's key must tell
    the two apart (without the other seat's 'has a trick' flag, seat 0's
    or seat 1's, it answered 2)."""
    from support import code, position

    rules = Rules()
    rules.set_option("closer-won", "end")
    hands = ["9S 9D QC KS AD TD", "9H 9C TH AH JD QD"]  # the closer's, the other's
    if closer == 1:
        hands.reverse()
    won = {("won_a" if closer == 0 else "won_b"): "TS KH"}
    tricks = (1, 0) if closer == 0 else (0, 1)
    stock = "JC KC TC QH JH JS QS AS KD AC"  # the upcard, a club, last
    h = position(rules, *hands, "C", leader=closer, tricks=tricks, stock=stock, **won)
    for move in (CLOSE, code("AD"), code("JD"), code("TD"), code("QD")):
        h.act(move)
    assert h.closer == closer == h.turn and h.tricks[1 - closer] == 0 and h.score(closer) == 40
    for coarse in (False, True):
        slow = Solver(rules)
        slow.load(h)
        slow.coarse = coarse
        expected = slow.best(closer)
        assert coarse_of(expected) == 3000
        fast = FastSolver(rules)
        fast.coarse = coarse
        fast.load(h)
        assert fast.best(closer) == expected, coarse


@needs_cc
def test_closing_at_the_first_lead_is_not_the_open_position():
    """At a hand's first lead nobody has a point or a trick, so closing
    there changes nothing but who closed: the closed position has the open
    one's hands, scores and flags.  A load asked the close first (its
    value in the table) and then the position's own value must answer the
    latter as a fresh load does, not with the close's (a table key without
    the closer did, where closing at once is worse than playing on)."""
    worse = 0
    for seed in range(1, 6):
        h = Match(Rules(SCHNAPSEN), seed).start_hand()
        p = h.turn
        assert h.lead < 0 and CLOSE in legal(h)
        for coarse in (True, False):
            fast = FastSolver(h.rules, exchange_in_tree=False)
            fast.coarse = coarse
            fast.load(h)
            fresh = fast.best(p)
            fast.load(h)
            closing = fast.value_of(p, CLOSE)
            assert fast.best(p) == fresh, (seed, coarse)
            worse += closing < fresh
    assert worse >= 4, worse


@needs_cc
@pytest.mark.parametrize("me", [0, 1])
def test_the_score_at_the_close_is_part_of_the_position(me):
    """Schnapsen, 'closer-won: close' (its default): the closer's game points
    count the other's score when the stock was closed (Schneider below
    33).  Here, two tricks from now, closing can come with the other at
    32 or at 34, and the play after it reach the same hands and points
    either way.  One load asked every question in turn (the table
    carrying over from each to the next) must give solver.py's fresh
    answers: a key without the other's score at the close (the seat
    asking here is `me`, so the other's field is 1 - me) gave the
    close's 2000 where it is worth 1000."""
    from support import position

    rules = Rules(SCHNAPSEN)
    hands = ["JC AC KD JH KS", "TC JD QH JS TS"]  # mine, the other's
    won = ["QC KC TH QS", ""]
    if me == 1:
        hands.reverse()
        won.reverse()
    tricks = (2, 0) if me == 0 else (0, 2)
    stock = "KH AS QD AH AD TD"  # the upcard, a diamond, last
    h = position(rules, *hands, "D", leader=me, won_a=won[0], won_b=won[1], tricks=tricks, stock=stock)
    h.marriage_points[me] = 20  # spades: the queen led to declare it took its trick
    h.marriages[me] = 1 << 3
    actions = [a for a in legal(h) if a != CLAIM]
    assert CLOSE in actions
    for coarse in (True, False):
        fresh = {}
        for a in [-1, *actions]:
            slow = Solver(rules)
            slow.load(h)
            slow.coarse = coarse
            fresh[a] = slow.best(me) if a < 0 else slow.value_of(me, a)
        fast = FastSolver(rules, exchange_in_tree=False)
        fast.coarse = coarse
        fast.load(h)
        assert fast.best(me) == fresh[-1], coarse
        for a in actions:
            assert fast.value_of(me, a) == fresh[a], (coarse, a)
