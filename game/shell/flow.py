"""The flow from one game to the next: a game put on the table (a new deal,
the one left in progress, one opened from a file or a code), what follows
each move (the autosave, a stuck table's notice, the solver asked), a
game's end (counted once, its result shown, a Gaps high score asked for),
and a game left for another (asked first when it would cost the player).

It changes what the stage shows (``stage.py``), keeps the records
(``records.py``) and asks the assistant (``assistant.py``); it is handed
those, and the settings, at its making.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import engine
from engine.scoring import game_points

from ..games import front
from ..table.session import Session
from ..ui.dialogs import Dialog
from ..voice.status import game_title, leaving_cost, moves_text, over_message, points_text, stuck_alert, win_message

DEAL_NUMBERS = 1_000_000_000     # new deals are numbered below this: short codes
PAUSED = "Paused: click the clock or press Ctrl+P to go on."
#: the win's result offers the next deal of the same game
NEW_GAME = "New Game"
#: Resign...: the question's button that gives the game up
GIVE_UP = "Give Up"
#: the first line of a lost game's result, and what a game given up says instead
NO_MOVE_LEFT = "No move is left: this game is over."
GIVEN_UP = "You gave up: this game is over."


class Flow:
    """The game's flow.  ``problems``: the list of what went wrong, shared
    with the loop, which tells it at the start; ``launch``: the command line's game options (for
    the game it asks for, once); ``still``: no animation and no autosave
    (a screenshot); ``calm``: no opening animation; ``dump_path``: where a
    table writes its layout (``--dump-layout``)."""

    def __init__(self, stage, settings, records, assistant, sounds, problems: list[str], *,
                 launch: dict | None = None, still: bool = False, calm: bool = False,
                 dump_path: str | None = None) -> None:
        self.stage = stage
        self.settings = settings
        self.records = records
        self.assistant = assistant
        self.sounds = sounds
        self.launch = dict(launch or {})
        self.still = still
        self.calm = calm
        self.dump_path = dump_path
        #: what went wrong on the way, told when the first scene is up (the loop's ``begin``)
        self.problems = problems
        #: the first scene is up and what went wrong on the way was told: problems met later
        #: (a saved game found damaged) are told at once
        self.begun = False
        #: what follows a result (a Gaps high score's name asked for)
        self.after_result: Callable[[], None] | None = None
        #: a Gaps high score won and not yet written: (the name's dialog once asked, shuffles, seconds)
        self.pending_score: tuple[Dialog | None, int, int] | None = None
        #: the High Scores window, shown with a new score lit (the commands')
        self.show_high_scores: Callable[[int | None], None] = lambda highlight=None: None

    @property
    def session(self) -> Session | None:
        return self.stage.session

    def say(self, text: str) -> None:
        self.stage.say(text)

    # ----------------------------------------------------------- scenes
    def start_game(self, name: str, seed: int | None = None, fresh: bool = False, launch: bool = False) -> None:
        """Play ``name``: the game left in progress (restored, history and
        all, as it was), or a new deal.  ``launch``: the game the command
        line asked for, under its options (once: later deals take the
        player's preferences)."""
        notes: list[str] = []
        if not fresh and seed is None:
            saved, extra = self.records.load_game(name)
            notes = self.records.take_problems()        # a damaged save, set aside: the player is told
            if saved is not None and not saved.won:
                self.show_session(Session.restore(saved, extra), opening=False)
                self.tell(notes)
                return
        pick = seed is None
        if seed is None:
            seed = self.pick_deal_number()
        options = front(name).new_options(self.launch if launch else {}, self.settings.prefs)
        try:
            engine.GAMES[name].check_options(options)
        except ValueError:          # a hand-edited preference: the game's defaults instead
            options = {}
        game = engine.new_game(name, seed=seed, **options)
        if pick and self.settings.option("winnable") and not self.still:
            self.assistant.find_winnable(game)
        else:
            self.show_game(game)
        self.tell(notes)

    def resume(self) -> None:
        """A start with no game asked for: the game that was on the table
        when the player quit (the preference ``last_game``), restored whole
        from its save; the start screen when there was none (a first start,
        a quit from the start screen) or it has ended (won: its save is
        gone; lost or given up: its save says it counted)."""
        name = self.settings.prefs["last_game"]
        if name in engine.GAMES:
            saved, extra = self.records.load_game(name)
            self.tell(self.records.take_problems())
            if saved is not None and not saved.over:
                session = Session.restore(saved, extra)
                if not session.counted or session.retried:     # (Try Again: under way again)
                    self.show_session(session, opening=False)
                    return
        self.show_start()

    def tell(self, notes: list[str]) -> None:
        """What went wrong on the way (a saved game found damaged and set
        aside) told to the player: before the first scene is up, with the
        start's other problems in its first alert; after, in an alert at once."""
        if not notes:
            return
        if self.begun:
            self.stage.alert("\n".join(notes), queue=True)
        else:
            self.problems += [n for n in notes if n not in self.problems]

    def tell_problems(self) -> None:
        """The first scene is up: what went wrong on the way, told in one alert."""
        self.begun = True
        problems = self.problems + [n for n in self.records.take_problems() if n not in self.problems]
        self.problems.clear()
        if problems:
            self.stage.alert("\n".join(problems), queue=True)     # after the first scene's words

    def pick_deal_number(self) -> int:
        """A new deal's number, picked at random."""
        return engine.cards.Rng(int(time.time_ns() % engine.cards.MAX_SEED)).below(DEAL_NUMBERS)

    def show_game(self, game: engine.Game, opening: bool = True) -> None:
        """Put ``game`` on the table, a new session of it (a new deal, or
        one opened from a file or a code)."""
        self.show_session(Session(game), opening)

    def show_session(self, session: Session, opening: bool = True) -> None:
        """Put ``session``'s game on the table (``opening``: its deal flies in)."""
        from ..table.table import Table
        stage, prefs = self.stage, self.settings.prefs
        self.assistant.analyst.forget("winnable")     # a game put on the table ends any search for another
        stage.session = session
        if prefs["last_game"] != session.name:
            prefs["last_game"] = session.name
            self.settings.save_prefs()
        stage.status.message = ""
        stage.menu.open(None)
        # under an open dialog nothing moving is drawn: a deal put there (a
        # winnable deal found while an alert is up) lies down at once
        animate = opening and not (self.still or self.calm or stage.dialogs)
        stage.scene = Table(session, stage, self.settings, self.sounds, self, opening=animate)
        stage.show_caption()
        stage.scene.full_redraw()
        if stage.dialogs:
            stage.redraw_all()            # the dialog stays in front of the new table
        # a player who cannot see the table hears which game it is (before any news of its start)
        g = session.game
        stage.speech.say(f"{game_title(g)}, deal {g.seed}, {moves_text(len(g.history))} made. "
                         "The arrows or the digits move the focus; W reads the table.")
        self.on_game_changed()   # a deal can be stuck from the start
        if session.clock.paused:     # restored paused: the cards covered, and how to go on (after the first words)
            self.stage.say(PAUSED, queue=True)

    def open_game(self, game: engine.Game) -> None:
        """A game opened from a file: the game in progress itself, as far as
        it went or further, keeps its session's marks and clock (the Demo's,
        Try Again's, counted); any other is a new session."""
        s = self.session
        if s is None or not same_game(s.game, game):
            self.show_game(game)
            return
        again = Session(game, elapsed=s.clock.elapsed, assisted=s.assisted, retried=s.retried, spacing=s.spacing)
        again.counted, again.counted_as = again.counted or s.counted, s.counted_as
        self.show_session(again)

    def deal_again(self, **options) -> bool:
        """The deal on the table dealt again under other options (a packing
        rule, Chinese Puzzle's redeals or ace order), when nothing of it
        would be lost: no move made or undone, not taken back by Try Again,
        and the seed's own deal (not a position opened from a file)."""
        s = self.session
        if s is None:
            return False
        g = s.game
        if g.history or g.can_redo or s.retried or s.counted:
            return False
        if engine.new_game(g.name, seed=g.seed, **g.options).to_dict()["deal"] != g.to_dict()["deal"]:
            return False            # a position opened from a file, not the seed's deal
        self.show_game(engine.new_game(g.name, seed=g.seed, **{**g.options, **options}), opening=False)
        return True

    def redraw_table(self) -> None:
        """The same game redrawn after many moves at once (rewind, fast forward)."""
        if self.session is not None:
            self.show_session(self.session, opening=False)

    def count_result(self) -> bool:
        """The game on the table ends now (won, lost or left after a move):
        into the records, once, unless the Demo played in it.  Whether it
        went in now."""
        s = self.session
        if s is None or not s.for_the_record or not s.game.history:
            return False
        s.counted = True
        s.counted_as = "win" if s.game.won else "loss"
        self.records.record_result(s.game)
        return True

    def leave_game(self) -> None:
        """The game on the table is being left for another: an unfinished
        Card Shell game that saw a move is scored as lost (docs/rules.md, "Scoring")."""
        if self.session is not None:
            self.count_result()
            self.records.clear_game(self.session.name)

    def in_progress(self, name: str) -> Session | None:
        """The unfinished game of ``name`` a new one would replace: the
        table's if it is of ``name``, else the saved one.  ``None`` when
        there is none, or it saw no move, or it has ended (it has counted)."""
        s = self.session
        if s is None or s.name != name:
            g, extra = self.records.load_game(name)
            s = Session.restore(g, extra) if g is not None else None
        if s is None or not s.game.started or s.game.over:
            return None
        return s

    def replace_game(self, name: str, question: str, button: str, go: Callable[[], None],
                     same: engine.Game | None = None) -> None:
        """Before a new game of ``name`` takes the place of one in progress:
        ask ``question`` (with what leaving that game costs), and only on
        ``button`` end it (scored as lost, its save gone) and ``go``.
        Cancelling leaves everything as it was.  A game of another kind on
        the table is not ended: it stays saved, as when switching games.
        ``same``: the game to be put on the table, when it may be the one
        in progress itself (the player's own save of it, opened again):
        then nothing is ended or counted."""
        victim = self.in_progress(name)
        notes = self.records.take_problems()      # a saved game found damaged on the way
        if same is not None and victim is not None and same_game(victim.game, same):
            go()                # the game in progress itself, as far as it went or further: nothing ends
            return
        if victim is None:
            if self.session is not None and self.session.name == name:
                self.leave_game()
            go()
            if notes:
                self.stage.alert("\n".join(notes))
            return
        on_table = victim is self.session
        n = victim.moves
        title = front(name).title
        # what becomes of it, said plainly: it ends here (and the cost, below: counted as lost, or not)
        what = f"The game of {title} under way ({n} move{'s' if n != 1 else ''}) ends unfinished." if on_table \
            else f"Your saved game of {title} ({n} move{'s' if n != 1 else ''}) ends unfinished: it cannot " \
                 "be taken up again."

        def answer(choice: str) -> None:
            if choice != button:
                return
            if on_table:
                self.leave_game()
            else:
                if victim.for_the_record:
                    self.records.record_result(victim.game)
                self.records.clear_game(name)
            go()
        text = f"{question} {what}\n{leaving_cost(victim, on_table)}"
        self.stage.ask("\n".join([*notes, text]), (button, "Cancel"), answer,
                       "A game is under way" if on_table else f"A saved game of {title}")

    def table_extra(self) -> dict:
        return self.session.extra() if self.session is not None else {}

    def show_start(self) -> None:
        from ..ui.start import StartScreen
        self.autosave()
        stage = self.stage
        stage.session = None
        stage.show_caption()
        stage.scene = StartScreen(stage, self.start_game, self.last_played())
        stage.scene.full_redraw()

    def last_played(self) -> str:
        """The game the start screen highlights: the last one on the table
        (``last_game``), or, after a quit from the start screen, the one
        saved last ("": none)."""
        name = self.settings.prefs["last_game"]
        if name:
            return name
        saved = []
        for game in engine.GAMES:
            try:
                saved.append((self.records.game_path(game).stat().st_mtime, game))
            except OSError:
                continue
        return max(saved)[1] if saved else ""

    def at_quit(self) -> None:
        """Quit: a Gaps high score still to be written is written, and the
        table is kept for the next start (``resume``): the game on it saved
        (a deal with no move too: the same deal comes back), or, from the
        start screen, no game (the next start shows the start screen)."""
        self.keep_high_score()
        if self.session is None:
            self.settings.prefs["last_game"] = ""
        self.autosave(quitting=True)

    def new_game(self) -> None:
        """New Game: a fresh deal of the game on the table; a game under way
        is ended only when the player says so, told what it costs.  Not
        while Gaps is paused (the File menu dims New Game during the pause)."""
        s = self.session
        if s is None or s.clock.paused:
            return
        name = s.name
        self.replace_game(name, "Deal a new game?", "New Game", lambda: self.start_game(name, fresh=True))

    def choose_game(self, name: str) -> None:
        """Switch games: the one left stays saved, and comes back as it was."""
        if self.session is not None and self.session.name == name:
            return
        self.autosave()             # the game left stays saved, its clock as it stands
        self.start_game(name)

    # ----------------------------------------------------------- pause
    def toggle_pause(self, quiet: bool = False) -> None:
        """Gaps' Pause: the clock stops and the cards are covered (said,
        unless ``quiet``: the window losing or regaining the focus)."""
        stage = self.stage
        s, table = stage.session, stage.table
        if table is None or not s.front.timed or (s.game.over and not s.clock.paused):
            return
        table.settle()               # every card at rest before the cards are covered
        table.unflash()              # a hint's flash is not shown over the covered table
        s.clock.paused = not s.clock.paused
        s.clock.focus_paused = False
        stage.status.message = PAUSED if s.clock.paused else ""
        if not quiet:
            stage.speech.say(PAUSED if s.clock.paused else "Going on: the clock runs again.")
        table.render()
        stage.redraw_all()
        self.autosave()                 # the clock as it stopped

    # ----------------------------------------------------------- after each move
    def autosave(self, quitting: bool = False) -> None:
        """The game in progress saved, with its session: after every move,
        at a pause, at quit and when the table shows another game or the
        start screen (the clock as it stands).  A deal with no move and
        nothing of its own to keep is not saved, but at quit
        (``quitting``): the next start opens on it again."""
        s = self.session
        if s is None or self.still or s.game.won:
            return
        if not (quitting or s.game.history or s.game.can_redo or s.retried or s.counted or s.assisted):
            return
        problem = self.records.save_game(s.game, s.extra())
        if problem:
            self.say(problem)

    def on_game_changed(self) -> None:
        """After every move: the autosave, a game's end, stuck notices.
        A message lasts until the table changes (the Demo's, while it plays)."""
        s, stage = self.session, self.stage
        if s is None:
            return
        g = s.game
        if s.demo is None and stage.status.message:
            self.say("")
        if g.won:
            self.game_won()
            return
        self.autosave()                 # an undo back to move 0 too
        if g.over:
            self.game_lost()
            return
        self.assistant.ask_verdict()
        if getattr(g, "stuck", False) and g.explain("redeal") is None and s.demo is None:
            auto = s.front.auto_redeal(bool(self.settings.option("auto_reshuffle")))
            text = stuck_alert(g, auto)

            def done(_choice: str = "OK") -> None:
                if auto and stage.session is s and stage.table is not None and g.explain("redeal") is None:
                    stage.table.try_move("redeal")
            # after the table's first words or the move's, never cutting them off
            stage.table.when_landed(lambda: stage.alert(text, on_close=done, queue=True))

    # ----------------------------------------------------------- a game's end
    def game_won(self) -> None:
        """Count the win (unless the game counted already), forget the
        autosave, and for Gaps offer the high-score table (after the
        celebration and the result) to a win that counted now."""
        s = self.session
        self.records.clear_game(s.name)
        self.after_result = None
        s.recorded = self.count_result()
        if s.recorded and s.high_score_allowed:
            shuffles, seconds = s.game.shuffles_used, int(s.clock.elapsed)
            if self.records.qualifies(shuffles, seconds) is not None:
                self.after_result = lambda: self.ask_name(shuffles, seconds)
                self.pending_score = (None, shuffles, seconds)

    def game_lost(self) -> None:
        """No move left: the game has ended, and counts now (docs/rules.md,
        "Scoring": scored when a game ends); its result shows once its last cards land."""
        s = self.session
        s.recorded = self.count_result()
        self.autosave()                 # counted: a restart does not count it again

    def show_result(self) -> None:
        """The win's result, once its cascade is over; then, for a Gaps
        score that made the table, the name to write in it."""
        then, self.after_result = self.after_result, None
        s = self.session

        def answer(choice: str) -> None:
            if choice == NEW_GAME:
                self.new_game()         # a fresh deal of the same game (the win counted already)
            if then:
                then()
        self.summary(win_message(s, self.records), s.front.title, answer, (NEW_GAME, "OK"), focus=1)

    def summary(self, message: str, title: str = "", on_close=None, buttons: tuple[str, ...] = ("OK",),
                focus: int = 0) -> None:
        """The end of a game in words; for a game that counts, the rule's
        statistics picture under them, small (the Scores window's)."""
        s = self.session
        if s is None or game_points(s.game) is None or s.assisted:
            dialog = Dialog(message, buttons, title, on_close)
            dialog.focus = focus
        else:
            from ..ui.scores import SummaryDialog
            rec = self.records.stats.get(s.name, s.game.options["rule"])
            dialog = SummaryDialog(message, buttons, title, on_close, game_title(s.game), rec, focus)
        self.stage.open_dialog(dialog)

    def show_over(self, given_up: bool = False) -> None:
        """No move left (or the game given up: Resign...): its result, the
        rule's picture, and the offer of a review ("See Where It Slipped
        Away"), never forced: OK is the default and Esc closes."""
        from ..ui import review as review_ui
        s = self.session
        ended = review_ui.ended(s)
        buttons = (review_ui.OFFER, "OK") if review_ui.unavailable(s.game, ended) is None else ("OK",)

        def answer(choice: str) -> None:
            if choice == review_ui.OFFER:
                review_ui.open_review(self)
        message = over_message(s, self.records)
        if given_up:
            message = message.replace(NO_MOVE_LEFT, GIVEN_UP, 1)
        self.summary(message, s.front.title, answer, buttons, focus=len(buttons) - 1)

    # ----------------------------------------------------------- giving up
    def why_not_resign(self) -> str | None:
        """Why Resign... cannot give up the game on the table now (None: it
        can): it saw a move, it is not over, it has not ended already (lost,
        or given up) and it is not paused."""
        s = self.session
        if s is None:
            return "there is no game on the table."
        if s.game.over:
            return "this game is over already."
        if s.end not in ("", "retried"):
            return f"this game has ended already, as a {s.counted_as or 'loss'}."
        if not s.game.history:
            return "no move has been made yet: New Game (Ctrl+N) deals another at no cost."
        if s.clock.paused:
            return "the game is paused (Ctrl+P goes on)."
        return None

    def can_resign(self) -> bool:
        """Whether Resign... may give up the game on the table now."""
        return self.why_not_resign() is None

    def resign(self) -> None:
        """Resign...: asked first ("Give up this game? It counts as a
        loss."); on Give Up the game ends as a loss, as if no move were
        left: counted (unless the Demo played in it, or it counted before
        Try Again), saved as ended, and its result shown with the review
        offered.  Cancel leaves everything as it was."""
        s = self.session
        if not self.can_resign():
            return
        if s.for_the_record:
            points = game_points(s.game)
            cost = "It counts as a loss." if points is None else f"It counts as a loss: {points_text(points)}."
        else:
            cost = leaving_cost(s)

        def answer(choice: str) -> None:
            if choice == GIVE_UP and self.session is s and self.can_resign():
                self.give_up()
        self.stage.ask(f"Give up this game? {cost}", (GIVE_UP, "Cancel"), answer, "Resign")

    def give_up(self) -> None:
        """The game on the table given up: it ends now as a loss (see ``resign``)."""
        s, table = self.session, self.stage.table
        if s.demo is not None:
            self.assistant.stop_demo()
        if table is not None:
            table.settle()              # every card at rest, nothing carried
        s.recorded = self.count_result()
        s.end = "loss"                  # ended: not counted again, not taken up again at the next start
        self.autosave()
        self.say(GIVEN_UP)
        self.show_over(given_up=True)

    def ask_name(self, shuffles: int, seconds: int) -> None:
        def done(_choice: str) -> None:
            self.pending_score = None
            rank = self.records.add_high_score(dialog.entry, shuffles, seconds)
            self.show_high_scores(rank - 1)
        dialog = Dialog("You made the high scores! Type your name:", ("OK",), self.session.front.title, done,
                        entry="")
        self.pending_score = (dialog, shuffles, seconds)
        self.stage.open_dialog(dialog)

    def keep_high_score(self) -> None:
        """At quit: a high score won but not yet written (the result still
        on screen, or the name half typed) written, never lost."""
        pending, self.pending_score = self.pending_score, None
        if pending is not None:
            dialog, shuffles, seconds = pending
            self.records.add_high_score(dialog.entry if dialog is not None else "", shuffles, seconds)


def same_game(a: engine.Game, b: engine.Game) -> bool:
    """Whether ``b`` is ``a`` again, as far as it went or further (the same
    deal; ``b``'s history goes on from ``a``'s): a save of the game in
    progress.  An earlier save is another game: opening it would take moves
    back, so it is asked about as any other."""
    if a.name != b.name or a.seed != b.seed or a.options != b.options:
        return False
    if a.to_dict().get("deal") != b.to_dict().get("deal"):
        return False
    ha, hb = a.history, b.history
    return len(hb) >= len(ha) and hb[:len(ha)] == ha
