"""The levels' budgets and decisions (sixtysix.ai), the learned evaluation
(sixtysix.evaluate) and the solver's depth limit.  Portable: plain asserts,
runs under pytest and on the MicroPython unix port."""

import sys

from randplay import random_positions
from sixtysix.ai import BYTECODE_SHARE, LEVELS, PLAYER_NAMES, Level, SearchPlayer, make_player, node_share
from sixtysix.evaluate import LIMIT, NFEATURES, Evaluator, features
from sixtysix.evalweights import SCHNAPSEN, SIXTY_SIX
from sixtysix.hand import CLOSE, EXCHANGE, MARRY, Hand
from sixtysix.rules import Rules
from sixtysix.solver import NO_HORIZON, Solver
from sixtysix.view import View

SMALL = sys.implementation.name == "micropython"


def test_every_level_is_a_player_and_classic_is_the_old_hard():
    for name in LEVELS:
        assert name in PLAYER_NAMES
        assert make_player(name, 1).level == name
    c = LEVELS["classic"]
    assert (c.strict_worlds, c.close_worlds, c.open_from, c.open_worlds, c.max_nodes) == (10, 10, 1, 6, 20000)
    assert c.old_ties and not c.close_apart
    # medium spends a third of hard's budget, or less
    assert LEVELS["medium"].max_nodes * 3 <= LEVELS["hard"].max_nodes


# Each level as shipped: what docs/AI.md's table of levels and its
# "Closing" paragraph say of it, the rest Level's defaults.  In the order
# of SETTINGS.
SHIPPED = {
    "easy": (0, 0, -1, 0, 30, False, 0, 1000, 9, 4, 0, False, False, False, 0),
    "medium": (3, 4, 1, 2, 0, True, 4500, 1000, 9, 3, 0, False, True, False, 0),
    "hard": (10, 10, 1, 6, 0, True, 14000, 1000, 9, 3, 1, False, True, True, 10),
    "classic": (10, 10, 1, 6, 0, True, 20000, 1000, 9, 4, 0, True, False, False, 0),
}
SETTINGS = (
    "strict_worlds",
    "close_worlds",
    "open_from",
    "open_worlds",
    "blunder",
    "may_close",
    "max_nodes",
    "close_margin",
    "close_tenths",
    "close_min",
    "close_losses",
    "old_ties",
    "close_apart",
    "open_policy",
    "listed_worlds",
)


def test_each_level_has_the_settings_the_docs_give_it():
    """easy searches nothing (the rule of thumb, 30% random, never
    closing); medium searches 3, 2 and 4 worlds, closes only when none is
    lost and plays the open stock by rule of thumb; hard closes with at
    most one of 10 deals lost and three won, plays the open stock by the
    learned weights and lists 10 deals or fewer; classic weighs closing
    inside the search or at 9 of 10 deals and lets closing win ties.  A level names only
    what it changes, so a wrong default changes a level too."""
    assert sorted(SHIPPED) == sorted(LEVELS)
    for name in SHIPPED:
        got = tuple(getattr(LEVELS[name], s) for s in SETTINGS)
        assert got == SHIPPED[name], (name, got)


def test_a_level_refuses_a_setting_it_does_not_have():
    """Level(**changes) takes only the settings Level lists, names the one
    it refuses, and changes the level it makes, never the defaults."""
    for bad in ("close_lost", "worlds", "Blunder"):
        try:
            Level(**{bad: 1})
        except ValueError as e:
            assert "'%s'" % bad in str(e), str(e)
            continue
        raise AssertionError("%s was accepted" % bad)
    lv = Level(blunder=5, may_close=False)
    assert (lv.blunder, lv.may_close, lv.close_min) == (5, False, 4)
    assert (Level.blunder, Level.may_close) == (0, True)


def test_a_board_running_the_solver_as_bytecode_spends_a_share_of_the_budget():
    """Budgets are set for the viper search on an RP2040; a board that runs
    the plain solver as bytecode (frozen, mip, CircuitPython) cuts them, a
    computer never."""
    # The bytecode route keeps the budgets it was timed at (docs/AI.md).
    assert LEVELS["hard"].max_nodes * BYTECODE_SHARE // 100 == 1540
    assert LEVELS["medium"].max_nodes * BYTECODE_SHARE // 100 == 495
    for implementation, platform in (("cpython", "linux"), ("cpython", "rp2"), ("micropython", "linux")):
        assert node_share(implementation, platform, False) == 100
    for platform in ("darwin", "win32"):
        assert node_share("micropython", platform, False) == 100
    assert node_share("micropython", "rp2", True) == 100
    assert node_share("micropython", "rp2", False) == BYTECODE_SHARE
    assert node_share("micropython", "esp32", False) == BYTECODE_SHARE
    assert node_share("circuitpython", "MicroChip SAMD51", False) == BYTECODE_SHARE
    # Here (CPython, or the unix port, which has the viper search): the
    # whole budget.
    for name in ("medium", "hard", "classic"):
        assert SearchPlayer(name, 1).max_nodes == LEVELS[name].max_nodes


