"""A hint for the human: the action the hard player would take, and one
short line saying why, in a player's words."""

from .ai import SearchPlayer
from .cards import NO_CARD, RANK_POINTS, SUIT_NAMES, card_name
from .hand import CLAIM, CLOSE, EXCHANGE, MARRY
from .players import beats

# How often hands were won after the hard level's search said so, in
# percent: `sixtysix calibrate --hands 2000` for Sixty-Six and for
# Schnapsen, hard against heuristic, the two games' counts added
# (docs/AI.md).  A world is solved with every card visible, so
# "won in all deals tried" is won a little less often in play; the hint
# says both.
# Play: the chosen card won in all / 70-99% / 30-69% / 1-29% / none of the
# deals tried.
PLAY_HELD = (99, 83, 52, 20, 4)
# Close: won in every deal solved / all but one.
CLOSE_HELD = (97, 86)


def play_bucket(wins: int, worlds: int) -> int:
    """Which entry of PLAY_HELD `wins` of `worlds` deals fall in (the
    measurement, `sixtysix calibrate`, sorts decisions the same way)."""
    if wins >= worlds:
        return 0
    if wins == 0:
        return 4
    if wins * 10 >= worlds * 7:
        return 1
    if wins * 10 >= worlds * 3:
        return 2
    return 3


def close_bucket(wins: int, judged: int) -> int:
    """Which entry of CLOSE_HELD a close won in `wins` of `judged` deals
    falls in (as `sixtysix calibrate` sorts closes)."""
    return 0 if wins >= judged else 1


def play_held(wins: int, worlds: int) -> int:
    """Percent of hands won in play after `wins` of `worlds` deals."""
    return PLAY_HELD[play_bucket(wins, worlds)]


class Hinter:
    def __init__(self, seed: int = 1) -> None:
        self.player = SearchPlayer("hard", seed)

    def hint(self, view):
        """(action code, reason) for the player whose view this is; the
        view must be of the player to act."""
        p = self.player
        code = p.choose(view)
        return code, reason(view, code, p)


def reason(view, code: int, searcher) -> str:
    if code == CLAIM:
        return "Claim: you have %d, and 66 wins the hand." % view.my_score
    if code == EXCHANGE:
        return "Exchange: take the upcard for your lowest trump."
    if code == CLOSE:
        if searcher.close_judged:
            held = CLOSE_HELD[close_bucket(searcher.close_wins, searcher.close_judged)]
            return "Close: won in %d of %d deals I tried; %d%% of such closes hold." % (
                searcher.close_wins,
                searcher.close_judged,
                held,
            )
        return "Close: your sure tricks reach 66."
    if code >= MARRY:
        suit = code - MARRY
        pts = 40 if suit == view.trump else 20
        return "Declare the marriage in %s: %d points once you have a trick." % (SUIT_NAMES[suit], pts)
    name = card_name(code)
    if searcher.worlds:
        w = searcher.worlds
        gp = searcher.value / (1000 * w)
        if w == 1:
            if gp >= 1:
                return "Play %s: with best play it wins the hand." % name
            if gp <= -1:
                return "Play %s: the hand is lost, this loses least." % name
            return "Play %s: the best line from here." % name
        held = play_held(searcher.wins, w)
        if searcher.wins == w:
            return "Play %s: wins the hand in all %d deals I tried (%d%% in play)." % (name, w, held)
        if searcher.wins == 0:
            return "Play %s: loses least over the %d deals I tried." % (name, w)
        return "Play %s: wins in %d of %d deals I tried (%d%% in play)." % (name, searcher.wins, w, held)
    if view.pending >= 0:
        return "Lead %s: a card of the marriage must be led now." % name
    if view.lead != NO_CARD:
        lead = view.lead
        pts = RANK_POINTS[code % 6] + RANK_POINTS[lead % 6]
        if beats(code, lead, view.trump):
            return "Play %s: takes the trick, worth %d." % (name, pts)
        return "Play %s: let this trick go with a cheap card." % name
    if code // 6 == view.trump:
        return "Lead %s: draw out the trumps." % name
    if RANK_POINTS[code % 6] >= 10:
        if not view.strict:
            return "Lead %s: cash its points while the stock is open." % name
        return "Lead %s: cash a high card while it is safe." % name
    return "Lead %s: a cheap lead, keeping your strong cards." % name
