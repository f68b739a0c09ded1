"""What a failed write tells the phone that made the change: what happened, by the error's ``errno``, and what to
do, in one line (:class:`~companion.store.errors.NotSaved`).

>>> import errno
>>> str(not_saved(OSError(errno.ENOSPC, "No space left on device")))
"The host's disk is full: this change was not saved. Free some space, then tap again."

The phone app (:mod:`companion.phone`) has no host: its store is in the phone's browser storage, and once it has
called :func:`speak_for_the_phone` the words name the phone's storage instead.
"""

from __future__ import annotations

import errno

from companion.i18n import N_, t
from companion.store.errors import NotSaved

_WHAT = {errno.ENOSPC: N_("The host's disk is full"), errno.EDQUOT: N_("The host's disk is full"),
         errno.EROFS: N_("The host's data folder has become read-only"),
         errno.EACCES: N_("The host may not write its data folder"),
         errno.EPERM: N_("The host may not write its data folder")}
_TODO = {errno.ENOSPC: N_("Free some space, then tap again."), errno.EDQUOT: N_("Free some space, then tap again."),
         errno.EROFS: N_("Make the disk writable again (or restart the host on another data folder), then tap again."),
         errno.EACCES: N_("Give it permission to write there, then tap again."),
         errno.EPERM: N_("Give it permission to write there, then tap again.")}
_FULL = frozenset({errno.ENOSPC, errno.EDQUOT})


class _Place:
    phone = False  # the store is in the phone app's browser storage (no host, no disk of its own)


def speak_for_the_phone() -> None:
    """From now on (this process is the phone app) a failed write names this phone's storage, not the host's
    disk."""
    _Place.phone = True


def not_saved(error: OSError, maybe: bool = False) -> NotSaved:
    """The :class:`NotSaved` for ``error``; ``maybe``: the change may be on the disk all the same (a failed fsync
    whose bytes could not be taken back), and the words say so."""
    what, todo = what_happened(error)
    if maybe:
        return NotSaved(t("{what}: this change may not have been saved. {todo}", what=what,
                          todo=t("Look before tapping again.")), error.errno, maybe=True, what=what)
    return NotSaved(t("{what}: this change was not saved. {todo}", what=what, todo=todo), error.errno, what=what)


def partly_saved(error: OSError) -> NotSaved:
    """The :class:`NotSaved` of a change of many records stopped by ``error`` after some were written."""
    what, _todo = what_happened(error)
    return NotSaved(t("{what}: the import stopped after saving part of it. Once that is put right, import the file "
                      "again to finish it.", what=what), error.errno, maybe=True, what=what)


def what_happened(error: OSError) -> tuple[str, str]:
    """What happened (by ``errno``) and what to do, each in the reader's language."""
    if _Place.phone:
        return _on_the_phone(error)
    if error.errno in _WHAT:
        return t(_WHAT[error.errno]), t(_TODO[error.errno])
    return (t("The host's disk failed while saving ({reason})", reason=_reason(error)),
            t("Check the disk, then tap again."))


def _on_the_phone(error: OSError) -> tuple[str, str]:
    if error.errno in _FULL:
        return t("This phone's storage is full"), t("Free some space on this phone, then tap again.")
    return (t("This phone's storage failed while saving ({reason})", reason=_reason(error)),
            t("Export a copy (Settings, Data), then reload the app and tap again."))


def _reason(error: OSError) -> str:
    return error.strerror or str(error) or type(error).__name__
