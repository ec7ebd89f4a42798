"""`sixtysix analyse FILE [--level L] [--player X] [--json]`: where a hand
was lost.

For every decision of the chosen player(s) in a game record it shows the
action played and what the computer would have played in that seat, from
that seat's `View` only.  It studies the games whose solver is exact
somewhere (the registry's EXACT: Sixty-Six, Schnapsen, and three-hand,
whose hands are two-player hands); a record of another game is refused at
its `game` line.  Where the position is exactly decidable from that
seat -- stock closed or exhausted, and every card the opponent may hold is
known (once the stock is exhausted every unseen card is in the opponent's
hand; with it closed, only when the opponent's whole hand has been shown) --
the exact solver values every legal action from that player's side, and the
played action's cost against the best is given in game points and hand
points.  A summary per player ends the report.

Errors follow the replay contract (docs/RECORDS.md): `FILE:LINE: reason` on
standard error, nothing on standard output, exit status 2.
"""

import json
import sys

from sixtysix.cards import count
from sixtysix.hand import CLAIM, MAX_ACTIONS, Hand, action_name
from sixtysix.rules import fold

from .gamepart import GAME_NAMES, part_named
from .move import LEVELS, refuse_games, seed_number
from .records import RecordError, read
from .recordsyntax import first_statement, one_of
from .replay import error_line, read_record

_GP = 1000  # one game point in solver value units (solver.py)
_WIN = 66
# Decisions one run studies at most: a match to 7 has a few hundred, and
# each costs a search (tens of ms on a desktop), so a legal record of
# thousands of hands nobody won would otherwise take many minutes.
MOST_DECISIONS = 3000


