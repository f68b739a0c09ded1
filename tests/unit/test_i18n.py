"""The message catalogs (issue 13): every message in the code is translated into Italian and Traditional Chinese
with the same {placeholders}, plurals follow each language, the Chinese font covers the catalog, and the language
is chosen per phone and by the CLI's locale."""

from __future__ import annotations

import ast
import contextvars
import importlib.util
import re
import string
import threading
from pathlib import Path
from types import SimpleNamespace

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po
from fontTools.ttLib import TTFont

from companion import i18n
from companion.cli import main
from companion.i18n import EXTRACT_KEYWORDS, FISH_NAME, t, tn, use_language
from companion.resources import assets_path, data_path
from companion.rules.catalog import load_catalog
from companion.rules.sources import cited
from companion.views import language as phone_language
from companion.views import theme
from tests.support.components import Phone

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("it", "zh_Hant")


def _extracted() -> dict[tuple[str | None, str | tuple[str, str]], str]:
    """Every message (context, id) in the code, data/rulesets and the Fish names, as ``pybabel extract`` finds it
    with babel.cfg."""
    with (ROOT / "babel.cfg").open(encoding="utf-8") as cfg:
        method_map, options_map = parse_mapping_cfg(cfg)
    found: dict[tuple[str | None, str | tuple[str, str]], str] = {}
    for filename, lineno, message, _comments, context in extract_from_dir(
            str(ROOT), method_map, options_map, keywords=EXTRACT_KEYWORDS):
        if filename.startswith(("companion", "data")):
            found.setdefault((context, message), f"{filename}:{lineno}")
    return found


MESSAGES = _extracted()


def _catalog(language: str) -> dict:
    with data_path("locale", language, "LC_MESSAGES", "messages.po").open("rb") as po:
        catalog = read_po(po, locale=language)
    return {(m.context, m.id): m for m in catalog if m.id}


def _fields(text: str) -> list[tuple[str, str, str | None]]:
    """The ``{placeholders}`` of a format string, with their format spec and conversion, sorted."""
    return sorted((name, spec or "", conv) for _, name, spec, conv in string.Formatter().parse(text)
                  if name is not None)


def test_the_code_has_its_messages_and_plurals() -> None:
    """The extraction itself works: the ≈600 messages, the ruleset names from data/rulesets, and tn() plurals."""
    ids = {message for context, message in MESSAGES if context is None}
    assert len(ids) > 550
    assert "Three shops" in ids and "Payday $4" in ids  # from data/rulesets/*.json
    assert ("Fishbucks ${bucks}: {n} point", "Fishbucks ${bucks}: {n} points") in ids
    assert "Monday" in ids and "Tackle dice" in ids  # N_ markers on constants
    assert sum(1 for context, _ in MESSAGES if context == FISH_NAME) == len(load_catalog().fish_list)


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_message_is_translated_with_the_same_placeholders(language: str) -> None:
    catalog = _catalog(language)
    problems = []
    for (context, message), where in MESSAGES.items():
        entry = catalog.get((context, message))
        if entry is None:
            problems.append(f"missing: {message!r} ({where})")
            continue
        forms = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(forms):
            problems.append(f"untranslated{' (fuzzy)' if entry.fuzzy else ''}: {message!r} ({where})")
            continue
        english = message[-1] if isinstance(message, tuple) else message
        problems += [f"placeholders differ: {message!r} -> {form!r}" for form in forms
                     if _fields(form) != _fields(english)]
    assert not problems, f"{len(problems)} problems in {language}:\n" + "\n".join(problems[:40])


# A source as the engine and the rulesets cite it ("A p.17", "B (seed 002)", "docs/rules.md §9"): a player reads
# "Angler's Guide p.17" instead (rules.sources.cited), so no message a screen shows may hold one.
LETTER_CITE = re.compile(r"(?<![\w'’])[ABCDES](?:\s*pp?\.\s*\d| \(seed)|\bseeds? \d{3}\b|rules\.md")


