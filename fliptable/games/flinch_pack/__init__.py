"""The FLINCH pack and what the games played with it share (flinch.md): ``cards`` (the
pack: series of numbered cards, as used by FLINCH, Muggins, Authors, Patience and Go to
the Store) and ``challenge_window`` (calling out an opponent's play out of turn: FLINCH's
"Challenge", Muggins' "Muggins"). Not a game: it imports no game package."""
