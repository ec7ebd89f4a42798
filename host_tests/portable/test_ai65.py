"""Sixty-Five computer players: legal, deterministic, honest about what
they can see, and allocation-free where they loop (on MicroPython).

Kept light, since this also runs on the MicroPython unix port at 64wK."""

from heapmeter import allocated
from play65 import brute, position

# The engine first: at a 64wK heap, compiling it while ai65 is half
# imported fails for a fragmented heap, not for want of memory.
from sixtysix import sixtyfive as _engine_first  # noqa: F401
from sixtysix.ai65 import (
    LEVELS,
    Heuristic65Player,
    Sampler65,
    Search65Player,
    hand_estimate,
    hand_value,
    heuristic_card,
    make_65_player,
)
from sixtysix.cards import RANK48_POINTS
from sixtysix.cardtext import parse_card48
from sixtysix.rng import Rng
from sixtysix.sixtyfive import SixtyFiveHand, SixtyFiveRules
from sixtysix.view65 import View65

FULL = 0xFFFFFF


def holds_in(actions, c):
    for a in actions:
        if a == c:
            return True
    return False


def test_every_player_plays_a_whole_hand_legally():
    names = ("hard", "heuristic", "medium", "easy")
    h = position(11, 0)
    players = [make_65_player(names[s], s + 1) for s in range(4)]
    while not h.over:
        v = View65(h, h.turn)
        c = players[h.turn].choose(v)
        assert holds_in(v.actions, c), "%s chose an illegal card" % names[h.turn]
        h.act(c)
    assert h.score(0) + h.score(1) == 65


def test_every_level_is_legal_in_random_positions():
    for seed in range(1, 9):
        h = position(seed, (seed * 13) % 47)
        v = View65(h, h.turn)
        for name in ("random", "heuristic", "easy", "medium", "hard"):
            c = make_65_player(name, seed).choose(v)
            assert holds_in(v.actions, c), "%s: illegal %d at seed %d" % (name, c, seed)
            work = SixtyFiveHand(h.rules)
            work.copy_from(h)
            work.act(c)  # the engine agrees


def test_search_is_deterministic_given_the_seed():
    for seed in (3, 4):
        h = position(seed, 9)
        v = View65(h, h.turn)
        a = Search65Player("medium", 77)
        b = Search65Player("medium", 77)
        for _ in range(3):
            assert a.choose(v) == b.choose(v)
            assert a.nodes == b.nodes


def test_unknown_names_are_refused():
    for bad in ("expert", ""):
        try:
            make_65_player(bad, 1)
        except ValueError:
            continue
        raise AssertionError("%r was accepted" % bad)


def test_view_shows_only_what_the_seat_may_know():
    h = position(5, 14)
    seat = h.turn
    v = View65(h, seat)
    assert (v.own0, v.own1) == (h.hands[seat * 2], h.hands[seat * 2 + 1])
    # Swap one card between two other seats: the seat's view must not change.
    a = (seat + 1) & 3
    b = (seat + 2) & 3
    ca = h.hands[a * 2] & -h.hands[a * 2]
    cb = h.hands[b * 2] & -h.hands[b * 2]
    if ca and cb:
        h.hands[a * 2] ^= ca | cb
        h.hands[b * 2] ^= ca | cb
        w = View65(h, seat)
        for name in ("own0", "own1", "played", "voids", "piles", "trick", "counts", "scores", "actions"):
            assert getattr(v, name) == getattr(w, name), name
    for half in range(2):
        assert v.unseen(half) & v.seen(half) == 0
        assert v.unseen(half) | v.seen(half) == FULL
    assert sum(v.counts) == 48 - h.nlog


