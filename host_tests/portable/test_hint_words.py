"""A hint's words for a given action and search result.

hint.reason() is fed a stand-in for the searcher (its counts set by hand),
so these pin what the hint says for each count, not which action the
computer picks.  Portable: plain asserts.
"""

from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY
from sixtysix.hint import CLOSE_HELD, PLAY_HELD, close_bucket, play_bucket, reason
from sixtysix.view import View
from support import act, code, deal, position, rules


class Searched:
    """What SearchPlayer leaves behind for reason() after choosing."""

    def __init__(self, worlds=0, wins=0, value=0, close_wins=0, close_judged=0):
        self.worlds = worlds
        self.wins = wins
        self.value = value
        self.close_wins = close_wins
        self.close_judged = close_judged


def lead_view():
    """A to lead with the stock open, spades trumps, A on 54 (the cards
    placed nowhere are A's) and B on 3."""
    h = position(
        rules(), "AS 9H KC QC TC", "9D JD TD 9C", "S", won_b="9S QS", tricks=(5, 1), stock="AH TH JH"
    )
    assert h.score(0) == 54 and h.score(1) == 3
    return View(h, 0)


def test_play_odds_say_the_deals_won_and_the_measured_share():
    v = lead_view()
    ace = code("AS")
    why = reason(v, ace, Searched(worlds=20, wins=20, value=20 * 1000))
    assert why == "Play AS: wins the hand in all 20 deals I tried (%d%% in play)." % PLAY_HELD[0]
    why = reason(v, ace, Searched(worlds=20, wins=15, value=5000))
    assert why == "Play AS: wins in 15 of 20 deals I tried (%d%% in play)." % PLAY_HELD[1]
    why = reason(v, ace, Searched(worlds=20, wins=13, value=0))
    assert why == "Play AS: wins in 13 of 20 deals I tried (%d%% in play)." % PLAY_HELD[2]
    why = reason(v, ace, Searched(worlds=20, wins=1, value=-15000))
    assert why == "Play AS: wins in 1 of 20 deals I tried (%d%% in play)." % PLAY_HELD[3]
    why = reason(v, ace, Searched(worlds=20, wins=0, value=-20000))
    assert why == "Play AS: loses least over the 20 deals I tried."
    why = reason(v, ace, Searched(worlds=2, wins=1, value=0))
    assert why == "Play AS: wins in 1 of 2 deals I tried (%d%% in play)." % PLAY_HELD[2]


def test_one_deal_left_speaks_of_best_play_by_its_value():
    v = lead_view()
    ace = code("AS")
    assert reason(v, ace, Searched(1, 1, 1000)) == "Play AS: with best play it wins the hand."
    assert reason(v, ace, Searched(1, 1, 3000)) == "Play AS: with best play it wins the hand."
    assert reason(v, ace, Searched(1, 0, -1000)) == "Play AS: the hand is lost, this loses least."
    assert reason(v, ace, Searched(1, 0, -2000)) == "Play AS: the hand is lost, this loses least."
    assert reason(v, ace, Searched(1, 0, 999)) == "Play AS: the best line from here."
    assert reason(v, ace, Searched(1, 0, -999)) == "Play AS: the best line from here."


def test_buckets_split_at_seven_and_three_tenths():
    assert play_bucket(7, 10) == 1 and play_bucket(6, 10) == 2
    assert play_bucket(3, 10) == 2 and play_bucket(2, 10) == 3
    assert play_bucket(1, 1) == 0 and play_bucket(0, 1) == 4 and play_bucket(1, 2) == 2
    assert close_bucket(5, 5) == 0 and close_bucket(4, 5) == 1


def test_close_and_claim_and_exchange_say_their_figures():
    v = lead_view()
    why = reason(v, CLOSE, Searched(close_wins=9, close_judged=9))
    assert why == "Close: won in 9 of 9 deals I tried; %d%% of such closes hold." % CLOSE_HELD[0]
    why = reason(v, CLOSE, Searched(close_wins=8, close_judged=9))
    assert why == "Close: won in 8 of 9 deals I tried; %d%% of such closes hold." % CLOSE_HELD[1]
    assert reason(v, CLOSE, Searched()) == "Close: your sure tricks reach 66."
    assert reason(v, CLAIM, Searched()) == "Claim: you have 54, and 66 wins the hand."
    # RULES.md 1 and 2a: the trump nine, in Schnapsen the trump jack, goes
    # for the upcard; in each game the lowest trump there is, so the line
    # may not name the nine.
    assert reason(v, EXCHANGE, Searched()) == "Exchange: take the upcard for your lowest trump."


def test_a_marriage_is_named_by_its_suit_and_trump_doubles_it():
    v = lead_view()
    said = "Declare the marriage in %s: %d points once you have a trick."
    assert reason(v, MARRY + 0, Searched()) == said % ("clubs", 20)
    assert reason(v, MARRY + 3, Searched()) == said % ("spades", 40)


def test_unsearched_leads_and_follows_say_why_by_the_cards():
    v = lead_view()
    none = Searched()
    assert reason(v, code("AS"), none) == "Lead AS: draw out the trumps."
    assert reason(v, code("QC"), none) == "Lead QC: a cheap lead, keeping your strong cards."
    assert reason(v, code("TC"), none) == "Lead TC: cash its points while the stock is open."
    assert reason(v, code("KC"), none) == "Lead KC: a cheap lead, keeping your strong cards."
    # stock closed: the same ten is cashed "while it is safe"
    h = position(rules(), "AS 9H TH", "9D JD TD", "S", won_a="AD TC", tricks=(1, 0))
    assert reason(View(h, 0), code("TH"), none) == "Lead TH: cash a high card while it is safe."
    # B follows A's lead of the ten of diamonds
    h = deal(rules(), "TD KH QH KS 9S TC", "AD 9D QC KC JS AC", "QS", "JC 9C JD KD QD 9H JH TH AH TS AS")
    act(h, "TD")
    v = View(h, 1)
    assert reason(v, code("AD"), none) == "Play AD: takes the trick, worth 21."
    assert reason(v, code("JS"), none) == "Play JS: takes the trick, worth 12."
    assert reason(v, code("9D"), none) == "Play 9D: let this trick go with a cheap card."
    # a declared marriage's card must be led
    h = deal(rules(), "TD KH QH KS 9S TC", "AD 9D QC KC JS AC", "QS", "JC 9C JD KD QD 9H JH TH AH TS AS")
    act(h, "marry H")
    assert reason(View(h, 0), code("KH"), none) == "Lead KH: a card of the marriage must be led now."
    # clubs, suit 0, as well
    h = deal(rules(), "TD KC QC KS 9S TH", "AD 9D QH KH JS AC", "QS", "JC 9C TC JD KD QD 9H JH AH TS AS")
    act(h, "marry C")
    assert reason(View(h, 0), code("QC"), none) == "Lead QC: a card of the marriage must be led now."
