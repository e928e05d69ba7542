"""Menus, dialogs and the start screen, drawn in pygame."""