def test_sampled_worlds_agree_with_the_view():
    sampler = Sampler65()
    world = SixtyFiveHand(SixtyFiveRules())
    rng = Rng(9)
    checked_voids = 0
    for seed in range(1, 7):
        h = position(seed, 20 + seed)
        seat = h.turn
        v = View65(h, seat)
        for _ in range(4):
            sampler.deal(v, rng, world)
            assert world.hands[seat * 2] == v.own0 and world.hands[seat * 2 + 1] == v.own1
            for half in range(2):
                everything = v.seen(half)
                for s in range(4):
                    part = world.hands[s * 2 + half]
                    if s != seat:
                        assert part & v.seen(half) == 0, "a seen card was dealt"
                    assert part & everything & ~(v.own1 if half else v.own0) == 0
                    everything |= part
                assert everything == FULL, "a card is missing"
            for s in range(4):
                assert world.cards_left(s) == v.counts[s]
                for suit in range(4):
                    if (v.voids[s] >> suit) & 1:
                        checked_voids += 1
                        bits = world.hands[s * 2 + (suit >> 1)] >> ((suit & 1) * 12)
                        assert bits & 0xFFF == 0, "seat %d got a suit it lacks" % s
            assert world.turn == h.turn and world.lead == h.lead and world.best_seat == h.best_seat
            assert (world.tricks[0], world.tricks[1]) == (h.tricks[0], h.tricks[1])
            assert world.score(0) == h.score(0)
    assert checked_voids > 0, "no position had a void to respect"


