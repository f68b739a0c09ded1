"""What a screen reader hears and does, for the browser tests that play by ear (issue 46).

Every announcement Flutter makes (a live region changing, or an announcement from the app) lands briefly in one of
its hidden ``flt-announcement-*`` hosts: :data:`HEAR`, installed in a browser context before the page loads, keeps
each text said, in order, in ``window.__said``. :class:`Ear` drives a page as a screen reader does: each control
found by its role and name in the accessibility tree (never a test id, never a position on the screen), activated
the way a screen reader activates it (a ``click`` event sent to the node itself), a field focused and typed into.

Example::

    context.add_init_script(HEAR)
    ear = Ear(FletPage(context.new_page(), url).open("/survey"))
    ear.type("Campaign name", "Tern")
    ear.activate("button", "Start campaign")
    ear.hears("Week 1 · Monday (Day 1 of 5)")
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from playwright.sync_api import Locator

    from tests.support.browser import FletPage

HEAR = """(() => {
    window.__said = [];
    window.__changed = 0;  // when the page last changed (Ear waits for a quiet tree before it acts)
    new MutationObserver(() => { window.__changed = performance.now(); })
        .observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
    const watch = () => {
        for (const host of document.querySelectorAll('flt-announcement-host > *, [id^="flt-announcement"]')) {
            if (host.__watched) continue;
            host.__watched = true;
            new MutationObserver(() => {
                const text = host.textContent.trim();
                if (text) window.__said.push(text);
            }).observe(host, {subtree: true, childList: true, characterData: true});
        }
    };
    new MutationObserver(watch).observe(document, {subtree: true, childList: true});
})();"""


class Ear:
    """A page driven through its accessibility tree alone, hearing what it says (:data:`HEAR` installed)."""

    def __init__(self, tab: FletPage, seconds: float = 20.0) -> None:
        self.tab, self.page, self.seconds = tab, tab.page, seconds

    def find(self, role: str, name: str | re.Pattern[str]) -> Locator:
        """The one control of ``role`` named ``name`` (exactly, or matching), once it is in the tree."""
        found = self.page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
        found.first.wait_for(state="attached", timeout=self.seconds * 1000)
        return found.first

    def activate(self, role: str, name: str | re.Pattern[str]) -> None:
        """Activate a control as a screen reader does (a click event on the node: no pointer, no position); what
        is said from here on is the answer to it."""
        self.settle()
        control = self.find(role, name)
        self.forget()
        control.dispatch_event("click")

    def settle(self, quiet_ms: int = 300) -> None:
        """Wait until the tree has not changed for ``quiet_ms``: a control activated while the last answer is still
        being drawn may be one Flutter is about to replace, and its tap is lost (a person is not that quick)."""
        self.page.wait_for_function("ms => performance.now() - window.__changed > ms", arg=quiet_ms, polling=50,
                                    timeout=self.seconds * 1000)

    def type(self, name: str | re.Pattern[str], text: str) -> None:
        """Focus the text field named ``name`` and type ``text`` (the field's old text selected and replaced)."""
        self.settle()
        field = self.find("textbox", name)
        field.focus()
        self.page.wait_for_function("el => document.activeElement === el", arg=field.element_handle())
        self.page.keyboard.press("Control+A")
        self.page.keyboard.type(text)
        self.page.wait_for_function("([el, text]) => el.value === text", arg=[field.element_handle(), text])

    def forget(self) -> None:
        """Forget what was said so far."""
        self.page.evaluate("window.__said = []")

    def said(self) -> list[str]:
        """Everything said since the last :meth:`forget`, in order."""
        return list(self.page.evaluate("window.__said"))

    def hears(self, *lines: str) -> str:
        """Wait until one announcement contains every one of ``lines`` (as written); return it."""
        deadline = time.monotonic() + self.seconds
        while time.monotonic() < deadline:
            said = self.said()
            for text in said:
                if all(line in text for line in lines):
                    return text
            time.sleep(0.1)
        raise AssertionError(f"nothing said contains {lines}; said: {self.said()}")
