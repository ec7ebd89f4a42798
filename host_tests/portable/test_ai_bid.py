"""The bidding games' computer players on the device's terms: a decision
in play allocates nothing (the play-outs and the endgame search reuse the
hands and buffers made with the player), the node budget is kept, and
every level answers legally and the same way for the same seed.

Kept light: it also runs on the MicroPython unix port at a 64K-word heap."""

from heapmeter import left_allocated
from sixtysix.ai_bid import LEVELS, BidSearchPlayer, make_bid_player, node_budget
from sixtysix.bid import PLAYING, BidRules
from sixtysix.bid_match import BidMatch
from sixtysix.cards import count
from sixtysix.view_bid import BidView


def _decide(player, view, _):
    player.choose(view)


def _tricks_left(h):
    return (24 - count(h.played())) // h.seats


def test_decisions_in_play_allocate_nothing_and_keep_the_budget():
    for seats in (2, 3):
        m = BidMatch(BidRules(seats), 3)
        h = m.start_hand()
        hard = make_bid_player("hard", 1)
        heuristic = make_bid_player("heuristic", 1)
        checked = 0
        while not h.over:
            view = BidView(h, h.turn)
            # play-outs early, the endgame search late; a forced move costs nothing
            if h.phase == PLAYING and _tricks_left(h) in (7, 6, 2) and len(view.actions) > 1:
                assert left_allocated(_decide, hard, view) == 0, (seats, _tricks_left(h))
                assert 0 < hard.nodes <= node_budget("hard", seats)
                checked += 1
            h.act(heuristic.choose(view))
        assert checked >= 3


def test_every_level_answers_legally_and_alike_for_a_seed():
    for seats in (2, 3):
        for level in ("easy", "medium", "hard"):
            m = BidMatch(BidRules(seats), 8)
            h = m.start_hand()
            steps = 0
            while not h.over and steps < 12:
                view = BidView(h, h.turn)
                code = make_bid_player(level, 5).choose(view)
                assert make_bid_player(level, 5).choose(view) == code
                assert bytes((code,)) in view.actions
                h.act(code)
                steps += 1


def test_each_level_has_the_budgets_the_docs_give_it():
    """BIDDING.md: nodes a decision in bid-two and in bid-three, worlds a
    bidding decision, and easy's share of moves by rule of thumb (about a
    third)."""
    assert [LEVELS[n][1:] for n in ("easy", "medium", "hard")] == [
        (150, 150, 4, 35),
        (500, 280, 6, 0),
        (1500, 850, 16, 0),
    ]
    for name in LEVELS:
        assert node_budget(name, 2) == LEVELS[name][1] and node_budget(name, 3) == LEVELS[name][2]


class Spy(BidSearchPlayer):
    """Counts the rule-of-thumb play-outs of a decision."""

    playouts = 0

    def _play_out(self, w):
        self.playouts += 1
        BidSearchPlayer._play_out(self, w)


def test_the_last_three_tricks_are_searched_and_earlier_ones_played_out():
    """BIDDING.md: in the last three tricks four-hand's alpha-beta search
    over dealt worlds; before that, play-outs (bid-three: bid-two, where
    nothing is hidden, may solve the rest exactly first)."""
    seen = {}
    for seed in range(1, 6):
        m = BidMatch(BidRules(3), seed)
        h = m.start_hand()
        heuristic = make_bid_player("heuristic", 1)
        while not h.over:
            view = BidView(h, h.turn)
            left = _tricks_left(h)
            if h.phase == PLAYING and left in (3, 4) and len(view.actions) > 1 and h.in_trick == 0:
                p = Spy("hard", seed)
                p.choose(view)
                if left == 3:
                    assert p.playouts == 0 and p.depth > 0, (seed, left)
                else:
                    assert p.playouts > 0 and p.depth == 0, (seed, left)
                seen[left] = True
            h.act(heuristic.choose(view))
    assert len(seen) == 2