def test_no_decision_passes_its_level_budget():
    """The budget is a hard cap on the nodes of one decision (closing
    judged, then the move searched): what the device time is set from."""
    for name in ("medium", "hard"):
        p = make_player(name, 5)
        cap = LEVELS[name].max_nodes
        most = 0
        for h in random_positions(9, 4 if SMALL else 25):
            p.choose(View(h, h.turn))
            assert p.nodes <= cap + 1, (name, p.nodes)
            if p.nodes > most:
                most = p.nodes
        assert most > cap // 2, (name, most)  # it does search, up to near the cap


def test_weights_have_one_value_per_feature_and_small_ints():
    for w in (SIXTY_SIX, SCHNAPSEN):
        assert len(w) == NFEATURES
        for v in w:
            assert isinstance(v, int) and -5000 < v < 5000
    assert SCHNAPSEN[6] == 0 and SCHNAPSEN[12] == 0  # Schnapsen has no nines


def dot(w, f):
    v = 0
    for i in range(NFEATURES):
        v += w[i] * f[i]
    return v


def test_the_tables_give_the_weighted_sum_of_the_features():
    """The evaluator's look-up tables agree with weights times features on
    every position of random play, within its +-LIMIT clamp."""
    w = SIXTY_SIX
    e = Evaluator(w)
    seen = 0
    for h in random_positions(13, 10 if SMALL else 60):
        if h.lead >= 0 or h.closer >= 0:
            continue
        for p in range(2):
            args = (h.hands, h.card_points, h.marriage_points, h.tricks, h.trump, len(h.stock) - h.pos, p)
            want = dot(w, features(*args))
            want = max(-LIMIT, min(LIMIT, want))
            assert e.value(*args) == want
            seen += 1
    assert seen > 20


def test_the_evaluation_never_claims_three_game_points():
    """evaluate.py's promise: an estimate within +-LIMIT, and LIMIT short
    of three whole game points (3000), however big the weights and the
    gap between the hands; and a weight list of any other length than
    NFEATURES is refused."""
    big = Evaluator([900] * NFEATURES)
    every = (1 << 24) - 1
    tricks = [1, 1]
    hi = big.value([every, 0], [60, 0], [40, 0], tricks, 0, 6, 0)
    lo = big.value([0, every], [0, 60], [0, 40], tricks, 0, 0, 0)
    assert hi == LIMIT and lo == -LIMIT and LIMIT < 3000, (hi, lo)
    for n in (NFEATURES - 1, NFEATURES + 1):
        try:
            Evaluator([0] * n)
        except ValueError:
            continue
        raise AssertionError("%d weights taken" % n)


def test_a_marriage_held_is_the_king_and_queen_of_one_suit():
    """Features 18 and 19 as evaluate.py's table gives them: the king and
    queen of trumps, and of a side suit, both in hand (pairs of p less o);
    any other two cards of a suit are no pair."""
    t = 1  # diamonds
    none = [0, 0]

    def pairs(hand):
        f = features([hand, 0], none, none, [1, 1], t, 6, 0)
        return f[18], f[19]

    def suit(s, ranks):
        return sum(1 << (s * 6 + r) for r in ranks)

    king, queen, ten, jack = 3, 2, 4, 1
    assert pairs(suit(t, (king, queen))) == (1, 0)
    assert pairs(suit(0, (king, queen)) | suit(3, (queen, king))) == (0, 2)
    assert pairs(suit(t, (king, ten)) | suit(2, (queen, jack)) | suit(3, (king, ten, jack))) == (0, 0)
    # The look-up tables agree: a weight on the side pair alone.
    w = [0] * NFEATURES
    w[19] = 100
    e = Evaluator(w)
    assert e.value([suit(2, (king, queen)), suit(2, (king, ten))], none, none, [1, 1], t, 6, 0) == 100


