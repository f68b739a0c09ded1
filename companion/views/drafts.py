"""What a phone has typed and not yet used (New game's form, a pasted import) is a draft session of that phone's
own (:meth:`companion.session.Sessions.draft`): leaving the screen, a reload or a phone that slept loses nothing,
and two phones never type into one draft."""

from __future__ import annotations

from companion.views.context import AppContext


def phone_draft_key(ctx: AppContext, name: str) -> str:
    """The key of this phone's draft ``name``: one per pass (kept across reloads and sleeps), the tab's viewer
    as the app handed it down; ``name`` alone in the local mode (one screen, one draft)."""
    viewer = ctx.sessions.viewer
    return f"{name}-{viewer.holder}" if viewer.served else name
