"""The screens of a game at the table: the table itself, one angler up close, and the angler at Port."""
