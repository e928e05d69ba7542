"""Card Shell's pygame front end: the table, its menus and its sounds."""
