"""What the host tools need of one game, in one object per game.

`records.py` (read and write records), `arena.py` (duplicate matches),
`move.py` and `analyse.py` are written once for every game; whatever differs
between games is an attribute or a method of the game's part, a `GamePart`.
The core's registry (`sixtysix.games`) names each game once, and its RECORD
field names the game's part here, as "module:attribute"; `part_named` finds
it by the name a record gives on its `game` line.  Each part lives in a
module of its own (`game_two.py` for Sixty-Six and Schnapsen,
`game_three.py`, `game_four.py`, `game65.py`); adding a game adds such a
module and its registry row, nothing in the generic modules.

The interface
=============

The game (the registry's, through the part):
    name (the registry's NAME), seats ("AB", "ABC", "ABCD"), names (who
    scores: the players, or the sides "AC" and "BD"); new_rules(),
    new_match(rules, seed), make_player(name, seed), view(match, seat),
    options() and exact() come from the registry row; action_names is the
    engine's "module:attribute" that spells an action as records write it.
    The match itself says whose turn it is (match.turn_seat()), plays an
    action (match.act(code), IllegalAction naming the seat) and maps seats
    to the hand's players (match.player_of, match.seat_of).

Reading a record (records.read runs the statements through these):
    has_stock: the deal has `upcard` and `stock` lines; card_parse,
    card_name: the game's card words; verbs: the actions' words, in the
    order a reason lists them, each (word, kind, code) with kind "card"
    (play CARD: the card is the code), "suit" (code + suit), "bid" (code +
    number 1..5) or "none"; dealt_seats(dealer): the seats whose cards the
    deal lists; deal(match, dealer, cards, stock) starts the hand from
    checked cards; sits_out(match, seat): why a seat may not act now, or
    None.  A hand's outcome is a `HandResult`: new_result(match) when it is
    dealt, fill(result, match) with the points so far, finish(result,
    match) once it is over, before the match books it (`records.read` then
    sets the game points the match awarded).  hand_json(result) and
    `by_dealer` (results say who dealt) shape `sixtysix replay`'s output.

Writing a record (records.RecordWriter):
    dealt(match) -> [(seat, card ids)], and the stock top first with the
    upcard last (or None); hand_seats(match) -> the seat letter of each of
    the hand's players, in the order the hand's log numbers them;
    logged(hand, i) -> (player, code) of the i-th action of the log.

The arena (arena.py), all data:
    seatings: for each match of a deal pair or set, which arena player
    (0 = a, 1 = b) sits in each seat; seed_label: the words the match seed
    is derived from; seed_per_seat: each seat's player has its own seed
    (else each arena player has one); record_names: "first"
    (m0007-a-first.txt) or "seating" (m0007-s3.txt); header_by: "seat" or
    "side"; swap_note: what the record of the other match of a pair swaps
    ("seats", "sides", or "" for none); figures: the rows beyond matches,
    hands and game points ("closes", "hand points", "auctions"); work:
    what a search player's effort is counted in ("nodes", "steps");
    contract(match) -> (seat that closed or bid, or -1; whether it held),
    hand_points(match) -> the hand points by `names`, winner_seat(match)
    -> the seat or side that won the hand (-1: nobody), all read before the
    match books the hand.

Studying a record (move.py, analyse.py):
    exact(): the game's solver values some positions exactly from a seat's
    view (the registry's EXACT), so `sixtysix analyse` judges its records.
"""

from collections.abc import Callable

from sixtysix import games
from sixtysix.cards import card_name
from sixtysix.cardtext import parse_card

from .recordsyntax import RecordError, one_of


class HandResult:
    """One hand of a replayed record.  `winner` is a player or a side (an
    index into the part's `names`), -1 when nobody won or the hand is
    unfinished; `game_points` is a tuple by `names`."""

    def __init__(self, dealer: int, scorers: int) -> None:
        self.dealer = dealer
        self.finished = False
        self.winner = -1
        self.points: tuple | dict = ()
        self.game_points: tuple = (0,) * scorers
        self.reason = "unfinished"
        self.why = "the hand is not finished"
        self.forfeit = False


