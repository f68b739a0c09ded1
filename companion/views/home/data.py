"""Data: export everything or one game or campaign as a JSON file, import one (pasted or picked), what start-up
repaired, and the backups kept (a game or campaign backup can be restored: a deleted one, or an earlier version).

An export is offered as a browser download (Flet's ``FilePicker.save_file`` with the bytes) and also written to
``exports/`` in the data folder, so it exists even where a browser blocks downloads. An import is validated in full
by the store first; a refused file shows the store's message (with the field at fault) and nothing changes. Text
pasted to import is this phone's draft (:class:`ImportDraft`) until it has been imported.

Identifiers: ``data-folder``, ``data-note-<n>``, ``data-export-all``, ``data-export-game-<id>``,
``data-export-campaign-<id>``, ``data-export-plays-csv``, ``data-export-plays-json``,
``data-import-text``, ``data-import-paste``, ``data-import-file``, ``data-result``,
``data-note-details-<n>`` (shows ``data-note-detail-<n>``), ``data-backups``, ``data-backup-group-<g>`` (a game's
or campaign's players or name and date), ``data-backup-<g>-<k>`` and ``data-restore-<g>-<k>`` (its versions, newest
first), ``data-file-<n>`` and ``data-file-restore-<n>`` (play backups and damaged files), ``error-line``, ``back``.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import flet as ft
from pydantic import BaseModel

from companion.i18n import language, t, tn
from companion.session import ImportRefused, StoreError
from companion.session.door import DraftDoor
from companion.session.service import What, file_name
from companion.views import theme
from companion.views.context import AppContext
from companion.views.drafts import phone_draft_key
from companion.views.hooks import use_form, use_redraw
from companion.views.labels import when_label
from companion.views.widgets import beside, caption, error_line, named, screen, section_card, tagged

SHOWN_BACKUPS = 20


class ImportDraft(BaseModel):
    """The text pasted to import: this phone's draft session until it is imported, so leaving the screen, a reload
    or a phone that slept loses nothing pasted."""

    text: str = ""

    def paste(self, text: str) -> None:
        self.text = text


def _import_draft(saved: Any) -> ImportDraft:
    return ImportDraft.model_validate(saved) if saved else ImportDraft()


@dataclass(eq=False)
class Pasted:
    """This phone's import draft (a keystroke writes it without redrawing the screen). A paste replaces the whole
    text, so the newest one wins: there is no older version to refuse."""

    session: DraftDoor[ImportDraft]

    @property
    def text(self) -> str:
        return self.session.current.value.text

    def write(self, text: str) -> None:
        self.session.change(lambda draft: draft.paste(text), seen=self.session.version)

    def clear(self) -> None:
        self.session.reset(ImportDraft(), seen=self.session.version)


def pasted(ctx: AppContext) -> Pasted:
    return Pasted(ctx.sessions.draft(phone_draft_key(ctx, "data-import"), _import_draft))


@dataclass
class DataForm:
    """The last export's or import's result, while the screen is shown."""

    result: str | None = None
    details: set[int] = field(default_factory=set)  # the recovery notices whose technical detail is shown
    pending: str | bytes | None = None  # an import waiting for the answer: replace what differs, or keep both
    clashes: int = 0


async def send_copy(name: str, data: bytes) -> None:
    """The phone's share sheet with the file (mail it, put it in Files or a cloud drive); a download where the
    browser can't share a file (share_plus's own fallback, and ours if the share fails)."""
    try:
        await ft.Share().share_files([ft.ShareFile.from_bytes(data, mime_type="application/json", name=name)],
                                     download_fallback_enabled=True)
    except Exception:  # no share sheet here, or it was refused: the file is still the phone's, as a download
        await save_download(name, data)


def copy_reminder(ctx: AppContext, redraw: Callable[[], None]) -> list[ft.Control]:
    """``copy-reminder``: in the phone app, whose data lives in this browser alone, after a survey week's end or a
    recorded game, when no copy of everything was made in the last 7 days: one tap sends one (issue 35 item 8)."""
    if ctx.kept is None or not ctx.sessions.records.copy_due():
        return []

    async def send(_event: object) -> None:
        try:
            made = ctx.sessions.records.export("everything", keep_copy=False, phone=_phone_choices())
        except StoreError as problem:
            ctx.fail(t("Could not export: {problem}", problem=problem))
            return
        redraw()
        await send_copy(made.name, made.data())

    when = ctx.sessions.records.last_copy()
    said = (t("Your last copy of everything is from {when}: send a new one, in case this phone is lost or reset.",
              when=when_label(when.astimezone())) if when else
            t("Everything lives on this phone alone: send a copy, in case it is lost or reset."))
    return [section_card("copy-reminder", t("A copy that leaves the phone"), [
        tagged("copy-reminder-text", ft.Text(said, size=theme.BODY)),
        _button("copy-reminder-send", t("Send a copy"), ft.Icons.SHARE, send, primary=True)])]


async def save_download(name: str, data: bytes) -> None:
    """Offer ``data`` as a download named ``name`` (in a browser, Flet's save dialog is a download)."""
    await ft.FilePicker().save_file(file_name=name, src_bytes=data, file_type=ft.FilePickerFileType.CUSTOM,
                                    allowed_extensions=["json"])


def _button(identifier: str, text: str, icon: ft.IconData, on_click: Callable[[object], Awaitable[None]], *,
            primary: bool = False, whose: str | None = None) -> ft.Control:
    """``whose``: the record the button acts on, said before its caption ("Ann, Bo Export")."""
    make = ft.FilledButton if primary else ft.OutlinedButton
    button = make(content=caption(text), icon=icon, on_click=on_click)
    return tagged(identifier, button) if whose is None else named(identifier, button, whose)


def _phone_choices() -> dict[str, object]:
    """This phone's own language and Text size, which a copy of everything carries and a restore brings back."""
    return {"language": language(), "text_scale": theme.text_scale()}


def _bring_back(ctx: AppContext, phone: dict[str, object], settings: int) -> None:
    """After an import: the exporting phone's language and Text size on this phone, and the imported settings
    (the theme) on screen."""
    if settings:
        ctx.settings.clear()  # read again from the store, which the import wrote
        if ctx.on_setting is not None:
            ctx.on_setting("theme", ctx.setting("theme", "dark"))
    if "language" in phone and ctx.on_setting is not None:
        ctx.on_setting("language", phone["language"])
    if isinstance(scale := phone.get("text_scale"), float | int):
        theme.choose_text_scale(float(scale))
    if settings or phone:
        ctx.refresh()  # every text drawn again, in the language and at the size brought back


def _exporter(ctx: AppContext, form: DataForm, redraw: Callable[[], None], what: What,
              record_id: str = "", share: bool = False) -> Callable[[object], Awaitable[None]]:
    async def export(_event: object) -> None:
        try:  # the phone app keeps no copy in its own storage: the file that leaves the phone is the copy
            made = ctx.sessions.records.export(what, record_id, keep_copy=ctx.kept is None,
                                  phone=_phone_choices() if what == "everything" else None)
        except StoreError as problem:
            ctx.fail(t("Could not export: {problem}", problem=problem))
            return
        form.result = made.summary()
        ctx.clear()
        redraw()
        await (send_copy if share else save_download)(made.name, made.data())

    return export


def _import(ctx: AppContext, form: DataForm, redraw: Callable[[], None], data: str | bytes,
            replace: bool | None = None) -> bool:
    """Import ``data``; whether it was imported (a refusal is shown). Records that differ from ones already here
    under the same id (``replace`` None) are first asked about: replace them, or keep both."""
    form.pending, form.clashes = None, 0
    try:
        if replace is None and (clashes := ctx.sessions.records.import_clashes(data)):
            form.pending, form.clashes = data, clashes
            ctx.clear()
            redraw()
            return False
        report = ctx.sessions.records.import_document(data, replace=bool(replace))
    except ImportRefused as refused:
        form.result = None
        ctx.fail(t("Import refused, nothing was changed: {problem}", problem=str(refused)))
        redraw()
        return False
    except StoreError as problem:
        ctx.fail(t("Could not import: {problem}", problem=problem))
        return False
    _bring_back(ctx, report.phone, report.settings)
    form.result = report.message()  # in the language brought back
    ctx.clear()
    redraw()
    return True


def _last_copy(ctx: AppContext) -> ft.Control:
    """``data-last-copy``: when everything was last exported (or sent), or that it never was."""
    when = ctx.sessions.records.last_copy()
    text = t("Last copy made {when}.", when=when_label(when.astimezone())) if when else t("No copy made yet.")
    return tagged("data-last-copy", ft.Text(text, size=theme.BODY))


def _export_section(ctx: AppContext, form: DataForm, redraw: Callable[[], None]) -> ft.Control:
    rows: list[ft.Control] = [_last_copy(ctx)]
    if ctx.kept is not None:  # the phone app: its data lives in this browser alone, so a copy leaves the phone
        rows.append(_button("data-send-copy", t("Send a copy"), ft.Icons.SHARE,
                            _exporter(ctx, form, redraw, "everything", share=True), primary=True))
    rows.append(_button("data-export-all", t("Export everything"), ft.Icons.DOWNLOAD,
                        _exporter(ctx, form, redraw, "everything"), primary=ctx.kept is None))
    for game in ctx.sessions.saved_games():
        label = ", ".join(game.players) + (" · " + t("finished") if game.finished else "")
        rows.append(beside(ft.Text(label, size=theme.BODY),
                           _button(f"data-export-game-{game.id}", t("Export"), ft.Icons.DOWNLOAD,
                                   _exporter(ctx, form, redraw, "game", game.id), whose=label)))
    for campaign in ctx.sessions.saved_campaigns():
        rows.append(beside(ft.Text(campaign["name"], size=theme.BODY),
                           _button(f"data-export-campaign-{campaign['id']}", t("Export"), ft.Icons.DOWNLOAD,
                                   _exporter(ctx, form, redraw, "campaign", campaign["id"]),
                                   whose=campaign["name"])))
    return section_card("data-export", t("Export"), rows)


def _plays_section(ctx: AppContext, form: DataForm, redraw: Callable[[], None]) -> ft.Control:
    """``data-plays``: the history as CSV (one row per player per play) or as an export document (JSON)."""
    async def as_csv(_event: object) -> None:
        try:
            text = ctx.sessions.records.plays_as_csv()
        except StoreError as problem:
            ctx.fail(t("Could not export: {problem}", problem=problem))
            return
        name = file_name("plays", "csv")
        await ft.FilePicker().save_file(file_name=name, src_bytes=text.encode("utf-8"),
                                        file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["csv"])

    return section_card("data-plays", t("History"), [ft.Row([
        _button("data-export-plays-csv", t("All plays as CSV"), ft.Icons.TABLE_VIEW, as_csv),
        _button("data-export-plays-json", t("All plays as JSON"), ft.Icons.DOWNLOAD,
                _exporter(ctx, form, redraw, "plays")),
    ], wrap=True)])


PickedHandler = Callable[[ft.FilePickerResultEvent], None]


def _import_section(ctx: AppContext, form: DataForm, redraw: Callable[[], None],
                    picker: ft.FilePicker, on_picked: list[PickedHandler]) -> ft.Control:
    draft = pasted(ctx)

    def typed(event: ft.Event[ft.TextField]) -> None:
        draft.write(event.control.value or "")

    async def from_text(_event: object) -> None:
        if not draft.text.strip():
            ctx.fail(t("Paste the contents of an exported file first"))
            return
        if _import(ctx, form, redraw, draft.text):
            draft.clear()

    def picked(event: ft.FilePickerResultEvent) -> None:
        if event.files and event.files[0].bytes is not None:
            _import(ctx, form, redraw, event.files[0].bytes)

    on_picked[:] = [picked]
    # The browser opens the picker inside the tap itself (PickFiles): iOS Safari ignores a picker opened later.
    pick = ft.PickFiles(picker, file_type=ft.FilePickerFileType.CUSTOM, allowed_extensions=["json"], with_data=True)

    field = ft.TextField(value=draft.text, label=t("Paste an exported file here"),
                         multiline=True, min_lines=3, max_lines=8, on_change=typed)
    return section_card("data-import", t("Import"), [
        ft.Text(t("The whole file is checked before anything is saved; games already here are never overwritten."),
                size=theme.SMALL),
        tagged("data-import-text", field),
        ft.Row([_button("data-import-paste", t("Import pasted text"), ft.Icons.CONTENT_PASTE, from_text),
                tagged("data-import-file", ft.OutlinedButton(content=caption(t("Pick a file…")),
                                                             icon=ft.Icons.UPLOAD_FILE, action=pick))], wrap=True),
    ])


def _clash_question(ctx: AppContext, form: DataForm, redraw: Callable[[], None]) -> list[ft.Control]:
    """``data-import-clash``: records of the file differ from ones here under the same id (a campaign exported,
    played on, and imported back): replace them (the versions here stay among the backups), or keep both."""
    data = form.pending
    if data is None:
        return []

    def answer(replace: bool | None) -> Callable[[object], Awaitable[None]]:
        # An async def of its own per button: Flet awaits a handler only when it is one (a lambda around a
        # coroutine was never run: issue 45 item 7).
        async def answered(_event: object) -> None:
            if replace is None:
                form.pending, form.clashes = None, 0
                redraw()
            elif _import(ctx, form, redraw, data, replace=replace):
                pasted(ctx).clear()

        return answered

    question = tn("{n} of the file's records differs from the one already here under the same id. Replace it, "
                  "or keep both?", "{n} of the file's records differ from the ones already here under the same "
                  "ids. Replace them, or keep both?", form.clashes)
    return [section_card("data-import-clash", t("Already here"), [
        tagged("data-import-clash-question", ft.Text(question, size=theme.BODY)),
        ft.Row([_button("data-import-replace", t("Replace"), ft.Icons.SWAP_HORIZ, answer(True)),
                _button("data-import-keep-both", t("Keep both"), ft.Icons.COPY_ALL, answer(False)),
                _button("data-import-cancel", t("Cancel"), ft.Icons.CLOSE, answer(None))], wrap=True)])]


def _backups_section(ctx: AppContext, form: DataForm, redraw: Callable[[], None]) -> ft.Control:
    """Each game's and campaign's backups under its players (or name) and date, each readable one with a Restore;
    then the play backups and the damaged files kept aside."""
    rows: list[ft.Control] = []
    for g, group in enumerate(ctx.sessions.records.backup_groups()):
        title = group.title if group.current else t("{title} · deleted", title=group.title)
        rows.append(tagged(f"data-backup-group-{g}", ft.Text(title, size=theme.BODY, weight=ft.FontWeight.W_600)))
        for k, version in enumerate(group.versions[:SHOWN_BACKUPS]):
            line: list[ft.Control] = [tagged(f"data-backup-{g}-{k}", ft.Text(
                version.label, size=theme.SMALL, color=None if version.restorable else theme.DANGER))]
            if version.restorable:
                line.append(_button(f"data-restore-{g}-{k}", t("Restore"), ft.Icons.RESTORE,
                                    _restorer(ctx, form, redraw, version.path),
                                    whose=f"{title} · {version.label}"))
            rows.append(ft.Row(line, wrap=True))
    others = ctx.sessions.records.kept_aside()
    for n, backup in enumerate(others[:SHOWN_BACKUPS]):
        label = t("{what} · saved {when}", what=backup.title, when=backup.saved.strftime("%Y-%m-%d %H:%M"))
        line = [tagged(f"data-file-{n}", ft.Text(
            label, size=theme.SMALL, color=theme.DANGER if backup.folder == "damaged" else None))]
        if backup.folder == "plays":
            line.append(_button(f"data-file-restore-{n}", t("Restore"), ft.Icons.RESTORE,
                                _restorer(ctx, form, redraw, backup.path), whose=label))
        rows.append(ft.Row(line, wrap=True))
    return section_card("data-backups", t("Backups"), rows)


def _browser_storage(kept_for_good: bool) -> ft.Control:
    """``data-storage``: in the phone app, whether the browser keeps its storage for good, and to export."""
    if kept_for_good:
        text = t("This browser keeps the app's data for good (persistent storage granted). Still, export a long "
                 "campaign now and then: the file is your copy if the phone is lost or reset.")
    else:
        text = t("This browser may clear the app's data when the phone runs short of space (persistent storage "
                 "not granted). Add the app to the Home Screen, and export a long campaign now and then.")
    return tagged("data-storage", ft.Text(text, size=theme.BODY, color=None if kept_for_good else theme.FOUL))


def _notices_section(ctx: AppContext, form: DataForm, redraw: Callable[[], None]) -> list[ft.Control]:
    """What start-up repaired, in plain words; the technical detail behind each notice's "Details"."""
    notices = ctx.sessions.records.repairs()
    if not notices:
        return []

    def flip(n: int) -> None:
        form.details ^= {n}
        redraw()

    rows: list[ft.Control] = []
    for n, notice in enumerate(notices):
        rows.append(tagged(f"data-note-{n}", ft.Text(notice.message, size=theme.BODY, color=theme.FOUL)))
        if notice.detail:
            shown = n in form.details
            rows.append(tagged(f"data-note-details-{n}", ft.TextButton(
                caption(t("Hide details") if shown else t("Details")), on_click=lambda _e, n=n: flip(n))))
            if shown:
                rows.append(tagged(f"data-note-detail-{n}", ft.Text(notice.detail, size=theme.SMALL,
                                                                    selectable=True)))
    return [section_card("data-notes", t("Repaired when the app started"), rows)]


def _restorer(ctx: AppContext, form: DataForm, redraw: Callable[[], None],
              path: Path) -> Callable[[object], Awaitable[None]]:
    async def restore(_event: object) -> None:
        try:
            form.result = ctx.sessions.records.restore(path)
        except StoreError as problem:
            ctx.fail(t("Could not restore: {problem}", problem=problem))
            return
        ctx.clear()
        redraw()

    return restore


@ft.component
def DataScreen(ctx: AppContext) -> ft.View:
    """The Data screen."""
    form = use_form(DataForm)
    redraw = use_redraw()
    # One picker while the screen is shown: a service is dropped once nothing references it, and one made on every
    # redraw would pile up. Its result arrives in on_result, given at construction: Flet registers a service with
    # the client as it is made, and a handler set afterwards never reached the client when the screen was opened
    # through the app's navigation (the picker opened, its result never came back: issue 35 item 8). The handler
    # is the one this render of the screen set (see _import_section).
    on_picked: list[PickedHandler] = use_form(list)  # the handler the latest render set (one at most)
    picker = use_form(lambda: ft.FilePicker(on_result=lambda event: [handle(event) for handle in on_picked[-1:]]))

    def back() -> None:
        ctx.navigate("/settings")

    if not ctx.sessions.keeps:
        return screen(ctx.route, t("Your data"), [
            error_line(t("The data folder could not be opened, so nothing can be exported or imported."))],
            back=back)
    controls: list[ft.Control] = []
    if ctx.kept_for_good is not None:  # the phone app: its folder is the browser's, a path no one can open
        controls.append(_browser_storage(ctx.kept_for_good))
    else:  # the host's folder on its computer, where the files can be copied
        controls.append(tagged("data-folder", ft.Text(
            t("Saved in {path}", path=str(ctx.sessions.records.data_folder())), size=theme.SMALL)))
    controls += _notices_section(ctx, form, redraw)
    if form.result:
        controls.append(tagged("data-result", ft.Text(form.result, size=theme.BODY, color=theme.FAIR)))
    controls += _clash_question(ctx, form, redraw)
    controls += [_export_section(ctx, form, redraw), _plays_section(ctx, form, redraw),
                 _import_section(ctx, form, redraw, picker, on_picked),
                 _backups_section(ctx, form, redraw)]
    return screen(ctx.route, t("Your data"), controls, back=back, notices=ctx)
