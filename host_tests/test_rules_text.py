"""The rules pages (firmware/sixtysix_app/rules_text.py) state the figures
the engine plays by: a page that names the wrong card value, hand size,
target or threshold teaches the player a game the device does not play.
Each figure is read from the page's words and compared with the engine,
not with a copy of the text."""

import re

from sixtysix import four, hand, sixtyfive
from sixtysix.cards import RANK48_POINTS, RANK_LETTERS, RANK_POINTS, SPADES, SUIT_NAMES, set_points
from sixtysix.hand import MAX_ACTIONS, Hand
from sixtysix.rules import SCHNAPSEN, SIXTY_SIX, Rules
from sixtysix.sixtyfive import SixtyFiveRules
from sixtysix_app.rules_text import PAGES
from support import act, deal


def page(title: str) -> str:
    for name, text in PAGES:
        if name == title:
            return text
    raise AssertionError("no rules page %r" % title)


def numbers(pattern: str, text: str) -> tuple:
    found = re.search(pattern, text)
    assert found, "%r not in %r" % (pattern, text)
    return tuple(int(g) if g.isdigit() else g for g in found.groups())


def test_the_cards_page_gives_the_deck_and_every_ranks_points():
    text = page("The cards")
    assert numbers(r"(\d+) cards", text) == (Rules(SIXTY_SIX).deck_size,)
    counts = dict(re.findall(r"\b([AKQJT9]) (?:counts )?(\d+|nothing)", text))
    assert len(counts) == 6
    for rank, letter in enumerate(RANK_LETTERS):
        assert counts[letter] == ("nothing" if RANK_POINTS[rank] == 0 else str(RANK_POINTS[rank])), letter


def test_the_aim_and_the_deal_give_the_engines_target_and_hand_sizes():
    assert numbers(r"first to (\d+) (?:card )?points", page("The aim")) == (hand._WIN,)
    assert numbers(r"the first to (\d+) wins", page("The aim")) == (Rules(SIXTY_SIX).target,)
    six, schnapsen = Rules(SIXTY_SIX), Rules(SCHNAPSEN)
    assert numbers(r"gets (\d+) cards \(Schnapsen (\d+)\)", page("The deal")) == (
        six.hand_size,
        schnapsen.hand_size,
    )
    named = re.search(r"trump (\w) \(Schnapsen: (\w)\)", page("Exchange"))
    assert named and named.groups() == (
        RANK_LETTERS[six.exchange_rank],
        RANK_LETTERS[schnapsen.exchange_rank],
    )


def test_the_marriages_page_gives_what_a_marriage_is_worth():
    a, b = "KH QH KS 9S JD TC", "AC QC KC 9H JS AD"
    plain = deal(Rules(), a, b, "QS", "9C JC TD KD QD 9D JH TH AH AS TS")  # spades trumps
    act(plain, "marry H")
    royal = deal(Rules(), a, b, "AH", "9C JC TD KD QD 9D JH TH QS AS TS")  # hearts trumps
    act(royal, "marry H")
    assert numbers(r"(\d+) points, (\d+) in trumps", page("Marriages")) == (
        plain.marriage_points[0],
        royal.marriage_points[0],
    )


def played_out_bonus() -> int:
    """The card points a hand played out to its last trick gives beyond
    the cards' own: the last trick's bonus."""
    h = Hand(Rules())
    h.deal_shuffled(1, bytearray(range(24)))
    buf = bytearray(MAX_ACTIONS)
    while not h.over:
        n = h.legal_actions(buf)
        cards = [buf[i] for i in range(n) if buf[i] < hand.MARRY]
        h.act(cards[0])
    assert h.tricks[0] + h.tricks[1] == 12
    return h.card_points[0] + h.card_points[1] - set_points(Rules().deck())


def test_the_scoring_page_gives_the_schneider_line_and_the_last_tricks_bonus():
    text = page("Scoring")
    assert numbers(r"loser has under (\d+)", text) == (hand._SCHNEIDER,)
    assert numbers(r"last trick wins (\d+) extra", text) == (played_out_bonus(),)


