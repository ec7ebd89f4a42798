"""Four-hand's rule of thumb (players_four.heuristic_play) plays as
MORE_GAMES.md's table says: first lead the top of its best suit; pull
trumps with a sure top trump; cash sure winners; else lead cheap (a trump
dearer than its points); give points to a partner who holds the trick;
win cheaply; throw cheap cards.  Positions set up by hand, one card each
(a mutation audit found these choices unchecked: only legality was)."""

# The engine first: at a 64K-word heap, compiling four.py after the card
# reader fails for a fragmented heap (test_micropython's LARGER_HEAP).
from sixtysix import four as _engine_first  # noqa: F401
from sixtysix.cardtext import parse_card
from sixtysix.four import BID, MAX_ACTIONS, PASS, FourHand, FourRules
from sixtysix.hand import MARRY
from sixtysix.players_four import FourHeuristicPlayer, FourRandomPlayer, heuristic_play
from sixtysix.view_four import FourView
from support import cards

H = 2  # hearts, the trump suit below
NO_CARD = -1


def card(name):
    return parse_card(name)


def lead(hand, trump, others):
    """Seat A's lead holding `hand`; `others` the cards still out elsewhere."""
    held = cards(hand)
    return heuristic_play(0, held, held, trump, NO_CARD, NO_CARD, -1, 0, 4, cards(others), 0)


def follow(hand, legal, best, best_seat, in_trick, others):
    """Seat A following, the trick's best card `best` by `best_seat`."""
    lead_card = card(best)
    return heuristic_play(
        0, cards(hand), cards(legal), H, lead_card, lead_card, best_seat, in_trick, 4, cards(others), 0
    )


def test_the_first_lead_is_the_top_of_the_best_suit():
    assert lead("AS TS KS 9C JD QH", -1, "") == card("AS")


def test_a_sure_top_trump_pulls_the_trumps_out():
    assert lead("AH 9C JD", H, "9H QC") == card("AH")


def test_a_sure_winner_is_cashed_where_no_trump_is_out():
    assert lead("AS 9C JD", H, "QS KC AD TD") == card("AS")


def test_with_nothing_sure_the_cheapest_card_is_led_and_a_trump_is_dear():
    # the nine of hearts has no points, but it is a trump: the jack of clubs goes
    assert lead("9H JC", H, "AH AC") == card("JC")


def test_points_go_to_a_partner_who_holds_the_trick_last():
    # C led the queen of clubs and holds the trick; A, last, has no club and no trump
    assert follow("TD AD 9S", "TD AD 9S", "QC", 2, 3, "") == card("AD")


def test_a_cheap_card_is_thrown_on_a_trick_the_other_side_holds():
    # B holds the trick with the ace of clubs; A has no club and no trump
    assert follow("TD AD", "TD AD", "AC", 1, 3, "") == card("TD")


def test_the_last_seat_wins_with_its_cheapest_winner():
    # B led the queen of hearts (trumps); A heads with the king, not the ace
    assert follow("KH AH", "KH AH", "QH", 1, 3, "") == card("KH")


def test_a_marriage_in_trumps_is_shown_before_another():
    """MORE_GAMES.md: the rule of thumb shows a marriage when on lead,
    trumps first.  A leads the ace of hearts (trumps), wins it and leads
    again holding the hearts and the clubs marriages."""
    h = FourHand(FourRules())
    h.deal(
        3,
        [
            cards(x)
            for x in ("AH KH QH KC QC 9D", "9H JH TH 9C JC TC", "AC 9S JS QS KS AS", "JD QD KD TD AD TS")
        ],
    )
    buf = bytearray(MAX_ACTIONS)
    for code in (BID + 1, PASS, PASS, PASS, card("AH")):
        h.act(code)
    while h.turn != 0 or h.in_trick:
        h.legal_actions(buf)
        h.act(buf[0])
    view = FourView(h, 0)
    assert h.trump == H and MARRY + 0 in list(view.actions) and MARRY + H in list(view.actions)
    assert FourHeuristicPlayer().choose(view) == MARRY + H


def test_the_random_player_may_play_any_legal_card():
    """MORE_GAMES.md: random plays any legal bid or card, the last one
    listed too."""
    h = FourHand(FourRules())
    h.deal(
        3,
        [
            cards(x)
            for x in ("AH KH QH KC QC 9D", "9H JH TH 9C JC TC", "AC 9S JS QS KS AS", "JD QD KD TD AD TS")
        ],
    )
    view = FourView(h, 0)
    player = FourRandomPlayer(5)
    seen = {}
    for _ in range(200):
        seen[player.choose(view)] = True
    assert sorted(seen) == sorted(view.actions)
