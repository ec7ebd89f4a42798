"""A hint's words in four-hand, Sixty-Five and the bidding games
(sixtysix_app/hints_more.py), for a given action and table.

The table is a stand-in with the few fields the words read (who holds the
trick, with which card, the trump), so each case pins one branch; the
right words come from the rules (RULES.md 2c and 3), not from the
search.  Portable: plain asserts.
"""

from sixtysix.cards import RANK_POINTS, card48_name, card_name
from sixtysix.cardtext import parse_card, parse_card48
from sixtysix.four import BID, PASS, FourHand, FourRules
from sixtysix.hand import MARRY
from sixtysix_app.hints_more import bid_reason, card_reason

RANK48_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}  # RULES.md 3, typed here


class Options:
    solo_all_tricks = False


class Trick:
    """The hand's fields the words read."""

    def __init__(self, trump=-1, best=None, best_seat=-1, all_tricks=False):
        self.trump = trump
        self.in_trick = 0 if best is None else 1
        self.best = best
        self.best_seat = best_seat
        self.rules = Options()
        self.rules.solo_all_tricks = all_tricks


class Table:
    """An adapter: the hand and how it writes a card."""

    def __init__(self, hand, deck48=False):
        self.hand = hand
        self.card_text = card48_name if deck48 else card_name


def four(card, trump=-1, best=None, best_seat=1, partner=2):
    """Why you play `card` in four-hand (or a bidding game) with `best`,
    held by `best_seat`, winning the trick so far."""
    h = Trick(trump, None if best is None else parse_card(best), best_seat)
    c = parse_card(card)
    if partner == 2:  # four-hand leaves it to the default: opposite you
        return card_reason(Table(h), c, 6, RANK_POINTS[c % 6], trump)
    return card_reason(Table(h), c, 6, RANK_POINTS[c % 6], trump, partner)


def sixty_five(card, best=None, best_seat=1):
    """Why you play `card` in Sixty-Five (spades, suit 3, always trumps)."""
    h = Trick(3, None if best is None else parse_card48(best), best_seat)
    return card_reason(Table(h, True), parse_card48(card), 12, RANK48_POINTS.get(card[0], 0), 3)


def test_a_pass_and_the_bids_say_what_the_side_can_reach():
    """RULES.md 2c: bid 1 is 33 points, 2 66, 3 99, 4 132; 5 is the solo,
    won by reaching 66 alone (by default)."""
    h = Trick()
    assert bid_reason(h, PASS) == "Pass: your cards are not worth a bid."
    for n, points in ((1, 33), (2, 66), (3, 99), (4, 132)):
        assert bid_reason(h, BID + n) == "Bid %d: your side can reach %d." % (n, points)
    assert bid_reason(h, BID + 5) == "Solo: you can reach 66 alone."


def test_a_solo_hint_names_the_goal_the_table_plays_by():
    """RULES.md 2c: a solo succeeds when the soloist reaches 66 alone
    (default) or, under `solo all-tricks`, takes every trick; a hint to
    bid it must name the goal of the rules in play (four-hand's engine,
    four.py _score, judges it so)."""
    r = FourRules()
    assert bid_reason(FourHand(r), BID + 5) == "Solo: you can reach 66 alone."
    r.set_option("solo", "all-tricks")
    assert bid_reason(FourHand(r), BID + 5) == "Solo: you can take every trick."


def test_a_marriage_before_the_first_lead_is_in_trumps():
    """four.py: a marriage shown on the very first lead makes its suit
    trumps, so it is worth 40 in any suit; after, 40 in trumps and 20 in
    another suit, whichever suit trumps are (RULES.md 2c, marriages 20/40)."""
    said = "Declare the marriage in %s: %d for your side."
    for suit, name in enumerate(("clubs", "diamonds", "hearts", "spades")):
        assert bid_reason(Trick(), MARRY + suit) == said % (name, 40)
        for trump in range(4):
            assert bid_reason(Trick(trump=trump), MARRY + suit) == said % (name, 40 if suit == trump else 20)


