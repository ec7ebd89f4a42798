"""The terminal table of `sixtysix play`: one match shown as text and
played by typed commands (a card by name or number, marry, exchange,
close, claim, hint, last, show, help, quit).  Bad input is explained in
one line and costs nothing; the record is saved after every action
through the Recorder that textplay.py hands it.
"""

from sixtysix.cards import NO_CARD, SUIT_NAMES, card_name, count, set_points
from sixtysix.cardtext import parse_card, parse_suit, sorted_cards
from sixtysix.explain import result_text
from sixtysix.hand import CLAIM, CLOSE, EXCHANGE, MARRY, IllegalAction, close_cost
from sixtysix.hint import Hinter
from sixtysix.players import beats
from sixtysix.rules import FALSE_CLAIM_MATCH, FALSE_CLAIM_TWO_OR_THREE, fold
from sixtysix.view import View

from .textin import ascii_int, cut_short, shown

YOU = 0
COMPUTER = 1
NAMES = ("A (you)", "B (computer)")


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


LONGEST_LINE = 1000  # characters of one typed line; a record's statements have the same limit
SKIP_AT_MOST = 1 << 16  # characters of an over-long line skipped before giving up on the input


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
                "Cannot write the record %s (%s); recording stops."
                % (shown(self.recorder.path), e.strerror or e)
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
                    % (shown(self.recorder.path), shown(self.recorder.path))
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
            words = [fold(w) for w in line.split()]  # a word past ASCII leaves the others folded
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
                    raise ValueError("unknown suit '%s' (c, d, h or s)" % cut_short(name)) from None
            pairs = [s for s in range(4) if (h.hands[YOU] >> (s * 6 + 2)) & 3 == 3]
            if len(pairs) == 1:
                return MARRY + pairs[0]
            if not pairs:
                raise ValueError("you hold no king and queen of one suit")
            raise ValueError("which marriage? say marry and the suit, like: marry %s" % "cdhs"[pairs[0]])
        if args and verb not in ("play", "p"):
            raise ValueError("'%s' is not a command; type help for the list" % cut_short(" ".join(words)))
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
                    "there is no card %s: your cards are numbered 1 to %d" % (cut_short(verb), len(cards))
                )
            return cards[n - 1]
        if len(verb) == 2 or verb.startswith("10"):  # '10h': the ten as other games write it
            try:
                return parse_card(verb)
            except ValueError:
                raise ValueError(
                    "unknown card '%s': rank 9 J Q K T A, then suit C D H S" % cut_short(verb)
                ) from None
        raise ValueError("'%s' is not a card or a command; type help for the list" % cut_short(verb))

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
            which = "queen" if self.rules.queen_lead else "king or queen"
            return "Lead the %s of %s> " % (which, SUIT_NAMES[h.pending])
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


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]