def add_arguments(parser) -> None:
    parser.add_argument("file", help="a game record (see docs/RECORDS.md); - reads standard input")
    parser.add_argument(
        "--level",
        default="hard",
        type=str.lower,
        choices=LEVELS,
        help="computer level to compare with (hard)",
    )
    parser.add_argument(
        "--player", type=str.upper, choices=tuple("ABC"), help="analyse only this seat (default: every one)"
    )
    parser.add_argument(
        "--seed", default=1, type=seed_number, metavar="S", help="seed of the computer's sampling (1)"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.set_defaults(run=run)


class Decision:
    """One action of the record, with what the computer and the solver make
    of it.  Values are the solver's, from the acting player's side: game
    points * 1000 + hand-point margin; `best` and the costs are None where
    the position is not exactly decidable from that player's view."""

    def __init__(self, hand_number: int, line: int, player: str, played: int, ai: int) -> None:
        self.hand_number = hand_number
        self.line = line
        self.player = player  # the seat's letter
        self.played = played
        self.ai = ai
        self.exact = False
        self.best: list = []  # every action of the best value
        self.cost_game_points = 0
        self.cost_hand_points = 0

    @property
    def mistake(self) -> bool:
        """Worth less than the best action (in game or hand points)."""
        return self.exact and (self.cost_game_points, self.cost_hand_points) > (0, 0)

    def to_json(self) -> dict:
        return {
            "hand": self.hand_number,
            "line": self.line,
            "player": self.player,
            "played": action_name(self.played),
            "ai": action_name(self.ai),
            "agrees": self.ai == self.played,
            "exact": self.exact,
            "best": [action_name(a) for a in self.best] if self.exact else None,
            "cost": {"game_points": self.cost_game_points, "hand_points": self.cost_hand_points}
            if self.exact
            else None,
        }


def exactly_decidable(view) -> bool:
    """Whether the solver can value this position exactly from the view:
    strict phase (no draw to come), and the opponent's hand is certain."""
    if not view.strict:
        return False
    hidden = view.opp_count - count(view.opp_known)  # opponent's cards not shown
    return hidden == 0 or count(view.unseen()) == hidden


def split_value(value: int) -> tuple:
    """(game points, hand-point margin) of a solver value."""
    gp = (value + _GP // 2) // _GP
    return gp, value - gp * _GP


def claim_value(hand, player: int) -> int:
    """Solver-style value for `player` of claiming now (right or false)."""
    after = Hand(hand.rules)
    after.copy_from(hand)
    after.act(CLAIM)
    gp = hand.rules.target if after.forfeit else after.game_points
    margin = after.score(player) - after.score(1 - player)
    return margin + (gp * _GP if after.winner == player else -gp * _GP)


def action_values(hand, solver) -> list:
    """(code, exact value) of every legal action of the player to act, in a
    position the solver can decide (the strict phase, true cards loaded).

    The solver's convention holds: a player with 66 claims at once, so while
    the mover has 66, playing on is worth the claim unless it loses game
    points (it can never gain any: the loser's tricks and points only grow);
    and nobody claims falsely (see `best_value`)."""
    p = hand.turn
    buf = bytearray(MAX_ACTIONS)
    n = hand.legal_actions(buf)
    solver.load(hand)
    out = []
    for i in range(n):
        code = buf[i]
        out.append((code, claim_value(hand, p) if code == CLAIM else solver.value_of(p, code)))
    if hand.score(p) >= _WIN:
        claim = next(v for a, v in out if a == CLAIM)
        out = [(a, claim if split_value(v)[0] >= split_value(claim)[0] else v) for a, v in out]
    return out


def best_value(hand, values) -> int:
    """The best value among the actions the solver's convention allows: a
    claim counts only when the mover has 66 (a false claim is never best,
    though it is valued when played)."""
    may_claim = hand.score(hand.turn) >= _WIN
    return max(v for a, v in values if a != CLAIM or may_claim)


def exact_games() -> tuple:
    """The games `analyse` studies: those whose solver is exact somewhere."""
    return tuple(name for name in GAME_NAMES if part_named(name).exact())


def seats_asked(text: str, players) -> str:
    """The seats to study: `players` (letters), or every seat of the
    record's game; RecordError at the `game` line for a game analyse does
    not study or a seat it does not have.  A record without a known game
    line gets "AB" here, and its error from `read`."""
    games = exact_games()
    refuse_games(
        text, games, "only %s records can be analysed: no other game's solver is exact" % one_of(games)
    )
    line, words = first_statement(text)
    seats = "AB"
    if len(words) == 2 and fold(words[0]) == "game" and fold(words[1]) in GAME_NAMES:
        seats = part_named(words[1]).seats
    for seat in players or "":
        if seat not in seats:
            raise RecordError(line, "there is no player %s in this game (%s)" % (seat, one_of(seats)))
    return players or seats


def analyse(text: str, level: str = "hard", players="", seed: int = 1):
    """(replay, decisions) for a record; RecordError when it is invalid.
    `players` are the seats' letters to study (all when empty).  The
    computer's choice at each decision is what `sixtysix move` prints for
    the record cut just before that action."""
    from sixtysix.solver import Solver
    from sixtysix.view import View

    seats = seats_asked(text, players)
    positions = []
    counts = [0, 0]  # hands begun, decisions to study

    def remember(line: int, match, code: int) -> None:
        hand = match.hand
        if hand.nlog == 0:
            counts[0] += 1
        seat = part_named(match.name).seats[match.turn_seat()]
        if seat in seats:
            counts[1] += 1
            if counts[1] <= MOST_DECISIONS:  # past it only counted: a long record costs no memory
                snapshot = Hand(hand.rules)
                snapshot.copy_from(hand)
                positions.append((counts[0], line, seat, snapshot, code))

    replay = read(text, remember)  # the whole record is checked before any search
    if counts[1] > MOST_DECISIONS:
        raise RecordError(
            0,
            "%d decisions to study; analyse takes at most %d a run (name one player with --player, "
            "or split the record)" % (counts[1], MOST_DECISIONS),
        )
    part = replay.part
    solver = None
    decisions = []
    for number, line, seat, hand, code in positions:
        p = hand.turn
        view = View(hand, p)
        d = Decision(number, line, seat, code, part.make_player(level, seed).choose(view))
        if exactly_decidable(view):
            if solver is None:
                solver = Solver(replay.rules)
            values = action_values(hand, solver)
            best = best_value(hand, values)
            played = next(v for a, v in values if a == code)
            d.exact = True
            d.best = [a for a, v in values if v == best and (a != CLAIM or hand.score(p) >= _WIN)]
            best_gp, best_margin = split_value(best)
            played_gp, played_margin = split_value(played)
            d.cost_game_points = best_gp - played_gp
            d.cost_hand_points = best_margin - played_margin
        decisions.append(d)
    return replay, decisions


def summary(decisions, players) -> dict:
    """Per player: decisions, agreements with the computer, exact ones,
    exact mistakes and what they cost."""
    out = {}
    for p in players:
        mine = [d for d in decisions if d.player == p]
        mistakes = [d for d in mine if d.mistake]
        out[p] = {
            "decisions": len(mine),
            "agreements": sum(1 for d in mine if d.ai == d.played),
            "exact": sum(1 for d in mine if d.exact),
            "mistakes": len(mistakes),
            "game_points_lost": sum(d.cost_game_points for d in mistakes),
            "hand_points_lost": sum(d.cost_hand_points for d in mistakes),
        }
    return out


def _plural(n: int, word: str) -> str:
    return "%d %s%s" % (n, word, "" if n == 1 else "s")


def format_text(replay, decisions, players, level: str) -> str:
    out = [
        "%s, compared with the %s level, player%s %s"
        % (
            replay.game,
            level,
            "s" if len(players) > 1 else "",
            " and ".join(players)
            if len(players) < 3
            else "%s and %s" % (", ".join(players[:-1]), players[-1]),
        )
    ]
    shown = 0
    for d in decisions:
        if d.hand_number != shown:
            shown = d.hand_number
            out.append("Hand %d" % shown)
        note = "computer agrees" if d.ai == d.played else "computer: " + action_name(d.ai)
        if d.mistake:
            note += "; exact: costs %s and %s (best %s)" % (
                _plural(d.cost_game_points, "game point"),
                _plural(d.cost_hand_points, "hand point"),
                " or ".join(action_name(a) for a in d.best),
            )
        elif d.exact:
            note += "; exact: best"
        out.append("  line %d: %s %s -- %s" % (d.line, d.player, action_name(d.played), note))
    out.append("Summary")
    for name, s in summary(decisions, players).items():
        out.append(
            "  %s: %s, %d agree with the computer; %d decided exactly, %s costing %s and %s"
            % (
                name,
                _plural(s["decisions"], "decision"),
                s["agreements"],
                s["exact"],
                _plural(s["mistakes"], "exact mistake"),
                _plural(s["game_points_lost"], "game point"),
                _plural(s["hand_points_lost"], "hand point"),
            )
        )
    return "\n".join(out)


def run(args) -> int:
    try:
        text = read_record(args.file)
        players = seats_asked(text, args.player or "")
        replay, decisions = analyse(text, args.level, players, args.seed)
    except RecordError as e:
        print(error_line(args.file, e), file=sys.stderr)
        return 2
    if args.json:
        obj = {
            "game": replay.game,
            "level": args.level,
            "players": list(players),
            "decisions": [d.to_json() for d in decisions],
            "summary": summary(decisions, players),
        }
        print(json.dumps(obj))
        return 0
    print(format_text(replay, decisions, players, args.level))
    return 0
