"""Sixty-Five's search player plays as MORE_GAMES.md says: the last cards
(8 at medium, 12 at hard) solved exactly in each sampled deal, so the card
it plays there is worth the most by plain minimax summed over the deals it
sampled; earlier, playouts.

A module of its own (a mutation audit found the player's exact choice
unchecked: only its solver was compared with minimax): test_ai65.py
compiled beside it would crowd MicroPython's heap."""

from sixtysix import sixtyfive as _engine_first  # noqa: F401  (see test_ai65)
from sixtysix.ai65 import LEVELS, Heuristic65Player, Sampler65, Search65Player, hand_value, heuristic_card
from sixtysix.cardtext import parse_card48
from sixtysix.rng import Rng
from sixtysix.sixtyfive import SixtyFiveHand
from sixtysix.view65 import View65

# isort: split
# After ai65: at a 64wK heap, compiling the engine's helpers first leaves
# too fragmented a heap for ai65 (a MemoryError at its import).
from play65 import brute, position


def test_an_exact_move_is_worth_most_by_plain_minimax_over_its_deals():
    """With 8 cards or fewer left medium solves every sampled deal: the
    card it plays has the best sum of minimax values over those deals (a
    twin sampler of the same seed deals them again), counted where the
    cards' sums differ."""
    checked = 0
    for seed in range(1, 120):
        h = position(seed, 40 + seed % 7)  # 8 to 2 cards left, mid-trick too
        v = View65(h, h.turn)
        n = len(v.actions)
        if n < 2:
            continue
        p = Search65Player("medium", seed)
        code = p.choose(v)
        assert p.worlds_done >= 1, seed
        rng = Rng(seed)
        sampler = Sampler65()
        world = SixtyFiveHand(h.rules)
        sums = [0] * n
        for _ in range(p.worlds_done):
            sampler.deal(v, rng, world)
            for i in range(n):
                child = SixtyFiveHand(h.rules)
                child.copy_from(world)
                child.act(v.actions[i])
                sums[i] += brute(child, h.turn & 1)
        i = 0
        while v.actions[i] != code:
            i += 1
        assert sums[i] == max(sums), (seed, code, list(v.actions), sums)
        if min(sums) < max(sums):
            checked += 1
            if checked == 8:
                return
    raise AssertionError(checked)


class Spy(Search65Player):
    """Counts the exact searches and the playouts a decision starts."""

    def __init__(self, level, seed):
        super().__init__(level, seed)
        self.solves = 0
        self.playouts = 0

    def solve(self, depth, alpha, beta):
        if depth == 0:
            self.solves += 1
        return Search65Player.solve(self, depth, alpha, beta)

    def playout(self, h, stop=99):
        self.playouts += 1
        Search65Player.playout(self, h, stop)


def test_the_exact_search_starts_at_the_levels_count_of_cards():
    """MORE_GAMES.md: medium solves the last 8 cards, hard the last 12; one
    card more and the deals are played out instead."""
    for level in ("medium", "hard"):
        last = LEVELS[level][1]
        for seed in (1, 2, 3):
            for left, exact in ((last, True), (last + 1, False)):
                h = position(seed, 48 - left)
                v = View65(h, h.turn)
                if len(v.actions) < 2:
                    continue
                p = Spy(level, seed)
                p.choose(v)
                assert (p.solves > 0, p.playouts > 0) == (exact, not exact), (level, seed, left)


def test_a_finished_hand_counts_32_hand_points_a_game_point():
    """MORE_GAMES.md: a result counts game points first, 32 hand points
    each, then the margin (the weight with which deals are summed)."""
    seen = {}
    for seed in range(1, 9):
        h = position(seed, 48)
        assert h.over
        for side in range(2):
            gp = h.game_points[side] - h.game_points[1 - side]
            assert hand_value(h, side) == gp * 32 + h.score(side) - h.score(1 - side), (seed, side)
            seen[gp] = True
    assert len(seen) >= 2


def test_each_level_has_the_settings_the_docs_give_it():
    """MORE_GAMES.md's table of Sixty-Five's levels: deals a move, cards
    left from which each deal is solved exactly (0: never), the share of
    random moves, steps a move, (the fewest deals worth searching, not in
    the table,) the rule of thumb's best few cards judged (0: all), tricks
    a playout goes past the current one (0: to the end)."""
    assert LEVELS["easy"][:4] == (2, 0, 15, 200) and LEVELS["easy"][5:] == (0, 0)
    assert LEVELS["medium"][:4] == (6, 8, 0, 270) and LEVELS["medium"][5:] == (3, 1)
    assert LEVELS["hard"][:4] == (12, 12, 0, 900) and LEVELS["hard"][5:] == (3, 2)


