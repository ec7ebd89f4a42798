"""compat.unload: a module forgotten by sys.modules and by its package,
so the collector may free it, and loaded afresh by the next import."""

import sys

from sixtysix.compat import unload


def test_unload_forgets_a_module_in_sys_modules_and_its_package_and_import_loads_it_again():
    import sixtysix.listing

    first = sixtysix.listing
    unload("sixtysix.listing")
    assert "sixtysix.listing" not in sys.modules
    assert not hasattr(sixtysix, "listing")
    unload("sixtysix.listing")  # gone already: nothing to do, no error
    import sixtysix.listing  # noqa: F811 (loaded again)

    assert sixtysix.listing is not first and sys.modules["sixtysix.listing"] is sixtysix.listing
