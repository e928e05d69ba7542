"""The table: a game being played (``table.py``), its shared drawn state
(``board.py``) and the parts that draw, animate and take the pointer and
the keys (``painter.py``, ``animator.py`` with ``anim.py``, ``pointer.py``,
``keyboard.py``); the session, everything about the game on the table
(``session.py``); and the protocol every scene answers (``scene.py``)."""
