"""Card Shell's pygame front end: the table, its menus and its sounds.

Importing this package comes before anything imports pygame, so it is
where pygame is told not to print its "Hello from the pygame community"
line on the player's terminal.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
