"""The assistant: the solver's client in the table's process
(``assistant.py``), the solver's process itself as the table sees it
(``analyst.py``), what it proved this session, position by position
(``knowledge.py``), and the deals already dealt to this player
(``dealt.py``, for Winnable Deals Only)."""
