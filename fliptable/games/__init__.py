"""One package per game family."""
