"""The learned open-stock card choice (openplay.py): which decisions it
takes, what its features say, that it picks the best-scored card and
allocates nothing doing so."""

from heapmeter import allocated
from sixtysix.ai import decision_cards
from sixtysix.cards import NO_CARD
from sixtysix.cardtext import parse_card
from sixtysix.hand import EXCHANGE
from sixtysix.openplay import NFEATURES, best_card, features
from sixtysix.view import View
from support import act, cards, deal, rules
from test_openplay_features import packed


def open_hand():
    # A leads; no marriage in either hand, no trump nine (exchange) for A.
    # Trump: the upcard 9D's suit.
    return deal(rules(), "AS TS JS AH 9C JD", "KS QH 9H TC AC KD", "9D")


def unit(i):
    w = [0] * NFEATURES
    w[i] = 1
    return packed(w)


def test_decisions_it_takes_and_leaves():
    h = open_hand()
    v = View(h, 0)
    assert decision_cards(v) == v.legal_plays == cards("AS TS JS AH 9C JD")
    act(h, "9C")
    assert decision_cards(View(h, 1)) == cards("KS QH 9H TC AC KD")
    # A marriage on offer, or the trump exchange: the rules decide.
    m = deal(rules(), "KS QS JS AH 9C JD", "KH QH 9H TC AC KD", "TD")
    assert decision_cards(View(m, 0)) == 0
    x = deal(rules(), "9D AS JS AH 9C JD", "KS QH 9H TC AC KD", "TD")
    act(x, "AS", "9H")  # A takes a trick, so may exchange the trump nine
    v = View(x, 0)
    assert EXCHANGE in list(v.actions) and decision_cards(v) == 0
    # Once the stock is closed, the search decides.
    c = open_hand()
    act(c, "close")
    assert decision_cards(View(c, 0)) == 0
    # A marriage of clubs (the first suit) on offer, the card a declared
    # marriage owes, and a player with 66 (who claims): not a plain choice.
    k = deal(rules(), "KC QC JS AH 9C JD", "KH QH 9H TC AC KD", "TD")
    assert decision_cards(View(k, 0)) == 0
    act(k, "marry C")
    assert View(k, 0).legal_plays == cards("KC QC") and decision_cards(View(k, 0)) == 0
    w = open_hand()
    w.card_points[0] = 66  # as if taken in tricks
    w.tricks[0] = 3
    assert decision_cards(View(w, 0)) == 0


def test_lead_features_of_a_top_trump_and_a_beaten_ten():
    h = deal(rules(), "AD TS JS AH 9C JC", "KS QH 9H TC AC KD", "9D")
    v = View(h, 0)
    possible = v.unseen() | v.opp_known
    f = bytearray(NFEATURES)
    ad = parse_card("AD")
    features(v, ad, possible, f)
    assert f[6 + 5] == 1 and f[20] == 1 and f[21] == 11
    assert f[14] == 0 and f[18] == 1 and f[23] == 0
    assert f[17] == 11 * v.facedown
    ts = parse_card("TS")
    features(v, ts, possible, f)
    assert f[4] == 1 and f[14] == 1 and f[22] == 10 and f[20] == 0
    assert f[16] == 2 and f[19] == 0
    assert f[23] == 10 * 4  # JD QD KD TD unseen: 9D is the upcard, AD in hand
    jc = parse_card("JC")
    features(v, jc, possible, f)
    assert f[1] == 1 and f[16] == 2  # JC and 9C


def test_follow_features_take_or_give():
    h = open_hand()
    act(h, "TS")
    v = View(h, 1)
    possible = v.unseen() | v.opp_known
    f = bytearray(NFEATURES)
    features(v, parse_card("KS"), possible, f)  # loses to the ten
    assert f[0] == 0 and f[2] == 14 and f[1] == 0 and f[18] == 1 and f[3 + 3] == 1
    features(v, parse_card("KD"), possible, f)  # a trump takes it
    assert f[0] == 1 and f[1] == 14 and f[21] == 0 and f[9 + 3] == 1 and f[20] == 1
    assert f[22] == 14 * v.facedown


def test_it_plays_the_card_its_weights_rate_best():
    h = open_hand()
    v = View(h, 0)
    f = bytearray(NFEATURES)
    plays = v.legal_plays
    # Weight on "card points, if nothing unseen is above": the aces.
    assert best_card(v, plays, unit(21), 0, f) == parse_card("AH")  # AH < AS: lowest id on a tie
    # Weight on "c is a side jack".
    assert best_card(v, plays, unit(1), 0, f) == parse_card("JS")
    act(h, "AH")
    v = View(h, 1)
    # Follower: weight on "takes the trick" alone.
    assert best_card(v, v.legal_plays, unit(0), 0, f) == parse_card("KD")
    assert best_card(v, 0, unit(0), 0, f) == NO_CARD


def test_packed_weights_read_back():
    from sixtysix.openplay import weight

    w = packed((-32767, -1, 0, 1, 647, 32767))
    assert [weight(w, i) for i in range(6)] == [-32767, -1, 0, 1, 647, 32767]


def test_the_choice_allocates_nothing():
    h = open_hand()
    v = View(h, 0)
    f = bytearray(NFEATURES)
    w = packed(range(-NFEATURES, NFEATURES))

    def choose(view, feats, weights):
        best_card(view, view.legal_plays, weights, NFEATURES, feats)

    used = allocated(choose, v, f, w)
    assert used is None or used == 0, used


def test_each_game_and_turn_reads_its_own_weights():
    """playweights.py's layout, as its docstring gives it: Sixty-Six and
    then Schnapsen, each the lead weights and then the follow weights,
    NFEATURES apiece."""
    from sixtysix.openplay import weights_at

    for game, extra, first in (("sixty-six", " 9C", 0), ("schnapsen", "", 2 * NFEATURES)):
        h = deal(rules(game), "AS TS JS AH QC" + extra, "KS QH JH TC AC" + extra.replace("C", "H"), "TD")
        assert weights_at(View(h, 0)) == first
        act(h, "JS")
        assert weights_at(View(h, 1)) == first + NFEATURES


def test_taking_the_trick_to_exactly_66_is_its_own_feature():
    """Follow feature 17: taking the trick brings the player to 66, so at
    66 exactly it is set, one point short it is not, and a card that loses
    the trick never sets it."""
    for banked, reached in ((52, 1), (51, 0)):
        h = open_hand()
        h.card_points[1] = banked  # as if B had taken that much in tricks
        h.tricks[1] = 2
        act(h, "TS")
        v = View(h, 1)
        possible = v.unseen() | v.opp_known
        f = bytearray(NFEATURES)
        features(v, parse_card("KD"), possible, f)  # a trump takes 14 points
        assert f[0] == 1 and f[1] == 14 and f[17] == reached, (banked, list(f))
        features(v, parse_card("KS"), possible, f)  # loses to the ten
        assert f[0] == 0 and f[17] == 0


def test_a_card_the_opponent_showed_counts_as_one_it_may_hold():
    """`possible` is the unseen cards and those the opponent showed (the
    docstring of `features`): B declared hearts and led the king, so the
    queen it still holds beats A's jack of hearts, and only A's ten of
    hearts is a card nothing beats (lead feature 20)."""
    h = deal(rules(), "AH TH JH 9C JC 9S", "KH QH TC KC QS JS", "9D", dealer=0)
    act(h, "marry H", "KH", "AH")  # A takes the king and leads
    v = View(h, 0)
    assert v.opp_known == cards("QH") and v.lead == NO_CARD
    assert best_card(v, v.legal_plays, unit(20), 0, bytearray(NFEATURES)) == parse_card("TH")
