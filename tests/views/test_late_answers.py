"""Issue 46: the browser answers a call to one of its controls when the call is done (a scroll, the screen kept
awake); Flet raised on an answer whose control had gone ("Control with ID … is not registered") in the socket's
reader, which closed the phone's socket. The answer now reaches the call still waiting for it, or is dropped."""

from __future__ import annotations

import asyncio

from companion.flet_fixes.tabs import answer_late_calls
from tests.support.components import Phone


def test_an_answer_for_a_control_that_has_gone_reaches_its_call_and_one_nobody_waits_for_is_dropped() -> None:
    answer_late_calls()
    phone = Phone()
    session = phone.page.session
    gone = 987654  # no control of this session has this id (a View a redraw replaced, say)
    assert gone not in session.index

    async def call_and_answer() -> object:
        waiting = asyncio.ensure_future(session.invoke_method(gone, "scroll_to", {}))
        await asyncio.sleep(0)
        [call_id] = session._Session__method_calls  # type: ignore[attr-defined]
        session.handle_invoke_method_results(gone, call_id, "scrolled", None)
        session.handle_invoke_method_results(gone, "another-session's-call", None, None)  # dropped, no raise
        return await asyncio.wait_for(waiting, 5)

    assert phone.call(call_and_answer) == "scrolled"
    phone.close()
