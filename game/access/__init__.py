"""The accessibility tree: the window's menus, dialogs and places as named
objects a screen reader reads (AccessKit, when installed; see docs/access.md)."""
