"""The computer players: only legal actions, honest claims, marriages, and
the heuristic clearly stronger than random play.  Portable: plain asserts,
runs under pytest and on the MicroPython unix port."""

from sixtysix.cardtext import parse_card
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix.match import Match
from sixtysix.players import HeuristicPlayer, RandomPlayer
from sixtysix.view import View
from support import act, deal, rules

_WIN = 66

# Option sets the players must cope with (record names, '_' for '-').
_VARIANTS = (
    ("sixty-six", {}),
    ("sixty-six", {"mode": "assisted", "exchange_when": "any-turn", "close_by": "either"}),
    ("sixty-six", {"void": "trump", "head": "yes", "marry_after_close": "no"}),
    ("sixty-six", {"marriage_lead": "queen", "exchange_needs_trick": "no", "false_claim": "2or3"}),
    ("schnapsen", {}),
    ("schnapsen", {"mode": "assisted", "marriage_lead": "queen"}),
)


def _play_hand(h, players, watch):
    """Play a hand to the end; before each action the engine checks it and
    `watch(view, code, player)` may assert on it."""
    while not h.over:
        p = h.turn
        view = View(h, p)
        code = players[p].choose(view)
        h.check(code)  # raises IllegalAction for an illegal choice
        watch(view, code, players[p])
        h.act(code)


class _Tally:
    def __init__(self):
        self.claims = 0
        self.marriages = 0
        self.exchanges = 0
        self.closes = 0

    def watch(self, view, code, player):
        has_marriage = False
        for a in view.actions:
            if MARRY <= a < EXCHANGE:
                has_marriage = True
        if code == CLAIM:
            assert view.my_score >= _WIN, "false claim with %d" % view.my_score
            self.claims += 1
        if not isinstance(player, HeuristicPlayer):
            return
        if view.my_score >= _WIN:
            assert code == CLAIM, "heuristic holds %d and did not claim" % view.my_score
        elif has_marriage and code != EXCHANGE and code != CLOSE:
            assert MARRY <= code < EXCHANGE, "heuristic on lead skipped a marriage"
        if MARRY <= code < EXCHANGE:
            self.marriages += 1
        elif code == EXCHANGE:
            self.exchanges += 1
        elif code == CLOSE:
            self.closes += 1


def test_players_choose_only_legal_actions_and_claim_honestly():
    tally = _Tally()
    seed = 1
    for game, options in _VARIANTS:
        m = Match(rules(game, **options), seed)
        for i in range(60):
            h = m.start_hand()
            rnd = RandomPlayer(seed * 100 + i)
            heu = HeuristicPlayer()
            # heuristic against random both ways round, and each against itself
            pairs = ((heu, rnd), (rnd, heu), (heu, heu), (rnd, RandomPlayer(i)))
            _play_hand(h, pairs[i % 4], tally.watch)
            m.scores[0] = m.scores[1] = 0  # keep the match from ending
            m.finish_hand()
        seed += 1
    # The checks above must actually have been exercised.
    assert tally.claims > 100
    assert tally.marriages > 20
    assert tally.exchanges > 20
    assert tally.closes > 5


def test_random_player_never_claims_falsely_but_spreads_its_choices():
    h = deal(rules(), "KH QH AS 9C JD TD", "AH TH KS QS 9S JS", "AC")
    player = RandomPlayer(5)
    seen = {}
    for _ in range(400):
        code = player.choose(View(h, 0))
        assert code != CLAIM
        seen[code] = seen.get(code, 0) + 1
    # six cards, the heart marriage and nothing else (close needs no trick)
    assert len(seen) == 8, seen
    for n in seen.values():
        assert n > 20


def test_random_player_claims_a_true_66_at_once():
    h = deal(rules(), "KH QH AS 9C JD TD", "AH TH KS QS 9S JS", "AC")
    h.card_points[0] = 66  # as if A had taken that much in tricks: 66 exactly
    h.tricks[0] = 3
    for seed in range(1, 201):
        assert RandomPlayer(seed).choose(View(h, 0)) == CLAIM, seed


