"""The table's side of the solver: the winnability indicator after each
move, hints (H), the Demo, and "Winnable Deals Only".  Every search runs in
the solver's own process (``game/analyst.py`` talks to it); its answers
come back as events, so the table never waits.

A mixin of :class:`game.app.App`: it owns ``verdict``, ``demo``,
``hint_line`` and ``looking``.
"""

from __future__ import annotations

import engine

from . import logs
from .analyst import STOPPED
from .games import front_of
from .games.base import DEMO_S
from .status import redeal_word
from .ui.dialogs import Dialog

DEMO_AGAIN_S = 3.0               # the Demo's later searches (Gaps, Chinese Puzzle after a line or a redeal)
DEMO_ROUNDS = 200                # a Demo that plays on through redeals looks again this many times at most
WINNABLE_DEAL_S = 2.0            # "Winnable deals only": the solver's time for each deal it tries
HINT_S = 0.4                     # H: the solver's time for a hint (from what the player sees)
PROBE_S = 0.3                    # the indicator's short search of a position let pass (game/knowledge.py)


class SolverClient:
    """Asks the solver's process, and acts on its answers when they come."""

    def find_winnable(self, game: engine.Game) -> None:
        """"Winnable deals only": the deal picked goes on the table under a
        notice while the solver's process looks, from its number on, for a
        deal it proves winnable (30 s at most, The Smith 4.5 s:
        ``worker.WINNABLE_WAIT_S``; then a deal it has won before, where it
        knows some: ``engine/solve/won_deals.py``, one not dealt to this
        player yet, whose list is sent along: ``game/dealt.py``); the one
        found replaces it.  The notice's button plays the deal shown
        instead, unchecked."""
        from . import dealt
        self.show_game(game)
        before = dealt.dealt(self.records.folder, game.name, game.options)
        more = {"dealt": before} if before else {}
        if self.analyst.ask(game, "winnable", budget=WINNABLE_DEAL_S, **more) < 0:
            self.set_message("The solver is not available; this deal was not checked.")
            return
        self.looking = Dialog("Looking for a deal the solver can win...", ("Play This Deal",),
                              "Winnable Deals Only", self.stop_looking)
        self.open_dialog(self.looking)

    def stop_looking(self, _choice: str = "") -> None:
        """The player chose to play the deal on the table, unchecked."""
        self.looking = None
        self.analyst.forget("winnable")
        self.set_message("This deal was not checked by the solver.")

    def ask_verdict(self) -> None:
        """The indicator: the position on the table, after each move.  What
        the session proved already answers at once (``game/knowledge.py``:
        a won line followed, a loss for good, a position seen before);
        else the deal goes to the solver's process (it may use every card,
        hidden ones too: it says whether, never how), with the winning line
        known from the position before, which often still wins.  A hint
        asked before the move is no longer wanted; a known solution goes on
        if the move was its first."""
        g = self.game
        if (g is not None and self.hint_line and self.hint_at == (g, len(g.history) - 1)
                and g.history[-1] == self.hint_line[0]):
            self.hint_line, self.hint_at = self.hint_line[1:], (g, len(g.history))
        else:
            self.hint_line = []
        self.analyst.forget("hint")
        if self.args.screenshot or self.args.no_analysis or not self.option("indicator") or self.game is None:
            return
        known = self.knowledge.look(g)
        self.verdict_asked = (g, len(g.history), self.knowledge.last_key)
        self.verdict_probe = known is not None and known.let_pass
        if known is not None and known.let_pass:
            # let pass after searches that gave up: a short probe only, while
            # the indicator keeps saying the solver gave up
            self.verdict = known.status
            self.analyst.ask(self.game, "verdict", budget=PROBE_S)
            self.set_message(self.message)
            return
        if known is not None:
            self.analyst.forget("verdict")            # an older search is no longer wanted
            self.verdict = known.status
            if known.status == "won":
                self.know_line(known.line)
            self.set_message(self.message)
            return
        self.verdict = "thinking"
        line = self.knowledge.line_before()
        self.analyst.ask(self.game, "verdict", **({"try": [line]} if line else {}))
        self.set_message(self.message)        # the status line shows it at once

    def on_answer(self, answer) -> None:
        answer = self.analyst.take(answer)
        if answer is None:
            return
        if answer.purpose == STOPPED or answer.status == "error":
            self.solver_failed(answer)
            return
        if answer.purpose == "verdict":
            g, n, key = self.verdict_asked
            if not answer.cut_short:          # a search stopped early may decide it another time
                self.knowledge.learn_key(key, answer.status, answer.moves, probe=self.verdict_probe)
            if g is not self.game or n != len(g.history):
                return                              # the table moved on meanwhile
            self.verdict = answer.status
            if answer.status == "won":
                self.know_line(answer.moves)
            self.set_message(self.message)
        elif answer.purpose == "demo":
            if self.demo is None:
                return                              # stopped meanwhile
            if answer.status == "progress":         # the search goes on: say how far
                self.set_message(f"Demo: looking for a line... {answer.done}% of the solver's time spent.")
                return
            if answer.status in ("won", "play-on") and answer.moves:
                if answer.status == "won":              # the indicator follows the Demo's line too
                    self.knowledge.learn(self.game, "won", answer.moves)
                    self.verdict = "won"
                    self.analyst.forget("verdict")
                self.demo = list(answer.moves)
                self.demo_more = answer.status == "play-on"
                self.set_message("Demo: any key stops it." if answer.status == "won" else
                                 f"Demo: locking cards for the next {redeal_word(self.game)}.")
                self.demo_step()
            elif self.demo_rounds:                  # a Gaps or Chinese Puzzle demo played on as far as it goes
                self.demo = None
                self.set_message("Demo: nothing more to do." if not self.game.won else "")
            else:
                self.demo = None
                self.alert("The solver found no way to win this deal from here"
                           + (" (it is lost)." if answer.status == "impossible" else " in its time."))
        elif answer.purpose == "winnable":
            if self.looking is not None:
                self.dismiss_dialog(self.looking)
            self.looking = None
            if answer.seed is None:
                self.set_message("No winnable deal found quickly; here is an ordinary one.")
                return
            if answer.seed != self.game.seed:
                self.start_game(self.game.name, seed=answer.seed, fresh=True, searched=True)
            from engine.solve.worker import WON_BEFORE
            if answer.message == WON_BEFORE:         # a deal of the pool: not dealt again before the rest
                from . import dealt
                dealt.record(self.records.folder, self.game.name, self.game.options, answer.seed)
            # the deal was just won by the solver: that is the indicator's
            # verdict too, and its line a known solution where hints may see it
            self.analyst.forget("verdict")
            self.verdict = "won"
            self.knowledge.learn(self.game, "won", answer.moves)
            self.know_line(answer.moves)
            self.set_message(f"A winnable deal: the solver has won deal {answer.seed}.")

        elif answer.purpose == "review":
            from .ui import review as review_ui
            review_ui.take(self, answer)
        elif answer.purpose == "hint":
            self.show_hint(answer.moves[0] if answer.moves else None, answer.message)

    def know_line(self, moves: list[str]) -> None:
        """A winning line from the position on the table: the known solution
        H and the Demo follow, where hints may see every card."""
        if moves and not self.game.hides_cards:
            self.hint_line, self.hint_at = list(moves), (self.game, len(self.game.history))

    def solver_failed(self, answer) -> None:
        """The solver failed on a request, or its process stopped (the
        traceback is in the log already): what waited for it gives up,
        and the player is told in plain words."""
        purposes = answer.moves if answer.purpose == STOPPED else [answer.purpose]
        if "review" in purposes:
            from .ui import review as review_ui
            review_ui.take(self, answer)          # the Review window says it stopped
        if "verdict" in purposes:
            self.verdict = ""
        if "demo" in purposes and self.demo is not None:
            self.demo = None
        if "winnable" in purposes and self.looking is not None:
            self.dismiss_dialog(self.looking)
            self.looking = None
        what = "stopped unexpectedly" if answer.purpose == STOPPED else "failed on this deal"
        self.set_message(f"The solver {what}; details are in {logs.NAME} in the data folder.")

    def hint(self) -> None:
        """H: the best next move, shown by flashing its card and where it
        goes.  A solution known from the indicator is stepped through, a
        move at a time as the player follows it; without one the solver's
        process is asked (the table does not wait: "thinking..." until the
        answer comes)."""
        if self.table is None or self.game.over:
            return
        from engine.solve.advice import undoes_last_move

        g = self.game
        if (self.hint_line and self.hint_at == (g, len(g.history)) and g.explain(self.hint_line[0]) is None
                and not undoes_last_move(g, self.hint_line[0])):
            # a known line that would take the last move back: the hint's
            # search looks for another way on first (engine/solve/advice.py)
            self.show_hint(self.hint_line[0])
            return
        if self.analyst.ask(self.game, "hint", budget=HINT_S, known=False) < 0:
            self.set_message(f"Hints need the solver, which is not available: {self.analyst.failed}")
            self.sounds.play("beep")
            return
        self.set_message("Hint: thinking...")

    def show_hint(self, move: str | None, reason: str = "") -> None:
        """A hint for the position on the table (flashed), or the word that
        none helps; ``reason``: why, when the solver says (a take-back that
        is the only way on)."""
        if self.table is None or self.game.over:
            return
        if move is None or self.game.explain(move) is not None:
            self.set_message("No hint: no move is known to help.")
            self.sounds.play("beep")
            return
        self.table.show_move(move)
        if reason:
            self.set_message(f"{self.message.rstrip('.')}: {reason}.")

    def start_demo(self) -> None:
        """The Demo plays the game on: a winning line the indicator already
        found from this very position at once, else the one the solver's
        process is asked for (Gaps and Chinese Puzzle: or cards to lock
        before a redeal)."""
        if self.game is None or self.game.over:
            return
        g = self.game
        known = self.knowledge.peek(g)
        line = known.line if known is not None and known.status == "won" else []
        if self.hint_line and self.hint_at == (g, len(g.history)):
            line = self.hint_line
        if line and g.explain(line[0]) is None:
            # the Demo sees every card, as the indicator's search does: its line serves
            self.demo, self.demo_more, self.demo_rounds = list(line), False, 0
            self.set_message("Demo: any key stops it.")
            self.demo_step()
            return
        budget = front_of(self.game).demo_seconds
        line = self.knowledge.line_before()
        if self.analyst.ask(self.game, "demo", budget=budget, known=True, **({"try": [line]} if line else {})) < 0:
            self.set_message(f"The Demo needs the solver, which is not available: {self.analyst.failed}")
            return
        self.set_message("Demo: looking for a line" + (f" (up to {budget:.0f} s)..." if budget > DEMO_S else "..."))
        self.demo = []
        self.demo_more = False
        self.demo_rounds = 0

    def demo_step(self) -> None:
        if not self.demo or self.table is None:
            if self.demo is not None and not self.demo:
                g = self.game
                if self.demo_more and not g.won and not g.over and self.demo_rounds < DEMO_ROUNDS:
                    # Gaps, Chinese Puzzle: a line or a redeal played, the solver looks again
                    self.demo_rounds += 1
                    if self.analyst.ask(g, "demo", budget=DEMO_AGAIN_S, known=True) < 0:
                        self.demo = None
                        self.set_message(f"The Demo stopped: {self.analyst.failed}")
                else:
                    self.demo = None
            return
        move = self.demo.pop(0)
        self.assisted = True
        if self.game.explain(move) is not None:
            self.demo = None
            return
        table = self.table
        table.try_move(move)
        # the next move once this one's cards have landed, and any they set off (aces leaving)
        table.when_landed(lambda: table.when_landed(self.demo_step))

    def stop_demo(self) -> None:
        if self.demo is not None:
            self.demo = None
            self.set_message("Demo stopped.")
