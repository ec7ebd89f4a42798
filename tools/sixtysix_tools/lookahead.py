"""The experimental `lookahead` player (host only: the arena, train).

It is the hard level with its open-stock moves searched instead of played
by rule of thumb: in each of 16 sampled worlds the solver looks one trick
ahead and then values the position with the learned evaluation
(firmware/sixtysix/evaluate.py, weights from `sixtysix train`); closing is
judged as hard judges it.  Measured, it loses to the rule of thumb it would
replace (docs/AI.md), so the device does not carry it.
"""

from sixtysix.ai import SearchPlayer
from sixtysix.compat import has
from sixtysix.evaluate import Evaluator
from sixtysix.hand import CLOSE, EXCHANGE, MARRY
from sixtysix.rules import SCHNAPSEN

NAME = "lookahead"
HORIZON = 1  # tricks searched before the evaluation
WORLDS = 16
MAX_NODES = 1500  # the budget it was measured with (hard's settings otherwise)


class LookaheadPlayer(SearchPlayer):
    def __init__(self, seed: int = 1) -> None:
        super().__init__("hard", seed)
        self.level = NAME
        self.max_nodes = MAX_NODES

    def _setup(self, rules) -> None:
        fresh = self.rules is not rules
        super()._setup(rules)
        if fresh:
            from sixtysix import evalweights

            self.evaluator = Evaluator(
                evalweights.SCHNAPSEN if rules.game == SCHNAPSEN else evalweights.SIXTY_SIX
            )

    def _open_move(self, view) -> int:
        """The best move that keeps the stock open, HORIZON tricks deep and
        then by the evaluation; closing instead if hard's judgement says so."""
        acts = view.actions
        if has(acts, EXCHANGE):
            return EXCHANGE
        best = self._search(view, WORLDS, 2 * HORIZON)
        if self.may_close and has(acts, CLOSE):
            marry = best - MARRY if MARRY <= best < EXCHANGE else -1
            keep = (self.worlds, self.wins, self.value)
            if self.wants_to_close(view, marry):
                return CLOSE
            self.worlds, self.wins, self.value = keep
        return best
