"""Home, settings, a new game and the Data screen."""