def test_sampler_meets_tight_voids():
    """Voids that leave exactly one deal: A holds the spades, B has shown
    it lacks clubs and diamonds, C hearts and spades, D clubs and hearts.
    Then clubs can only be C's, hearts only B's, so D has the diamonds."""
    h = position(2, 0)
    for s in range(4):
        h.hands[s * 2] = 0
        h.hands[s * 2 + 1] = 0
    suits = (3, 2, 0, 1)  # A spades, B hearts, C clubs, D diamonds
    for s in range(4):
        h.hands[s * 2 + (suits[s] >> 1)] = 0xFFF << ((suits[s] & 1) * 12)
    h.voids[1] = 0b0011
    h.voids[2] = 0b1100
    h.voids[3] = 0b0101
    v = View65(h, 0)
    world = SixtyFiveHand(SixtyFiveRules())
    sampler = Sampler65()
    rng = Rng(4)
    for _ in range(5):
        sampler.deal(v, rng, world)
        for i in range(8):
            assert world.hands[i] == h.hands[i], "seat %d half %d" % (i // 2, i % 2)


def test_heuristic_trumps_the_partners_ace_with_a_low_spade():
    """Partner C leads the ace of hearts (it would win and give the
    opponents 4): A, void in hearts, takes it with the three of spades
    instead, so the ace stays on A's side and the trick is cheap."""
    h = position(1, 0)
    three_spades = parse_card48("3S")
    king_spades = parse_card48("KS")
    ace_hearts = parse_card48("AH")
    # Build a trick by hand: C led AH, D followed with 4H, now A to play.
    h.trick[2] = ace_hearts
    h.trick[3] = parse_card48("4H")
    h.lead = ace_hearts
    h.best = ace_hearts
    h.best_seat = 2
    h.in_trick = 2
    h.turn = 0
    buf = bytearray([three_spades, king_spades, parse_card48("5C")])
    # A holds those three cards only; B (to play last) is known void in nothing.
    own0 = 1 << parse_card48("5C")
    c = heuristic_card(h, 0, own0, (1 << (three_spades - 24)) | (1 << (king_spades - 24)), buf, 3)
    assert c == three_spades


def test_heuristic_throws_a_counter_on_a_trick_it_cannot_win():
    """B led a club, C followed, D trumped with the ace of spades; A, last
    and void in clubs, throws its ace of diamonds, which then counts for
    A's side (only the winning card changes sides)."""
    h = position(1, 0)
    h.trick[1] = parse_card48("5C")
    h.trick[2] = parse_card48("6C")
    h.trick[3] = parse_card48("AS")
    h.lead = parse_card48("5C")
    h.best = parse_card48("AS")
    h.best_seat = 3
    h.in_trick = 3
    h.turn = 0
    ace_d = parse_card48("AD")
    four_d = parse_card48("4D")
    buf = bytearray([four_d, ace_d])
    assert heuristic_card(h, 0, (1 << ace_d) | (1 << four_d), 0, buf, 2) == ace_d


def test_heuristic_player_uses_the_view():
    h = position(6, 17)
    v = View65(h, h.turn)
    assert holds_in(v.actions, Heuristic65Player().choose(v))


def test_endgame_search_equals_plain_minimax():
    p = Search65Player("medium", 1)
    p._ready(SixtyFiveRules())
    for seed in (1, 2, 3):
        h = position(seed, 41)  # seven cards left
        for side in range(2):
            p._side = side
            p._stack[0].copy_from(h)
            assert p.solve(0, -(1 << 20), 1 << 20) == brute(h, side)


def test_values_stay_small():
    h = position(8, 30)
    p = Search65Player("hard", 2)
    p.choose(View65(h, h.turn))
    for t in p._totals:
        assert -(1 << 29) < t < (1 << 29)
    assert p.nodes < 2 * LEVELS["hard"][3]


def test_the_step_budget_is_a_cap():
    """A move never takes more engine steps than its level allows: a world
    of playouts is started only when it fits, an exact search stops one
    step past the budget and its world is thrown away."""
    for name in ("easy", "medium", "hard"):
        budget = LEVELS[name][3]
        p = Search65Player(name, 5)
        for seed in range(1, 7):
            for plays in (0, 7, 22, 33, 36, 40):
                h = position(seed, plays)
                p.choose(View65(h, h.turn))
                assert p.nodes <= budget + 1, "%s took %d steps at seed %d" % (name, p.nodes, seed)


def test_a_move_that_fits_no_world_is_the_rule_of_thumb():
    for seed in (2, 5):
        for plays in (0, 38):  # playouts at the first trick; an exact search near the end
            h = position(seed, plays)
            v = View65(h, h.turn)
            p = Search65Player("hard", seed)
            p.budget = 3
            got = p.choose(v)
            assert p.worlds_done == 0 and p.nodes <= 4
            assert got == Heuristic65Player().choose(v)


def test_playout_allocates_nothing():
    """A whole heuristic playout (every seat choosing and playing) allocates
    nothing; measured where gc.mem_alloc exists (MicroPython)."""
    h = position(3, 5)
    p = Search65Player("easy", 1)
    work = SixtyFiveHand(h.rules)
    used = allocated(_play_out, p, work, h)  # plays it out twice
    assert work.over
    assert not used, "a playout allocated %d bytes" % used


def _play_out(p, work, h):
    work.copy_from(h)
    p.playout(work)


def _get_ready(p, rules, _):
    p._ready(rules)


def _decide(p, view, _):
    p.choose(view)


def test_getting_ready_for_a_decision_allocates_nothing_after_the_first():
    """The worlds are made at the first decision; every later one only
    checks that they are there (it used to box its argument in a closure
    cell, 16 bytes a decision)."""
    h = position(3, 5)
    p = Search65Player("hard", 1)
    p.choose(View65(h, h.turn))
    root = p._root
    p._ready(h.rules)
    assert p._root is root
    used = allocated(_get_ready, p, h.rules)
    assert not used, "_ready allocated %d bytes" % used


def _held(h, side):
    """Card points still in the hands of `side`'s two seats, card by card."""
    total = 0
    for s in (side, side + 2):
        for c in range(48):
            if (h.hands[s * 2 + c // 24] >> (c % 24)) & 1:
                total += RANK48_POINTS[c % 12]
    return total


def test_a_hand_cut_short_is_valued_by_its_margin_and_the_points_held():
    checked = 0
    for seed in range(1, 7):
        for plays in (0, 4, 16, 28, 44):
            h = position(seed, plays)
            if h.in_trick:
                continue  # estimates are made between tricks
            checked += 1
            for side in range(2):
                want = h.score(side) - h.score(1 - side) + _held(h, side) - _held(h, 1 - side)
                assert hand_estimate(h, side) == want, (seed, plays, side)
    assert checked >= 10
    h = position(2, 48)
    assert h.over
    assert hand_estimate(h, 0) == hand_value(h, 0) == -hand_estimate(h, 1)


def test_hard_judges_the_rule_of_thumbs_best_three():
    for seed in range(1, 7):
        h = position(seed, 1 + seed)
        v = View65(h, h.turn)
        p = Search65Player("hard", seed)
        k = p._short_list(v, v.actions, len(v.actions))
        assert k == min(3, len(v.actions))
        firsts = [p._cands[i] for i in range(k)]
        assert firsts[0] == Heuristic65Player().choose(v)
        assert len(set(firsts)) == k
        for c in firsts:
            assert holds_in(v.actions, c)
        assert holds_in(firsts, p.choose(v))


def test_medium_and_hard_search_from_the_first_trick():
    """Short playouts fit the budget at every move: neither level falls
    back on the rule of thumb for want of steps, even at the first lead."""
    for level in ("medium", "hard"):
        for seed in (1, 2, 3):
            h = position(seed, 0)
            p = Search65Player(level, seed)
            p.choose(View65(h, h.turn))
            assert p.worlds_done == LEVELS[level][0], (level, seed, p.worlds_done)
            assert p.nodes <= LEVELS[level][3]


def test_a_short_playout_stops_after_its_tricks():
    h = position(4, 6)  # two cards into the second trick
    p = Search65Player("hard", 1)
    work = SixtyFiveHand(h.rules)
    work.copy_from(h)
    p.nodes = 0
    p.playout(work, 4)
    assert work.tricks[0] + work.tricks[1] == 4 and work.in_trick == 0
    assert p.nodes == 4 * 4 - 6  # the rest of trick 2, then tricks 3 and 4


def test_a_hard_decision_allocates_nothing_after_the_first():
    h = position(6, 9)
    v = View65(h, h.turn)
    p = Search65Player("hard", 1)
    p.choose(v)
    used = allocated(_decide, p, v)
    assert not used, "a hard decision allocated %d bytes" % used


def _new_player_decides(level, view, _):
    Search65Player(level, 5).choose(view)


def test_the_players_of_a_table_share_one_search_scratch():
    """Seats decide in turn, so every Search65Player of the process uses
    the same worlds and stack: a second hard player's first decision makes
    none of its own (on a board, three computer seats at hard would
    otherwise hold three sets, about 10 KB each on a 32-bit build)."""
    h = position(1, 4)  # 11 legal cards: a search, not a forced card
    v = View65(h, h.turn)
    first = Search65Player("hard", 1)
    first.choose(v)
    assert first._stack is not None
    used = allocated(_new_player_decides, "hard", v)
    if used is not None:
        assert used < 4000, "a new hard player's first decision allocated %d bytes" % used
    second = Search65Player("hard", 2)
    second.choose(v)
    assert second._stack is first._stack and second._root is first._root


def test_a_deeper_level_after_a_shallower_one_gets_a_deep_enough_stack():
    h = position(2, 37)  # 11 cards left, 3 legal: hard searches exactly
    v = View65(h, h.turn)
    easy = Search65Player("easy", 1)
    easy.choose(v)
    hard = Search65Player("hard", 1)
    code = hard.choose(v)
    assert len(hard._stack) == LEVELS["hard"][1] + 2
    assert holds_in(v.actions, code)
    assert holds_in(v.actions, easy.choose(v))  # its own, older scratch still works


def _hall_everywhere(sampler):
    """Hall's condition over all fifteen sets of seats (the reference)."""
    for t in range(1, 16):
        room = 0
        need = 0
        for s in range(4):
            if (t >> s) & 1:
                room += sampler._cap[s]
        for suit in range(4):
            if sampler._allowed[suit] & ~t == 0:
                need += sampler._suit_left[suit]
        if need > room:
            return False
    return True


def test_the_sampler_checks_only_the_sets_that_can_fail():
    """Over many random void patterns and card counts, checking the sets
    `_find_tight` lists decides exactly as checking all fifteen."""
    rng = Rng(12)
    sampler = Sampler65()
    failures = 0
    tested = 0
    for _ in range(400):
        me = rng.below(4)
        for suit in range(4):
            bits = 0
            for s in range(4):
                if s != me and rng.below(3):
                    bits |= 1 << s
            sampler._allowed[suit] = bits
            sampler._suit_left[suit] = rng.below(5)
        total = 0
        for s in range(4):
            sampler._cap[s] = 0 if s == me else rng.below(6)
            total += sampler._cap[s]
        spare = total - sum(sampler._suit_left)
        if spare < 0:
            continue  # not a state a deal reaches: more cards than places
        sampler._cap[(me + 1) & 3] -= min(spare, sampler._cap[(me + 1) & 3])
        if sum(sampler._cap) != sum(sampler._suit_left):
            continue
        sampler._find_tight(me)
        want = _hall_everywhere(sampler)
        tested += 1
        assert sampler._feasible() == want
        failures += not want
    assert failures > 20 and tested > 100, (failures, tested)
