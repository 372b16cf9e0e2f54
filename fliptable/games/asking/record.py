"""The vocabulary of the asking games' public record (``AskingState.history``): one row
of ints per thing the whole table saw, ``[ASK, asker, target, number, given]``,
``[DRAW, seat, why]``, ``[BOOK, seat, number]``, ``[STOP, seat]``. The rules
(``state.py``) write it; the re-deal (``redeal.py``) and the bots read it."""

NUMBERS = range(1, 11)
ASK, DRAW, BOOK, STOP = range(4)
ROW_SIZE = {ASK: 5, DRAW: 3, BOOK: 3, STOP: 2}
KIND_WORDS = ("ask", "draw", "book", "stop")
#: why a player drew (``[DRAW, seat, why]``): from the Store after a failed ask, or on an empty hand
DRAW_WHY = ("store", "empty_hand")