def test_a_stronger_hand_is_worth_more():
    """Sanity of the learned weights: swapping the two hands turns the
    value around, and trump ace and ten are worth more than trump nine and
    jack."""
    r = Rules()
    e = Evaluator(SIXTY_SIX)
    t = 3  # spades
    strong = (1 << (t * 6 + 5)) | (1 << (t * 6 + 4)) | 0b000011  # A, 10 of trumps; 9, J of clubs
    weak = (1 << (t * 6 + 0)) | (1 << (t * 6 + 1)) | (0b000011 << 6)  # 9, J of trumps; 9, J of diamonds
    pts = [0, 0]
    mar = [0, 0]
    tricks = [1, 1]
    v = e.value([strong, weak], pts, mar, tricks, t, 6, 0)
    assert v > 0
    assert e.value([weak, strong], pts, mar, tricks, t, 6, 0) < v
    assert r.game == 0


def test_depth_limited_search_reads_the_evaluation_at_the_horizon():
    """With a horizon of one trick, the value of a lead is the follower's
    best reply valued by the evaluator; with none, the search goes on."""
    r = Rules()
    h = Hand(r)
    found = 0
    for h in random_positions(17, 6 if SMALL else 30):
        if h.strict() or h.lead >= 0 or h.pending >= 0 or h.pos > len(h.stock) - 5:
            continue
        s = Solver(r)
        s.load(h)
        s.coarse = True
        s.evaluator = Evaluator(SIXTY_SIX)
        s.horizon = 2
        p = h.turn
        lead = 0
        while not (h.hands[p] >> lead) & 1:
            lead += 1
        v = s.value_of(p, lead)
        assert -3000 <= v <= 3000
        assert s.nodes < 20  # one follow node and a lead node per reply
        s.horizon = NO_HORIZON
        s.load(h)
        s.limit = 300
        s.value_of(p, lead)
        assert s.nodes > 20  # on towards the end of the hand
        found += 1
    assert found > 3


def test_ties_no_longer_go_to_exchanging_or_closing():
    """Where every action is worth the same (a lost hand), hard plays a card
    or declares; classic (the old rule) let closing and exchanging win such
    ties.  A better value still wins."""
    acts = bytearray([3, 9, MARRY + 1, EXCHANGE, CLOSE])
    for name, tie_goes_to in (("hard", MARRY + 1), ("classic", CLOSE)):
        p = SearchPlayer(name, 1)
        for i in range(len(acts)):
            p.totals[i] = -2000
        assert acts[p._pick(acts, False)] == tie_goes_to
        p.totals[1] = -1000
        assert acts[p._pick(acts, False)] == 9
    p = SearchPlayer("hard", 1)
    for i in range(len(acts)):
        p.totals[i] = 0
    p.totals[4] = 3000
    assert acts[p._pick(acts, True)] != CLOSE  # judged apart: never picked here
    assert acts[p._pick(acts, False)] == CLOSE


def test_hard_judges_closing_before_its_learned_card_choice():
    """AI.md: while two or more cards lie face down hard plays its plain
    leads by the learned weights, but closing is still judged by search
    first: where that judgement says close, hard closes rather than play a
    card.  A twin of the same seed makes the same judgement first."""
    from sixtysix.ai import decision_cards

    closes = 0
    for h in random_positions(31, 40):
        if closes >= 3:
            break
        v = View(h, h.turn)
        if v.facedown < 2 or not decision_cards(v) or CLOSE not in list(v.actions):
            continue
        twin = SearchPlayer("hard", 5)
        twin._setup(v.rules)
        if twin.wants_to_close(v, -1):
            assert SearchPlayer("hard", 5).choose(v) == CLOSE
            closes += 1
    assert closes == 3, closes


def _evaluate_both_seats(e, h, _):
    for p in range(2):
        e.value(h.hands, h.card_points, h.marriage_points, h.tricks, h.trump, 6, p)


def test_evaluating_allocates_nothing():
    """evaluate.py's promise, for the search's horizon: a value is four
    table look-ups a hand and small-int sums, nothing allocated (measured
    on MicroPython; CPython has no meter)."""
    from heapmeter import allocated

    h = Hand(Rules())
    h.deal(1, 0b111111, 0b111111 << 6, bytearray(range(12, 24)))
    h.tricks[0] = 1
    h.marriage_points[1] = 40
    used = allocated(_evaluate_both_seats, Evaluator(SIXTY_SIX), h)
    assert used is None or used == 0, used
