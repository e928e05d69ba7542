"""The player's settings at work: a preference changed takes effect at once
(the sound device opened, the speech channel asked for, the table's timer
shown, the cards' looks redrawn) and is kept (``prefs.py`` writes it).

The preferences themselves are ``prefs.py``'s; this is what follows a
change, for the menus' commands and the loop (a card sheet edited while the
game runs)."""

from __future__ import annotations


class Settings:
    """The preferences, the sounds, the speech and the cards' looks, as the
    menus change them; ``stage`` is redrawn and told."""

    def __init__(self, prefs, sounds, speech, looks, stage) -> None:
        self.prefs = prefs
        self.sounds = sounds
        self.speech = speech
        self.looks = looks
        self.stage = stage

    def option(self, name: str):
        return self.prefs.option(name)

    def save_prefs(self) -> None:
        problem = self.prefs.save()
        if problem:
            self.stage.say(problem)

    def set_option(self, name: str, value) -> None:
        self.prefs[name] = value
        if name == "sound":
            self.sounds.enabled = value
            if value and not self.sounds.ready:
                self.sounds.start()
        if name == "speak":
            if not value:
                self.speech.say("Speech off.")
            self.speech.set_wanted(bool(value))
            if value and not self.speech.available:
                self.stage.say("No speech channel was found: install speech-dispatcher (Linux), "
                               "accessible_output2 (Windows), or use macOS's voice.")
            elif value:
                self.speech.say("Speech on.")
        if name in ("timer_shown", "blanks_move") and self.stage.table is not None:
            self.stage.table.show_timer(bool(self.option("timer_shown")))
        self.save_prefs()

    def toggle_option(self, name: str) -> None:
        self.set_option(name, not self.option(name))

    @property
    def sound_unavailable(self) -> str:
        """Why no sound can be heard, in a few words ("no sound device"),
        when the device could not be opened; "" when sound works or is
        simply off.  Options > Sound then shows unticked and dimmed."""
        return self.sounds.unavailable

    def retry_sound(self) -> None:
        """The Sound item, dimmed for want of a device, chosen (its
        shortcut): the device is tried again; sound is on if it opens, else
        the status line says why not."""
        self.sounds.enabled = True
        if self.sounds.start():
            self.prefs["sound"] = True
            self.save_prefs()
            self.stage.say("Sound on.")
        else:
            self.stage.say(self.sounds.problem or "No sound can be played.")

    def set_colour(self, colour: bool) -> None:
        self.set_option("mono", not colour)
        self.apply_looks()

    def apply_looks(self) -> None:
        stage = self.stage
        self.looks.apply(stage.canvas)
        if stage.scene is not None:
            stage.scene.full_redraw()
        if stage.dialogs:
            stage.redraw_all()

    def reload_cards_if_changed(self, force: bool = False) -> None:
        """A sheet edited while the game runs is picked up (on returning to
        the window, or from the menu) without a restart; a bad one is
        refused in an alert, the built-in faces kept."""
        if not self.looks.changed(force):
            return
        warning = self.looks.load_cards()
        self.apply_looks()
        if warning:
            self.stage.alert(warning)

    def sheet_path(self):
        return self.looks.sheet_path()

    def start_sounds(self) -> None:
        """Ready the sounds once the first table is on screen: opening the
        device can take a tenth of a second (longer where there is no device),
        which the window need not wait for.  Without sound, the status line
        says why."""
        if self.sounds.enabled and not self.sounds.start() and self.sounds.problem:
            self.stage.say(self.sounds.problem, queue=True)     # after the first scene's words
