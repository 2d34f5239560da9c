"""What keeps time: the injectable clock and the turn clocks."""
