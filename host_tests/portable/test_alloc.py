"""Listing actions, copying a hand, playing a trick and solving a position
exactly allocate nothing.

The check is real only on MicroPython, where gc.mem_alloc() counts the heap
in use: with the collector off, any allocation that is not freed shows as
a difference.  CPython has no such meter (and boxes every int above 256
anyway), so there each scenario still runs and its outcome is checked, but
the byte count is skipped.  host_tests/test_micropython.py runs this module
on the MicroPython unix port, which is the check that counts.

Every scenario is called once to warm up before it is measured, and all
measuring happens inside functions: storing a new module global would
itself allocate.
"""

from heapmeter import allocated
from perft import Perft
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, MAX_ACTIONS, Hand
from sixtysix.listing import list_worlds
from sixtysix.solver import Solver
from support import act, deal, highest, lowest, position, rules
from test_perft import DEALS, start


def assert_free(what, fn, a, b=None, c=None):
    used = allocated(fn, a, b, c)
    assert used is None or used == 0, "%s allocated %d bytes" % (what, used)


# --- what is measured --------------------------------------------------------


def list_actions(h, buf, _):
    h.legal_actions(buf)


def list_plays(h, _, __):
    h.legal_plays()


def copy(work, source, _):
    work.copy_from(source)


def lead_and_follow(work, source, _):
    """Copy the position, then lead the lowest card allowed and follow with
    the highest card allowed."""
    work.copy_from(source)
    work.act(lowest(work.legal_plays()))
    work.act(highest(work.legal_plays()))


def follow(work, source, _):
    work.copy_from(source)
    work.act(highest(work.legal_plays()))


def action(work, source, code):
    work.copy_from(source)
    work.act(code)


def search(walker, h, _):
    walker.count(h, 3)


# --- situations ----------------------------------------------------------------


def sixty_six(**options):
    return deal(
        rules("sixty-six", **options),
        "AH TH KC QC 9S JD",
        "AC TC KH QH 9H JS",
        "QS",
        "9C JC KD QD TD AD 9D JH KS TS AS",
    )


def schnapsen(**options):
    return deal(
        rules("schnapsen", **options), "JH KC QC AD TS", "AC TC KH QH JD", "AH", "QS KS JS AS KD QD TD JC TH"
    )


def check_listing_and_copy(h):
    buf = bytearray(MAX_ACTIONS)
    work = Hand(h.rules)
    assert_free("legal_actions", list_actions, h, buf)
    assert_free("legal_plays", list_plays, h)
    assert_free("copy_from", copy, work, h)
    assert work.legal_actions(buf) == h.legal_actions(buf)


def check_trick(h):
    """A whole trick from h allocates nothing; returns the hand after it."""
    work = Hand(h.rules)
    assert_free("a trick", lead_and_follow, work, h)
    assert work.tricks[0] + work.tricks[1] == h.tricks[0] + h.tricks[1] + 1
    return work


def check_action(h, code, what):
    work = Hand(h.rules)
    assert_free(what, action, work, h, code)
    return work


def test_the_meter_sees_an_allocation():
    used = allocated(lambda n, _, __: bytearray(n), 64)
    assert used is None or used >= 64


def test_open_stock():
    h = sixty_six()
    check_listing_and_copy(h)
    after = check_trick(h)
    assert after.pos == h.pos + 2  # both drew


def test_open_stock_schnapsen():
    h = schnapsen()
    check_listing_and_copy(h)
    after = check_trick(h)
    assert after.pos == h.pos + 2


def test_follower_in_open_stock():
    h = sixty_six()
    act(h, "9S")
    check_listing_and_copy(h)
    work = Hand(h.rules)
    assert_free("following", follow, work, h)
    assert work.lead < 0 and work.pos == 2


def test_closed_stock_strict_phase():
    for h in (sixty_six(void="trump", head="yes"), schnapsen()):
        act(h, "close")
        assert h.strict()
        check_listing_and_copy(h)
        after = check_trick(h)
        assert after.pos == h.pos  # nobody draws from a closed stock
        h.act(lowest(h.legal_plays()))  # the follower must now follow suit
        check_listing_and_copy(h)
        assert_free("following in the strict phase", follow, Hand(h.rules), h)


def test_marriage_pending():
    for h in (sixty_six(), sixty_six(marriage_lead="queen"), schnapsen()):
        act(h, "marry C")
        assert h.pending >= 0
        check_listing_and_copy(h)
        check_trick(h)


def test_declaring_exchanging_closing_claiming():
    h = schnapsen()  # A holds the jack of trumps and needs no trick to swap it
    check_action(h, EXCHANGE, "exchange")
    check_action(h, CLOSE, "close")
    check_action(h, MARRY, "marry")  # clubs
    after = check_action(h, CLAIM, "a false claim")
    assert after.over


