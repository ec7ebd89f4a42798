"""`sixtysix play`: a match against the computer in the terminal.

You are player A, the computer is B.  The table is printed before each of
your decisions; you answer with a card (name or number) or a command.  Bad
input is explained in one line and costs nothing.  With --record the game
record (RECORDS.md) is rewritten after every action, so a match can be
resumed with --resume at any point.
"""

import os
import signal
import sys
import tempfile
import threading
import time
from typing import Any

from sixtysix import games
from sixtysix.ai import PLAYER_NAMES, make_player
from sixtysix.cards import NO_CARD, SUIT_NAMES, card_name, count, set_points
from sixtysix.cardtext import game_from_name, parse_card, parse_suit, sorted_cards
from sixtysix.explain import result_text
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, IllegalAction, close_cost
from sixtysix.hint import Hinter
from sixtysix.match import Match
from sixtysix.players import beats
from sixtysix.rules import FALSE_CLAIM_MATCH, FALSE_CLAIM_TWO_OR_THREE, GAME_NAMES, OPTIONS, Rules
from sixtysix.view import View

from .records import RecordError, RecordWriter, read
from .replay import read_record
from .textin import ascii_int, shown

YOU = 0
COMPUTER = 1
NAMES = ("A (you)", "B (computer)")

# The computer players by name (levels and baselines).
OPPONENTS = PLAYER_NAMES

HELP = """\
  TS, 9h, 3     play a card: by name (rank 9 J Q K T A, suit C D H S) or number
  marry H, m h  declare the marriage in hearts (on lead), then lead its K or Q
  exchange, x   swap the trump nine (Schnapsen: jack) for the upcard
  close         close the stock (you are asked to confirm)
  claim         end the hand: you say you have 66 or more (you are asked to confirm)
  last          show the last trick
  hint          what the computer would play in your place, and why
  show          show the table again
  help          this list
  quit          leave (Ctrl-C too); a record written with --record keeps the game"""


class UsageError(Exception):
    """A bad command line or resume file: one message, exit status 2."""


class Quit(Exception):
    """The player typed quit or input ended."""


# The registry's other games, which the simulator plays.
MORE_GAMES = tuple(name for name in games.NAMES if name not in GAME_NAMES)
LONGEST_LINE = 1000  # characters of one typed line; a record's statements have the same limit
SKIP_AT_MOST = 1 << 16  # characters of an over-long line skipped before giving up on the input


def _in_the_simulator(game: str) -> str:
    return "%s is played on the simulated device: sixtysix sim --game %s" % (game, game)


def _options_help() -> str:
    """Every rule option and its values, the default first."""
    return "; ".join("%s=%s" % (name, "|".join(values)) for name, _, values in OPTIONS)


def add_arguments(parser) -> None:
    parser.add_argument(
        "--game",
        choices=GAME_NAMES + MORE_GAMES,
        metavar="{%s}" % ",".join(GAME_NAMES),
        help="sixty-six (default) or schnapsen; %s are played on the simulated device: "
        "sixtysix sim --game GAME" % ", ".join(MORE_GAMES),
    )
    parser.add_argument(
        "--mode", choices=("counting", "assisted"), help="counting (default): no scores shown"
    )
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a rule option, repeatable; the first value is Sixty-Six's default: " + _options_help(),
    )
    parser.add_argument("--target", metavar="N", help="game points that win the match, 1 to 99 (default 7)")
    parser.add_argument(
        "--seed",
        metavar="S",
        help="seed for shuffling, 0 to 999999999 (default: from the clock)",
    )
    parser.add_argument(
        "--record", metavar="FILE", help="keep the game record in FILE (an existing FILE is not overwritten)"
    )
    parser.add_argument(
        "--overwrite", action="store_true", help="let --record replace a FILE that already exists"
    )
    parser.add_argument(
        "--resume", metavar="FILE", help="continue the match in a record (and keep recording there)"
    )
    parser.add_argument(
        "--opponent", choices=OPPONENTS, default="hard", help="the computer player (default: hard)"
    )
    parser.set_defaults(run=run)