def test_heuristic_claims_at_66_and_not_before():
    h = deal(rules(), "KH QH AS 9C JD TD", "AH TH KS QS 9S JS", "AC")
    h.card_points[0] = 65
    h.tricks[0] = 3
    assert HeuristicPlayer().choose(View(h, 0)) != CLAIM
    h.card_points[0] = 66
    assert HeuristicPlayer().choose(View(h, 0)) == CLAIM


def test_heuristic_declares_the_trump_marriage_first():
    # Clubs are trumps (upcard AC); A holds the heart and club marriages.
    h = deal(rules(), "KH QH KC QC 9S JD", "AH TH KS QS 9D JS", "AC")
    assert HeuristicPlayer().choose(View(h, 0)) == MARRY + parse_card("KC") // 6
    act(h, "marry C")
    code = HeuristicPlayer().choose(View(h, 0))
    assert code in (parse_card("KC"), parse_card("QC"))


def test_heuristic_declares_the_trump_marriage_first_whatever_the_suits_order():
    # Spades are trumps, the last suit: the heart marriage is listed first.
    h = deal(rules(), "KH QH KS QS 9C JD", "AH TH JS 9S JC TD", "AS")
    assert HeuristicPlayer().choose(View(h, 0)) == MARRY + parse_card("KS") // 6


def test_heuristic_leads_the_queen_of_a_marriage_while_the_stock_is_open():
    h = deal(rules(), "KH QH AS 9C JD TD", "AH TH KS QS 9S JS", "AC")
    act(h, "marry H")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("QH")


def test_heuristic_leads_the_king_of_a_marriage_that_surely_wins():
    # Closed, hearts trumps, every other heart in A's hand or turned up:
    # the king of the trump marriage surely wins, so it leads the king.
    h = deal(rules(), "AH TH KH QH JH AS", "KS QS 9S JS AC TC", "9H")
    act(h, "close", "marry H")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("KH")
    # So it does while the opponent may still hold the jack: a top trump.
    h = deal(rules(), "AH TH KH QH 9C AS", "KS QS 9S JS AC TC", "9H")
    act(h, "close", "marry H")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("KH")


