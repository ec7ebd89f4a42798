"""The test tree itself: pytest imports test modules by their base name, so
a host test and a portable test with the same file name make the whole
run stop at collection."""

import os

HERE = os.path.dirname(os.path.abspath(__file__))


def test_no_host_test_shares_a_name_with_a_portable_one():
    host = {f for f in os.listdir(HERE) if f.endswith(".py") and f != "conftest.py"}
    portable = {f for f in os.listdir(os.path.join(HERE, "portable")) if f.endswith(".py")}
    assert not host & portable, sorted(host & portable)
