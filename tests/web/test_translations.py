"""The zh_Hans and en catalogues are complete, current and compiled."""

import ast
import gettext
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ["zh_Hans", "en"]
SOURCES = ["accounts", "puzzles", "tutorials", "classrooms", "config", "engines", "templates"]


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def read_po(path: Path) -> list[Entry]:
    """A small reader for the subset of the PO format that makemessages writes."""
    entries: list[Entry] = []
    entry = Entry()
    target: tuple[str, int | None] | None = None

    def finish():
        nonlocal entry
        if target is not None or entry.flags:
            entries.append(entry)
        entry = Entry()

    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if not line:
            if target is not None:
                finish()
                target = None
            continue
        if line.startswith("#,"):
            if target is not None:
                finish()
                target = None
            entry.flags |= {flag.strip() for flag in line[2:].split(",")}
            continue
        if line.startswith("#"):
            continue
        keyword, _, rest = line.partition(" ")
        if keyword.startswith('"'):
            value = ast.literal_eval(line)
        else:
            value = ast.literal_eval(rest)
            if keyword == "msgctxt":
                if target is not None and target[0] != "msgctxt":
                    finish()
                target = ("msgctxt", None)
                entry.msgctxt = ""
            elif keyword == "msgid":
                if target is not None and target[0] not in ("msgctxt",):
                    finish()
                target = ("msgid", None)
            elif keyword == "msgid_plural":
                target = ("msgid_plural", None)
                entry.msgid_plural = ""
            elif keyword.startswith("msgstr"):
                index = int(keyword[7:-1]) if "[" in keyword else 0
                target = ("msgstr", index)
                entry.msgstr.setdefault(index, "")
            else:
                raise AssertionError(f"{path}: cannot read line {raw!r}")
        name, index = target
        if name == "msgstr":
            entry.msgstr[index] += value
        elif name == "msgctxt":
            entry.msgctxt += value
        elif name == "msgid_plural":
            entry.msgid_plural += value
        else:
            entry.msgid += value
    if target is not None:
        finish()
    return entries


def catalogue(locale: str, root: Path = ROOT) -> list[Entry]:
    return read_po(root / "locale" / locale / "LC_MESSAGES" / "django.po")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_message_is_translated_and_none_is_fuzzy(locale):
    entries = catalogue(locale)
    header = [e for e in entries if e.msgid == "" and e.msgctxt is None]
    assert header and "fuzzy" not in header[0].flags, "the catalogue header is fuzzy"
    messages = [e for e in entries if e.msgid and not e.obsolete]
    assert len(messages) > 50
    fuzzy = [e.msgid for e in messages if "fuzzy" in e.flags]
    untranslated = [
        e.msgid for e in messages if not e.msgstr or any(not s for s in e.msgstr.values())
    ]
    assert not fuzzy, f"fuzzy in {locale}: {fuzzy}"
    assert not untranslated, f"untranslated in {locale}: {untranslated}"


def test_chinese_catalogue_is_really_chinese():
    messages = [e for e in catalogue("zh_Hans") if e.msgid and not e.obsolete]

    def chinese(text: str) -> bool:
        """Chinese characters, or only Chinese punctuation (the full-width "：")."""
        if any("\u4e00" <= ch <= "\u9fff" for ch in text):
            return True
        return bool(text) and all(
            "\u3000" <= ch <= "\u303f" or "\uff00" <= ch <= "\uffef" for ch in text
        )

    copied = [e.msgid for e in messages if not any(chinese(s) for s in e.msgstr.values())]
    assert not copied, f"zh_Hans messages with no Chinese in them: {copied}"


@pytest.mark.parametrize("locale", LOCALES)
def test_compiled_catalogue_matches_the_po_file(locale):
    mo = ROOT / "locale" / locale / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as handle:
        compiled = gettext.GNUTranslations(handle)
    for entry in catalogue(locale):
        if not entry.msgid or entry.obsolete:
            continue
        key = entry.msgid if entry.msgctxt is None else f"{entry.msgctxt}\x04{entry.msgid}"
        if entry.msgid_plural is None:
            assert compiled._catalog.get(key) == entry.msgstr[0], (
                f"{locale} .mo is stale for {entry.msgid!r}: run compilemessages"
            )
        else:
            for index, text in entry.msgstr.items():
                assert compiled._catalog.get((key, index)) == text, (
                    f"{locale} .mo is stale for {entry.msgid!r}: run compilemessages"
                )


def test_catalogues_hold_every_message_of_the_code(tmp_path):
    """makemessages on the current code finds no message missing from the catalogues."""
    if shutil.which("xgettext") is None:
        pytest.fail("gettext is needed to check the catalogues: apt-get install gettext")
    for name in [*SOURCES, "locale"]:
        shutil.copytree(ROOT / name, tmp_path / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "manage.py", tmp_path / "manage.py")
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "--no-obsolete", "-v0"]
        + [arg for locale in LOCALES for arg in ("-l", locale)],
        cwd=tmp_path,
        check=True,
    )
    for locale in LOCALES:
        fresh = {(e.msgctxt, e.msgid) for e in catalogue(locale, tmp_path) if e.msgid}
        ours = {(e.msgctxt, e.msgid) for e in catalogue(locale) if e.msgid and not e.obsolete}
        assert not fresh - ours, f"{locale} lacks messages, run makemessages: {fresh - ours}"
        assert not ours - fresh, f"{locale} has stale messages: {ours - fresh}"


GETTEXT_NAMES = {"_", "gettext", "gettext_lazy", "ngettext", "ngettext_lazy", "pgettext"}


def _gettext_calls(node):
    for inner in ast.walk(node):
        if (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Name)
            and inner.func.id in GETTEXT_NAMES
        ):
            yield inner


def test_no_translation_hides_where_makemessages_cannot_see_it():
    """xgettext reads neither a call inside an f-string nor an f-string as a message.

    Such a string never reaches the catalogue, so the pages show it in English
    whatever the language (it happened once: "The dealer buried").
    """
    hidden = []
    for source in SOURCES:
        for path in sorted((ROOT / source).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for node in ast.walk(tree):
                if isinstance(node, ast.JoinedStr):
                    hidden += [(path, call.lineno) for call in _gettext_calls(node)]
                elif (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Name)
                    and node.func.id in GETTEXT_NAMES
                    and node.args
                    and isinstance(node.args[0], ast.JoinedStr)
                ):
                    hidden.append((path, node.lineno))
    found = [f"{path.relative_to(ROOT)}:{line}" for path, line in sorted(set(hidden))]
    assert not found, "gettext where makemessages cannot see it: " + ", ".join(found)