def run(args) -> int:
    try:
        if args.game in MORE_GAMES:
            raise UsageError(_in_the_simulator(args.game))
        if args.resume:
            match, prefix, fresh = _resume(args)
        else:
            match, prefix, fresh = Match(_rules(args)), "", True
        path = args.record or args.resume
        if path:
            _check_record_path(path, args)  # before anything is shown
        seed = _seed(args.seed)
        match.rng.seed(seed)
        recorder = Recorder(path, match, prefix)
        opponent = make_player(args.opponent, seed)
        table = Table(match, opponent, recorder, sys.stdin, sys.stdout)
        table.say(
            "%s, first to %d, seed %d. You are A; the computer is B."
            % (match.rules.name, match.rules.target, seed)
        )
        with CtrlC(table):
            return table.play(fresh)
    except UsageError as e:
        print("sixtysix play: %s" % shown(str(e)), file=sys.stderr)
        return 2


def _check_record_path(path: str, args) -> None:
    """A --record FILE that exists is another game's record (or anything
    else): refuse it unless --resume names it or --overwrite says so; a FILE
    that cannot be written is said before the match starts."""
    if os.path.isdir(path):
        raise UsageError("cannot write the record %s: it is a folder" % path)
    if os.path.exists(path) and not os.path.isfile(path):
        # A device, a pipe or a socket: --overwrite would rename a file over it.
        raise UsageError("cannot write the record %s: it is not a regular file" % path)
    continued = args.resume and os.path.realpath(args.resume) == os.path.realpath(path)
    if os.path.lexists(path) and not continued and not args.overwrite:
        raise UsageError(
            "%s already exists; continue it with --resume %s, or replace it with --overwrite" % (path, path)
        )
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError("cannot write the record %s: there is no folder %s" % (path, folder))
    if not os.access(folder, os.W_OK):
        raise UsageError("cannot write the record %s: the folder %s is not writable" % (path, folder))


class CtrlC:
    """Ctrl-C while a move is taken, shown and recorded waits for the next
    prompt, so the record always holds every move the screen showed; at a
    prompt it leaves as `quit` does.  (Only where signals can be handled:
    the main thread.)"""

    def __init__(self, table) -> None:
        self.table = table
        self.previous: Any = None  # the handler to put back

    def __enter__(self):
        if threading.current_thread() is threading.main_thread():
            self.previous = signal.signal(signal.SIGINT, self._interrupt)
        return self

    def __exit__(self, *exc) -> None:
        if self.previous is not None:
            signal.signal(signal.SIGINT, self.previous)

    def _interrupt(self, signum, frame) -> None:
        t = self.table
        if t.waiting:
            raise KeyboardInterrupt
        t.interrupted = True  # taken at the next prompt


def _seed(word) -> int:
    """--seed as ASCII digits (int() would also take '٣' or a 4,000-digit
    word); the clock's milliseconds without one."""
    if word is None:
        return int(time.time() * 1000) & 0x3FFFFFFF
    seed = ascii_int(word, 0, 999999999)
    if seed is None:
        raise UsageError("--seed takes a number from 0 to 999999999, not '%s'" % _quoted(word))
    return seed


def _rules(args) -> Rules:
    rules = Rules(game_from_name(args.game or "sixty-six"))
    settings = ["mode=" + args.mode] if args.mode else []
    if args.mode and any(item.partition("=")[0].strip().lower() == "mode" for item in args.option):
        raise UsageError("give the mode once: --mode %s or --option mode=..., not both" % args.mode)
    for item in settings + args.option:
        name, sep, value = item.partition("=")
        if not sep or not name.strip() or not value.strip():
            raise UsageError("--option takes NAME=VALUE, not '%s'" % item)
        try:
            rules.set_option(name.strip().lower(), value.strip())
        except ValueError as e:
            names = [o[0] for o in OPTIONS]
            hint = "" if name.strip().lower() in names else " (options: %s)" % ", ".join(names)
            raise UsageError("%s%s" % (e, hint)) from None
    if args.target is not None:
        target = ascii_int(args.target, 1, 99)
        if target is None:
            raise UsageError("--target takes 1 to 99 game points, not '%s'" % _quoted(args.target))
        rules.target = target
    return rules


