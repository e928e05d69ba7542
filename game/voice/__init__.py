"""Speech and words: the speech channel (``speech.py``), the table read
aloud (``spoken.py``), moves put into words (``words.py``) and the status
line with the words of a game's end (``status.py``)."""
