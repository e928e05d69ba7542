"""Storage and records: the player's folders and safe writes
(``storage.py``), saved games, statistics and high scores
(``records.py``), the preferences (``prefs.py``) and the log
(``logs.py``)."""
