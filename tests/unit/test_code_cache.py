"""The phone app's compiled-string cache (issue 38 item 4, the start): a dataclass whose generated methods were
recorded is built from the recorded code and behaves as one compiled at its definition; anything else is compiled
as before, and a cache from another Python is not used. (The site's own cache, recorded by Pyodide's Python, is
checked against the start in tests/unit/test_phone_build.py.)"""

from __future__ import annotations

import builtins
import dataclasses
import importlib
import marshal
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from companion.phone.code_cache import forget, install, record

CATCH = """
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Catch:
    fish: str
    depth: int = 1
    tags: list[str] = field(default_factory=list, hash=False)
"""


@pytest.fixture(autouse=True)
def _restored() -> Iterator[None]:
    yield
    forget()
    for name in [name for name in sys.modules if name.startswith("probe_pkg")]:
        del sys.modules[name]


def _package(folder: Path, source: str, monkeypatch: pytest.MonkeyPatch) -> None:
    (folder / "probe_pkg").mkdir(exist_ok=True)
    (folder / "probe_pkg" / "__init__.py").write_text("")
    (folder / "probe_pkg" / "catch.py").write_text(source)
    monkeypatch.syspath_prepend(str(folder))
    importlib.invalidate_caches()


def _fresh() -> ModuleType:
    sys.modules.pop("probe_pkg.catch", None)
    return importlib.import_module("probe_pkg.catch")


def _strings_compiled(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    compiled: list[str] = []
    real = builtins.compile

    def spy(source: object, filename: object, *args: object, **kwargs: object) -> object:
        if filename == "<string>":
            compiled.append(str(source))
        return real(source, filename, *args, **kwargs)  # type: ignore[call-overload]

    monkeypatch.setattr(builtins, "compile", spy)
    return compiled


def test_a_recorded_dataclass_is_built_from_the_recorded_code_and_behaves_as_compiled(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, CATCH, monkeypatch)
    cache = tmp_path / "code_cache.bin"
    cache.write_bytes(record(["probe_pkg"]))
    plain = _fresh()  # record() is done: compiled at its definition, as ever
    compiled = _strings_compiled(monkeypatch)
    assert install(cache) >= 1
    cached = _fresh()
    assert compiled == []
    assert repr(cached.Catch("Dink", 2)) == repr(plain.Catch("Dink", 2)) == "Catch(fish='Dink', depth=2, tags=[])"
    assert cached.Catch("Dink", 2) == cached.Catch("Dink", 2) != cached.Catch("Dink", 3)
    assert hash(cached.Catch("Dink")) == hash(cached.Catch("Dink"))
    first, second = cached.Catch("Shoal"), cached.Catch("Shoal")
    assert first.tags == [] and first.tags is not second.tags  # the default factory, called per instance
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.depth = 3
    with pytest.raises(TypeError):
        cached.Catch()  # fish is required


def test_a_dataclass_not_recorded_is_compiled_as_before(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _package(tmp_path, CATCH, monkeypatch)
    cache = tmp_path / "code_cache.bin"
    cache.write_bytes(record(["probe_pkg"]))
    _package(tmp_path, CATCH.replace("    depth: int = 1\n", "    depth: int = 1\n    mount: str = 'rod'\n"),
             monkeypatch)  # the class changed since the build
    compiled = _strings_compiled(monkeypatch)
    install(cache)
    changed = _fresh()
    assert compiled  # its new methods' source, compiled here
    assert repr(changed.Catch("Dink")) == "Catch(fish='Dink', depth=1, mount='rod', tags=[])"


@pytest.mark.parametrize("stored", [marshal.dumps((b"\x00\x00\r\n", {})), b"not marshal data", None])
def test_a_cache_from_another_python_or_damaged_or_missing_is_not_used(tmp_path: Path, stored: bytes | None) -> None:
    cache = tmp_path / "code_cache.bin"
    if stored is not None:
        cache.write_bytes(stored)
    assert install(cache) == 0
    assert "exec" not in vars(dataclasses)  # dataclasses compiles for itself
