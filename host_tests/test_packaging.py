"""The mip packages and the freezing manifests name exactly the firmware files.

package.json (repository root) installs both firmware packages and main.py;
boards/NAME.json installs one board module (it and the manifests are
written from the board modules by `sixtysix boards`: test_board_files.py).
A file added to the firmware but not to package.json would be missing on a
board installed with mip; a stale entry would make mip fail.  The manifests are run with stand-ins for
micropython-lib's manifest functions, and every path they name must exist.
"""

import json
import os
import subprocess
import sys

import pytest
from conftest import ROOT
from sixtysix_tools.board_files import boards_for

FIRMWARE = os.path.join(ROOT, "firmware")
MICROPYTHON_BOARDS = boards_for("micropython")


def firmware_files():
    """[board path, repository path] of every firmware file, as mip wants them."""
    found = []
    for package in ("sixtysix", "sixtysix_app"):
        for name in sorted(os.listdir(os.path.join(FIRMWARE, package))):
            if name.endswith(".py"):
                found.append([package + "/" + name, "firmware/%s/%s" % (package, name)])
    found.append(["main.py", "firmware/main.py"])
    return found


def load_json(path):
    with open(os.path.join(ROOT, path)) as f:
        return json.load(f)


def project_version():
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]["version"]


def test_package_json_lists_exactly_the_firmware_files():
    package = load_json("package.json")
    listed = sorted(package["urls"])
    expected = sorted(firmware_files())
    missing = [pair for pair in expected if pair not in listed]
    stale = [pair for pair in listed if pair not in expected]
    assert not missing and not stale, "package.json: missing %s, stale %s" % (missing, stale)
    assert package["version"] == project_version()


@pytest.mark.parametrize("name", MICROPYTHON_BOARDS)
def test_each_micropython_board_has_a_mip_package_of_its_module(name):
    package = load_json("boards/%s.json" % name)
    # URLs are relative to the json's own folder (mip resolves them so).
    expected = [["boards/__init__.py", "__init__.py"], ["boards/%s.py" % name, name + ".py"]]
    assert sorted(package["urls"]) == sorted(expected)
    for _target, url in package["urls"]:
        assert os.path.isfile(os.path.join(ROOT, "boards", url))
    assert package["version"] == project_version()


def run_manifest(path):
    """Run a manifest.py with stand-ins; returns the files it would freeze
    (repository paths) and the micropython-lib packages it requires."""
    here = os.path.dirname(path)
    frozen = []
    required = []
    included = []
    meta = {}

    def resolve(base_path):
        return os.path.normpath(os.path.join(here, base_path))

    def package(package_path, files=None, base_path=".", opt=None):
        folder = os.path.join(resolve(base_path), package_path)
        assert os.path.isdir(folder), "%s: no package folder %s" % (path, folder)
        names = files or [f for f in sorted(os.listdir(folder)) if f.endswith(".py")]
        for name in names:
            file = os.path.join(folder, name)
            assert os.path.isfile(file), "%s: no file %s" % (path, file)
            frozen.append(os.path.relpath(file, ROOT))

    def module(module_path, base_path=".", opt=None):
        file = os.path.join(resolve(base_path), module_path)
        assert os.path.isfile(file), "%s: no file %s" % (path, file)
        frozen.append(os.path.relpath(file, ROOT))

    def require(name, **kwargs):
        required.append(name)

    def include(manifest_path, **kwargs):
        assert manifest_path.startswith("$(PORT_DIR)/") or os.path.isfile(resolve(manifest_path))
        included.append(manifest_path)

    def metadata(**kwargs):
        meta.update(kwargs)

    def freeze(*args, **kwargs):
        raise AssertionError("%s: use package() and module(), not the old freeze()" % path)

    scope = dict(
        package=package, module=module, require=require, include=include, metadata=metadata, freeze=freeze
    )
    with open(path) as f:
        exec(compile(f.read(), path, "exec"), scope)
    return frozen, required, included, meta


@pytest.mark.parametrize("name", MICROPYTHON_BOARDS)
def test_each_manifest_freezes_the_firmware_and_its_board(name):
    frozen, required, included, meta = run_manifest(os.path.join(ROOT, "manifests", name, "manifest.py"))
    expected = [repo_path for _target, repo_path in firmware_files() if repo_path != "firmware/main.py"]
    assert sorted(f for f in frozen if f.startswith("firmware/")) == sorted(expected)
    boards = sorted(f for f in frozen if f.startswith("boards/"))
    assert boards == sorted(["boards/%s.py" % name, "boards/__init__.py"])
    assert required == []  # our panel drivers are our own: nothing from micropython-lib
    assert included == ["$(PORT_DIR)/boards/manifest.py"]
    assert meta["version"] == project_version()


def test_every_micropython_board_has_a_manifest_and_no_other():
    folders = sorted(os.listdir(os.path.join(ROOT, "manifests")))
    assert folders == sorted(MICROPYTHON_BOARDS)


def test_mip_installs_the_firmware_and_a_board_onto_a_simulated_board(tmp_path):
    """The same json files `mip install github:OWNER/REPO` reads, installed
    from the clone by the real mpremote into the board's root."""
    pytest.importorskip("mpremote")
    from conftest import required_tool
    from simboard import SimulatedBoard

    flash = tmp_path / "flash"
    flash.mkdir()
    micropython = required_tool("micropython")
    with SimulatedBoard(flash, micropython=micropython) as board:
        done = subprocess.run(
            [sys.executable, "-m", "mpremote", "connect", board.port]
            + ["mip", "install", "--target", "/", "package.json", "+"]
            + ["mip", "install", "--target", "/", "boards/thumby.json"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, done.stdout + done.stderr
    for target, repo_path in firmware_files() + [["boards/thumby.py", "boards/thumby.py"]]:
        with open(os.path.join(ROOT, repo_path), "rb") as f:
            assert (flash / target).read_bytes() == f.read(), target


def test_every_extra_is_pinned_and_the_displayio_pins_are_written_once():
    """A fresh clone installs what CI ran: every requirement of an extra is
    pinned with ==, or names another extra of this project; the PyBadge's
    displayio, which the tests and the simulator both need, is one extra
    that both take."""
    import tomllib

    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        extras = tomllib.load(f)["project"]["optional-dependencies"]
    for name, requirements in extras.items():
        for req in requirements:
            if req.startswith("sixtysix["):
                assert req[len("sixtysix[") : -1] in extras, (name, req)
            else:
                assert req.count("==") == 1 and not any(c in req for c in "<>~!,;"), (name, req)
    assert "sixtysix[displayio]" in extras["test"] and "sixtysix[displayio]" in extras["sim"]
    pinned = [req.split("==")[0].lower() for name in ("test", "sim") for req in extras[name]]
    assert not any(req.split("==")[0].lower() in pinned for req in extras["displayio"])
