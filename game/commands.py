"""Every menu command of the manuals, and the menus that list them.

The menus are rebuilt whenever one opens, from the game's state: an item is
dimmed exactly when its command would do nothing, and the keyboard
shortcuts shown are the ones dispatched (one list serves both).
"""

from __future__ import annotations

from pathlib import Path

import engine
from engine import codes

from .games import FRONTS, front_of
from .table import Table
from .ui.dialogs import ChoiceDialog, Dialog
from .ui.menubar import Item, Menu, separator

RULES = [("alternate", "Alternating colour"), ("any-suit", "Any suit"), ("same-suit", "Same suit")]
BACKS = ["Blue lattice", "Red rings", "Green tartan", "Macintosh", "Gold medallion"]
FACES = [("classic", "Classic"), ("large-index", "Large index (easier to read)"),
         ("four-colour", "Four colours (clubs green, diamonds blue)")]
TABLES = [("green", "Green baize"), ("blue", "Blue"), ("red", "Claret"), ("grey", "Slate")]


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
    def __init__(self, app) -> None:
        self.app = app

    @property
    def session(self):
        return self.app.session

    @property
    def game(self) -> engine.Game | None:
        return self.app.game

    @property
    def table(self) -> Table | None:
        return self.app.table

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
            Item("New Game", self.app.new_game, "Ctrl+N", playing and not self.session.clock.paused),
            Item("Open...", self.open_file, "Ctrl+O"),
            Item("Save As...", self.save_as, "Ctrl+S", playing),
            Item("Deal by Code...", self.deal_by_code, "Ctrl+K"),
            separator(),
            Item("Choose a Game...", self.app.show_start, "Ctrl+G"),
            *[Item(f"{n + 1}. {f.title}", lambda name=f.name: self.app.choose_game(name), f"Ctrl+{n + 1}",
                   checked=bool(g and g.name == f.name)) for n, f in enumerate(FRONTS)],
            separator(),
            Item("Quit", self.app.quit, "Ctrl+Q"),
        ])
        toggles = playing and front_of(g).undo_toggles     # Gaps: Undo also plays the move undone again
        undoable = playing and (g.can_undo or (toggles and g.can_redo))
        edit = Menu("Edit", [
            Item("Undo", self.app.undo, "Ctrl+Z", undoable, refused=self.app.undo),
            Item("Redo", self.app.redo, "Ctrl+Y", playing and g.can_redo and not toggles, refused=self.app.redo),
        ])
        menus = [file, edit]
        if playing:
            from .ui.review import menu_item as review_menu_item  # (not before the first frame)
            menus.append(self.game_menu(g))
            menus[-1].items += [separator(), review_menu_item(self.app, g)]
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
        return Menu(front.menu_title, front.menu_items(self, g))

    def toggle(self, name: str) -> None:
        """An option turned on or off, and said on the status line."""
        self.app.toggle_option(name)
        self.say_option(name)

    def say_option(self, name: str) -> None:
        on, off = OPTION_WORDS[name]
        self.app.say(on if self.app.option(name) else off)

    def set_move_style(self, style: str) -> None:
        self.app.set_option("move_style", style)
        self.app.say(MOVE_STYLE_WORDS[style])

    def set_colour(self, colour: bool) -> None:
        self.app.set_colour(colour)
        self.say_option("mono")

    def set_speak(self) -> None:
        """Speak: its own words are spoken by the speech channel; the status line says it too."""
        before = self.app.status.message
        self.app.set_option("speak", not self.app.speech.enabled)
        if self.app.status.message == before:      # (not when it said why no speech is heard)
            self.app.status.message = "Speak: on." if self.app.speech.enabled else "Speak: off."
            self.app.say_again()

    def toggle_zoom(self) -> None:
        """Zoom Cards: seen at once, as a card's trail of outlines (the selected or focused card, else the first)."""
        self.toggle("zoom")
        if self.app.option("zoom") and self.table is not None:
            self.table.show_zoom()

    def options_menu(self, g: engine.Game | None) -> Menu:
        opt = self.app.option
        toggle = self.toggle
        items = [
            Item("Drag to Move", lambda: self.set_move_style("drag"), "Ctrl+Shift+D",
                 checked=opt("move_style") == "drag"),
            Item("Click to Move", lambda: self.set_move_style("click"), "Ctrl+Shift+K",
                 checked=opt("move_style") == "click"),
            separator(),
            Item("Sound", lambda: toggle("sound"), "Ctrl+Shift+S", checked=bool(opt("sound"))),
            Item("Speak", self.set_speak, "Ctrl+Shift+V", checked=self.app.speech.enabled),
            Item("Winnable Deals Only", lambda: toggle("winnable"), "Ctrl+Shift+W", checked=bool(opt("winnable"))),
            Item("Show If Winnable", self.toggle_indicator, "Ctrl+Shift+I", checked=bool(opt("indicator"))),
            Item("Zoom Cards", self.toggle_zoom, "Ctrl+Shift+Z", checked=bool(opt("zoom"))),
            Item("Colour", lambda: self.set_colour(True), "Ctrl+Shift+C", checked=not opt("mono")),
            Item("Black & White", lambda: self.set_colour(False), "Ctrl+Shift+M", checked=bool(opt("mono"))),
            Item("Card Faces...", self.choose_faces, "Ctrl+Shift+E"),
            Item("Reload Card Sheet", lambda: self.app.reload_cards_if_changed(force=True), "Ctrl+Shift+R"),
            Item("Card Back...", self.choose_back, "Ctrl+Shift+J"),
            Item("Table...", self.choose_table, "Ctrl+Shift+T"),
        ]
        extra = front_of(g).option_items(self, g) if g is not None else []
        if extra:
            items += [separator(), *extra]
        items += [separator(),
                  Item("Fullscreen", self.app.toggle_fullscreen, "F11", checked=self.app.fullscreen),
                  Item("Default Window", self.app.default_window, "Ctrl+Shift+0")]
        return Menu("Options", items)

    def toggle_indicator(self) -> None:
        self.app.toggle_option("indicator")
        self.app.assistant.ask_verdict()
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
        keeps one level of undo (its manual's challenge): there the keys
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
            table.refuse("There is no move to take back." if back else "There is no move undone to play again.")
            return
        table.cancel_carry()
        while g.can_undo if back else g.can_redo:
            g.undo() if back else g.redo()
        self.app.redraw_table()

    # ----------------------------------------------------------- options
    def choose_rule(self) -> None:
        """Sequences...: the packing rule; the deal on the table takes it at
        once if it has seen no move, else the next deal does."""
        g = self.game

        def done(choice: str) -> None:
            if choice != "OK":
                return
            problem = self.app.prefs.set_rule(g.name, dialog.value)
            if problem:
                self.app.say(problem)
            if dialog.value == g.options["rule"] or self.app.game is not g:
                return
            if self.app.deal_again(rule=dialog.value):
                self.app.say("The new sequence rule applies to this deal: it has seen no move yet.")
            else:
                self.app.say("The new sequence rule applies from the next game.")
        dialog = ChoiceDialog("Columns are built in descending rank, and:", RULES,
                              self.app.prefs.rule(g.name) or g.options["rule"], "Sequences", done)
        self.app.open_dialog(dialog)

    def choose_back(self) -> None:
        """Card Back...: the five backs shown as pictures, one chosen."""
        from .ui.backs import BackDialog

        def done(choice: str) -> None:
            if choice == "OK":
                self.app.set_option("back", int(dialog.value))
                self.app.apply_looks()
                self.app.say(f"Card back: {BACKS[int(dialog.value)]}.")
        canvas = self.app.canvas
        dialog = BackDialog([(str(i), name) for i, name in enumerate(BACKS)], str(self.app.option("back")),
                            lambda i, size: canvas.sheet.back_at(i, *size), done)
        self.app.open_dialog(dialog)

    def choose_faces(self) -> None:
        def done(choice: str) -> None:
            if choice == "OK":
                self.app.set_option("faces", dialog.value)
                self.app.reload_cards_if_changed(force=True)
                self.app.say(f"Card faces: {dict(FACES)[dialog.value]}.")
                if self.app.sheet_path() is not None and self.app.sheet_path().name == "cards.png" \
                        and dialog.value != "classic":
                    self.app.say("Your own card sheet is in use: it takes precedence.")
        dialog = ChoiceDialog("Card faces:", FACES, self.app.option("faces"), "Card Faces", done)
        self.app.open_dialog(dialog)

    def choose_table(self) -> None:
        def done(choice: str) -> None:
            if choice == "OK":
                self.app.set_option("table", dialog.value)
                self.app.apply_looks()
                self.app.say(f"Table: {dict(TABLES)[dialog.value]}.")
        dialog = ChoiceDialog("Table:", TABLES, self.app.option("table"), "Table", done)
        self.app.open_dialog(dialog)

    # ----------------------------------------------------------- files
    def documents_folder(self) -> Path:
        home = Path.home()
        docs = home / "Documents"
        return docs if docs.is_dir() else home

    def save_as(self) -> None:
        from .ui.files import FileDialog
        g = self.game
        suggested = f"{g.name}-deal-{g.seed}.json"

        def done(choice: str) -> None:
            if choice == "Cancel":
                return
            problem = self.app.records.export_game(g, Path(choice), self.app.table_extra())
            self.app.alert(problem) if problem else self.app.say(f"Saved as {Path(choice).name}.")
        self.app.open_dialog(FileDialog("save", self.app.last_folder or self.documents_folder(), suggested,
                                        on_close=done))

    def open_file(self) -> None:
        from .records import RecordError
        from .ui.files import FileDialog

        def done(choice: str) -> None:
            if choice == "Cancel":
                return
            self.app.last_folder = Path(choice).parent
            try:
                game = self.app.records.import_game(Path(choice))
            except RecordError as e:
                self.app.alert(str(e), "Cannot open")
                return
            self.app.replace_game(game.name, f"Open {Path(choice).name}?", "Open",
                                  lambda: self.app.open_game(game), same=game)
        self.app.open_dialog(FileDialog("open", self.app.last_folder or self.documents_folder(), "",
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
            self.app.replace_game(game.name, f"Play the deal with code {code}?", "Deal",
                                  lambda: self.app.show_game(game))
        text = "Type a deal's code (shown at the bottom of every table) to play the same deal:"
        if problem:
            text = f"That is not a deal code: {problem}\n{text}"
        dialog = Dialog(text, ("Deal", "Cancel"), "Deal by Code", done, entry=typed)
        self.app.open_dialog(dialog)

    # ----------------------------------------------------------- windows
    def show_scores(self) -> None:
        g = self.game
        from .ui.scores import scores_dialog
        self.app.open_dialog(scores_dialog(self.app.records.stats, g.name, front_of(g).title))

    def show_high_scores(self, highlight: int | None = None) -> None:
        from .ui.scores import high_scores_dialog
        self.app.open_dialog(high_scores_dialog(self.app.records.high_scores(), highlight))

    def show_help(self) -> None:
        from .ui.help import TextDialog
        front = front_of(self.game) if self.game else FRONTS[0]
        self.app.open_dialog(TextDialog(f"{front.title}: Rules", front.help))

    def show_about(self) -> None:
        from .ui.help import ABOUT, TextDialog
        self.app.open_dialog(TextDialog("About Card Shell", ABOUT))