def test_heuristic_cashes_a_top_side_card_against_a_player_out_of_trumps():
    # Closed, hearts trumps: B shows it has no heart, so A's ace of spades
    # surely wins though hearts are still in the stock; it is cashed, and
    # A's ten of trumps is not led to pull trumps B cannot have.
    h = deal(rules(), "AH TH AS 9C JD KD", "AC TC KC QC JC 9D", "9H")
    act(h, "close", "AH", "9D")
    v = View(h, 0)
    assert (v.opp_voids >> (parse_card("AH") // 6)) & 1 and v.lead == -1
    assert HeuristicPlayer().choose(v) == parse_card("AS")


# Hearts are trumps; A holds the top four: its sure points reach 66 only
# with the royal marriage it may declare, worth 40.
_CLOSER = ("AH TH KH QH 9C JD", "JH KS QS 9S JS AC", "9H")


def test_heuristic_counts_the_marriage_it_would_declare_and_closes_first():
    h = deal(rules(), *_CLOSER)
    player = HeuristicPlayer()
    v = View(h, 0)
    hearts = parse_card("KH") // 6
    assert player.sure_points(v, -1) < _WIN <= player.sure_points(v, hearts)
    # Marriages may still be declared after closing (the default): close.
    assert player.choose(v) == CLOSE
    # Not after closing: the marriage first, as closing would forfeit it.
    h = deal(rules(marry_after_close="no"), *_CLOSER)
    assert player.choose(View(h, 0)) == MARRY + hearts


def test_heuristic_closes_when_the_count_reaches_66_exactly():
    h = deal(rules(), *_CLOSER)
    player = HeuristicPlayer()
    v = View(h, 0)
    for count, wanted in ((_WIN, True), (_WIN - 1, False)):
        player.sure_points = lambda view, marry, n=count: n
        assert player.wants_to_close(v, -1) == wanted, count


def test_heuristic_counts_side_cards_only_once_the_trumps_are_drawn():
    """Schnapsen, jack of hearts up: the king and queen of trumps are out.
    Holding the ace and ten of trumps (as many top trumps as the opponent
    can have), the top spades count; holding the ace alone, they do not."""
    player = HeuristicPlayer()

    def sure(a, b):
        return player.sure_points(View(deal(rules("schnapsen"), a, b, "JH"), 0), -1)

    assert sure("AH TH AS TS KC", "AC TC QC JC AD") > sure("AH TH QS JS KC", "AC TC AS TS AD")
    assert sure("AH QD AS TS KC", "AC TC QC JC AD") == sure("AH QD QS JS KC", "AC TC AS TS AD")


def test_heuristic_counts_no_trump_below_one_it_may_meet_nor_a_marriage_without_a_trick():
    """Hearts are trumps and their ace unseen: the ten and king of trumps
    are not sure, so nothing is, and a marriage declared with no trick in
    sight would not count."""
    h = deal(rules(), "TH KH KS QS 9C JD", "AH JH AS TS 9S JS", "9H")
    assert HeuristicPlayer().sure_points(View(h, 0), parse_card("KS") // 6) == 0


def test_heuristic_counts_a_marriage_already_scored_once():
    """A declared spades and has taken tricks, so its 20 are in its score:
    with nothing sure in hand its sure points are that score, and a jack
    led is not worth a trump when the trick leaves it short of 66."""
    h = deal(rules(), "9H JH 9D 9S JS KD", "AC KC QC 9C JC AD", "AH", dealer=0)
    h.card_points[0] = 30  # as if taken in earlier tricks
    h.tricks[0] = 3
    h.marriage_points[0] = 20
    h.marriages[0] = 1 << (parse_card("KS") // 6)
    act(h, "JC")
    v = View(h, 0)
    assert v.my_score == 50
    assert HeuristicPlayer().choose(v) == parse_card("9D")
    assert HeuristicPlayer().sure_points(v, -1) == 50


def test_heuristic_exchanges_the_trump_jack_in_schnapsen():
    # Hearts are trumps; Schnapsen needs no trick won before exchanging.
    h = deal(rules("schnapsen"), "JH AS KC QD JD", "AH TH KS QS JS", "KH")
    assert HeuristicPlayer().choose(View(h, 0)) == EXCHANGE


def test_heuristic_takes_an_ace_with_its_lowest_trump():
    # Hearts are trumps; B leads the ace of clubs, A has no clubs.
    h = deal(rules(), "9H JH AD 9S JS KD", "AC TC KC QC 9C JC", "AH", dealer=0)
    act(h, "AC")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("9H")


def test_heuristic_keeps_its_trumps_when_a_nine_is_led():
    h = deal(rules(), "9H JH AD 9S JS KD", "AC TC KC QC 9C JC", "AH", dealer=0)
    act(h, "9C")
    code = HeuristicPlayer().choose(View(h, 0))
    assert code // 6 != parse_card("AH") // 6


def test_heuristic_takes_a_ten_with_the_ace_of_the_suit():
    h = deal(rules(), "AC 9H 9D 9S JS KD", "TC KC QC 9C JC AD", "AH", dealer=0)
    act(h, "TC")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("AC")


def test_heuristic_gives_away_the_fewest_points_when_it_cannot_take():
    # Hearts are trumps; A holds no club and no trump: whatever it plays
    # loses the nine of clubs, so it gives the card worth least.
    h = deal(rules(), "TD JS 9S QD KS JD", "AC KC QC 9C JC AD", "AH", dealer=0)
    act(h, "9C")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("9S")


def test_heuristic_leads_a_side_jack_before_its_trump_nine():
    # Its cheapest card is its points plus what it is worth keeping: the
    # nine of trumps (hearts) wins tricks later, the jack of clubs not.
    h = deal(rules(), "9H JC AS TS AD TD", "AC KC QC 9C KD AH", "JH")
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("JC")


def test_heuristic_trumps_a_small_card_when_that_makes_66():
    h = deal(rules(), "9H JH 9D 9S JS KD", "AC KC QC 9C JC AD", "AH", dealer=0)
    h.card_points[0] = 64  # as if taken in earlier tricks
    h.tricks[0] = 3
    act(h, "JC")  # 2 points: not worth a trump, unless they make 66
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("9H")
    h.card_points[0] = 40
    assert HeuristicPlayer().choose(View(h, 0)) == parse_card("9D")


def test_heuristic_pulls_trumps_with_a_top_trump_after_closing():
    # Hearts are trumps; A holds the top three and side aces and tens.
    h = deal(rules(), "AH TH KH AS TS AC", "QD JD 9D KS QS 9S", "QH")
    player = HeuristicPlayer()
    assert player.sure_points(View(h, 0), -1) >= _WIN
    assert player.choose(View(h, 0)) == CLOSE
    # Without the king of trumps the count stays short of 66: no closing.
    h = deal(rules(), "AH TH JD AS TS AC", "QD KH 9D KS QS 9S", "QH")
    assert player.choose(View(h, 0)) != CLOSE
    act(h, "close")
    assert player.choose(View(h, 0)) == parse_card("AH")


def _duel(game, hands, seed):
    """Game points of the heuristic and of random play over `hands` hands,
    the heuristic taking each seat in turn."""
    m = Match(rules(game), seed)
    heuristic = 0
    other = 0
    for i in range(hands):
        h = m.start_hand()
        me = i % 2
        players = [RandomPlayer(seed + i), RandomPlayer(seed + i)]
        players[me] = HeuristicPlayer()
        _play_hand(h, players, lambda view, code, player: None)
        if h.winner == me:
            heuristic += h.game_points
        elif h.winner >= 0:
            other += h.game_points
        m.scores[0] = m.scores[1] = 0
        m.finish_hand()
    return heuristic, other


def test_heuristic_beats_random_play_at_sixty_six():
    mine, theirs = _duel("sixty-six", 200, 21)
    assert mine * 100 > 85 * (mine + theirs), (mine, theirs)


def test_heuristic_beats_random_play_at_schnapsen():
    mine, theirs = _duel("schnapsen", 200, 22)
    assert mine * 100 > 80 * (mine + theirs), (mine, theirs)


def _beats_every_reply(h, c):
    """Whether c, led once the stock is gone, takes the trick whatever the
    opponent holds and must play (follow suit when able): nothing higher of
    its suit over there, and either a card of its suit or no trump."""
    other = h.hands[1 - h.turn]
    suit = (1 << (c // 6 * 6 + 6)) - (1 << (c // 6 * 6))
    trumps = (1 << (h.trump * 6 + 6)) - (1 << (h.trump * 6))
    if other & suit & ~((2 << c) - 1):
        return False
    return c // 6 == h.trump or bool(other & suit) or not other & trumps


def test_heuristic_cashes_sure_winners_once_the_stock_is_gone():
    """The docstring's lead once every card's place is known: a top trump
    while the opponent has trumps and none beats it; else, of the side
    cards that take the trick whatever the reply, the one worth most (the
    lowest id among equals); else its cheapest card.  With the stock
    closed, a card it leads other than its cheapest is a sure winner."""
    from randplay import random_positions
    from sixtysix.cards import RANK_POINTS

    player = HeuristicPlayer()
    cashed = closed = 0
    for h in random_positions(41, 60):
        if not h.strict() or h.lead >= 0 or h.pending >= 0:
            continue
        v = View(h, h.turn)
        if v.my_score >= _WIN or any(MARRY <= a < EXCHANGE for a in v.actions):
            continue
        if h.closer >= 0 and h.facedown():
            # Closed, cards face down: what is sure is judged from the view,
            # but a card it leads that is not its cheapest must be sure, so
            # it takes the trick in this deal too.
            code = player.choose(v)
            if code != player._cheapest(v, v.legal_plays):
                assert _beats_every_reply(h, code), (code, v.hand, h.hands[1 - h.turn])
                closed += 1
            continue
        t = h.trump
        plays = v.legal_plays
        tm = 0x3F << (t * 6)
        want = -1
        theirs = h.hands[1 - h.turn] & tm
        if plays & tm and theirs:
            top = t * 6 + 5
            while not (plays >> top) & 1:
                top -= 1
            if _beats_every_reply(h, top):
                want = top
        if want < 0:
            for c in range(24):
                if (plays & ~tm) >> c & 1 and _beats_every_reply(h, c):
                    if want < 0 or RANK_POINTS[c % 6] > RANK_POINTS[want % 6]:
                        want = c
        if want >= 0:
            assert player.choose(v) == want, (want, v.hand, h.hands[1 - h.turn])
            cashed += 1
    assert cashed > 20 and closed > 5, (cashed, closed)
