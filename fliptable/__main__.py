"""``python -m fliptable`` runs the ``fliptable`` command."""

from .cli import main

if __name__ == "__main__":
    main()
