"""Phones: how the table joins this host — the QR code of the join link, the room code, who joined, and a way to
change the code (which drops every joined phone). Host only (``companion.net.powers.HOST_ONLY_ROUTES``).

Identifiers: ``phones-qr``, ``phones-link``, ``phones-code``, ``phones-joined``, ``phones-connected``,
``phones-change-code``, ``phones-change-confirm``, ``phones-local``, ``back``.
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t
from companion.net.qr import png_bytes
from companion.net.server import Table, current_table
from companion.views import theme
from companion.views.context import AppContext
from companion.views.widgets import action_button, label_value, screen, section_card, tagged


@ft.component
def PhonesPanel(table: Table) -> ft.Control:
    """The join card and the change-code card of a LAN table; its own state: the code shown, the confirm step."""
    code, set_code = ft.use_state(table.room_code)
    confirming, set_confirming = ft.use_state(False)

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
    joined = section_card("phones-who", t("At the table"), [
        label_value("phones-joined", t("Phones joined"), str(table.phones())),
        label_value("phones-connected", t("Tabs connected now (yours included)"), str(table.connected())),
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


def view(ctx: AppContext) -> ft.View:
    """The Phones screen; on a server started without ``--lan`` it says how to let phones in."""
    table = current_table()
    if table is None or not table.lan:
        body: list[ft.Control] = [section_card("phones-local", t("Only this computer"), [
            ft.Text(t("This server answers this computer only. To let the phones at the table join, start it "
                      "with: companion serve --lan")),
        ])]
    else:
        body = [PhonesPanel(table)]
    return screen(ctx.route, t("Phones"), body, back=lambda: ctx.navigate("/"))
