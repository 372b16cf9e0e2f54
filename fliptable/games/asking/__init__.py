"""The asking games (fishing for cards) that Authors and Go to the Store both are
(flinch.md "Authors", "Go to the Store"): ``state`` (the rules: hands, asking, books, the
public record), ``game`` (the declared record), ``record`` (the record's vocabulary),
``redeal`` (determinization), ``observation``, ``balance``, ``bots``, ``render``. Not a
game: each game's package subclasses these; this one imports neither."""
