"""fliptable: a rules engine and platform for card games played exactly by their rulebooks."""

__version__ = "0.1.0"
