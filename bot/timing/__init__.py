"""What keeps time: the injectable clock, the turn clocks and the liveness heartbeat."""