def _resume(args):
    """(match, record text, whether a new hand must be dealt) from a record."""
    if args.game or args.mode or args.option or args.target is not None:
        raise UsageError(
            "--resume plays on with the record's game and options; drop --game/--mode/--option/--target"
        )
    try:
        text = read_record(args.resume)
        replay = read(text)
    except RecordError as e:
        where = args.resume if e.line == 0 else "%s:%d" % (args.resume, e.line)
        raise UsageError("cannot resume %s: %s" % (where, e.reason)) from None
    if replay.game not in GAME_NAMES:  # the two-player games: the only ones played here
        raise UsageError("cannot resume %s: %s" % (args.resume, _in_the_simulator(replay.game)))
    match = replay.match
    if match.winner >= 0:
        raise UsageError("cannot resume %s: that match is already over" % args.resume)
    fresh = not replay.hands or replay.hands[-1].finished
    return match, text if text.endswith("\n") else text + "\n", fresh


class Recorder:
    """Keeps the record file current: rewritten whole after every action via
    a temporary file renamed over it, so it is never left half written.  A
    resumed record is kept as it was and continued."""

    def __init__(self, path, match, prefix: str) -> None:
        # Through a symbolic link to the record it names, which is then
        # replaced in its own folder (the link stays a link).
        self.path = os.path.realpath(path) if path else path
        mask = os.umask(0)  # the only way to read it
        os.umask(mask)
        self.mode = 0o666 & ~mask  # a new file's, not mkstemp's owner-only 0600
        if prefix:
            self.writer = RecordWriter.resume(prefix, match)
        else:
            self.writer = RecordWriter(match)

    def begin_hand(self, hand) -> None:
        self.writer.begin_hand()

    def save(self, hand) -> None:
        """Write the record; OSError if it cannot be written."""
        self.writer.sync()
        if not self.path:
            return
        text = self.writer.text()
        # A new file of its own beside the record (never an existing one,
        # nor through a link someone left under a likely name).
        folder, name = os.path.split(self.path)
        fd, tmp = tempfile.mkstemp(prefix=name + ".", suffix=".tmp", dir=folder or ".")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.chmod(tmp, self.mode)
            os.replace(tmp, self.path)
        except BaseException:
            if os.path.lexists(tmp):  # a failed write leaves nothing behind
                os.remove(tmp)
            raise


def _marriage_value(suit: int, trump: int) -> int:
    return 40 if suit == trump else 20


