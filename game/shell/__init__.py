"""The application shell: the loop and where events go (``loop.py``), what
the window shows and says (``stage.py``), the flow from one game to the
next (``flow.py``), the menus' commands (``commands.py``), a preference put
into effect (``settings.py``), the window itself (``window.py``), the wait
while nothing moves (``idle.py``) and the desktop's applications menu
(``desktop.py``).  ``game/app.py`` makes these parts and hands each the
others it uses."""
