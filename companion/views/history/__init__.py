"""After the game: History (the plays, newest first), one play's full breakdown, and Statistics."""