class Table:
    """One match at the terminal: reads commands from `inp`, writes to `out`."""

    def __init__(self, match, opponent, recorder, inp, out) -> None:
        self.match = match
        self.rules = match.rules
        self.opponent = opponent
        self.recorder = recorder
        self.inp = inp
        self.out = out
        self.hinter: Hinter | None = None  # made on the first hint
        self.waiting = False  # blocked reading the player's answer
        self.interrupted = False  # Ctrl-C came while a move was being made

    def hint(self) -> str:
        """The hard player's choice for the human, with its reason."""
        from sixtysix.hand import action_name

        if self.hinter is None:
            self.hinter = Hinter(self.match.rng.state)  # reading it leaves the deals alone
        code, why = self.hinter.hint(View(self.match.hand, YOU))
        return "Hint: %s. %s" % (action_name(code), why)

    def say(self, text: str = "") -> None:
        self.out.write(text + "\n")

    def ask(self, prompt: str) -> str:
        if self.interrupted:
            self.say()
            raise Quit("Ctrl-C")
        self.out.write(prompt)
        self.out.flush()
        self.waiting = True
        try:
            line = self._read_line()
        except KeyboardInterrupt:
            self.say()
            raise Quit("Ctrl-C") from None
        finally:
            self.waiting = False
        if line is None:
            self.say()
            self.say("That line is longer than %d characters: ignored." % LONGEST_LINE)
            return ""
        if not line:
            self.say()
            raise Quit("end of input")
        return line.strip()

    def _read_line(self):
        """One line of input: "" at its end (or with no input at all), None
        for a line over LONGEST_LINE characters, which is read in pieces and
        skipped, never held whole.  Input with no end of line in sight
        (/dev/zero) ends the match."""
        if self.inp is None:  # standard input closed
            return ""
        line = self.inp.readline(LONGEST_LINE + 1)
        if len(line) <= LONGEST_LINE or line.endswith("\n"):
            return line
        skipped = len(line)
        while not line.endswith("\n"):
            if skipped > SKIP_AT_MOST:
                raise Quit("an input line of over %d characters" % SKIP_AT_MOST)
            line = self.inp.readline(LONGEST_LINE + 1)
            if not line:
                break
            skipped += len(line)
        return None

    def save(self) -> None:
        if self.recorder.path is None:
            return
        try:
            self.recorder.save(self.match.hand)
        except OSError as e:
            self.say(
                "Cannot write the record %s (%s); recording stops." % (self.recorder.path, e.strerror or e)
            )
            self.recorder.path = None

    # --- the match ------------------------------------------------------------

    def play(self, fresh: bool) -> int:
        """Play until the match is won or the player leaves; 0 either way."""
        m = self.match
        if fresh:
            self.deal()
        if self.recorder.path:
            try:
                self.recorder.save(m.hand)
            except OSError as e:
                raise UsageError("cannot write %s: %s" % (self.recorder.path, e.strerror or e)) from None
        try:
            while True:
                self.play_hand()
                m.finish_hand()
                self.show_result()
                if m.winner >= 0:
                    return 0
                self.deal()
                self.save()
        except Quit as q:
            self.say(("Leaving the match (%s)." % q) if str(q) else "Leaving the match.")
            self.save()  # already current after every action; once more costs nothing
            if self.recorder.path:
                self.say(
                    "The game so far is in %s; continue it with --resume %s"
                    % (self.recorder.path, self.recorder.path)
                )
            return 0

    def deal(self) -> None:
        self.match.start_hand()
        self.recorder.begin_hand(self.match.hand)

    def play_hand(self) -> None:
        h = self.match.hand
        self.say()
        who = "you deal, the computer leads" if h.dealer == YOU else "the computer deals, you lead"
        self.say("=== Hand %d: %s ===" % (self.match.hands_played + 1, who))
        shown = False
        while not h.over:
            before = h.hands[YOU]
            pos = h.pos
            tricks = h.tricks[0] + h.tricks[1]
            if h.turn == COMPUTER:
                self.computer_move()
                shown = False
            else:
                if not shown:
                    self.show_table()
                    shown = True
                self.your_move()
                shown = False
            if h.tricks[0] + h.tricks[1] != tricks:
                self.tell_trick(before, pos)
            self.save()

    # --- moves ------------------------------------------------------------------

    def computer_move(self) -> None:
        h = self.match.hand
        code = self.opponent.choose(View(h, COMPUTER))
        if code < MARRY:
            verb = "leads" if h.lead == NO_CARD else "plays"
            self.say("The computer %s %s." % (verb, card_name(code)))
        elif code < EXCHANGE:
            suit = code - MARRY
            self.say(
                "The computer declares the marriage in %s (%d)."
                % (SUIT_NAMES[suit], _marriage_value(suit, h.trump))
            )
        elif code == EXCHANGE:
            self.say(
                "The computer exchanges the %s of trumps for the upcard %s."
                % ("jack" if self.rules.exchange_rank else "nine", card_name(h.upcard))
            )
        elif code == CLOSE:
            self.say("The computer closes the stock.")
        elif code == CLAIM:
            self.say("The computer claims to have 66.")
        h.act(code)

    def your_move(self) -> None:
        """Read commands until one action is taken; Quit when the player
        leaves or input ends."""
        h = self.match.hand
        while True:
            line = self.ask(self.prompt())
            words = line.lower().split()
            if not words:
                self.show_table()
                continue
            verb = words[0]
            if verb in ("help", "?", "h"):
                self.say(HELP)
                continue
            if verb in ("quit", "q", "exit"):
                raise Quit("")
            if verb == "last":
                self.say(self.last_trick())
                continue
            if verb == "hint":
                self.say(self.hint())
                continue
            if verb in ("show", "table"):
                self.show_table()
                continue
            try:
                code = self.parse_action(words)
                if code is None:
                    continue
                h.act(code)
            except IllegalAction as e:
                self.say("Not allowed: %s" % e.reason)
                continue
            except ValueError as e:
                self.say(_capital(str(e)))
                continue
            self.echo(code)
            return

    def parse_action(self, words):
        """An action code from the player's words; ValueError explains a
        mistake; None when the player changed their mind."""
        h = self.match.hand
        verb = words[0]
        args = words[1:]
        if verb in ("marry", "m"):
            if len(args) > 1:
                raise ValueError("say marry and one suit, like: marry h")
            if args:
                name = args[0]
                for s in range(4):
                    if name == SUIT_NAMES[s] or name == SUIT_NAMES[s][:-1]:
                        return MARRY + s
                try:
                    return MARRY + parse_suit(name)
                except ValueError:
                    raise ValueError("unknown suit '%s' (c, d, h or s)" % _quoted(name)) from None
            pairs = [s for s in range(4) if (h.hands[YOU] >> (s * 6 + 2)) & 3 == 3]
            if len(pairs) == 1:
                return MARRY + pairs[0]
            if not pairs:
                raise ValueError("you hold no king and queen of one suit")
            raise ValueError("which marriage? say marry and the suit, like: marry %s" % "cdhs"[pairs[0]])
        if args and verb not in ("play", "p"):
            raise ValueError("'%s' is not a command; type help for the list" % _quoted(" ".join(words)))
        if verb in ("exchange", "x"):
            return EXCHANGE
        if verb == "claim":
            return self.confirm_claim()
        if verb == "close":
            return self.confirm_close()
        if verb in ("play", "p"):
            if len(args) != 1:
                raise ValueError("play which card? like: play ts")
            verb = args[0]
        if verb.isdigit():  # '²' and other scripts' digits too: only ASCII ones number a card
            cards = sorted_cards(h.hands[YOU])
            n = ascii_int(verb, 1, len(cards))
            if n is None:
                raise ValueError(
                    "there is no card %s: your cards are numbered 1 to %d" % (_quoted(verb), len(cards))
                )
            return cards[n - 1]
        if len(verb) == 2:
            try:
                return parse_card(verb)
            except ValueError:
                raise ValueError(
                    "unknown card '%s': rank 9 J Q K T A, then suit C D H S" % _quoted(verb)
                ) from None
        raise ValueError("'%s' is not a card or a command; type help for the list" % _quoted(verb))

    def confirm_close(self):
        h = self.match.hand
        h.check(CLOSE)  # an illegal close is explained before asking
        cost = close_cost(h, 1 - COMPUTER)
        why = "" if cost == 2 else ", as it has no trick yet"
        answer = self.ask(
            "If you close and then fail to make 66, the computer scores %d game points%s. Close? [y/N] "
            % (cost, why)
        )
        if answer.lower() in ("y", "yes"):
            return CLOSE
        self.say("The stock stays open.")
        return None

    def confirm_claim(self):
        h = self.match.hand
        h.check(CLAIM)  # a claim the rules refuse is explained before asking
        rule = self.rules.false_claim
        if rule == FALSE_CLAIM_MATCH:
            cost = "you lose the whole match"
        elif rule == FALSE_CLAIM_TWO_OR_THREE and h.tricks[COMPUTER] == 0:
            cost = "the computer scores 3 game points, as it has no trick yet"
        else:
            cost = "the computer scores 2 game points"
        answer = self.ask("If you have fewer than 66, %s. Claim? [y/N] " % cost)
        if answer.lower() in ("y", "yes"):
            return CLAIM
        self.say("Play goes on.")
        return None

    def echo(self, code: int) -> None:
        h = self.match.hand
        if code < MARRY:
            led = h.lead == code
            self.say("You %s %s." % ("lead" if led else "play", card_name(code)))
        elif code < EXCHANGE:
            suit = code - MARRY
            self.say(
                "You declare the marriage in %s (%d)." % (SUIT_NAMES[suit], _marriage_value(suit, h.trump))
            )
        elif code == EXCHANGE:
            self.say("You exchange; the upcard is now %s." % card_name(h.upcard))
        elif code == CLOSE:
            self.say("You close the stock.")
        elif code == CLAIM:
            self.say("You claim to have 66.")

    # --- telling what happened ---------------------------------------------------

    def tell_trick(self, before: int, pos: int) -> None:
        """Report the trick just finished and what was drawn after it."""
        h = self.match.hand
        lead, follow, winner = h.last_lead, h.last_follow, h.last_winner
        who = "You take" if winner == YOU else "The computer takes"
        points = ""
        if self.rules.assisted:
            points = ", %d points" % (set_points((1 << lead) | (1 << follow)))
        self.say("%s the trick (%s %s%s)." % (who, card_name(lead), card_name(follow), points))
        if h.pos == pos:
            return
        drawn = h.hands[YOU] & ~before
        n = len(h.stock)
        if h.pos == n:
            upcard = h.stock[n - 1]
            if drawn == 1 << upcard:
                self.say("You take the upcard %s; the stock is used up." % card_name(upcard))
            else:
                self.say(
                    "You draw %s; the computer takes the upcard %s; the stock is used up."
                    % (card_name(_one(drawn)), card_name(upcard))
                )
        elif drawn:
            self.say("You draw %s." % card_name(_one(drawn)))

    def last_trick(self) -> str:
        h = self.match.hand
        lead, follow, winner = h.last_lead, h.last_follow, h.last_winner
        if lead == NO_CARD:
            return "No trick has been played in this hand yet."
        leader = (1 - winner) if beats(follow, lead, h.trump) else winner
        who = ("you", "the computer")
        return "Last trick: %s led %s, %s played %s; %s took it." % (
            who[leader],
            card_name(lead),
            who[1 - leader],
            card_name(follow),
            who[winner],
        )

    def prompt(self) -> str:
        h = self.match.hand
        if h.pending >= 0:
            return "Lead the king or queen of %s> " % SUIT_NAMES[h.pending]
        if h.lead != NO_CARD:
            return "Play to %s> " % card_name(h.lead)
        return "Your lead> "

    def show_table(self) -> None:
        h = self.match.hand
        v = View(h, YOU)
        self.say("-" * 60)
        if h.closer >= 0:
            stock = "closed by %s" % ("you" if h.closer == YOU else "the computer")
        elif v.upcard == NO_CARD:
            stock = "used up"
        else:
            stock = "%d face down + upcard %s" % (v.facedown, card_name(v.upcard))
        self.say("Trumps: %s    Stock: %s" % (SUIT_NAMES[v.trump], stock))
        self.say(
            "Computer: %d card%s in hand, %s"
            % (v.opp_count, "" if v.opp_count == 1 else "s", self._pile(v, COMPUTER))
        )
        self.say("You:      %s" % self._pile(v, YOU))
        if self.rules.assisted:
            self.say("Score: you %d, computer %d" % (v.my_score, v.opp_score))
        if v.lead != NO_CARD:
            self.say("Trick: the computer led %s" % card_name(v.lead))
        cards = sorted_cards(v.hand)
        parts = []
        for i, c in enumerate(cards, 1):
            gap = "   " if i > 1 and cards[i - 2] // 6 != c // 6 else " "
            parts.append("%s%d:%s" % (gap if i > 1 else "", i, card_name(c)))
        self.say("Your hand: " + "".join(parts))

    def _pile(self, v, p: int) -> str:
        text = "%d trick%s (%d cards won)" % (v.tricks[p], "" if v.tricks[p] == 1 else "s", count(v.won[p]))
        suits = v.marriages[p]
        shown = [
            "%d in %s" % (_marriage_value(s, v.trump), SUIT_NAMES[s]) for s in range(4) if (suits >> s) & 1
        ]
        if shown:
            text += ", marriages: " + ", ".join(shown)
        return text

    def show_result(self) -> None:
        h = self.match.hand
        m = self.match
        self.say("-" * 60)
        self.say("Hand over. " + result_text(h, NAMES) + ".")
        for p, label in ((YOU, "You:     "), (COMPUTER, "Computer:")):
            self.say("  %s %s" % (label, self._breakdown(p)))
        if m.winner >= 0:
            loser = 1 - m.winner
            self.say(
                "Match over: %s %d to %d."
                % ("you win" if m.winner == YOU else "the computer wins", m.scores[m.winner], m.scores[loser])
            )
            return
        self.say(
            "Match: you %d, computer %d (first to %d)."
            % (m.scores[YOU], m.scores[COMPUTER], self.rules.target)
        )
        if m.pot:
            self.say(
                "Pot: %d game point%s for the winner of the next decided hand."
                % (m.pot, "" if m.pot == 1 else "s")
            )

    def _breakdown(self, p: int) -> str:
        h = self.match.hand
        cards = set_points(h.won[p])
        parts = ["%d in cards" % cards]
        bonus = h.card_points[p] - cards
        if h.marriage_points[p]:
            if h.tricks[p]:
                parts.append("%d in marriages" % h.marriage_points[p])
            else:
                parts.append("(%d in marriages, not counted without a trick)" % h.marriage_points[p])
        if bonus:
            parts.append("%d for the last trick" % bonus)
        return "%s = %d" % (" + ".join(parts), h.score(p))


def _one(cards: int) -> int:
    """The id of the single card in a one-card set."""
    c = 0
    while not (cards >> c) & 1:
        c += 1
    return c


def _quoted(words: str) -> str:
    """What the player typed, for an error message: escaped, and cut short
    (a pasted page is not echoed back whole)."""
    return shown(words[:24]) + ("..." if len(words) > 24 else "")


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
