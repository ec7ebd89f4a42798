"""The statistics pages' text, made from the counts (stats.py) when the
pages open: imported only then, and let go once the pages have it, so the
counts every hand updates carry no page-making code in the heap."""

from sixtysix import games


def text(stats, cols: int = 20) -> str:
    """The statistics pages' lines, of at most `cols` characters (the
    pages wrap at a word, which left "won 10" of "Matches 10, won 10"
    as a lone "10" on the Thumby's 17).  A pair of counts that does not
    fit on one line takes two, the second indented: "  won 10"."""
    lines: list = []

    def pair(first: str, joined: str, alone: str) -> None:
        if len(first) + len(joined) <= cols:
            lines.append(first + joined)
        else:
            lines.append(first)
            lines.append("  " + alone)

    for i in range(len(stats.games)):
        if not games.offered(i):
            continue
        g = stats.games[i]
        if lines:
            lines.append("")
        lines.append(games.title(i))
        if not g.hands:
            lines.append("No hands yet")
            if g.abandoned:
                lines.append("Abandoned %d" % g.abandoned)
            continue
        won = "won %d" % g.matches_won
        pair("Matches %d" % g.matches, ", " + won, won)
        if g.abandoned:
            lines.append("Abandoned %d" % g.abandoned)
        won = "won %d" % g.hands_won
        pair("Hands %d" % g.hands, ", " + won, won)
        if g.hands_out:
            lines.append("Sat out %d" % g.hands_out)
        pair("Game pts %d" % g.points_for, " : %d" % g.points_against, "against %d" % g.points_against)
        best = "best %d" % g.best_streak
        pair("Streak %d" % g.streak, ", " + best, best)
    return "\n".join(lines)