def test_the_closing_page_gives_what_a_failed_close_costs():
    assert numbers(r"scores (\d+) or (\d+)\.", page("Closing")) == (
        2,
        3,
    )  # RULES.md: the opponent scores 2, or 3


def test_three_and_four_players_pages_give_their_targets_and_bids():
    assert "cannot reach the target" in page("Three players")  # whatever target is set
    text = page("Four players")
    assert numbers(r"you and (\w) against (\w) and (\w)", text) == ("C", "B", "D")  # partners sit opposite
    assert numbers(r"(\d+) cards each", text) == (24 // 4,)
    low, high = numbers(r"Bid (\d) to (\d) \((\d+) to (\d+) points\)", text)[:2]
    assert numbers(r"\((\d+) to (\d+) points\)", text) == (four.bid_points(low), four.bid_points(high))
    assert high == four.SOLO - 1  # the bid past the highest is the solo


def test_the_three_players_page_gives_the_dealers_share_as_the_engine_books_it():
    """RULES.md 2b, as the page puts it: "The dealer scores what the winner
    scores, less any pot, but cannot reach the target that way. The deal
    passes to the left."  Over random matches of three, the dealer is
    booked the hand's game points (the pot is the winner's alone), stops
    short of the target, and the next seat deals."""
    from sixtysix.rng import Rng
    from sixtysix.three import ThreeMatch

    text = page("Three players")
    assert "dealer scores what the winner scores, less any pot," in text and "cannot reach the target" in text
    assert "deal passes to the left" in text
    rng = Rng(3)
    buf = bytearray(MAX_ACTIONS)
    shared = capped = potted = 0
    for seed in range(1, 30):
        m = ThreeMatch(Rules(SIXTY_SIX), seed)
        while m.winner < 0 and m.hands_played < 40:
            h = m.start_hand()
            while not h.over:  # no claims: hands play out, and some end with no winner (a pot)
                n = h.legal_actions(buf)
                codes = [c for c in buf[:n] if c != hand.CLAIM] or [hand.CLAIM]
                m.act(codes[rng.below(len(codes))])
            dealer, before, pot = m.dealer, list(m.scores), m.pot
            m.finish_hand()
            assert m.dealer == (dealer + 1) % 3
            if h.forfeit or h.winner < 0:
                continue
            share = m.scores[dealer] - before[dealer]
            room = max(0, m.rules.target - 1 - before[dealer])
            assert share == min(h.game_points, room), (share, h.game_points, room)
            assert m.scores[dealer] < m.rules.target
            shared += share > 0
            capped += share < h.game_points
            potted += pot > 0
    assert shared and capped and potted


def test_the_sixty_five_page_gives_its_deck_trumps_points_and_target():
    text = page("Sixty-Five")
    assert numbers(r"(\d+) cards, 3 up to A", text) == (sixtyfive.DECK_SIZE,)
    assert numbers(r"(\w+) are trumps", text) == (SUIT_NAMES[SPADES],)
    assert numbers(r"(\d+) cards each", text) == (sixtyfive.HAND_SIZE,)
    pts = dict(re.findall(r"\b([AKQJ]) (\d)\b", text))
    assert {r: int(v) for r, v in pts.items()} == {
        "3456789TJQKA"[r]: RANK48_POINTS[r] for r in range(12) if RANK48_POINTS[r]
    }
    assert numbers(r"(\d+) in all", text) == (sixtyfive.TOTAL,)
    assert numbers(r"(\d+) scores 1, (\d+) scores 2", text) == (sixtyfive.ONE_POINT, sixtyfive.TWO_POINTS)
    assert numbers(r"first side to (\d+)", text) == (SixtyFiveRules().target,)


def test_a_page_naming_a_target_says_settings_may_set_another():
    """The match target is a setting (Settings: Target), so a page that
    names the usual one says so, and the three players' page names none;
    the pages said "first to 7" whatever target was set."""
    for title in ("The aim", "Sixty-Five"):
        assert "the Target set" in page(title), title
    assert not re.search(r"reach \d", page("Three players"))
