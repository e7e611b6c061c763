"""Load lessons and puzzles from the text files in the repository.

Layout (``settings.CONTENT_DIR``)::

    themes.toml                      [themes.<slug>] zh = "..." en = "..."
    <game>/puzzles/*.toml            [[puzzles]] one table per puzzle
    <game>/lessons/*.toml            one lesson per file

A puzzle::

    [[puzzles]]
    slug = "go-atari-001"
    kind = "go.capture"
    rating = 600                     # starting difficulty (Glicko-2 scale)
    themes = ["atari"]
    prompt = { zh = "...", en = "..." }
    explanation = { zh = "...", en = "..." }
    data = { ... }                   # whatever the kind validates
    sgf = "sgf/ladder-003.sgf"       # optional: an SGF file (relative to the game's
                                     # puzzles folder) becomes data.sgf; the kind may
                                     # take the prompt from it (its root comment)

A lesson::

    slug = "capture"
    order = 3
    title = { zh = "...", en = "..." }
    summary = { zh = "...", en = "..." }
    themes = ["atari", "edge"]       # the puzzle themes it teaches (slugs of themes.toml;
                                     # [] when it teaches none): practice after the
                                     # lesson starts with library puzzles of these

    [[steps]]
    text = { zh = "...", en = "..." }
    board = { kind = "go.capture", data = { ... } }     # optional static board
    exercise = { kind = "...", prompt = {...}, explanation = {...}, data = {...} }
    # or: exercise = "slug-of-a-library-puzzle"

Loading is idempotent (matched by slug; edits are applied, nothing is
duplicated; a library puzzle the files no longer list leaves the library but is
kept, with the learners' attempts at it) and all-or-nothing: every puzzle goes through its kind's
``prepare`` (which validates it and works out what judging its answers needs,
stored with the puzzle), and the first invalid file stops the load with its
name and the reason, leaving the database as it was.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.db import transaction

from puzzles.games import GAMES_BY_SLUG
from puzzles.kinds import InvalidPuzzle, OutOfBudget, UnknownKind, get_kind
from puzzles.models import Puzzle, Theme, sync_theme_copies
from puzzles.pictures import check_static_board

from .models import Lesson, Step


class ContentError(Exception):
    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


@dataclass
class LoadReport:
    themes: int = 0
    puzzles: int = 0
    retired: int = 0  # library puzzles no longer in the files, taken out of the library
    lessons: int = 0
    steps: int = 0
    files: list[Path] = field(default_factory=list)


def load_content(root: Path) -> LoadReport:
    root = Path(root)
    if not root.is_dir():
        raise ContentError(root, "content folder not found")
    report = LoadReport()
    with transaction.atomic():
        themes_file = root / "themes.toml"
        if themes_file.exists():
            report.themes = _load_themes(themes_file)
            report.files.append(themes_file)
        for game_dir in sorted(p for p in root.iterdir() if p.is_dir()):
            if game_dir.name.startswith("."):
                continue
            if game_dir.name not in GAMES_BY_SLUG:
                raise ContentError(game_dir, f"unknown game {game_dir.name!r}")
            library: set[str] = set()
            for path in sorted((game_dir / "puzzles").glob("*.toml")):
                slugs = _load_puzzle_file(path, game_dir.name)
                library |= slugs
                report.puzzles += len(slugs)
                report.files.append(path)
            report.retired += _retire(game_dir.name, library)
            for path in sorted((game_dir / "lessons").glob("*.toml")):
                report.steps += _load_lesson_file(path, game_dir.name)
                report.lessons += 1
                report.files.append(path)
    return report


def _read_toml(path: Path) -> dict[str, Any]:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except tomllib.TOMLDecodeError as error:
        raise ContentError(path, f"not valid TOML: {error}") from None
    except UnicodeDecodeError:
        raise ContentError(path, "not UTF-8 text") from None


def _text(path: Path, table: Mapping[str, Any], key: str, *, required: bool = True):
    value = table.get(key)
    if value is None and not required:
        return "", ""
    if not isinstance(value, Mapping):
        raise ContentError(path, f"{key!r} must be a table with zh and en texts")
    zh, en = value.get("zh"), value.get("en")
    if not isinstance(zh, str) or not zh.strip() or not isinstance(en, str) or not en.strip():
        raise ContentError(path, f"{key!r} needs both a zh and an en text")
    return zh.strip(), en.strip()


def _load_themes(path: Path) -> int:
    themes = _read_toml(path).get("themes", {})
    if not isinstance(themes, Mapping):
        raise ContentError(path, "'themes' must be a table")
    for slug, names in themes.items():
        zh, en = _text(path, {"name": names}, "name")
        Theme.objects.update_or_create(slug=slug, defaults={"name_zh": zh, "name_en": en})
    return len(themes)


def _save_puzzle(
    path: Path, table: Mapping[str, Any], game: str, *, slug: str, is_public: bool
) -> Puzzle:
    kind_name = table.get("kind")
    if not isinstance(kind_name, str):
        raise ContentError(path, f"puzzle {slug!r} has no kind")
    try:
        kind = get_kind(kind_name)
    except UnknownKind as error:
        raise ContentError(path, f"puzzle {slug!r}: {error}") from None
    if kind.game != game:
        raise ContentError(path, f"puzzle {slug!r}: kind {kind_name} is not a {game} kind")
    data = table.get("data", {} if "sgf" in table else None)
    if not isinstance(data, Mapping):
        raise ContentError(path, f"puzzle {slug!r} has no data table")
    if "sgf" in table:
        data = {**data, "sgf": _read_sgf(path, table["sgf"], game)}
    try:
        prepared = kind.prepare(data)
    except InvalidPuzzle as error:
        raise ContentError(path, f"puzzle {slug!r} is invalid: {error}") from None
    except OutOfBudget as error:
        raise ContentError(path, f"puzzle {slug!r} cannot be judged quickly: {error}") from None
    if "prompt" not in table and kind.prompt(data):
        table = {**table, "prompt": kind.prompt(data)}
    prompt_zh, prompt_en = _text(path, table, "prompt")
    explanation_zh, explanation_en = _text(path, table, "explanation", required=False)
    rating = table.get("rating", 1500)
    if not isinstance(rating, int | float) or not 0 < rating < 4000:
        raise ContentError(path, f"puzzle {slug!r}: rating must be a number from 1 to 3999")
    puzzle, created = Puzzle.objects.update_or_create(
        slug=slug,
        defaults={
            "game": game,
            "kind": kind_name,
            "data": dict(data),
            "prepared": prepared,
            "prompt_zh": prompt_zh,
            "prompt_en": prompt_en,
            "explanation_zh": explanation_zh,
            "explanation_en": explanation_en,
            "is_public": is_public,
        },
    )
    if created:
        # The starting difficulty; later rating changes come from play, not files.
        puzzle.rating = float(rating)
        puzzle.save(update_fields=["rating"])
    theme_slugs = table.get("themes", [])
    if not isinstance(theme_slugs, list):
        raise ContentError(path, f"puzzle {slug!r}: themes must be a list")
    themes = list(Theme.objects.filter(slug__in=theme_slugs))
    missing = set(theme_slugs) - {theme.slug for theme in themes}
    if missing:
        raise ContentError(path, f"puzzle {slug!r}: unknown themes {sorted(missing)}")
    puzzle.themes.set(themes)
    return puzzle


def _read_sgf(path: Path, name: Any, game: str) -> str:
    """The text of an SGF file named relative to the game's ``puzzles`` folder."""
    folder = path.parent.parent / "puzzles"
    if not isinstance(name, str) or not name.endswith(".sgf"):
        raise ContentError(path, f"sgf must name an .sgf file, not {name!r}")
    target = (folder / name).resolve()
    if not target.is_relative_to(folder.resolve()):
        raise ContentError(path, f"{name}: outside the {game} puzzles folder")
    try:
        return target.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ContentError(path, f"{name}: no such file") from None
    except UnicodeDecodeError:
        raise ContentError(path, f"{name}: not UTF-8 text") from None


