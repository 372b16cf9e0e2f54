"""The FLINCH family (flinch.md): FLINCH and its variants, Muggins, Authors, Patience
and Go to the Store. Each game is one module registering itself; ``cards`` is shared."""
