"""Media: the card sheets and their black-and-white form (``sheet.py``,
``mono.py``, chosen by ``looks.py``), the surfaces drawn on and the fonts
(``surfaces.py``), the sounds (``sound.py``) and where the assets lie
(``assets.py``)."""
