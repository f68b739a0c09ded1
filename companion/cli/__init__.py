"""The ``companion`` command: run the app, serve it, or score a table from a JSON file.

The top layer: it may import every other one, and nothing imports it. :mod:`companion.cli.score` is
``companion score``, :mod:`companion.cli.history` ``companion history|stats|bgstats``, :mod:`companion.cli.serve`
``companion serve`` (and ``companion`` alone).
"""

from __future__ import annotations

import argparse
import signal
from collections.abc import Sequence
from typing import NoReturn

from companion.i18n import language_from_environment, t, use_language

STOPPED = 0  # the host stopped (Ctrl+C or SIGTERM): the way it ends
INTERRUPTED = 130  # another command cut short: 128 + SIGINT, as shells count it


class _Parser(argparse.ArgumentParser):
    """A bad option is one line naming it (``companion stats: unrecognized arguments: --bogus``), exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {' '.join(message.split())}\n")


def _parser() -> argparse.ArgumentParser:
    # Global options are accepted on either side of the sub-command (``companion serve --data-dir D`` as well as
    # ``companion --data-dir D serve``): each sub-command takes them too, under its own name (a sub-command's
    # default would otherwise overwrite the value given before it); :func:`main` takes the one given.
    parser = _Parser(prog="companion", description=t("Deep Regrets Companion"))
    data_dir_help = t("where games and campaigns are stored (default: the user data dir; or set "
                      "COMPANION_DATA_DIR)")
    parser.add_argument("--data-dir", help=data_dir_help)
    common = _Parser(add_help=False)
    common.add_argument("--data-dir", dest="sub_data_dir", metavar="DATA_DIR", help=data_dir_help)
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help=t("serve the app to a browser"), parents=[common])
    serve.add_argument("--lan", action="store_true",
                       help=t("let the phones at the table join (on this machine's LAN address, with a room code)"))
    serve.add_argument("--host", default=None, help=t("the address to serve on (default: 127.0.0.1, or with "
                                                      "--lan the LAN address a phone can reach)"))
    serve.add_argument("--port", type=int, default=8550)
    serve.add_argument("--no-browser", action="store_true", help=t("do not open a browser"))
    score = commands.add_parser("score", help=t("score a finished table from a JSON file (or - for stdin)"),
                                parents=[common])
    score.add_argument("file")
    score.add_argument("--save", action="store_true", help=t("record the scored play in the history"))
    from companion.cli.history import add_commands

    add_commands(commands, parents=[common])
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``companion`` console script.

    Ctrl+C, or a SIGTERM (a system shutdown), at any moment the server has not taken them over (loading, parsing,
    opening the data folder) or during another command ends it with one line, where Ctrl+C printed a traceback
    that looked like a crash and a SIGTERM ended it without a word. Every write is atomic and the games' logs are
    folded at the next start, so a stop there loses nothing.
    """
    previous = signal.signal(signal.SIGTERM, signal.default_int_handler)  # a shutdown stops it as Ctrl+C does
    serving = True  # until the command is known: nothing has been done yet
    try:
        # The commands speak the locale's language (LC_ALL, LC_MESSAGES, LANG, as gettext reads them); the server
        # does not: each phone reads its own, and a pin here would reach every phone's handlers.
        with use_language(language_from_environment()):
            args = _parser().parse_args(argv)
        serving = args.command in (None, "serve")
        return _run(args)
    except KeyboardInterrupt:
        _forget_interrupt()
        with use_language(language_from_environment()):
            print(t("Stopped. Every game is saved."), flush=True)
        return STOPPED if serving else INTERRUPTED
    finally:  # a second SIGTERM while the exit handlers fold the logs ends the process, as it always did
        signal.signal(signal.SIGTERM, previous)


def _forget_interrupt() -> None:
    # CPython notes a KeyboardInterrupt that leaves code run by exec() (dataclasses and typing build methods so all
    # through the start) and, run as ``python -m companion.cli``, ends the process by SIGINT at exit however it was
    # handled: 1 start in 6 stopped early exited -2 after its goodbye. Running exec() once more clears the note.
    exec("")


def _run(args: argparse.Namespace) -> int:
    if getattr(args, "sub_data_dir", None) is not None:
        args.data_dir = args.sub_data_dir
    from companion.cli.history import COMMANDS, run

    if args.command == "score":
        from companion.cli.score import score_command

        with use_language(language_from_environment()):
            return score_command(args.file, save=args.save, data_dir=args.data_dir)
    if args.command in COMMANDS:
        with use_language(language_from_environment()):
            return run(args)
    from companion.cli.serve import serve

    if args.command == "serve":
        return serve(host=args.host, port=args.port, open_browser=not args.no_browser, data_dir=args.data_dir,
                     lan=args.lan)
    return serve(host="127.0.0.1", port=8550, open_browser=True, data_dir=args.data_dir)
