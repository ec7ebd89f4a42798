"""Four-hand (RULES.md 2c), part two: what test_four.py leaves open, found
by a mutation audit: a wrong deal's message, the contract's figures, the
lowest card led, voids shown, the trick's winner leading, marriage cards
known, the defending side reaching the target; and from a second audit, a
card outside the deck, the auction skipping every passer, heading after a
trump, a solo's marriage, below zero at -1, the record words at the edges
of the codes, the dealer's choices under all-pass dealer, a negative code
and the marriages offered on lead.  A module of its own (test_four.py
fills MicroPython's 64K-word heap nearly to the last word), its cards read
by seatmoves rather than cardtext for the same reason."""

from seatmoves import act, card, code, suit
from sixtysix.four import MAX_ACTIONS, PLAYING, FourHand, FourMatch, FourRules, action_name
from sixtysix.hand import IllegalAction

# Dealer D, so A bids first.  A holds the heart marriage.
HANDS = ("AH TH KH QH 9C JC", "AC TC KC QC JD 9D", "AS TS KS QS JH 9H", "AD TD KD QD JS 9S")


def cards(text):
    s = 0
    for name in text.split():
        s |= 1 << card(name)
    return s


def dealt():
    h = FourHand(FourRules())
    h.deal(3, [cards(x) for x in HANDS])
    return h


def position(a, b, c, d, trump, bid=1):
    """A hand in play, A to lead a contract of A's side; the cards in no
    hand were taken by AC in earlier tricks."""
    h = FourHand(FourRules())
    held = 0
    for s, text in enumerate((a, b, c, d)):
        h.hands[s] = cards(text)
        held |= h.hands[s]
    h.won[0] = 0xFFFFFF & ~held
    h.tricks[0] = 1
    h.phase = PLAYING
    h.trump = suit(trump)
    h.high_bid = bid
    h.bidder = 0
    return h


def rejected(h, move, words):
    nlog = h.nlog
    try:
        h.act(code(move))
    except IllegalAction as e:
        assert words in e.reason, "reason %r lacks %r" % (e.reason, words)
        assert h.nlog == nlog
        return
    raise AssertionError("%s was accepted" % move)


def test_a_wrong_deal_says_which_seat_is_short_or_which_card_is_twice():
    hands = [cards(x) for x in HANDS]
    short = [hands[0] & ~cards("AH"), hands[1] | cards("AH"), hands[2], hands[3]]
    twice = [hands[0], hands[1] & ~cards("AC") | cards("AH"), hands[2], hands[3]]
    for wrong, words in ((short, "A must be dealt 6 cards"), (twice, "a card is dealt twice")):
        try:
            FourHand(FourRules()).deal(3, wrong)
        except ValueError as e:
            assert words in str(e), str(e)
            continue
        raise AssertionError("accepted")


def test_a_follower_must_follow_the_lowest_club_led_too():
    h = position("9C", "KC QC 9H", "JC", "AC", trump="H")  # 9C is card 0
    act(h, "9C")
    rejected(h, "9H", "must follow suit: holds clubs")
    rejected(h, "marry C", "only the player on lead")


def test_a_follower_who_does_not_follow_shows_the_voids_everyone_may_know():
    h = position("AH", "KC 9S", "9D", "QH", trump="C")
    act(h, "AH", "KC")  # B trumps: void in hearts only
    act(h, "9D")  # C neither follows nor trumps: void in hearts and clubs
    hearts, clubs = 1 << suit("H"), 1 << suit("C")
    assert h.voids[1] == hearts and h.voids[2] == hearts | clubs
    act(h, "QH")  # D follows
    assert h.voids[3] == 0 and h.voids[0] == 0


def test_the_trick_goes_to_the_winners_side_and_the_winner_leads():
    h = position("9H AD", "AS KS", "TH QS", "9D KD", trump="C")
    act(h, "9H", "AS", "TH", "9D")  # C's ten takes it
    assert h.leader == 2 and h.turn == 2 and h.last_winner == 2 and h.tricks == [2, 0]
    trick = cards("9H AS TH 9D")
    assert h.won[1] == 0 and h.won[0] & trick == trick


def test_after_a_club_marriage_no_second_one_on_the_same_lead():
    h = position("KC QC KS QS", "9D", "9H", "JD", trump="H")
    act(h, "marry C")
    rejected(h, "marry S", "one was just shown")


def test_a_shown_marriage_stays_known_until_its_cards_are_played():
    h = dealt()
    act(h, "bid 1", "pass", "pass", "pass", "marry H")
    assert h.known[0] == cards("KH QH") and h.marriages[0] == 1 << suit("H")
    act(h, "QH")
    assert h.known[0] == cards("KH")


def test_the_other_side_reaching_the_target_exactly_wins_the_match():
    m = FourMatch(FourRules())
    m.scores[1] = 6
    m.dealer = 0
    m.hand = h = position("AH", "9S", "9H", "9D", trump="C")
    h.card_points[0] = 120 - 11 - 40
    h.card_points[1] = 40
    h.tricks[1] = 1
    act(h, "AH", "9S", "9H", "9D")  # AC makes its bid of 1, BD's 40 are worth 1
    m.finish_hand()
    assert m.scores == [1, 7] and m.winner == 1


