"""Card Shell's assets: the card sheet (``cards/``), the sounds (``sounds/``)
and the app's icon (``icons/``).

This package holds no code; it exists so that the pictures and sounds install
with the game as package data, as ``game.data``.  Find a file through :func:`game.assets.path`,
never through the working directory.
"""
