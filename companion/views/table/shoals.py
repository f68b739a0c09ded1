"""The Sea on the table: how many Shoals are left, a one-tap record of a Shoal a card emptied (The Plug, a discard
ability; overfishing counts by itself), The Plug's reminder at the start of every turn while it is out, and the end
of the game once every Shoal is empty (A p.27, docs/rules.md §3, §10). What it shows is the engine's answer
(:func:`~companion.rules.queries.sea`).

Identifiers: ``shoals``, ``shoals-left``, ``empty-shoal`` (undo takes it back), ``plug-reminder``, ``shoals-empty``,
``shoals-end-game``; the last Shoal's ``empty-shoal`` asks first (``empty-shoal-question``, ``empty-shoal-cancel``).
"""

from __future__ import annotations

import flet as ft

from companion.i18n import t, tn
from companion.rules import actions as act
from companion.rules.game import Game
from companion.rules.queries import SeaStatus, sea
from companion.rules.sources import cited
from companion.views import theme
from companion.views.hooks import TabFeed, use_selected
from companion.views.table.common import Moves
from companion.views.table.confirm import ConfirmButton
from companion.views.widgets import action_button, chip, section_card, tagged


@ft.memo
@ft.component
def Shoals(moves: Moves, feed: TabFeed[Game]) -> ft.Control:
    """The Shoals line (``shoals``) while the game goes on (its screen leaves it out once the game is over). It
    follows the game itself and is redrawn only when the line changed."""
    return _shoals(moves, *use_selected(feed, lambda shown: (sea(shown.value.state),
                                                             moves.session.place.acts_for_table)))


def _shoals(moves: Moves, status: SeaStatus, table: bool) -> ft.Control:
    """``table``: this phone makes the table-wide moves (an angler's phone shows the line without its buttons)."""
    left = tn("{n} Shoal left of 9", "{n} Shoals left of 9", status.shoals_left)
    rows: list[ft.Control] = [ft.Row([
        tagged("shoals-left", ft.Text(left, size=theme.BODY, weight=ft.FontWeight.W_600)),
        _empty_shoal(moves, status, table),
    ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER)]
    if status.plug_reminder is not None:
        rows.insert(0, chip("plug-reminder", status.plug_reminder, color=theme.FOUL))
    elif status.can_empty:
        rows.append(ft.Text(t("Tap when a card empties a Shoal without a catch; overfishing counts by itself."),
                            size=theme.SMALL))
    if status.game_ends:
        rows += [tagged("shoals-empty", ft.Text(cited(t("Every Shoal is empty: the game ends now"), "A p.27"),
                                                size=theme.BODY, color=theme.DANGER)),
                 *([action_button("shoals-end-game", t("End the game"), moves.tap(act.EndGame()),
                                  icon=ft.Icons.FLAG, primary=True)] if table else [])]
    return section_card("shoals", None, rows)


def _empty_shoal(moves: Moves, status: SeaStatus, table: bool) -> ft.Control:
    """``empty-shoal``: the last Shoal ends the game with it (A p.27), so that tap asks first, as "End the game"
    does on the last Day."""
    if not (status.can_empty and table):
        return action_button("empty-shoal", t("A Shoal was emptied"), None, icon=ft.Icons.LAYERS_CLEAR)
    if status.shoals_left > 1:
        return action_button("empty-shoal", t("A Shoal was emptied"), moves.tap(act.EmptyShoal()),
                             icon=ft.Icons.LAYERS_CLEAR)
    return ConfirmButton("empty-shoal", t("A Shoal was emptied"),
                         t("That is the last Shoal: emptying it ends the game. Tap again to confirm."),
                         t("Yes, the last Shoal was emptied"), moves.tap(act.EmptyShoal()), icon=ft.Icons.LAYERS_CLEAR,
                         key=f"empty-last-shoal-{moves.session.key}")  # type: ignore[call-arg]  # Flet: key=
