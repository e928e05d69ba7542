"""The table's side of the solver: the winnability indicator after each
move, hints (H), the Demo, and "Winnable Deals Only".  Every search runs in
the solver's own process (``game/assistant/analyst.py`` talks to it); its answers
come back as events, so the table never waits.

:class:`Assistant` owns the solver's process (``analyst``), what the
solver proved this session (``knowledge``) and the notice while a winnable
deal is looked for; what it finds about the game on the table (its verdict,
hint line and Demo) goes in that game's session.
"""

from __future__ import annotations

import time

import engine

from ..games.base import DEMO_S
from ..storage import logs
from ..table.session import Demo, Session
from ..ui.dialogs import Dialog
from ..voice.status import redeal_word
from .analyst import STOPPED, Analyst
from .knowledge import Knowledge

DEMO_AGAIN_S = 3.0               # the Demo's later searches (Gaps, Chinese Puzzle after a line or a redeal)
DEMO_ROUNDS = 200                # a Demo that plays on through redeals looks again this many times at most
WINNABLE_DEAL_S = 2.0            # "Winnable deals only": the solver's time for each deal it tries
HINT_S = 0.4                     # H: the solver's time for a hint (from what the player sees)
PROBE_S = 0.3                    # the indicator's short search of a position let pass (game/assistant/knowledge.py)
#: the indicator's promise: its search ends this many wall-clock seconds
#: after the move at most (however long it waited in the worker, or was set
#: aside for hints), and it says won, lost or not known within 10 s
SETTLE_S = 8.0
#: the move word that may finish a game at once (every card left laid off
#: to the foundations): H names it rather than those cards one at a time
FINISHING = "layoff"
#: how fast words are spoken, about (speech-dispatcher's and the platforms'
#: default rates are near 170 to 180 words a minute): the Demo waits for a
#: move's words to end before it says another's
WORDS_PER_S = 2.7


def speaking_seconds(text: str) -> float:
    """About how long ``text`` takes to say."""
    return 0.3 + len(text.split()) / WORDS_PER_S


class DemoVoice:
    """The Demo's moves said so a listener can follow them: a move's words
    are said once the last move's have ended (as far as their length
    says: no channel tells when it is done); the moves played meanwhile are
    counted, and the next words said start with them ("And 5 more
    moves."), as do the Demo's last words.  A line's last move is always
    said (the game won, or the Demo's next search, follows it).  Nothing
    the Demo says cuts off the words before it.  ``clock``: seconds (a
    test's own)."""

    def __init__(self, speech, clock=time.monotonic) -> None:
        self.speech = speech
        self.clock = clock
        self.until = 0.0            # when the words said last will have ended
        self.passed = 0             # moves played and not said since

    def say(self, text: str, last: bool = False) -> None:
        now = self.clock()
        if now < self.until and not last:
            self.passed += 1
            return
        text = self.more() + text
        self.speech.say(text, interrupt=False)
        self.until = max(now, self.until) + speaking_seconds(text)

    def more(self) -> str:
        """The moves passed over, in words ("And 5 more moves. "), counted again from none."""
        n, self.passed = self.passed, 0
        return f"And {n} more move{'s' if n != 1 else ''}. " if n else ""

    def end(self) -> None:
        """The Demo stops or its line ends: the moves passed over said."""
        if self.passed:
            self.speech.say(self.more().strip(), interrupt=False)