def _retire(game: str, library: set[str]) -> int:
    """Take the game's library puzzles that the files no longer list out of the library.

    They are kept, not deleted: learners' attempts at them stay in their history.
    Teachers' puzzles are not the files' to retire.
    """
    gone = Puzzle.objects.filter(game=game, author__isnull=True, is_public=True).exclude(
        slug__in=library
    )
    ids = list(gone.values_list("pk", flat=True))
    if ids:
        Puzzle.objects.filter(pk__in=ids).update(is_public=False)
        sync_theme_copies(ids)
    return len(ids)


def _load_puzzle_file(path: Path, game: str) -> set[str]:
    tables = _read_toml(path).get("puzzles")
    if not isinstance(tables, list) or not tables:
        raise ContentError(path, "no [[puzzles]] tables")
    seen = set()
    for table in tables:
        slug = table.get("slug")
        if not isinstance(slug, str) or not slug:
            raise ContentError(path, "a puzzle has no slug")
        if slug in seen:
            raise ContentError(path, f"puzzle slug {slug!r} appears twice")
        seen.add(slug)
        _save_puzzle(path, table, game, slug=slug, is_public=True)
    return seen


def _load_lesson_file(path: Path, game: str) -> int:
    table = _read_toml(path)
    slug = table.get("slug") or path.stem
    order = table.get("order", 0)
    if not isinstance(order, int):
        raise ContentError(path, "order must be a whole number")
    title_zh, title_en = _text(path, table, "title")
    summary_zh, summary_en = _text(path, table, "summary", required=False)
    themes = _lesson_themes(path, table.get("themes"))
    lesson, _ = Lesson.objects.update_or_create(
        game=game,
        slug=slug,
        defaults={
            "order": order,
            "title_zh": title_zh,
            "title_en": title_en,
            "summary_zh": summary_zh,
            "summary_en": summary_en,
        },
    )
    lesson.themes.set(themes)
    steps = table.get("steps")
    if not isinstance(steps, list) or not steps:
        raise ContentError(path, "a lesson needs at least one [[steps]] table")
    for number, step in enumerate(steps, start=1):
        text_zh, text_en = _text(path, step, "text")
        board = step.get("board")
        if board is not None:
            board = _check_board(path, number, board, game)
        exercise = _exercise(path, step.get("exercise"), game, f"{game}-{slug}-{number}")
        Step.objects.update_or_create(
            lesson=lesson,
            order=number,
            defaults={"text_zh": text_zh, "text_en": text_en, "board": board, "exercise": exercise},
        )
    lesson.steps.filter(order__gt=len(steps)).delete()
    return len(steps)