def a_last_to_play(b, c, d):
    """Seed 1's deal with B's lead `b`, C's `c` and D's `d` on the table,
    D's card holding the trick, and A to play last."""
    h = position(1, 0)
    for s, name in ((1, b), (2, c), (3, d)):
        h.trick[s] = parse_card48(name)
    h.lead = parse_card48(b)
    h.best = parse_card48(d)
    h.best_seat = 3
    h.in_trick = 3
    h.turn = 0
    return h


def test_the_rule_of_thumb_takes_a_trick_cheaply_or_leaves_it():
    """MORE_GAMES.md: taking a trick with a low card is worth +2, with a
    king -4.  B led the 5 of hearts, C (partner) played the 3, D the 8;
    A, last, holds the king and the 4 of hearts.  Taking it with the king
    is worth -4; the 4 leaves it to D with a low card, -2: A plays the 4."""
    h = a_last_to_play("5H", "3H", "8H")
    king = parse_card48("KH")
    four = parse_card48("4H")
    buf = bytearray([four, king])
    assert heuristic_card(h, 0, (1 << king) | (1 << four), 0, buf, 2) == four


def test_the_rule_of_thumb_keeps_a_low_trump():
    """MORE_GAMES.md: low trumps are kept as cheap winners.  B led the 5
    of clubs, C played the 6, D trumped with the ace of spades; A, last
    and without clubs, throws the 3 of hearts and keeps the 3 of spades."""
    h = a_last_to_play("5C", "6C", "AS")
    spade = parse_card48("3S")
    heart = parse_card48("3H")
    buf = bytearray([spade, heart])
    assert heuristic_card(h, 0, 0, (1 << (spade - 24)) | (1 << (heart - 24)), buf, 2) == heart


class Horizon(Search65Player):
    """Notes the tricks done when each playout stops."""

    def __init__(self, level, seed):
        super().__init__(level, seed)
        self.stopped = []

    def playout(self, h, stop=99):
        Search65Player.playout(self, h, stop)
        self.stopped.append(h.tricks[0] + h.tricks[1] if not h.over else -1)


def test_a_playout_stops_the_levels_tricks_past_the_current_one():
    """MORE_GAMES.md: medium plays out to the end of the next trick, hard
    two tricks past the current one, mid-trick too."""
    checked = 0
    for level, past in (("medium", 1), ("hard", 2)):
        for seed in range(1, 5):
            h = position(seed, 5 + 4 * seed + seed % 3)  # mid-trick for most
            v = View65(h, h.turn)
            p = Horizon(level, seed)
            p.choose(v)
            done = h.tricks[0] + h.tricks[1]
            assert p.stopped and set(p.stopped) == {done + 1 + past}, (level, seed, p.stopped)
            checked += h.in_trick > 0
    assert checked >= 3


def test_a_tie_over_the_deals_goes_to_the_rule_of_thumbs_card():
    """MORE_GAMES.md: the card with the best total over the deals is
    chosen, the rule of thumb's own on a tie (hard's playouts judge its
    best three, its own choice first)."""
    ties = 0
    for seed in range(1, 40):
        h = position(seed, 4 + seed % 30)
        v = View65(h, h.turn)
        if len(v.actions) < 3:
            continue
        p = Search65Player("hard", seed)
        code = p.choose(v)
        k = 3
        best = max(p._totals[i] for i in range(k))
        if p.worlds_done and p._totals[0] == best:
            assert code == p._cands[0] == Heuristic65Player().choose(v), seed
            ties += p._totals[1] == best or p._totals[2] == best
    assert ties >= 2, ties


def test_easy_plays_its_share_of_moves_at_random():
    """MORE_GAMES.md: easy plays 15% of its moves at random.  Its generator
    decides first (a draw below 100 under 15), then the card (a draw below
    the number of legal cards): a twin generator of the same seed tells
    which moves those are and which cards they must be."""
    random_moves = 0
    not_first = 0
    for seed in range(1, 60):
        h = position(seed, seed % 40)
        v = View65(h, h.turn)
        n = len(v.actions)
        if n < 2:
            continue
        twin = Rng(seed)
        if twin.below(100) >= LEVELS["easy"][2]:
            continue
        want = v.actions[twin.below(n)]
        assert Search65Player("easy", seed).choose(v) == want, seed
        random_moves += 1
        not_first += want != v.actions[0]
    assert random_moves >= 4 and not_first >= 2, (random_moves, not_first)
