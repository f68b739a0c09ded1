"""The Ocean Survey campaign screens: the list, a campaign, its sheet, a week, the week's end, progress."""