def _lesson_themes(path: Path, slugs: Any) -> list[Theme]:
    """The themes a lesson names (none if it names none: every shipped lesson does)."""
    if slugs is None:
        return []
    if not isinstance(slugs, list) or not all(isinstance(slug, str) for slug in slugs):
        raise ContentError(path, "themes must be a list of theme slugs")
    themes = list(Theme.objects.filter(slug__in=slugs))
    missing = set(slugs) - {theme.slug for theme in themes}
    if missing:
        raise ContentError(path, f"unknown themes {sorted(missing)}")
    return themes


def _check_board(path: Path, number: int, board: Any, game: str) -> dict[str, Any]:
    if not isinstance(board, Mapping) or not isinstance(board.get("data"), Mapping):
        raise ContentError(path, f"step {number}: board needs a kind and a data table")
    name = str(board.get("kind"))
    try:
        check_static_board(name, board["data"], game)
    except (UnknownKind, InvalidPuzzle) as error:
        raise ContentError(path, f"step {number}: board is invalid: {error}") from None
    return {"kind": name, "data": dict(board["data"])}


def _exercise(path: Path, value: Any, game: str, slug: str) -> Puzzle | None:
    if value is None:
        return None
    if isinstance(value, str):
        puzzle = Puzzle.objects.filter(slug=value, game=game).first()
        if puzzle is None:
            raise ContentError(path, f"exercise {value!r} is not a {game} puzzle")
        return puzzle
    if isinstance(value, Mapping):
        return _save_puzzle(path, value, game, slug=slug, is_public=False)
    raise ContentError(path, "exercise must be a puzzle slug or an inline puzzle table")
