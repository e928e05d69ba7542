"""Every menu command of the five games, and the menus that list them.

The menus are rebuilt whenever one opens, from the game's state: an item is
dimmed exactly when its command would do nothing, and the keyboard
shortcuts shown are the ones dispatched (one list serves both).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import engine
from engine import codes

from ..games import FRONTS, front_of
from ..games.base import Entry
from ..table.table import Table
from ..ui.dialogs import ChoiceDialog, Dialog, option_notes
from ..ui.menubar import Item, Menu, separator

BACKS = ["Blue lattice", "Red rings", "Green tartan", "Macintosh", "Gold medallion"]
FACES = [("classic", "Classic"), ("large-index", "Large index (easier to read)"),
         ("four-colour", "Four colours (clubs green, diamonds blue)")]
TABLES = [("green", "Green baize"), ("blue", "Blue"), ("red", "Claret"), ("grey", "Slate")]


#: the commands a game's menu may list by name (``Entry.command``)
MENU_COMMANDS = frozenset({"hint", "start_demo", "undo", "redo", "rewind", "fast_forward", "toggle_pause",
                           "show_scores", "show_high_scores", "choose_rule"})

#: what turning an option on or off does, said on the status line: (on, off)
OPTION_WORDS = {
    "sound": ("Sound on.", "Sound off."),
    "winnable": ("Winnable Deals Only: on. The next deal will be one the solver has won.",
                 "Winnable Deals Only: off. The next deal is dealt at random, winnable or not."),
    "indicator": ("Show If Winnable: on. The status line says whether the deal can still be won.",
                  "Show If Winnable: off."),
    "zoom": ("Zoom Cards: on. A card that moves now leaves a trail of outlines behind it.",
             "Zoom Cards: off. Cards move without a trail."),
    "fast_aces": ("Fast Aces: on. The aces leave the deal all at once.",
                  "Fast Aces: off. The aces leave the deal one by one, each with its sound."),
    "auto_reshuffle": ("Auto Reshuffle: on. A stuck table is shuffled as soon as you close the notice.",
                       "Auto Reshuffle: off. When no card can move, use a shuffle yourself (Ctrl+U or the hand)."),
    "timer_shown": ("Timer shown.", "Timer hidden: the clock still runs."),
    "blanks_move": ("Clicking Blanks Moves: a click on a gap moves the card that belongs there.",
                    "Clicking Blanks Selects: a click on a gap selects the card that belongs there."),
    "mono": ("Black & White.", "Colour."),
}
MOVE_STYLE_WORDS = {"drag": "Drag to Move: drag a card to its new place.",
                    "click": "Click to Move: one click picks a card up, the next puts it down."}


class Commands:
    """The menus' commands, handed what they act on: the ``stage`` (what is
    shown, the dialogs, the status line), the ``settings``, the game's
    ``flow``, the ``records``, the ``assistant`` and ``quit``."""

    def __init__(self, stage, settings, flow, records, assistant, quit) -> None:
        self.stage = stage
        self.settings = settings
        self.flow = flow
        self.records = records
        self.assistant = assistant
        self.quit = quit
        self.last_folder: Path | None = None      # where Open and Save As last went

    @property
    def session(self):
        return self.stage.session

    @property
    def game(self) -> engine.Game | None:
        return self.stage.game

    @property
    def table(self) -> Table | None:
        return self.stage.table

    # ----------------------------------------------------------- what a game's menus call
    def say(self, text: str) -> None:
        self.stage.say(text)

    def ask(self, message: str, buttons: tuple[str, ...], on_close=None, title: str = "") -> None:
        self.stage.ask(message, buttons, on_close, title)

    def option(self, name: str):
        return self.settings.option(name)

    def hint(self) -> None:
        self.assistant.hint()

    def start_demo(self) -> None:
        self.assistant.start_demo()

    def undo(self) -> None:
        if self.table is not None:
            self.table.undo()

    def redo(self) -> None:
        if self.table is not None:
            self.table.redo()

    def toggle_pause(self) -> None:
        self.flow.toggle_pause()

    # ----------------------------------------------------------- a game's menu items, made from its entries
    def item(self, entry: Entry) -> Item:
        """The menu item a game's :class:`~game.games.base.Entry` lists."""
        if not entry.label:
            return separator()
        enabled = entry.enabled
        if enabled is None:         # as the engine says of the move word
            enabled = self.legal(entry.command.split()[-1])
        refused = self.command(entry.refused) if entry.refused else None
        verb, _, word = entry.command.partition(" ")
        why = (lambda: self.game.explain(word)) if verb == "play" and self.game is not None else \
            (lambda: self.dimmed_why(verb))
        return Item(entry.label, self.command(entry.command), entry.shortcut, enabled, entry.checked, refused, why)

    def dimmed_why(self, verb: str) -> str | None:
        """Why a game's menu item that runs ``verb`` is dimmed, in words (None: not known)."""
        g = self.game
        if g is None:
            return "there is no game on the table"
        if verb in ("undo", "rewind"):
            return g.undo_reason() or f"{front_of(g).title} takes back one move at a time"
        if verb in ("redo", "fast_forward"):
            return (f"{front_of(g).title} plays the move taken back again by Redo, one at a time" if g.can_redo
                    else "there is no move undone to play again")
        if verb in ("hint", "start_demo", "show_scores", "show_high_scores", "choose_rule") and g.over:
            return "the game is over"
        return None

    def command(self, text: str) -> Callable[[], None]:
        """What an entry's ``command`` runs, as a function."""
        return lambda: self.run(text)

    def run(self, text: str) -> None:
        """Run an entry's ``command`` (``Entry``'s words: a command's name,
        ``play WORD``, ``toggle OPTION``, ``choose NAME``, ``set NAME VALUE``,
        ``confirm WORD``, ``fixed NAME``)."""
        verb, _, rest = text.partition(" ")
        if verb == "play":
            self.play_word(rest)
        elif verb == "toggle":
            self.toggle(rest)
        elif verb == "choose":
            self.choose(rest)
        elif verb == "set":
            name, _, value = rest.partition(" ")
            self.game_option(name, next(v for v, _label in self.choice(name).values if str(v) == value))
        elif verb == "confirm":
            self.confirm(rest)
        elif verb == "fixed":
            self.fixed(rest)
        elif verb in MENU_COMMANDS:
            getattr(self, verb)()
        else:
            raise ValueError(f"no menu command {text!r}")

    def choice(self, name: str):
        """The game on the table's option ``name``, as its front offers it."""
        return front_of(self.game).choice(name)

    def choose(self, name: str) -> None:
        """The dialog of the game's option ``name`` (Sequences..., Ace
        Order...): the deal on the table takes it if it has seen no move,
        else the next deal does."""
        g, choice = self.game, self.choice(name)

        def done(answer: str) -> None:
            if answer == "OK":
                self.game_option(name, dialog.value, g)
        current = self.settings.prefs.choice(g.name, name) or g.options[name]
        dialog = ChoiceDialog(choice.question, list(choice.values), current, choice.title, done,
                              notes=option_notes(g.name, name))      # a packing rule's points beside it
        self.stage.open_dialog(dialog)

    def game_option(self, name: str, value, g: engine.Game | None = None) -> None:
        """A game's option chosen: kept for the next deals of that game, and
        the deal on the table dealt again with it when it has seen no move
        (``g``: the game it was chosen for, when a dialog was open)."""
        g = g or self.game
        if g is None:
            return
        label = self.choice(name).label(value)
        problem = self.settings.prefs.set_choice(g.name, name, value)
        if problem:
            self.say(problem)
        if value == g.options.get(name) or self.game is not g:
            return
        choice = self.choice(name)
        said = f"{choice.words[:1].upper()}{choice.words[1:]}: {label.lower()}."       # "Ace order: any row."
        if self.flow.deal_again(**{name: value}):
            self.say(f"{said} The deal starts over under the new rule, as no move had been made.")
        else:
            self.say(f"{said} It applies from the next game.")

    def fixed(self, name: str) -> None:
        """Why the game's option ``name`` cannot change now (a dimmed item's shortcut)."""
        g, choice = self.game, self.choice(name)
        self.say(f"The {choice.words} ({choice.label(g.options[name]).lower()}) is fixed at the first move: "
                 "choose another before the first move of a new game (Ctrl+N).")

    def confirm(self, word: str) -> None:
        """A move word played once the player says yes, when the game asks first."""
        asked = front_of(self.game).confirm(self.game, word)
        if asked is None:
            self.play_word(word)
            return
        question, button = asked
        self.ask(question, (button, "Cancel"), lambda answer: self.play_word(word) if answer == button else None)

    # ----------------------------------------------------------- menus
    def titles(self) -> list[str]:
        """The menu bar's titles, without building the menus (drawn often)."""
        g = self.game
        middle = [] if g is None else [front_of(g).menu_title]
        return ["File", "Edit", *middle, "Options", "Help"]

    def menus(self) -> list[Menu]:
        g = self.game
        playing = g is not None
        file = Menu("File", [
            Item("New Game", self.flow.new_game, "Ctrl+N", playing and not self.session.clock.paused,
                 why=lambda: "the game is paused" if playing else "there is no game on the table"),
            Item("Open...", self.open_file, "Ctrl+O"),
            Item("Save As...", self.save_as, "Ctrl+S", playing, why=lambda: "there is no game on the table"),
            Item("Deal by Code...", self.deal_by_code, "Ctrl+K"),
            separator(),
            Item("Choose a Game...", self.flow.show_start, "Ctrl+G"),
            *[Item(f"{n + 1}. {f.title}", lambda name=f.name: self.flow.choose_game(name), f"Ctrl+{n + 1}",
                   checked=bool(g and g.name == f.name)) for n, f in enumerate(FRONTS)],
            separator(),
            Item("Quit", self.quit, "Ctrl+Q"),
        ])
        toggles = playing and front_of(g).undo_toggles     # Gaps: Undo also plays the move undone again
        undoable = playing and (g.can_undo or (toggles and g.can_redo))
        edit = Menu("Edit", [
            Item("Undo", self.undo, "Ctrl+Z", undoable, refused=self.undo,
                 why=lambda: (g.undo_reason() if playing else None) or "there is no move to take back"),
            # Redo lit exactly when Ctrl+Y plays a move again (Gaps too: its undone move)
            Item("Redo", self.redo, "Ctrl+Y", playing and g.can_redo, refused=self.redo,
                 why=lambda: "there is no move undone to play again"),
        ])
        menus = [file, edit]
        if playing:
            from ..ui.review import menu_item as review_menu_item  # (not before the first frame)
            menus.append(self.game_menu(g))
            menus[-1].items += [separator(), review_menu_item(self.flow, g),
                                Item("Resign...", self.flow.resign, "Ctrl+Shift+G", self.flow.can_resign(),
                                     refused=lambda: self.say(f"Resign: {self.flow.why_not_resign()}"),
                                     why=self.flow.why_not_resign)]
        menus.append(self.options_menu(g))
        menus.append(Menu("Help", [
            Item(f"{front_of(g).title} Rules" if playing else "Rules", self.show_help, "F1"),
            Item("About Card Shell", self.show_about, "Ctrl+Shift+H"),
        ]))
        return menus

    def legal(self, word: str) -> bool:
        return self.game is not None and self.game.explain(word) is None

    def game_menu(self, g: engine.Game) -> Menu:
        """The game's own menu, as its front end lists it."""
        front = front_of(g)
        paused = self.session is not None and self.session.clock.paused
        return Menu(front.menu_title, [self.item(e) for e in front.menu_items(g, paused)])

    def toggle(self, name: str) -> None:
        """An option turned on or off, and said on the status line."""
        self.settings.toggle_option(name)
        self.say_option(name)

    def say_option(self, name: str) -> None:
        on, off = OPTION_WORDS[name]
        self.say(on if self.option(name) else off)

    def set_move_style(self, style: str) -> None:
        self.settings.set_option("move_style", style)
        self.say(MOVE_STYLE_WORDS[style])

    def set_colour(self, colour: bool) -> None:
        self.settings.set_colour(colour)
        self.say_option("mono")

    def set_speak(self) -> None:
        """Speak: its own words are spoken by the speech channel; the status line says it too."""
        before = self.stage.status.message
        self.settings.set_option("speak", not self.stage.speech.enabled)
        if self.stage.status.message == before:      # (not when it said why no speech is heard)
            self.stage.status.message = "Speak: on." if self.stage.speech.enabled else "Speak: off."
            self.stage.say_again()

    def toggle_zoom(self) -> None:
        """Zoom Cards: seen at once, as a card's trail of outlines (the selected or focused card, else the first)."""
        self.toggle("zoom")
        if self.option("zoom") and self.table is not None:
            self.table.show_zoom()

    def options_menu(self, g: engine.Game | None) -> Menu:
        opt = self.option
        toggle = self.toggle
        mute = self.settings.sound_unavailable      # no device: unticked, dimmed, the reason in its label
        items = [
            Item("Drag to Move", lambda: self.set_move_style("drag"), "Ctrl+Shift+D",
                 checked=opt("move_style") == "drag"),
            Item("Click to Move", lambda: self.set_move_style("click"), "Ctrl+Shift+K",
                 checked=opt("move_style") == "click"),
            separator(),
            Item(f"Sound ({mute})" if mute else "Sound", lambda: toggle("sound"), "Ctrl+Shift+S", not mute,
                 checked=bool(opt("sound")) and not mute, refused=self.settings.retry_sound),
            Item("Speak", self.set_speak, "Ctrl+Shift+V", checked=self.stage.speech.enabled),
            Item("Winnable Deals Only", lambda: toggle("winnable"), "Ctrl+Shift+W", checked=bool(opt("winnable"))),
            Item("Show If Winnable", self.toggle_indicator, "Ctrl+Shift+I", checked=bool(opt("indicator"))),
            Item("Zoom Cards", self.toggle_zoom, "Ctrl+Shift+Z", checked=bool(opt("zoom"))),
            Item("Colour", lambda: self.set_colour(True), "Ctrl+Shift+C", checked=not opt("mono")),
            Item("Black & White", lambda: self.set_colour(False), "Ctrl+Shift+M", checked=bool(opt("mono"))),
            Item("Card Faces...", self.choose_faces, "Ctrl+Shift+E"),
            Item("Reload Card Sheet", lambda: self.settings.reload_cards_if_changed(force=True), "Ctrl+Shift+R"),
            Item("Card Back...", self.choose_back, "Ctrl+Shift+J"),
            Item("Table...", self.choose_table, "Ctrl+Shift+T"),
        ]
        extra = [self.item(e) for e in front_of(g).option_items(g, self.option)] if g is not None else []
        if extra:
            items += [separator(), *extra]
        items += [separator(),
                  Item("Fullscreen", self.stage.toggle_fullscreen, "F11", checked=self.stage.fullscreen),
                  Item("Default Window", self.stage.default_window, "Ctrl+Shift+0")]
        return Menu("Options", items)

    def toggle_indicator(self) -> None:
        self.settings.toggle_option("indicator")
        self.assistant.ask_verdict()
        self.say_option("indicator")

    # ----------------------------------------------------------- moves
    def play_word(self, word: str) -> None:
        if self.table is not None:
            self.table.try_move(word)

    def rewind(self) -> None:
        """Rewind to Start: every move taken back (where the game keeps more than one)."""
        self.step_all(back=True)

    def fast_forward(self) -> None:
        """Fast Forward: every move undone played again."""
        self.step_all(back=False)

    def step_all(self, back: bool) -> None:
        """Many moves at once: the table is redrawn once at the end.  Gaps
        keeps one level of undo (docs/rules.md, "Gaps"): there the keys
        say so instead."""
        s, table = self.session, self.table
        if table is None or s.clock.paused:
            return
        if s.front.undo_toggles:
            table.refuse(f"{s.front.title} keeps one level of undo: Undo (Ctrl+Z) takes back the last move, "
                         "and Undo again plays it again.")
            return
        g = s.game
        if not (g.can_undo if back else g.can_redo):
            table.refuse((g.undo_reason() or "There is no move to take back.") if back
                         else "There is no move undone to play again.")
            return
        table.cancel_carry()
        while g.can_undo if back else g.can_redo:
            g.undo() if back else g.redo()
        self.flow.redraw_table()
        if back and g.history and g.undo_reason():
            # stopped short of the deal by a move no undo takes back (Chinese Puzzle's redeal): why
            self.say(f"Rewound to the last {g.history[-1]}. {g.undo_reason().split('. ')[0].rstrip('.')}.")

    # ----------------------------------------------------------- options
    def choose_rule(self) -> None:
        """Sequences...: the packing rule."""
        self.choose("rule")

    def choose_back(self) -> None:
        """Card Back...: the five backs shown as pictures, one chosen."""
        from ..ui.backs import BackDialog

        def done(choice: str) -> None:
            if choice == "OK":
                self.settings.set_option("back", int(dialog.value))
                self.settings.apply_looks()
                self.say(f"Card back: {BACKS[int(dialog.value)]}.")
        canvas = self.stage.canvas
        dialog = BackDialog([(str(i), name) for i, name in enumerate(BACKS)], str(self.option("back")),
                            lambda i, size: canvas.sheet.back_at(i, *size), done)
        self.stage.open_dialog(dialog)

    def choose_faces(self) -> None:
        def done(choice: str) -> None:
            if choice == "OK":
                self.settings.set_option("faces", dialog.value)
                self.settings.reload_cards_if_changed(force=True)
                self.say(f"Card faces: {dict(FACES)[dialog.value]}.")
                if self.settings.sheet_path() is not None and self.settings.sheet_path().name == "cards.png" \
                        and dialog.value != "classic":
                    self.say("Your own card sheet is in use: it takes precedence.")
        dialog = ChoiceDialog("Card faces:", FACES, self.option("faces"), "Card Faces", done)
        self.stage.open_dialog(dialog)

    def choose_table(self) -> None:
        def done(choice: str) -> None:
            if choice == "OK":
                self.settings.set_option("table", dialog.value)
                self.settings.apply_looks()
                self.say(f"Table: {dict(TABLES)[dialog.value]}.")
        dialog = ChoiceDialog("Table:", TABLES, self.option("table"), "Table", done)
        self.stage.open_dialog(dialog)

    # ----------------------------------------------------------- files
    def documents_folder(self) -> Path:
        home = Path.home()
        docs = home / "Documents"
        return docs if docs.is_dir() else home

    def save_as(self) -> None:
        from ..ui.files import FileDialog
        g = self.game
        suggested = f"{g.name}-deal-{g.seed}.json"

        def done(choice: str) -> None:
            if choice == "Cancel":
                return
            problem = self.records.export_game(g, Path(choice), self.flow.table_extra())
            self.stage.alert(problem) if problem else self.say(f"Saved as {Path(choice).name}.")
        self.stage.open_dialog(FileDialog("save", self.last_folder or self.documents_folder(), suggested,
                                        on_close=done))

    def open_file(self) -> None:
        from ..storage.records import RecordError
        from ..ui.files import FileDialog

        def done(choice: str) -> None:
            if choice == "Cancel":
                return
            self.last_folder = Path(choice).parent
            try:
                game = self.records.import_game(Path(choice))
            except RecordError as e:
                self.stage.alert(str(e), "Cannot open")
                return
            self.flow.replace_game(game.name, f"Open {Path(choice).name}?", "Open",
                                  lambda: self.flow.open_game(game), same=game)
        self.stage.open_dialog(FileDialog("open", self.last_folder or self.documents_folder(), "",
                                        on_close=done))

    def deal_by_code(self, typed: str = "", problem: str = "") -> None:
        """Deal by Code...: a mistyped code keeps the box open, with what
        was typed and why it is no code."""
        def done(choice: str) -> None:
            if choice != "Deal":
                return
            code = dialog.entry.strip()
            try:
                game = engine.from_dict(codes.document(code))
            except ValueError as e:
                self.deal_by_code(dialog.entry, f"{e}")
                return
            self.flow.replace_game(game.name, f"Play the deal with code {code}?", "Deal",
                                  lambda: self.flow.show_game(game))
        text = "Type a deal's code (shown at the bottom of every table) to play the same deal:"
        if problem:
            text = f"That is not a deal code: {problem}\n{text}"
        dialog = Dialog(text, ("Deal", "Cancel"), "Deal by Code", done, entry=typed)
        self.stage.open_dialog(dialog)

    # ----------------------------------------------------------- windows
    def show_scores(self) -> None:
        g = self.game
        from ..ui.scores import scores_dialog
        self.stage.open_dialog(scores_dialog(self.records.stats, g.name, front_of(g).title))

    def show_high_scores(self, highlight: int | None = None) -> None:
        from ..ui.scores import high_scores_dialog
        self.stage.open_dialog(high_scores_dialog(self.records.high_scores(), highlight))

    def show_help(self) -> None:
        from ..ui.help import TextDialog
        front = front_of(self.game) if self.game else FRONTS[0]
        self.stage.open_dialog(TextDialog(f"{front.title}: Rules", front.help))

    def show_about(self) -> None:
        from ..ui.help import ABOUT, TextDialog
        self.stage.open_dialog(TextDialog("About Card Shell", ABOUT))
