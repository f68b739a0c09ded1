"""``companion score FILE|-``: score a finished table from JSON and print the result as JSON."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from companion.i18n import t
from companion.problems import json_reason
from companion.scoring.errors import TableError
from companion.scoring.table import score_table

BAD_INPUT = 2


def _fail(source: str, message: str) -> int:
    print(f"companion score: {source}: {' '.join(message.split())}", file=sys.stderr)
    return BAD_INPUT


def _render(result: dict[str, object]) -> str:
    """The result as JSON, with "4–6" as is where the terminal can show it, escaped where it can't."""
    text = json.dumps(result, indent=2, ensure_ascii=False)
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        return json.dumps(result, indent=2)
    return text


def score_command(path: str, save: bool = False, data_dir: str | None = None) -> int:
    """Read the table from ``path`` (``-`` for stdin), print the scored result; 0 on success, 2 on a bad file.

    With ``save`` the result is also recorded in the history, and its ``"play_id"`` printed with it.

    Every failure is one line on stderr naming the file and the offending field, never a traceback.
    """
    source = "stdin" if path == "-" else path
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        return _fail(source, t("can't read it ({error})", error=e.strerror if isinstance(e, OSError) else e))
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        return _fail(source, t("not valid JSON: {msg} at line {line}, column {col}", msg=json_reason(e), line=e.lineno,
                               col=e.colno))
    except RecursionError:
        return _fail(source, t("not valid JSON: nested too deeply"))
    except ValueError as e:  # Python refuses to read a number of more than 4,300 digits
        return _fail(source, t("not valid JSON: {msg}", msg=e))
    try:
        result = score_table(data)
    except TableError as e:
        return _fail(source, str(e))
    except Exception as e:  # the contract is one line, never a traceback, whatever the input
        return _fail(source, t("can't score it ({error})", error=f"{type(e).__name__}: {e}"))
    if save:
        from companion.cli.history import save_scored
        from companion.store import StoreError

        try:
            result = {**result, "play_id": save_scored(result, data_dir)}
        except StoreError as e:
            print(f"companion score: {' '.join(str(e).split())}", file=sys.stderr)
            return 1
    try:
        text = _render(result)
    except (ValueError, RecursionError) as e:  # e.g. a score of more than 4,300 digits
        return _fail(source, t("the result is too big to print ({error})", error=e))
    try:
        print(text)
    except BrokenPipeError:  # the reader stopped early (| head); as the Python docs advise, point stdout at
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # devnull so the exit flush stays quiet
    return 0
