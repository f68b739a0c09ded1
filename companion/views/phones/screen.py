"""Phones: how the table joins this host — the QR code of the join link, the room code, who joined and which seat
each phone holds, the host handing a seat to another phone or taking one for this browser, and a way to change
the code (which drops every joined phone). Host only (``companion.app.HOST_ONLY_ROUTES``).

Identifiers: ``phones-qr``, ``phones-link``, ``phones-code``, ``phones-joined``, ``phones-phone-<n>`` (``<n>`` from 1,
oldest first), ``phones-seats``, ``phones-seat-<seat>`` (who holds angler ``<seat>``), ``phones-hand-<seat>-<n>`` (hand
angler ``<seat>``'s seat to phone ``<n>``), ``phones-mine-<seat>`` (this browser sits as angler ``<seat>``),
``phones-mine-table`` (this browser is the whole table again), ``phones-change-code``, ``phones-change-confirm``,
``phones-local``, ``back``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from functools import partial

import flet as ft

from companion.i18n import t
from companion.session import GameSummary
from companion.session.door import Door
from companion.session.seats import Seat
from companion.views import theme
from companion.views.context import AppContext, JoinedPhone, ServedTable
from companion.views.hooks import use_redraw, use_subscription
from companion.views.qr import png_bytes
from companion.views.widgets import action_button, chip, label_value, named, screen, section_card, tagged


def _games(ctx: AppContext) -> list[GameSummary]:
    with contextlib.suppress(Exception):  # a damaged games list: seats are shown by number instead
        return ctx.sessions.saved_games()
    return []


def seat_names(games: list[GameSummary]) -> Callable[[Seat | None], str]:
    """How the Phones screen names a seat: the angler's name from the games list (or "no seat yet")."""
    players = {g.id: list(g.players) for g in games}

    def name(seat: Seat | None) -> str:
        if seat is None:
            return t("no seat yet")
        if seat.angler is None:
            return t("the whole table")
        names = players.get(seat.game, [])
        return names[seat.angler] if seat.angler < len(names) else t("angler {n}", n=seat.angler + 1)

    return name


def _seats_card(door: Door, held: dict[str, Seat], game: GameSummary, phones: Sequence[JoinedPhone]
                ) -> ft.Control:
    """Who holds each angler's seat of ``game`` (``held``: each pass's); the host hands a seat to a phone, or sits
    here as that angler."""
    viewer = door.viewer
    number = {phone.holder: n for n, phone in enumerate(phones, start=1)}
    rows: list[ft.Control] = []
    for i, name in enumerate(game.players):
        seat = Seat(game.id, i)
        holder = next((h for h, s in held.items() if s == seat), None)
        who = (t("this browser") if holder == viewer.holder else t("phone {n}", n=number[holder])
               if holder in number else t("free"))
        hand: list[ft.Control] = [
            chip(f"phones-hand-{i}-{n}", t("phone {n}", n=n), color=theme.PASSED,
                 on_click=partial(door.hand_seat, seat, phone.holder))
            for n, phone in enumerate(phones, start=1) if phone.holder != holder]
        if holder != viewer.holder:
            hand.append(chip(f"phones-mine-{i}", t("this browser"), color=theme.SEED,
                             on_click=partial(door.take_seat, seat, name)))
        rows.append(ft.Column([
            tagged(f"phones-seat-{i}", ft.Text(t("{name}: {who}", name=name, who=who), size=theme.BODY)),
            ft.Row([ft.Text(t("Hand to"), size=theme.SMALL), *hand], wrap=True, spacing=8),
        ], spacing=4))
    mine = held.get(viewer.holder)
    if mine is not None and mine.game == game.id and mine.angler is not None:
        rows.append(action_button("phones-mine-table", t("This browser is the whole table again (counts only)"),
                                  partial(door.take_seat, None), icon=ft.Icons.GROUPS))
    return section_card("phones-seats", t("Seats: {players}", players=", ".join(game.players)), rows)


@ft.component
def PhonesPanel(table: ServedTable, door: Door, games: tuple[GameSummary, ...]) -> ft.Control:
    """The join card, the phones that joined (redrawn as they join, sit, connect and leave) and the change-code
    card of a LAN table; its own state: the code shown and the confirm step."""
    code, set_code = ft.use_state(table.room_code)
    confirming, set_confirming = ft.use_state(False)
    redraw = use_redraw()  # told from the server's loop or a worker thread
    use_subscription(lambda: table.subscribe(redraw), [table])
    use_subscription(lambda: door.follow_seats(redraw), [door])
    seat_name = seat_names(list(games))

    def change() -> None:
        if not confirming:
            set_confirming(True)
            return
        set_confirming(False)
        set_code(table.change_room_code())
        kept = {phone.holder for phone in table.phones()} | {door.viewer.holder}
        door.keep_seats(kept)  # the dropped phones' seats

    link = f"{table.base_url}/join?code={code}"
    where = t("or open {address} and type the code", address=table.base_url + "/")
    join = section_card("phones-join", t("Scan to join"), [
        tagged("phones-qr", ft.Image(src=png_bytes(link), width=260, height=260), label=t("QR code of the join link")),
        label_value("phones-code", t("Room code"), code, big=True),
        # Selectable (to copy the address): a text field in the tree, named by its own words (issue 46: unnamed).
        named("phones-link", ft.Text(where, size=theme.SMALL, selectable=True), where),
    ])
    phones = table.phones()
    held = door.seats_held()
    lines: list[ft.Control] = []
    for n, phone in enumerate(phones, start=1):
        seat = seat_name(held.get(phone.holder))
        lines.append(tagged(f"phones-phone-{n}", ft.Row([
            ft.Icon(ft.Icons.SMARTPHONE if phone.connected else ft.Icons.PHONELINK_OFF,
                    color=theme.FAIR if phone.connected else None),
            ft.Text(t("Phone {n}: {seat} · connected", n=n, seat=seat) if phone.connected
                    else t("Phone {n}: {seat} · away", n=n, seat=seat), expand=True),
        ])))
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
    seats = [_seats_card(door, held, game, phones) for game in games if not game.finished]
    return ft.Column([join, joined, *seats, change_card], spacing=theme.GAP,
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
        body = [PhonesPanel(table, ctx.sessions, tuple(_games(ctx)))]
    return screen(ctx.route, t("Phones"), body, back=lambda: ctx.navigate("/"), notices=ctx)
