"""Phones: how the table joins this host — the QR code of the join link, the room code, who joined, and a way to
change the code (which drops every joined phone). Host only (``companion.app.HOST_ONLY_ROUTES``).

Identifiers: ``phones-qr``, ``phones-link``, ``phones-code``, ``phones-joined``, ``phones-phone-<n>``,
``phones-change-code``, ``phones-change-confirm``, ``phones-local``, ``back``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import flet as ft

from companion.i18n import t
from companion.net.seats import Seat
from companion.views import theme
from companion.views.context import AppContext, ServedTable
from companion.views.hooks import use_redraw, use_subscription
from companion.views.qr import png_bytes
from companion.views.widgets import action_button, label_value, screen, section_card, tagged


def seat_names(ctx: AppContext) -> Callable[[dict[str, Any] | None], str]:
    """How the Phones screen names a seat: the angler's name from the games list (or "no seat yet")."""
    players: dict[str, list[str]] = {}
    if ctx.store is not None:
        with contextlib.suppress(Exception):  # a damaged games list: seats are shown by number instead
            players = {g.id: list(g.players) for g in ctx.store.list_games()}

    def name(saved: dict[str, Any] | None) -> str:
        seat = Seat.from_saved(saved)
        if seat is None:
            return t("no seat yet")
        if seat.angler is None:
            return t("the whole table")
        names = players.get(seat.game, [])
        return names[seat.angler] if seat.angler < len(names) else t("angler {n}", n=seat.angler + 1)

    return name


@ft.component
def PhonesPanel(table: ServedTable, seat_name: Callable[[dict[str, Any] | None], str]) -> ft.Control:
    """The join card, the phones that joined (redrawn as they join, sit, connect and leave) and the change-code
    card of a LAN table; its own state: the code shown and the confirm step."""
    code, set_code = ft.use_state(table.room_code)
    confirming, set_confirming = ft.use_state(False)
    redraw = use_redraw()  # told from the server's loop or a worker thread
    use_subscription(lambda: table.subscribe(redraw), [table])

    def change() -> None:
        if not confirming:
            set_confirming(True)
            return
        set_confirming(False)
        set_code(table.change_room_code())

    link = f"{table.base_url}/join?code={code}"
    join = section_card("phones-join", t("Scan to join"), [
        tagged("phones-qr", ft.Image(src=png_bytes(link), width=260, height=260), label=t("QR code of the join link")),
        label_value("phones-code", t("Room code"), code, big=True),
        tagged("phones-link", ft.Text(t("or open {address} and type the code", address=table.base_url + "/"),
                                      size=theme.SMALL, selectable=True)),
    ])
    phones = table.phones()
    lines: list[ft.Control] = [
        tagged(f"phones-phone-{n}", ft.Row([
            ft.Icon(ft.Icons.SMARTPHONE if phone.connected else ft.Icons.PHONELINK_OFF,
                    color=theme.FAIR if phone.connected else None),
            ft.Text(t("{seat} · connected", seat=seat_name(phone.seat)) if phone.connected
                    else t("{seat} · away", seat=seat_name(phone.seat)), expand=True),
        ]))
        for n, phone in enumerate(phones)]
    joined = section_card("phones-who", t("At the table"), [
        label_value("phones-joined", t("Phones joined"), str(len(phones))),
        *(lines or [ft.Text(t("No phone has joined yet."))]),
    ])
    warning = t("Tap again to change it: every joined phone is dropped and must scan the new code.")
    change_card = section_card("phones-change", t("Room code"), [
        *([ft.Text(warning, color=theme.DANGER)] if confirming else []),
        action_button("phones-change-confirm" if confirming else "phones-change-code",
                      t("Yes, change the code") if confirming else t("Change the code"), change,
                      icon=ft.Icons.LOCK_RESET, primary=confirming),
    ])
    return ft.Column([join, joined, change_card], spacing=theme.GAP,
                     horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


@ft.component
def PhonesScreen(ctx: AppContext) -> ft.View:
    """The Phones screen; on a server started without ``--lan`` it says how to let phones in."""
    table = ctx.table
    if table is None or not table.lan:
        body: list[ft.Control] = [section_card("phones-local", t("Only this computer"), [
            ft.Text(t("This server answers this computer only. To let the phones at the table join, start it "
                      "with: companion serve --lan")),
        ])]
    else:
        body = [PhonesPanel(table, seat_names(ctx))]
    return screen(ctx.route, t("Phones"), body, back=lambda: ctx.navigate("/"), notices=ctx)
