"""The phone app's pieces that run without a browser: saving where Pyodide has no threads and no ``os.link``, the
language from the device's locales, the copy to IndexedDB after each write, and the build's checks of the wheels
(issue 24; PHONE_APP_NOTES.md lists what failed under Pyodide)."""

from __future__ import annotations

import asyncio
import gc
import json
import os
import threading
import zipfile
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import flet as ft
import pytest

from companion.net.identity import Tabs
from companion.phone.app import locale_tags, tell_app
from companion.phone.storage import Syncer, keep_in_indexeddb
from companion.rules.game import GameSetup, PlayerSetup, new_game
from companion.rules.ruleset import build_ruleset
from companion.session import Saver, Sessions
from companion.store import open_store
from companion.survey.actions import CatchFish
from companion.survey.models import Campaign
from companion.survey.play import new_campaign, start_week
from companion.views.language import browser_language
from phone_site import build
from tests.support.syncing import settled


@pytest.fixture
def like_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    """No ``os.link`` (AttributeError, as in Pyodide) and no thread can start."""
    monkeypatch.delattr(os, "link")

    def no_thread(*_args: object, **_kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", no_thread)


def test_saves_and_backup_rotation_work_without_threads_or_hard_links(like_pyodide: None, tmp_path: Path) -> None:
    store = open_store(tmp_path)
    sessions = Sessions(store, Saver())  # the phone app's saver too: it starts no thread
    session = sessions.start_campaign(start_week(new_campaign("Halley")))
    for fish in ("Sheepshead", "Barracuda", "Eyefish"):
        assert session.apply(CatchFish(name=fish), seen=session.version).ok
        session.compact()  # each catch folded into the record (a quiet moment): its backups rotate
    campaign_id = session.current.value.id
    assert open_store(tmp_path).load_campaign(campaign_id) == session.current.value
    backups = [tmp_path / "backups" / "campaigns" / f"{campaign_id}.{n}.json" for n in (1, 2, 3)]
    kept = [Campaign.model_validate(next(iter(json.loads(b.read_text())["tables"]["campaign"].values())))
            for b in backups]
    assert [len(c.weeks[-1].held) for c in kept] == [2, 1, 0]  # newest first: each save kept the one before


def test_the_language_comes_from_the_device_locales() -> None:
    tabs = Tabs(None)
    page = SimpleNamespace(session=type("Session", (), {})())
    tell_app(tabs, page, [ft.Locale("it", "IT"), ft.Locale("en", "US")])
    assert browser_language(tabs.accept_language(page)) == "it"
    taiwan = SimpleNamespace(session=type("Session", (), {})())
    tell_app(tabs, taiwan, [ft.Locale("zh", "TW", "Hant")])
    assert browser_language(tabs.accept_language(taiwan)) == "zh_Hant"
    french = SimpleNamespace(session=type("Session", (), {})())
    tell_app(tabs, french, [ft.Locale("fr", "FR")])
    assert browser_language(tabs.accept_language(french)) is None  # the app's default (English) then


def test_the_phone_tab_is_the_owner_with_the_host_s_powers() -> None:
    tabs = Tabs(None)
    page = SimpleNamespace(session=type("Session", (), {})())
    tell_app(tabs, page, [])
    assert tabs.pass_of(page).is_host


def test_locale_tags_read_as_accept_language() -> None:
    assert locale_tags([ft.Locale("zh", "TW", "Hant"), ft.Locale("it")]) == "zh-Hant-TW,it"


def _game(seed: int) -> Any:
    return new_game(GameSetup(players=[PlayerSetup(name="Ada", colour="amber")], ruleset=build_ruleset(), seed=seed))


def test_every_write_is_copied_to_the_browser_and_reads_are_not(tmp_path: Path) -> None:
    """The copy hangs on the store's write hook (issue 36 item 5), not on a wrapper keyed by method names."""
    store = open_store(tmp_path)
    copies: list[list[str]] = []

    async def copy() -> None:
        await asyncio.sleep(0)
        copies.append(sorted(path.stem for path in (tmp_path / "games").glob("*.json")))


    async def play() -> None:
        syncer = Syncer(copy)
        kept = keep_in_indexeddb(store, syncer)
        first, second = _game(1), _game(2)
        kept.list_games()
        kept.get_setting("theme")
        assert syncer.kept and await settled(syncer) == 0  # reads ask for no copy (a request unsets kept at once)
        kept.save_game(first)
        kept.save_game(second)  # before the first copy starts: one copy holds both
        assert await settled(syncer) == 1 and copies[-1] == sorted([first.id, second.id])
        kept.set_setting("theme", "light")
        assert await settled(syncer) == 2
        kept.delete_game(first.id)
        assert await settled(syncer) == 3 and copies[-1] == [second.id]
        kept.import_data(kept.export_all())  # a write, whatever it brings
        assert await settled(syncer) == 4 and syncer.kept

    asyncio.run(play())


def test_saved_is_said_only_once_the_copy_is_done_and_the_copy_follows_the_tap() -> None:
    # Issue 24: a save reaches IndexedDB before the app reports it saved (the app bars' mark follows ``kept``).
    copying: list[bool] = []
    heard: list[bool] = []

    async def copy() -> None:
        copying.append(syncer.kept)
        await asyncio.sleep(0.01)

    async def play() -> None:
        syncer.subscribe(lambda: heard.append(syncer.kept))
        syncer.request()  # a save
        assert not syncer.kept and syncer.runs == 0  # the tap is drawn before the copy starts
        await asyncio.sleep(0)  # the loop turns: the copy waits START_AFTER_S, whatever the machine's speed
        assert syncer.runs == 0
        syncer.request()  # another save before the copy started: one copy holds both
        assert await settled(syncer) == 1 and syncer.kept

    syncer = Syncer(copy)
    asyncio.run(play())
    assert copying == [False] and heard == [False, True]


def test_a_copy_that_failed_leaves_the_data_not_saved() -> None:
    async def broken() -> None:
        raise OSError("QuotaExceededError")

    async def play() -> bool:
        syncer = Syncer(broken)
        await syncer.flush()
        return syncer.kept

    assert asyncio.run(play()) is False


def test_a_failed_copy_is_told() -> None:
    told: list[str] = []

    async def broken() -> None:
        raise OSError("QuotaExceededError")

    async def play() -> None:
        syncer = Syncer(broken)
        syncer.on_failure = told.append
        await syncer.flush()

    asyncio.run(play())
    assert told == ["QuotaExceededError"]


def test_a_failed_copy_is_tried_again_with_the_next_change_and_saved_is_said_only_once_one_works() -> None:
    """Issue 45: after a copy IndexedDB refused (its quota full), the data is never said kept until a later copy
    works; each change in between asks for another try."""
    full = [True]
    heard: list[tuple[bool, bool]] = []

    async def copy() -> None:
        if full[0]:
            raise OSError("QuotaExceededError")

    async def play() -> None:
        syncer.subscribe(lambda: heard.append((syncer.kept, syncer.failed)))
        syncer.request()
        assert await settled(syncer) == 1
        syncer.request()  # the next change: tried again, refused again
        assert await settled(syncer) == 2 and (syncer.kept, syncer.failed) == (False, True)
        full[0] = False
        syncer.request()
        await settled(syncer)

    syncer = Syncer(copy)
    asyncio.run(play())
    assert syncer.runs == 3 and heard == [(False, False), (False, True), (True, False)]


def _runtime() -> build.Runtime:
    return build.read_runtime(build.flet_web_folder() / "pyodide")


def test_the_runtime_is_read_from_flet_web_s_lock() -> None:
    runtime = _runtime()
    lock = json.loads((runtime.folder / "pyodide-lock.json").read_text())["info"]
    assert (runtime.abi, runtime.python) == (lock["abi_version"], lock["python"])
    assert runtime.platform_tag == f"pyemscripten_{lock['abi_version']}_wasm32"


def test_the_build_refuses_a_compiled_wheel_for_another_abi() -> None:
    runtime = _runtime()
    wrong = Path("pydantic_core-2.40.0-cp313-cp313-pyemscripten_2025_0_wasm32.whl")
    with pytest.raises(build.BuildError) as refused:
        build.check_wheels([wrong], runtime)
    message = str(refused.value)
    assert wrong.name in message and runtime.platform_tag in message and runtime.pyodide in message


def test_the_build_refuses_a_compiled_wheel_for_another_python() -> None:
    runtime = _runtime()
    wrong = Path(f"msgpack-1.2.4-cp313-cp313-{runtime.platform_tag}.whl")
    with pytest.raises(build.BuildError, match="cp313"):
        build.check_wheels([wrong], runtime)


def test_the_build_accepts_matching_wheels() -> None:
    runtime = _runtime()
    build.check_wheels([Path(f"msgpack-1.2.4-{runtime.python_tag}-{runtime.python_tag}-{runtime.platform_tag}.whl"),
                        Path("tinydb-4.9.0-py3-none-any.whl")], runtime)


def test_a_pure_wheel_pinned_must_be_pure() -> None:
    with pytest.raises(build.BuildError, match="not a pure-Python wheel"):
        build.check_wheels([Path("tinydb-4.9.0-cp314-cp314-manylinux_2_17_x86_64.whl")], _runtime())


def test_a_wheel_needing_a_package_not_pinned_is_refused(tmp_path: Path) -> None:
    wheel = tmp_path / "tinydb-4.9.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("tinydb-4.9.0.dist-info/METADATA", "Name: tinydb\nVersion: 4.9.0\n"
                         "Requires-Dist: ujson>=5\nRequires-Dist: pywin32; sys_platform == 'win32'\n")
    with pytest.raises(build.BuildError, match=r"tinydb 4\.9\.0 needs ujson in the browser, which is not pinned"):
        build.check_depends([wheel], _runtime())