def test_last_trick_ends_the_hand():
    endings = 0
    for entry in DEALS:
        if "to the last trick" not in entry[0]:
            continue
        h = start(entry)
        while h.hands[0] & (h.hands[0] - 1):  # two cards or more
            h.copy_from(check_trick(h))
        assert not h.over
        after = check_trick(h)
        assert after.over
        endings += 1
    assert endings == 2  # one Sixty-Six and one Schnapsen deal


def test_assisted_claim_on_reaching_66():
    h = sixty_six(mode="assisted")
    h.card_points[1] = 62  # as if B had won 62 points already
    h.tricks[1] = 4
    after = check_trick(h)  # A leads QC, B trumps with JS: 62 + 3 + 2
    assert after.over and after.winner == 1 and after.score(1) == 67


def test_a_search_allocates_nothing():
    for entry in DEALS:
        h = start(entry)
        assert_free("perft of " + entry[0], search, Perft(h.rules, 3), h)


# --- the exact solver ---------------------------------------------------------


SOLVER_INF = 1000000  # below any value the solver gives


class SolverProbe:
    """A solver and room for what it answers, allocated before measuring."""

    def __init__(self, r):
        self.solver = Solver(r)
        self.buf = bytearray(MAX_ACTIONS)
        self.values = [0] * MAX_ACTIONS
        self.best = 0
        self.nodes = 0
        self.n = 0


def solve(probe, h, _):
    """What the search player asks at one decision: load the position, its
    value, and the value of every legal action but a claim."""
    s = probe.solver
    s.load(h)
    p = h.turn
    probe.best = s.best(p)
    n = h.legal_actions(probe.buf)
    for i in range(n):
        code = probe.buf[i]
        probe.values[i] = s.value_of(p, code) if code != CLAIM else -SOLVER_INF
    probe.n = n
    probe.nodes = s.nodes


def solver_positions():
    """(what, hand): 3 to 6 cards, closed and exhausted, both games, a
    marriage open to the player on lead, a follower with a choice."""
    out = []
    out.append(
        (
            "Sixty-Six, exhausted, 3 cards, marriage",
            position(rules(), "KS QS 9H", "AS TH JC", "H", won_b="AC TC KC QC AD TD"),
        )
    )
    out.append(
        (
            "Sixty-Six, exhausted, 6 cards, marriages, must trump and head",
            position(
                rules(void="trump", head="yes"),
                "KC QC AH TS 9D JD",
                "TH KH QH AS TC 9C",
                "D",
                won_a="AC JC 9S JS",
                won_b="AD TD KD QD QS KS JH 9H",
                tricks=(2, 4),
            ),
        )
    )
    h = schnapsen()
    act(h, "close")
    out.append(("Schnapsen, closed at once, 5 cards, marriage", h))
    h = sixty_six()
    act(h, "JD", "9H", "close")
    out.append(("Sixty-Six, closed after a trick, 6 cards, marriage", h))
    h = position(rules("schnapsen"), "KH QH AS JH", "TD AD KC QC", "S", won_b="AC TC JC JD", tricks=(3, 2))
    act(h, "JH")
    out.append(("Schnapsen, exhausted, follower with 4 cards", h))
    return out


def test_the_solver_allocates_nothing():
    for what, h in solver_positions():
        assert h.strict() and not h.over and h.score(h.turn) < 66, what
        probe = SolverProbe(h.rules)
        assert_free("solving " + what, solve, probe, h)
        assert probe.nodes > 10, what  # it did search
        best = -SOLVER_INF
        for i in range(probe.n):
            if probe.values[i] > best:
                best = probe.values[i]
        assert probe.best == best, "%s: best %d, best action %d" % (what, probe.best, best)


# --- listing the few worlds of a view -----------------------------------------


def list_and_deal(sampler, view, place):
    """List the view's worlds and deal each (place: the rng and the world)."""
    n = list_worlds(sampler, view, 12)
    for i in range(n):
        sampler.deal(view, place[0], place[1], i)
    place[2] = n


def test_listing_and_dealing_few_worlds_allocates_nothing():
    from randplay import random_positions
    from sixtysix.rng import Rng
    from sixtysix.sampling import WorldSampler
    from sixtysix.view import View

    checked = 0
    for h in random_positions(41, 30):
        view = View(h, h.turn)
        sampler = WorldSampler(h.rules)
        if list_worlds(sampler, view, 12) < 4:
            continue
        place = [Rng(3), Hand(h.rules), 0]
        assert_free("listing worlds", list_and_deal, sampler, view, place)
        assert place[2] >= 4
        checked += 1
        if checked == 5:
            break
    assert checked == 5