def test_a_deal_with_a_card_outside_the_24_card_deck_is_refused():
    """RULES.md 2c: the 24 cards are all dealt, 6 to each player; and
    "Things the engine must reject": six cards each, none twice, is not
    enough if one of them (id 24) is no card of the deck and 9C is missing."""
    hands = [cards(x) for x in HANDS]
    hands[0] = (hands[0] & ~cards("9C")) | (1 << 24)
    try:
        FourHand(FourRules()).deal(3, hands)
    except ValueError as e:
        assert "24-card deck" in str(e), str(e)
        return
    raise AssertionError("a deal with a card outside the deck was accepted")


def test_the_auction_skips_every_player_who_has_passed():
    """RULES.md 2c: each player may pass once, and a pass is final: with B
    and C both out, the turn goes from A straight to D."""
    h = dealt()
    act(h, "bid 1", "pass", "pass", "bid 2")  # A 1, B and C pass, D 2
    assert h.turn == 0
    act(h, "bid 3")
    assert h.turn == 3


def test_heading_counts_the_led_suit_even_after_the_trick_was_trumped():
    """RULES.md 2c: strict play, "follow suit, head if able" (to head is to
    play a higher card of the led suit, RULES.md 1): B's trump does not
    free C from beating A's jack of hearts."""
    h = position("JH", "9C KS", "QH 9H", "9D", trump="C")
    act(h, "JH", "9C")
    rejected(h, "9H", "must head the trick")
    act(h, "QH")


def test_a_solo_counts_the_soloists_shown_marriage_toward_66():
    """RULES.md 2c: the solo succeeds when the soloist reaches 66 alone,
    points being cards plus shown marriages: 55 in cards and 20 shown make
    it, though the cards alone are short."""
    h = position("AH", "9S", "9H", "9D", trump="C", bid=5)
    h.sitting = 2  # C, the soloist's partner, sits out
    h.card_points[0] = 35
    h.marriage_points[0] = 20
    h.card_points[1] = 120 - 11 - 35
    h.tricks[1] = 1
    act(h, "AH", "9S", "9D")
    assert h.card_points[0] == 46 and h.side_score(0) == 66
    assert h.made and h.game_points[0] == 5


def test_option_below_zero_no_stops_a_score_of_minus_one_at_zero():
    """RULES.md 2c (match) and the `below-zero no` option: a side on 3
    that loses a bid of 4 would stand at -1 and stops at 0 instead."""
    r = FourRules()
    r.set_option("below-zero", "no")
    m = FourMatch(r)
    m.scores[0] = 3
    m.dealer = 0
    m.hand = h = position("AH", "9S", "9H", "9D", trump="C", bid=4)
    h.card_points[0] = 120 - 11 - 40
    h.card_points[1] = 40
    h.tricks[1] = 1
    act(h, "AH", "9S", "9H", "9D")  # AC ends on 80 of 132
    m.finish_hand()
    assert m.scores == [0, 1] and m.awarded == [-3, 1]


def test_the_record_words_at_the_edges_of_the_action_codes():
    """RECORDS.md spells actions 'play 9C', 'marry C', 'pass', 'bid 1': the
    first card, the club marriage (the first code past the cards) and the
    first bid are each spelled as their own kind."""
    assert action_name(card("9C")) == "play 9C" and action_name(card("AS")) == "play AS"
    assert action_name(code("marry C")) == "marry C" and action_name(code("marry S")) == "marry S"
    assert action_name(code("pass")) == "pass" and action_name(code("bid 1")) == "bid 1"


def test_under_all_pass_dealer_the_dealers_choices_leave_out_pass():
    """RULES.md 2c with the `all-pass dealer` option: once the other three
    have passed the dealer may not pass, so the legal actions a player (or
    the computer) picks from are the five bids alone."""
    r = FourRules()
    r.set_option("all-pass", "dealer")
    h = FourHand(r)
    h.deal(3, [cards(x) for x in HANDS])
    act(h, "pass", "pass", "pass")
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    assert list(buf[:n]) == [code("bid %d" % b) for b in range(1, 6)]  # no PASS


def test_a_negative_action_code_is_refused_as_unknown():
    """RULES.md, "Things the engine must reject with a clear error (never a
    crash)": a code below 0 is no action, refused like any unknown one
    rather than failing inside the legality check."""
    h = dealt()
    act(h, "bid 1", "pass", "pass", "pass")
    try:
        h.act(-1)
    except IllegalAction as e:
        assert "unknown action" in e.reason, e.reason
        return
    raise AssertionError("code -1 was accepted")


def test_the_player_on_lead_is_offered_each_marriage_held():
    """RULES.md 2c: the player on lead may show a marriage; the legal
    actions list it after the cards, in a position set up directly as the
    searches set up theirs (no actions logged)."""
    h = position("KS QS KC QC 9D", "9H", "JH", "QH", trump="C")
    buf = bytearray(MAX_ACTIONS)
    n = h.legal_actions(buf)
    plays = [card(c) for c in ("QC", "KC", "9D", "QS", "KS")]  # in id order
    assert list(buf[:n]) == plays + [code("marry C"), code("marry S")]