def test_the_build_says_it_needs_node_to_compile_the_bytecode(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    with pytest.raises(build.BuildError, match=r"Node\.js is needed"):
        build.app_archive(tmp_path / "app.tar.gz", [], _runtime())
    assert not (tmp_path / "app.tar.gz").exists()


def test_a_build_that_can_t_be_done_leaves_the_site_built_before(monkeypatch: pytest.MonkeyPatch,
                                                                 tmp_path: Path) -> None:
    site = tmp_path / "site"
    site.mkdir()
    (site / "index.html").write_text("the site built before")
    monkeypatch.setattr(build.shutil, "which", lambda name: None)
    downloads: list[list[str]] = []
    monkeypatch.setattr(build.subprocess, "run", lambda command, **_: downloads.append(command))
    with pytest.raises(build.BuildError, match=r"Node\.js is needed"):
        build.build(site, wheel_cache=tmp_path / "no-wheels-yet")
    assert (site / "index.html").read_text() == "the site built before"
    assert downloads == []  # said before any wheel is downloaded (a pip download took 27 s on a fresh clone)


def test_the_compiled_catalogs_are_read_without_babel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sys

    from companion import i18n

    for name, data in build.compiled_catalogs().items():  # what the build ships instead of the .po files
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    monkeypatch.setattr(i18n, "data_path", lambda *parts: tmp_path.joinpath(*parts))
    monkeypatch.setitem(sys.modules, "babel", None)  # not in the phone app: importing it fails
    i18n._translations.cache_clear()
    try:
        with i18n.use_language("it"):
            assert i18n.t("Madness") == "Follia"
        with i18n.use_language("zh_Hant"):
            assert i18n.t("Reload") == "重新載入"
    finally:
        i18n._translations.cache_clear()


def test_the_phone_app_builds_validators_after_home_and_they_refuse_as_before(monkeypatch: pytest.MonkeyPatch) -> None:
    from pydantic import BaseModel, ConfigDict, ValidationError
    from pydantic._internal import _config

    from companion.phone import boot

    monkeypatch.setitem(_config.config_defaults, "defer_build", False)  # put back after the test
    monkeypatch.setenv("PYDANTIC_DISABLE_PLUGINS", "")
    boot.defer_validators()
    assert not gc.isenabled()  # held until Home is up

    class Sample(BaseModel):
        model_config = ConfigDict(extra="forbid")
        count: int

    assert not Sample.__pydantic_complete__  # not built at its definition: the start doesn't pay for it
    assert Sample in boot.deferred()
    assert asyncio.run(boot.build_deferred(wait_s=0)) >= 1
    assert Sample.__pydantic_complete__ and Sample not in boot.deferred()
    assert gc.isenabled() and gc.get_freeze_count() > 0  # what the start loaded is out of the collector's way
    gc.unfreeze()
    with pytest.raises(ValidationError):
        Sample(count=1, colour="red")  # type: ignore[call-arg]
    assert Sample(count="2").count == 2


def test_the_archive_defers_validators_before_the_app_loads_and_the_worker_marks_pyodide_ready(tmp_path: Path) -> None:
    assert build.MAIN.index("defer_validators()") < build.MAIN.index("from companion.phone.app import run")
    (tmp_path / "python-worker.js").write_bytes((build.flet_web_folder() / "python-worker.js").read_bytes())
    (tmp_path / "pyodide").mkdir()
    build._worker(tmp_path)
    patched = (tmp_path / "python-worker.js").read_text()
    # Python's memory snapshot is read while Pyodide's loader loads, and Pyodide started from it when kept
    assert patched.index("self.keptSnapshot();") < patched.index("await import(self.pyodideUrl)")
    assert patched.index('perfMark: "pyodide ready"') > patched.index("await self.startPython(loadPyodide, snapshot")
    assert (tmp_path / "snapshot.js").is_file()
    (tmp_path / "python-worker.js").write_text("self.onmessage = () => {};")  # a worker this build does not know
    with pytest.raises(build.BuildError):
        build._worker(tmp_path)


def test_a_language_chosen_in_settings_is_told_to_the_page(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 48 N10: the page's own words (update banner, offline mark) follow the app's language; Python tells the
    page when Settings changes it, after the app has taken the choice."""
    from companion.phone import app

    posted: list[dict[str, str | float]] = []
    taken: list[tuple[str, object]] = []
    monkeypatch.setattr(app, "post_to_page", posted.append)
    on_setting = app.telling_the_page(lambda key, value: taken.append((key, value)))
    on_setting("theme", "light")
    on_setting("language", "zh_Hant")
    assert taken == [("theme", "light"), ("language", "zh_Hant")]
    assert posted == [{"appLanguage": "zh_Hant"}]
