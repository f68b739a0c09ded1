"""What a phone has typed and not yet used (New game's form, a pasted import) is a draft session of that phone's
own (:meth:`companion.session.Sessions.draft`): leaving the screen, a reload or a phone that slept loses nothing,
and two phones never type into one draft."""

from __future__ import annotations

from companion.session.powers import holder_of
from companion.views.hooks import current_page


def phone_draft_key(name: str) -> str:
    """The key of this phone's draft ``name``: one per pass (kept across reloads and sleeps); ``name`` alone for a
    tab with no pass (the local mode)."""
    page = current_page()
    phone = holder_of(page).token_id if page is not None else ""
    return f"{name}-{phone}" if phone else name