class Assistant:
    """Asks the solver's process, and acts on its answers when they come.
    ``stage``: the session and table it works for, the status line and the
    dialogs; ``option``: a preference's value, by name; ``sounds`` for a
    refused hint's beep; ``records_folder``: where the deals already dealt
    are kept.  ``show_game`` puts a deal on the table (the game's flow sets
    it)."""

    def __init__(self, stage, option, sounds, records_folder, analysis: bool = True) -> None:
        self.stage = stage
        self.option = option
        self.sounds = sounds
        self.records_folder = records_folder
        self.show_game = lambda game: None
        self.analysis = analysis            # --no-analysis: no indicator (hints and the Demo still ask)
        self.analyst = Analyst()
        self.knowledge = Knowledge()        # what the solver proved this session, position by position
        self.looking: Dialog | None = None  # the notice while a winnable deal is looked for
        self.verdict_for: Session | None = None     # the session whose verdict was asked last
        self.demo_voice = DemoVoice(stage.speech)   # the Demo's moves, said at a pace one can follow

    @property
    def session(self) -> Session | None:
        return self.stage.session

    def find_winnable(self, game: engine.Game) -> None:
        """"Winnable deals only": the deal picked goes on the table under a
        notice while the solver's process looks, from its number on, for a
        deal it proves winnable (within ``worker.WINNABLE_WAIT_S``; then a
        deal it has won before, where it knows some:
        ``engine/solve/won_deals.py``, one not dealt to this player yet,
        whose list is sent along: ``game/assistant/dealt.py``); the one found
        replaces it.  The notice's button plays the deal shown instead,
        unchecked."""
        from . import dealt
        stage = self.stage
        self.show_game(game)
        before = dealt.dealt(self.records_folder, game.name, game.options)
        more = {"dealt": before} if before else {}
        if self.analyst.ask(game, "winnable", budget=WINNABLE_DEAL_S, **more) < 0:
            stage.say("The solver is not available; this deal was not checked.")
            return
        self.looking = Dialog("Looking for a deal the solver can win...", ("Play This Deal",),
                              "Winnable Deals Only", self.stop_looking)
        stage.open_dialog(self.looking)

    def stop_looking(self, _choice: str = "") -> None:
        """The player chose to play the deal on the table, unchecked."""
        self.looking = None
        self.analyst.forget("winnable")
        self.stage.say("This deal was not checked by the solver.")

    def ask_verdict(self) -> None:
        """The indicator: the position on the table, after each move.  What
        the session proved already answers at once (``game/assistant/knowledge.py``:
        a won line followed, a loss for good, a position seen before);
        else the deal goes to the solver's process (it may use every card,
        hidden ones too: it says whether, never how), with the winning line
        known from the position before, which often still wins.  A hint
        asked before the move is no longer wanted; a known solution goes on
        if the move was its first."""
        s = self.session
        if s is None:
            return
        g = s.game
        if s.hint_line and s.hint_at == s.moves - 1 and g.history and g.history[-1] == s.hint_line[0]:
            s.hint_line, s.hint_at = s.hint_line[1:], s.moves
        else:
            s.hint_line, s.hint_wins = [], False
        self.analyst.forget("hint")
        if not self.analysis or not self.option("indicator"):
            return
        known = self.knowledge.look(g)
        self.verdict_for = s
        s.verdict_asked = (s.moves, self.knowledge.last_key)
        s.verdict_probe = known is not None and known.let_pass
        if known is not None and known.let_pass:
            # let pass after searches that gave up: a short probe only, while
            # the indicator keeps saying the solver gave up
            s.verdict = known.status
            self.analyst.ask(g, "verdict", budget=PROBE_S, wall=SETTLE_S)
            self.stage.say_again()
            return
        if known is not None:
            self.analyst.forget("verdict")            # an older search is no longer wanted
            s.verdict = known.status
            if known.status == "won":
                self.know_line(known.line)
            self.stage.say_again()
            return
        s.verdict = "thinking"
        line = self.knowledge.line_before()
        self.analyst.ask(g, "verdict", wall=SETTLE_S, **({"try": [line]} if line else {}))
        self.stage.say_again()        # the status line shows it at once

    def on_answer(self, answer) -> None:
        answer = self.analyst.take(answer)
        if answer is None:
            return
        if answer.purpose == STOPPED or answer.status == "error":
            self.solver_failed(answer)
            return
        stage, s = self.stage, self.session
        if answer.purpose == "verdict":
            asked = self.verdict_for
            if asked is None or asked.verdict_asked is None:
                return
            n, key = asked.verdict_asked
            if not answer.cut_short:          # a search stopped early may decide it another time
                self.knowledge.learn_key(key, answer.status, answer.moves, probe=asked.verdict_probe)
            if asked is not s or n != s.moves:
                return                              # the table moved on meanwhile
            s.verdict = answer.status
            if answer.status == "won":
                self.know_line(answer.moves)
            stage.say_again()
        elif answer.purpose == "demo":
            if s is None or s.demo is None:
                return                              # stopped meanwhile
            if answer.status == "progress":         # the search goes on: say how far
                # in seconds, which a player reads (the worker says what share of the search's time is spent)
                budget = s.front.demo_seconds if not s.demo.rounds else DEMO_AGAIN_S
                spent = max(1, round(answer.done * budget / 100))
                stage.say(f"Demo: looking for a line... {spent} s of {budget:.0f} s at most.")
                return
            if answer.status in ("won", "play-on") and answer.moves:
                if answer.status == "won":              # the indicator follows the Demo's line too
                    self.knowledge.learn(s.game, "won", answer.moves)
                    s.verdict = "won"
                    self.analyst.forget("verdict")
                s.demo.moves = list(answer.moves)
                s.demo.more = answer.status == "play-on"
                stage.say(demo_news(s.demo, s.game))
                self.demo_step()
            elif s.demo.rounds:                     # a Gaps or Chinese Puzzle demo played on as far as it goes
                s.demo = None
                stage.say("Demo: nothing more to do." if not s.game.won else "")
            else:
                s.demo = None
                stage.alert("The solver found no way to win this deal from here"
                          + (" (it is lost)." if answer.status == "impossible" else " in its time."))
        elif answer.purpose == "winnable":
            if self.looking is not None:
                stage.dismiss_dialog(self.looking)
            self.looking = None
            if s is None:
                return
            if answer.seed is None:
                stage.say("No winnable deal found quickly; here is an ordinary one.")
                return
            if answer.seed != s.game.seed:         # the deal found, under the options searched
                self.show_game(engine.new_game(s.name, seed=answer.seed, **s.game.options))
                s = self.session
            from engine.solve.worker import WON_BEFORE
            if answer.message == WON_BEFORE:         # a deal of the pool: not dealt again before the rest
                from . import dealt
                dealt.record(self.records_folder, s.name, s.game.options, answer.seed)
            # the deal was just won by the solver: that is the indicator's
            # verdict too, and its line a known solution where hints may see it
            self.analyst.forget("verdict")
            s.verdict = "won"
            self.knowledge.learn(s.game, "won", answer.moves)
            self.know_line(answer.moves)
            stage.say(f"A winnable deal: the solver has won deal {answer.seed}.")
        elif answer.purpose == "review":
            from ..ui import review as review_ui
            review_ui.take(self.stage, answer)
        elif answer.purpose == "hint":
            if s is not None and answer.moves:
                # the hint's line (what the player sees): H steps through it
                # while the player follows, one plan rather than a new one a move
                s.hint_line, s.hint_at, s.hint_wins = list(answer.moves), s.moves, False
            self.show_hint(answer.moves[0] if answer.moves else None, answer.message)

    def know_line(self, moves: list[str]) -> None:
        """A winning line from the position on the table: the known solution
        H and the Demo follow, where hints may see every card."""
        s = self.session
        if moves and s is not None and not s.game.hides_cards:
            s.hint_line, s.hint_at, s.hint_wins = list(moves), s.moves, True

    def solver_failed(self, answer) -> None:
        """The solver failed on a request, or its process stopped (the
        traceback is in the log already): what waited for it gives up,
        and the player is told in plain words."""
        stage, s = self.stage, self.session
        purposes = answer.moves if answer.purpose == STOPPED else [answer.purpose]
        if "review" in purposes:
            from ..ui import review as review_ui
            review_ui.take(self.stage, answer)          # the Review window says it stopped
        if "verdict" in purposes and s is not None:
            s.verdict = ""
        if "demo" in purposes and s is not None:
            s.demo = None
        if "winnable" in purposes and self.looking is not None:
            stage.dismiss_dialog(self.looking)
            self.looking = None
        what = "stopped unexpectedly" if answer.purpose == STOPPED else "failed on this deal"
        stage.say(f"The solver {what}; details are in the log, {logs.log_path()}.")

    def hint(self) -> None:
        """H: the best next move, shown by flashing its card and where it
        goes.  A solution known from the indicator is stepped through, a
        move at a time as the player follows it; without one the solver's
        process is asked (the table does not wait: "thinking..." until the
        answer comes)."""
        s = self.session
        if self.stage.table is None or s is None or s.game.over or s.clock.paused:
            return
        from engine.solve.advice import leads_back

        g = s.game
        if finishes(g):
            self.show_hint(FINISHING)       # every card left goes home: Layoff, not the next of them
            return
        if s.knows_line() and g.explain(s.hint_line[0]) is None and not leads_back(g, s.hint_line[0]):
            # a proved line from here: H follows it, unless its next move
            # would lead back to a position the game has passed (then the
            # hint's search, which avoids them all: engine/solve/advice.py)
            self.show_hint(s.hint_line[0])
            return
        if self.analyst.ask(g, "hint", budget=HINT_S, known=False) < 0:
            self.stage.say(f"Hints need the solver, which is not available: {self.analyst.failed}")
            self.sounds.play("beep")
            return
        self.stage.say("Hint: thinking...")

    def show_hint(self, move: str | None, reason: str = "") -> None:
        """A hint for the position on the table (flashed), or the word that
        none helps; ``reason``: the solver's words when the move is a way on
        (a shuffle, a deal, ...) or when there is none (why, and what to
        do: ``engine.solve.advice.WORDS``)."""
        table, s = self.stage.table, self.session
        if table is None or s is None or s.game.over:
            return
        if finishes(s.game):
            move, reason = FINISHING, ""      # a line's next card home, when Layoff wins outright
        if move is None or s.game.explain(move) is not None:
            self.stage.say(f"No hint: {reason or 'no move is known to help'}.")
            self.sounds.play("beep")
            return
        table.show_move(move)
        if move == FINISHING:
            self.stage.say(f"Hint: {finishing_words(s.game)}.")
        elif reason:
            self.stage.say(f"{self.stage.status.message.rstrip('.')}: {reason}.")

    def start_demo(self) -> None:
        """The Demo plays the game on: a winning line the indicator already
        found from this very position at once, else the one the solver's
        process is asked for (Gaps and Chinese Puzzle: or cards to lock
        before a redeal)."""
        s = self.session
        if s is None or s.game.over or s.clock.paused:
            return
        g = s.game
        known = self.knowledge.peek(g)
        line = known.line if known is not None and known.status == "won" else []
        if s.knows_line() and s.hint_wins:
            line = s.hint_line
        if line and g.explain(line[0]) is None:
            # the Demo sees every card, as the indicator's search does: its
            # line serves, never through a position twice (its loops cut by
            # a replay, no search: the worker's Demo lines are shortened too)
            from engine.solve.shortcuts import cut_loops
            try:
                line = cut_loops(g, line)
            except ValueError:          # a line that no longer plays out: the worker looks
                line = []
        else:
            line = []
        if line:
            s.demo = Demo(list(line))
            self.stage.say(demo_news(s.demo, g))
            self.demo_step()
            return
        budget = s.front.demo_seconds
        line = self.knowledge.line_before()
        if self.analyst.ask(g, "demo", budget=budget, known=True, **({"try": [line]} if line else {})) < 0:
            self.stage.say(f"The Demo needs the solver, which is not available: {self.analyst.failed}")
            return
        self.stage.say("Demo: looking for a line" + (f" (up to {budget:.0f} s)..." if budget > DEMO_S else "..."))
        s.demo = Demo()

    def demo_step(self) -> None:
        s, table = self.session, self.stage.table
        if s is None or s.demo is None:
            return
        demo = s.demo
        if not demo.moves or table is None:
            self.demo_voice.end()
            if not demo.moves:
                g = s.game
                if demo.more and not g.won and not g.over and demo.rounds < DEMO_ROUNDS:
                    # Gaps, Chinese Puzzle: a line or a redeal played, the solver looks again
                    demo.rounds += 1
                    if self.analyst.ask(g, "demo", budget=DEMO_AGAIN_S, known=True) < 0:
                        s.demo = None
                        self.stage.say(f"The Demo stopped: {self.analyst.failed}")
                    else:
                        self.stage.say("Demo: looking for a line...")
                else:
                    s.demo = None
            return
        # the status line counts the moves down (the move played now
        # included), unsaid: each move's own words are said
        self.stage.status.message = demo_news(demo, s.game)
        move = demo.moves.pop(0)
        s.assisted = True
        if s.game.explain(move) is not None:
            s.demo = None
            return
        voice = self.demo_voice
        table.try_move(move, speak=lambda words: voice.say(words, last=not demo.moves))
        # the next move once this one's cards have landed, and any they set off (aces leaving)
        table.when_landed(lambda: table.when_landed(self.demo_step))

    def stop_demo(self) -> None:
        s = self.session
        if s is not None and s.demo is not None:
            s.demo = None
            n, self.demo_voice.passed = self.demo_voice.passed, 0
            self.stage.say(f"Demo stopped, {n} more move{'s' if n != 1 else ''} after the last said." if n
                           else "Demo stopped.")


