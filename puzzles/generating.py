"""What the games' puzzle generators share: a puzzle written as a ``[[puzzles]]``
table of the content files (``tutorials/content.py`` reads them back)."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any


def toml_value(value: Any) -> str:
    """A string, number or boolean as TOML writes it (JSON's forms are TOML's)."""
    return json.dumps(value, ensure_ascii=False)


def puzzle_table(
    slug: str,
    kind: str,
    rating: float,
    themes: Iterable[str],
    prompt: tuple[str, str],
    explanation: tuple[str, str],
    data: Mapping[str, Any],
) -> str:
    """One puzzle; ``prompt`` and ``explanation`` are (Chinese, English)."""
    lines = [
        "[[puzzles]]",
        f"slug = {toml_value(slug)}",
        f"kind = {toml_value(kind)}",
        f"rating = {int(rating)}",
        f"themes = [{', '.join(toml_value(t) for t in themes)}]",
        f"prompt = {{ zh = {toml_value(prompt[0])}, en = {toml_value(prompt[1])} }}",
        f"explanation = {{ zh = {toml_value(explanation[0])}, en = {toml_value(explanation[1])} }}",
    ]
    lines += [f"data.{name} = {toml_value(value)}" for name, value in data.items()]
    return "\n".join(lines) + "\n"
