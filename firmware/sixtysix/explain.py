"""Words for what happened in a hand, for screens, the terminal and replay."""

from .hand import R_CLAIM, R_CLOSER_FAILED, R_FALSE_CLAIM, R_LAST_TRICK, R_NO_WINNER, R_PLAYED_OUT


def _margin(hand, winner: int) -> str:
    """Why the winner's game points are 1, 2 or 3."""
    loser = 1 - winner
    if hand.closer == winner and hand.rules.closer_at_close:
        pts = hand.close_score[loser]
        tricks = hand.close_tricks[loser]
        when = " when the stock was closed"
    else:
        pts = hand.score(loser)
        tricks = hand.tricks[loser]
        when = ""
    if tricks == 0:
        return "the loser had taken no trick%s (schwarz)" % when
    if pts < 33:
        return "the loser had %d, under 33%s (schneider)" % (pts, when)
    return "the loser had %d%s" % (pts, when)


def result_text(hand, names="AB") -> str:
    """One line: who won the hand, how many game points, and why.  A seat
    named "You" (the device's player) is spoken to: "You win", "before you
    took a trick"."""
    r = hand.reason
    w = hand.winner
    if r == R_NO_WINNER:
        return "Nobody wins: %s and %s points after the last trick; a game point goes to the pot" % (
            hand.score(0),
            hand.score(1),
        )
    if w < 0:
        return "The hand is not finished"
    win = names[w]
    lose = names[1 - w]
    you = win == "You"
    win_after = "you" if you else win  # not the first word
    gp = hand.game_points
    plural = "s" if gp != 1 else ""
    if r == R_CLAIM:
        why = "%s claimed with %d; %s" % (win, hand.score(w), _margin(hand, w))
    elif r == R_FALSE_CLAIM:
        if hand.forfeit:
            loses = "lose" if lose == "You" else "loses"
            return "%s claimed with only %d and %s the match" % (lose, hand.score(1 - w), loses)
        why = "%s claimed with only %d" % (lose, hand.score(1 - w))
        if gp == 3:
            why += " before %s took a trick" % win_after
    elif r == R_CLOSER_FAILED:
        why = "%s closed and did not make 66" % lose
        if gp == 3:
            why += "; %s had no trick when the stock was closed" % win_after
    elif r == R_PLAYED_OUT:
        has = "have" if you else "has"
        why = "%s %s %d after the last trick; %s" % (win, has, hand.score(w), _margin(hand, w))
    elif r == R_LAST_TRICK:
        why = "%s took the last trick; %s" % (win, _margin(hand, w))
    else:
        why = ""
    return "%s %s %d game point%s: %s" % (win, "win" if you else "wins", gp, plural, why)