def finishes(game: engine.Game) -> bool:
    """Whether the engine's Layoff (:data:`FINISHING`) wins ``game`` now:
    every card left can go to the foundations (asked of a copy)."""
    try:
        if game.over or game.explain(FINISHING) is not None:
            return False
        copy = engine.from_dict(game.to_dict())
        copy.play(FINISHING)
        return copy.won
    except (ValueError, KeyError, engine.MoveError, engine.BadPosition):
        return False


def finishing_words(game: engine.Game) -> str:
    """H's words when Layoff wins: its menu item and shortcut, as the
    game's menu lists them ("Layoff (Ctrl+L)")."""
    from ..games import front_of
    entry = next((e for e in front_of(game).menu_items(game, False) if e.command == f"play {FINISHING}"), None)
    item = f"{entry.label} ({entry.shortcut})" if entry is not None and entry.shortcut else \
        entry.label if entry is not None else FINISHING.capitalize()
    return f"{item}: every card left goes to the foundations, and the game is won"


def demo_news(demo: Demo, game: engine.Game) -> str:
    """The Demo on the status line while it plays: the moves left of its
    line ("Demo: 57 moves left; any key stops it."), and in Gaps and
    Chinese Puzzle, when no win is known, that they lock cards before the
    next shuffle or redeal."""
    n = len(demo.moves)
    word = redeal_word(game)
    if demo.more and all(m == "redeal" for m in demo.moves):
        return f"Demo: the {word}; any key stops it."
    left = f"{n} move{'' if n == 1 else 's'} left"
    if demo.more:
        return f"Demo: locking cards for the next {word}, {left}; any key stops it."
    return f"Demo: {left}; any key stops it."