def test_no_message_a_player_sees_holds_a_letter_cite() -> None:
    """Issue 48 W8: "Cycle the Market for $1 (A p.17)" and 37 Italian, 18 Chinese entries like it reached players,
    while refusals said "Angler's Guide p.9": the code's messages and both catalogs' translations name none."""
    english = [text for _context, message in MESSAGES
               for text in (message if isinstance(message, tuple) else (message,))]
    translated = [form for language in TRANSLATED for entry in _catalog(language).values()
                  for form in (entry.string if isinstance(entry.string, tuple) else (entry.string,))]
    cites = [text for text in (*english, *translated) if LETTER_CITE.search(text)]
    assert not cites, f"{len(cites)} messages cite a source by letter:\n" + "\n".join(cites[:20])
    with use_language("it"):
        assert cited(t("Cycle the Market for $1"), "A p.17") == "Rinnova il Mercato per $1 (Angler's Guide p. 17)"


def test_a_message_without_translation_stays_english() -> None:
    with use_language("it"):
        assert t("No such message in any catalog {x}", x=1) == "No such message in any catalog 1"


@pytest.mark.parametrize(("language", "one", "two"), [
    ("en", "Fishbucks $2: 1 point", "Fishbucks $4: 2 points"),
    ("it", "Dollari $2: 1 punto", "Dollari $4: 2 punti"),
    ("zh_Hant", "錢 $2：1 分", "錢 $4：2 分"),
])
def test_plurals_follow_each_language(language: str, one: str, two: str) -> None:
    """docs/rules.md §7: $2 = 1 point; the line reads "1 point", "2 points" (it was "1 points")."""
    with use_language(language):
        singular = tn("Fishbucks ${bucks}: {n} point", "Fishbucks ${bucks}: {n} points", 1, bucks=2)
        plural = tn("Fishbucks ${bucks}: {n} point", "Fishbucks ${bucks}: {n} points", 2, bucks=4)
    assert (singular, plural) == (one, two)


def test_game_terms_are_the_seeds_own() -> None:
    """B (seed 002) and C (seed 004) name Regret, Madness, Dink and Lifeboat so."""
    terms = ("Madness", "Dink", "Lifeboat: ready")
    with use_language("it"):
        italian = [tn("Regret card", "Regret cards", 2), *(t(m) for m in terms)]
    with use_language("zh_Hant"):
        chinese = [tn("Regret card", "Regret cards", 2), *(t(m) for m in terms)]
    assert italian == ["Carte Rimorso", "Follia", "Ciarpame", "Scialuppa: pronta"]
    assert chinese == ["悔恨卡", "瘋狂", "魚仔", "救生艇：可用"]


@pytest.mark.parametrize(("language", "typed", "found"), [
    ("it", "pesce spa", "Swordfish"), ("zh_Hant", "翻車", "Sunfish"), ("zh_Hant", "Sunf", "Sunfish"),
    ("en", "Coela", "Coelacanth"),
])
def test_fish_keep_their_printed_names_but_are_found_in_any_language(language: str, typed: str,
                                                                   found: str) -> None:
    with use_language(language):
        names = [f.name for f in load_catalog().search(typed)]
    assert names[:1] == [found]


def test_a_fish_name_in_another_language_is_not_found_in_english() -> None:
    assert load_catalog().search("翻車") == []


# --- the Chinese font ----------------------------------------------------------------------------------------

