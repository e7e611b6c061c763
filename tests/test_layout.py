"""The layout that lets a game arrive without touching central code, kept so.

- Only a game's own package (``puzzles/games/<game>/``) reaches into the engines;
  the rest of the site may use the pieces every game shares and nothing else.
- The engines are libraries: no Django, no web app.
- No central module or template names a game: they read the registry
  (``puzzles.games``).
- The apps stand in layers and import only downwards.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from puzzles.games import GAMES

ROOT = Path(__file__).resolve().parents[1]
# Lowest first: an app may import the ones before it, never one after it.
APPS = ("accounts", "puzzles", "tutorials", "classrooms", "me")
# The project: settings and the shared input checks (config.inputs) every app
# may use, and the URLs and servers that put the apps together, which none may.
PROJECT = "config"
PROJECT_TOP = ("config.urls", "config.wsgi", "config.asgi")
LAYERS = (*APPS, PROJECT)
GAME_PACKAGES = ROOT / "puzzles" / "games"
# Engine modules that are not a game's rules, shared by the drawing layer and
# the kinds' toolkit: the work budget of a search, card notation, and the
# trick-taking core (an order of cards, point cards) the card kinds share.
SHARED_ENGINES = {"engines.budget", "engines.cards", "engines.tricks"}
GAME_SLUGS = [game.slug for game in GAMES]
NAMES_A_GAME = re.compile(rf"^({'|'.join(GAME_SLUGS)})([.\-_/:]|$)")
TEMPLATE_NAMES_A_GAME = re.compile(rf"""["']({"|".join(GAME_SLUGS)})["'.\-_/]""")


def python_files(*folders: str) -> list[Path]:
    found = []
    for folder in folders:
        for path in sorted((ROOT / folder).rglob("*.py")):
            if "migrations" not in path.parts:
                found.append(path)
    return found


def imported(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (anywhere in it), absolute names."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    package = path.relative_to(ROOT).with_suffix("").parts[:-1]
    names = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, node.module] if node.module else base)
            else:
                module = node.module or ""
            names.append((node.lineno, module))
            names.extend((node.lineno, f"{module}.{alias.name}") for alias in node.names)
    return names


def where(path: Path, line: int) -> str:
    return f"{path.relative_to(ROOT)}:{line}"


def in_game_package(path: Path) -> bool:
    return path.is_relative_to(GAME_PACKAGES) and path.parent != GAME_PACKAGES


def test_only_game_packages_import_the_engines():
    wrong = [
        f"{where(path, line)} imports {name}"
        for path in python_files(*LAYERS)
        if not in_game_package(path)
        for line, name in imported(path)
        if name.split(".")[0] == "engines"
        and name != "engines"
        and not any(name == s or name.startswith(s + ".") for s in SHARED_ENGINES)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_engines_import_no_django_and_no_app():
    web = {"django", *LAYERS}
    wrong = [
        f"{where(path, line)} imports {name}"
        for path in python_files("engines")
        for line, name in imported(path)
        if name.split(".")[0] in web
    ]
    assert not wrong, "\n".join(wrong)


def strings(path: Path):
    """The string constants of a module that are not docstrings, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    for node in ast.walk(tree):
        is_text = isinstance(node, ast.Constant) and isinstance(node.value, str)
        if is_text and id(node) not in docstrings:
            yield node.lineno, node.value


def test_no_central_module_names_a_game():
    registry = GAME_PACKAGES / "__init__.py"
    wrong = [
        f"{where(path, line)}: {text!r}"
        for path in python_files(*LAYERS)
        if not in_game_package(path) and path != registry
        for line, text in strings(path)
        if NAMES_A_GAME.match(text)
    ]
    assert not wrong, "\n".join(wrong)


def test_no_template_names_a_game():
    wrong = [
        f"{path.relative_to(ROOT)}:{number}: {line.strip()[:80]}"
        for path in sorted((ROOT / "templates").rglob("*.html"))
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if TEMPLATE_NAMES_A_GAME.search(line)
    ]
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("app", APPS)
def test_an_app_imports_only_the_apps_below_it(app):
    above = set(APPS[APPS.index(app) + 1 :])
    wrong = [
        f"{where(path, line)} imports {name}"
        for path in python_files(app)
        for line, name in imported(path)
        if name.split(".")[0] in above
        or any(name == top or name.startswith(top + ".") for top in PROJECT_TOP)
    ]
    assert not wrong, "\n".join(wrong)


def test_the_checks_see_what_they_look_for(tmp_path):
    """The scanners find a violation where there is one (a test that cannot fail
    would keep nothing)."""
    sample = ROOT / "puzzles" / "_layout_sample.py"
    sample.write_text('"""go."""\nfrom engines.go import Board\nKIND = "go.capture"\n')
    try:
        assert (2, "engines.go") in imported(sample)
        assert list(strings(sample)) == [(3, "go.capture")]
        assert NAMES_A_GAME.match("go.capture") and NAMES_A_GAME.match("renju")
        assert not NAMES_A_GAME.match("good") and not NAMES_A_GAME.match("going")
        assert TEMPLATE_NAMES_A_GAME.search("{% url 'x' 'go' %}")
        assert not in_game_package(sample)
        assert in_game_package(GAME_PACKAGES / "go" / "kinds.py")
    finally:
        sample.unlink()


def test_a_game_is_taught_once_its_package_exists():
    """Teaching a game is adding its package: the registry needs no edit."""
    packages = {p.name for p in GAME_PACKAGES.iterdir() if (p / "__init__.py").exists()}
    assert {game.slug for game in GAMES if game.taught} == packages
    for game in GAMES:
        kinds = game.part("kinds")
        assert (kinds is not None) == game.taught, game.slug


def test_no_test_module_imports_another():
    """What tests share lives in tests/helpers.py and its like, not in a test module."""
    wrong = [
        f"{where(path, line)} imports {name}"
        for path in python_files("tests")
        for line, name in imported(path)
        if name.startswith("tests.") and any(p.startswith("test_") for p in name.split("."))
    ]
    assert not wrong, "\n".join(wrong)
