"""Machine code for the solver's search, on boards that run it.

`sixtysix deploy` compiles this package for the board's processor and
copies it only where the board loads such code.  The levels search with it
wherever `sixtysix.ai.viper_solver` can import it, and with the plain
solver everywhere else; the game plays the same either way, only faster
with it (search.py says how).
"""