def _build_font_module():
    spec = importlib.util.spec_from_file_location("build_font", ROOT / "scripts" / "build_font.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_bundled_font_covers_every_character_of_the_chinese_catalog() -> None:
    font_file = assets_path(theme.CJK_FONT_FILE)
    cmap = TTFont(font_file, lazy=True).getBestCmap()
    characters = _build_font_module().catalog_characters(data_path("locale", "zh_Hant", "LC_MESSAGES",
                                                                   "messages.po"))
    missing = sorted(c for c in characters if ord(c) not in cmap and not c.isspace())
    assert not missing, f"not in {font_file.name} (run scripts/build_font.py): {''.join(missing)}"
    assert (font_file.parent / "OFL.txt").read_text(encoding="utf-8").startswith("Copyright")


def test_the_bundled_font_draws_the_names_people_type() -> None:
    """Issue 26, bug 2: "李美玲" read "李美⌧"; the 29 given-name characters found missing, and every one of Big5's
    level-1 "frequently used" characters (A440-C67E, enumerated here by Python's codec), are in the font."""
    cmap = TTFont(assets_path(theme.CJK_FONT_FILE), lazy=True).getBestCmap()
    missing_names = [c for c in "玲婷怡欣雅慧芳淑惠君珮瑜萱涵庭偉俊傑宏豪秀麗玉珍靜雯琪嘉穎李美" if ord(c) not in cmap]
    assert not missing_names
    level1 = []
    for code in range(0xA440, 0xC67F):
        try:
            level1.append(code.to_bytes(2, "big").decode("big5"))
        except UnicodeDecodeError:  # the unused trail bytes 7F-A0
            continue
    assert len(level1) == 5401
    assert [c for c in level1 if ord(c) not in cmap] == []


def test_the_bundled_font_draws_simplified_and_japanese_names_too() -> None:
    """Issue 37 item 1: the font is every phone's fallback for a name typed in any CJK script: GB 2312's level-1
    Hanzi (B0A1-D7F9, 3,755, enumerated by Python's codec), and kana."""
    cmap = TTFont(assets_path(theme.CJK_FONT_FILE), lazy=True).getBestCmap()
    level1 = [bytes([lead, trail]).decode("gb2312") for lead in range(0xB0, 0xD8) for trail in range(0xA1, 0xFF)
              if (lead, trail) <= (0xD7, 0xF9)]
    assert len(level1) == 3755
    assert [c for c in level1 + list("陈志豪张伟王芳さくらサクラ") if ord(c) not in cmap] == []


def test_the_font_is_registered_for_chinese_only() -> None:
    pages = {code: SimpleNamespace(fonts=None) for code in ("en", "it", "zh_Hant")}
    for code, page in pages.items():
        theme.apply_theme(page, "dark", code)
    assert pages["en"].fonts is None and pages["it"].fonts is None
    assert pages["it"].theme.font_family is None
    assert pages["zh_Hant"].fonts == {theme.CJK_FONT: theme.CJK_FONT_FILE}
    assert pages["zh_Hant"].theme.font_family == pages["zh_Hant"].dark_theme.font_family == theme.CJK_FONT


# --- per phone --------------------------------------------------------------------------------------------------

class _Session:
    """Weakly referable, as Flet's sessions are."""


class FakePage:
    """A Flet page as far as the language needs one: weakly referable, given the language its browser asks for
    (``accept_language``) as the app does when the tab opens."""

    def __init__(self, accept_language: str | None) -> None:
        self.session = _Session()
        phone_language.install(self, accept_language)  # type: ignore[arg-type]


@pytest.fixture
def session_languages():
    i18n.set_language_resolver(phone_language.session_language)
    yield
    i18n.set_language_resolver(None)


@pytest.mark.parametrize(("header", "expected"), [
    ("it-IT,it;q=0.9,en;q=0.8", "it"), ("zh-TW,zh;q=0.9", "zh_Hant"), ("zh-HK", "zh_Hant"),
    ("fr-FR,fr;q=0.9", None), ("en-US,it;q=0.5", "en"), (None, None),
])
def test_the_browser_language_comes_from_accept_language(header: str | None, expected: str | None) -> None:
    assert phone_language.browser_language(header) == expected


def test_two_phones_read_two_languages_at_once(session_languages: None) -> None:
    """Flet binds each session's page to the context of every handler it runs (its threads included); two
    handlers running at the same time on two phones translate each into its own phone's language."""
    italian, chinese = Phone(), Phone()
    phone_language.choose(italian.page, "it")
    phone_language.choose(chinese.page, "zh_Hant")
    both_started = threading.Barrier(2)
    seen: dict[str, list[str]] = {}

    def handler(name: str) -> None:
        both_started.wait()
        seen[name] = [t("Madness") for _ in range(200)]

    # What each phone's handler runs in: the context its page is bound to, carried into the handler's thread.
    contexts = {name: phone.call(contextvars.copy_context) for name, phone in (("it", italian), ("zh", chinese))}
    threads = [threading.Thread(target=contexts[name].run, args=(handler, name)) for name in ("it", "zh")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    italian.close()
    chinese.close()
    assert set(seen["it"]) == {"Follia"} and set(seen["zh"]) == {"瘋狂"}
    assert t("Madness") == "Madness"  # outside any session: English


def test_choosing_a_language_changes_that_phone_only(session_languages: None) -> None:
    first, second = FakePage("it-IT"), FakePage("it-IT")
    phone_language.choose(first, "it")
    phone_language.choose(second, "it")
    phone_language.choose(first, "zh_Hant")
    assert (phone_language.page_language(first), phone_language.page_language(second)) == ("zh_Hant", "it")
    with pytest.raises(ValueError, match="unknown language"):
        phone_language.choose(first, "fr")
    assert phone_language.page_language(first) == "zh_Hant"


# --- the CLI ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "it_IT.UTF-8"}, "JSON non valido"),
    ({"LANG": "zh_TW.UTF-8"}, "不是有效的 JSON"),
    ({"LANG": "it_IT.UTF-8", "LC_ALL": "zh_TW.UTF-8"}, "不是有效的 JSON"),  # LC_ALL wins, as in gettext
    ({"LANG": "C.UTF-8"}, "not valid JSON"),
])
def test_companion_score_speaks_the_locale(env: dict[str, str], expected: str, tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    broken = tmp_path / "table.json"
    broken.write_text("{", encoding="utf-8")
    assert main(["score", str(broken)]) == 2
    assert expected in capsys.readouterr().err
    assert t("Madness") == "Madness"  # the command's language ends with the command


# --- messages kept in constants ---------------------------------------------------------------------------------

# t(<expression>) calls whose values extraction finds another way: ruleset and variant names and descriptions
# (data/rulesets, extract_rulesets), phase titles (N_ in rules/phases.py), team roles (t("Angler") etc.),
# the survey's tackle-die unlocks (Blue, Green, Orange: the die kinds' N_ names), and labels and messages unpacked
# from tuples holding N_ messages (CATEGORIES, SCORERS, phases.OUT_OF_PHASE).
FROM_DATA = {"p.name", "p.description", "v.name", "v.description", "m.role", "where.title",
             "where[0].title", "self.name", "label", "message"}


def _marked(tree: ast.Module, name: str) -> bool:
    """Whether module-level ``name`` is a dict or tuple whose every string is an N_("…") message."""
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(
            node, ast.AnnAssign) else []
        if any(isinstance(target, ast.Name) and target.id == name for target in targets):
            values = node.value.values if isinstance(node.value, ast.Dict) else getattr(node.value, "elts", None)
            return bool(values) and all(isinstance(v, ast.Call) and getattr(v.func, "id", "") == "N_"
                                        for v in values)
    return False


def _imported_from(tree: ast.Module, name: str) -> str | None:
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and any(alias.name == name for alias in node.names):
            return node.module
    return None


def _defining(module: str, name: str) -> ast.Module:
    """The module that defines ``name``, following re-exports (``companion.session`` passes on the store's words)."""
    path = ROOT / module.replace(".", "/")
    tree = ast.parse((path / "__init__.py" if path.is_dir() else path.with_suffix(".py")).read_text(encoding="utf-8"))
    further = _imported_from(tree, name)
    return tree if further is None else _defining(further, name)


def test_every_message_translated_from_a_variable_is_marked_for_extraction() -> None:
    """``t(SHOP_NAMES[s])`` is translated only if each value is written ``N_("…")``: a plain string there is
    never extracted and stays English on every phone (the die colours once did)."""
    unmarked = []
    for path in sorted((ROOT / "companion").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "t" and node.args):
                continue
            argument = node.args[0]
            if isinstance(argument, ast.Constant) or ast.unparse(argument) in FROM_DATA:
                continue
            table = argument.value.id if isinstance(argument, ast.Subscript) and isinstance(
                argument.value, ast.Name) else None
            module = _imported_from(tree, table) if table else None
            where = tree if module is None or table is None else _defining(module, table)
            if table is None or not _marked(where, table):
                unmarked.append(f"{path.relative_to(ROOT)}:{node.lineno}: t({ast.unparse(argument)})")
    assert not unmarked, "\n".join(unmarked)


# --- counts and what a screen reader hears (issue 26) ------------------------------------------------------------

COUNTED = re.compile(r'\bt\(\s*"[^"]*\{(?:n|cards|dice|count)\}\s+(?:Fish|dice|Regret cards?|Dinks?|goals?|pesci)\b')


def test_a_count_of_anglers_things_on_screen_is_a_plural_message() -> None:
    """"1 pesci in mano": a counted noun the screens or the table's steps show goes through ``tn`` (every plural
    form of every language), never ``t``; the catalogs fill each language's plural forms."""
    sources = [*sorted((ROOT / "companion" / "views").rglob("*.py")), ROOT / "companion" / "rules" / "table_steps.py"]
    found = [f"{path.relative_to(ROOT)}: {m.group(0)}" for path in sources
             for m in COUNTED.finditer(path.read_text(encoding="utf-8"))]
    assert not found
    for language, forms in (("it", 3), ("zh_Hant", 1)):
        with data_path("locale", language, "LC_MESSAGES", "messages.po").open("rb") as po:
            catalog = read_po(po)
        assert catalog.num_plurals == forms
        short = [m.id for m in catalog if m.id and isinstance(m.id, tuple) and
                 (len(m.string) != forms or not all(m.string))]
        assert not short, short


def test_what_a_screen_reader_hears_is_in_the_phones_language(tmp_path: Path) -> None:
    """The labels and tooltips of the table, the scorer and the survey progress, on an Italian phone, are never an
    English message the catalog translates otherwise, nor hold an English word it translates ("I small")."""

    from companion.store import open_store
    from companion.views.context import route_to
    from tests.views.tables import context, draw, monday_action
    from tests.views.viewtree import change, tap, walk

    with data_path("locale", "it", "LC_MESSAGES", "messages.po").open("rb") as po:
        italian = {m.id: m.string for m in read_po(po) if isinstance(m.id, str) and m.id and m.string != m.id}
    heard: list[str] = []
    with use_language("it"):
        survey = context(store=open_store(tmp_path), route="/survey")
        change(draw(survey), "survey-new-name", "Halley")
        tap(draw(survey), "survey-create")
        survey.navigate(route_to("/survey/progress", c=survey.params["c"]))
        for ctx in (context(monday_action(), "/table?game={id}"), context(None, "/score"), survey):
            for control in walk(draw(ctx)):
                heard += [v for v in (getattr(control, "label", None), getattr(control, "tooltip", None))
                          if isinstance(v, str)]
    assert heard
    words = {k.casefold() for k, v in italian.items() if k.isalpha() and k.casefold() != str(v).casefold()}
    english = [label for label in heard
               if label in italian or any(w.casefold() in words for w in re.findall(r"[A-Za-z]{3,}", label))]
    assert not english, english