def test_a_card_has_no_bidding_words():
    """A card is no bid, pass or marriage: "" lets the adapters go on to
    card_reason."""
    for card in ("9C", "AS", "KH"):
        assert bid_reason(Trick(trump=1), parse_card(card)) == ""


def test_a_lead_says_trumps_a_high_card_or_a_cheap_one():
    """RULES.md 2c: the first card led makes its suit trumps.  After that,
    a trump draws trumps, an ace or a ten (11, 10) is a high card, a king
    (4) or lower a cheap one."""
    assert four("QD") == "Lead QD: its suit becomes trumps."
    assert four("9C", trump=0) == "Lead 9C: draw out the trumps."
    assert four("AS", trump=0) == "Lead AS: cash a high card while it is safe."
    assert four("TH", trump=0) == "Lead TH: cash a high card while it is safe."
    assert four("KH", trump=0) == "Lead KH: a cheap lead, keeping your strong cards."
    assert four("9D", trump=0) == "Lead 9D: a cheap lead, keeping your strong cards."


def test_sixty_five_leads_count_its_own_card_points():
    """RULES.md 3: spades are trumps; an ace (4) or a king (3) is a high
    card, a queen (2) or lower a cheap one; the ten counts nothing."""
    assert sixty_five("3S") == "Lead 3S: draw out the trumps."
    assert sixty_five("AH") == "Lead AH: cash a high card while it is safe."
    assert sixty_five("KC") == "Lead KC: cash a high card while it is safe."
    assert sixty_five("QD") == "Lead QD: a cheap lead, keeping your strong cards."
    assert sixty_five("TD") == "Lead TD: a cheap lead, keeping your strong cards."


def test_a_card_takes_the_trick_by_rank_in_suit_or_by_trumping():
    """RULES.md 2c: the higher card of the suit led wins (A T K Q J 9), a
    trump wins over any other suit, the higher trump over a trump."""
    takes = "Play %s: takes the trick from %s."
    lost = "Play %s: the trick is lost, give a cheap card."
    assert four("AH", 0, "TH") == takes % ("AH", "TH")
    assert four("TH", 0, "KH") == takes % ("TH", "KH")
    assert four("KH", 0, "TH") == lost % "KH"
    assert four("9C", 0, "AH") == takes % ("9C", "AH")
    assert four("9C", 0, "JC") == lost % "9C"
    assert four("AC", 0, "9C") == takes % ("AC", "9C")
    assert four("AD", 0, "9H") == lost % "AD"  # neither the suit led nor trumps


def test_sixty_five_ranks_run_a_k_q_j_ten_down_to_three():
    """RULES.md 3: A K Q J T 9 ... 3, spades always trumps."""
    takes = "Play %s: takes the trick from %s."
    lost = "Play %s: the trick is lost, give a cheap card."
    assert sixty_five("JH", "TH") == takes % ("JH", "TH")
    assert sixty_five("TH", "JH") == lost % "TH"
    assert sixty_five("3S", "AD") == takes % ("3S", "AD")
    assert sixty_five("3S", "4S") == lost % "3S"
    assert sixty_five("AC", "3D") == lost % "AC"


def test_your_partner_holding_the_trick_is_said():
    """Partners sit opposite (RULES.md 2c and 3): in four-hand seat C, 2.
    Over the partner's card the hint says you make sure of the trick;
    under it, that points go to your side, or only that the partner
    holds it when the card is worth nothing."""
    assert four("AH", 0, "TH", 2) == "Play AH: over your partner, to be sure of the trick."
    assert four("KH", 0, "AH", 2) == "Play KH: your partner holds the trick, add points."
    assert four("9H", 0, "AH", 2) == "Play 9H: your partner holds the trick."
    assert sixty_five("3D", "AD", 2) == "Play 3D: your partner holds the trick."
    # the seat across is no partner when the adapter names another
    assert four("KH", 0, "AH", 2, partner=1) == "Play KH: the trick is lost, give a cheap card."
    assert four("KH", 0, "AH", 1, partner=1) == "Play KH: your partner holds the trick, add points."
    assert four("KH", 0, "AH", 2, partner=-1) == "Play KH: the trick is lost, give a cheap card."
