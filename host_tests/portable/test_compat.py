"""compat.py's helpers on their own: unload (a module forgotten by
sys.modules and by its package, loaded afresh by the next import),
out_of_stack (a search out of C stack ends as one over budget, any other
error goes on up) and named_player (the one way every game makes its
players by name)."""

import sys

from sixtysix.compat import named_player, out_of_stack, unload


def test_unload_forgets_a_module_in_sys_modules_and_its_package_and_import_loads_it_again():
    import sixtysix.listing

    first = sixtysix.listing
    unload("sixtysix.listing")
    assert "sixtysix.listing" not in sys.modules
    assert not hasattr(sixtysix, "listing")
    unload("sixtysix.listing")  # gone already: nothing to do, no error
    import sixtysix.listing  # noqa: F811 (loaded again)

    assert sixtysix.listing is not first and sys.modules["sixtysix.listing"] is sixtysix.listing


class Solver:
    def __init__(self):
        self.aborted = False
        self.broken = False


def test_a_search_out_of_stack_ends_aborted_and_broken_with_value_0():
    solver = Solver()
    assert out_of_stack(solver, RuntimeError("maximum recursion depth exceeded")) == 0
    assert solver.aborted and solver.broken


def test_any_other_error_in_a_search_goes_on_up_as_it_was():
    solver = Solver()
    error = MemoryError("memory allocation failed")
    try:
        out_of_stack(solver, error)
    except MemoryError as e:
        assert e is error
    else:
        raise AssertionError("the error was swallowed")
    assert not solver.aborted and not solver.broken


NAMES = ("random", "heuristic", "easy", "hard")


def player(name, seed):
    return named_player(
        name,
        seed,
        NAMES,
        lambda seed: ("random", seed),
        lambda: ("heuristic",),
        lambda name, seed: ("search", name, seed),
    )


def test_a_player_by_name_random_heuristic_or_a_search_level_with_the_seed():
    assert player("random", 7) == ("random", 7)
    assert player("heuristic", 7) == ("heuristic",)
    assert player("easy", 7) == ("search", "easy", 7)
    assert player("hard", 8) == ("search", "hard", 8)


def test_a_name_not_in_the_games_list_is_refused_with_the_list():
    try:
        player("medium", 7)
    except ValueError as e:
        assert str(e) == "unknown player 'medium' (random, heuristic, easy, hard)"
    else:
        raise AssertionError("medium was made")