class GamePart:
    action_names = ""  # "module:attribute" of callable(code) -> 'play KH', as records write it
    name = ""
    title = ""  # the arena's name of the game; `name` when empty
    seats = "AB"
    names: tuple = ("A", "B")
    has_stock = False
    by_dealer = False
    # the game's card words: one card's id from its two letters, and back
    card_parse: Callable[[str], int] = staticmethod(parse_card)
    card_name: Callable[[int], str] = staticmethod(card_name)
    verbs: tuple = ()
    verb_hint = ""  # what an unknown action's reason lists; the verbs when empty
    # the arena
    seatings: tuple = ()
    seed_label: tuple = ("arena",)
    seed_per_seat = True
    record_names = "first"
    header_by = "seat"
    swap_note = ""
    figures: tuple = ()
    work = "nodes"

    # --- the game ------------------------------------------------------------

    def number(self) -> int:
        """The game's row in the registry."""
        return games.index(self.name)

    def new_rules(self):
        return games.new_rules(self.number())

    def new_match(self, rules, seed: int = 1):
        return games.new_match(self.number(), rules, seed)

    def make_player(self, name: str, seed: int):
        return games.new_player(self.number(), name, seed)

    def view(self, match, seat: int):
        return games.view(self.number(), match, seat)

    def options(self) -> tuple:
        """The rule options' table: ((record name, attribute, values), ...)."""
        return games.options(self.number())

    def exact(self) -> bool:
        return games.field(self.number(), games.EXACT) == "1"

    def action_name(self, code: int) -> str:
        return games.load(self.action_names)(code)

    # --- reading -------------------------------------------------------------

    def deal(self, match, dealer: int, cards: dict, stock):
        raise NotImplementedError

    def finish(self, result: HandResult, match) -> None:
        raise NotImplementedError

    def dealt_seats(self, dealer: int) -> str:
        return self.seats

    def hand_size(self, rules) -> int:
        return rules.hand_size

    def deck(self, rules) -> int:
        return rules.deck()

    def sits_out(self, match, seat: int):
        return None

    def new_result(self, match) -> HandResult:
        return HandResult(match.dealer, len(self.names))

    def fill(self, result: HandResult, match) -> None:
        result.points = tuple(match.hand.score(i) for i in range(len(self.names)))

    def hand_json(self, result: HandResult) -> dict:
        entry: dict = {"dealer": self.seats[result.dealer]} if self.by_dealer else {}
        points = result.points
        entry["winner"] = self.names[result.winner] if result.winner >= 0 else None
        entry["points"] = dict(points) if isinstance(points, dict) else dict(zip(self.names, points))
        entry["game_points"] = dict(zip(self.names, result.game_points))
        entry["reason"] = result.reason
        return entry

    # --- writing -------------------------------------------------------------

    def dealt(self, match) -> tuple:
        raise NotImplementedError

    def hand_seats(self, match) -> str:
        return self.seats

    def logged(self, hand, i: int) -> tuple:
        raise NotImplementedError

    # --- the arena -----------------------------------------------------------

    def winner_seat(self, match) -> int:
        return match.hand.winner

    def contract(self, match) -> tuple:
        return -1, False

    def hand_points(self, match) -> tuple:
        return tuple(match.hand.score(i) for i in range(len(self.names)))


GAME_NAMES = tuple(str(name) for name in games.NAMES)  # the registry's order


def part_named(name: str, line: int = 0) -> GamePart:
    """The part of the game called `name` (any case), as the registry's
    RECORD names it; RecordError at `line` when there is no such game."""
    try:
        number = games.index(name)
    except ValueError:
        raise RecordError(line, "unknown game '%s' (%s)" % (name, one_of(GAME_NAMES))) from None
    return games.part(number, games.RECORD)
