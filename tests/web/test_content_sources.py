"""Learner-visible text names its sources as players know them.

The rules come from documents the project calls seeds (000, 001...). Learners have
never heard of those: a lesson, a puzzle, a page, a translation, a rule set's name or
an engine's reason says 大连规则, 联众规则, 温莎小镇法 or 竞赛规则, never "seed" or "种子".
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest
from django.conf import settings

from engines.dagunzi import REASONS as DAGUNZI_PLAY
from engines.dagunzi.declare import REASONS as DAGUNZI_DECLARE
from engines.dagunzi.game import TRIBUTE_REASONS
from engines.dagunzi.kitty import REASONS as DAGUNZI_KITTY
from engines.dagunzi.rules import VARIANTS
from engines.go import REASONS as GO
from engines.renju import REASONS as RENJU

SEED = re.compile(r"种子|\bseeds?\b", re.IGNORECASE)
ROOT = Path(settings.BASE_DIR)
CONTENT = Path(settings.CONTENT_DIR)


def strings(value):
    """Every string in a TOML value (or a reason's pair of texts), however deep."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def content_texts():
    for path in sorted(CONTENT.rglob("*.toml")):
        for text in strings(tomllib.loads(path.read_text(encoding="utf-8"))):
            yield path.relative_to(ROOT), text
    for path in sorted(CONTENT.rglob("*.sgf")):
        yield path.relative_to(ROOT), path.read_text(encoding="utf-8")


def page_texts():
    for path in sorted((ROOT / "templates").rglob("*.html")):
        yield path.relative_to(ROOT), path.read_text(encoding="utf-8")
    for path in sorted((ROOT / "locale").rglob("*.po")):
        # The messages themselves, not the translators' comments and references.
        lines = path.read_text(encoding="utf-8").splitlines()
        yield path.relative_to(ROOT), "\n".join(x for x in lines if not x.startswith("#"))


def engine_texts():
    for rules in VARIANTS.values():
        yield f"rule set {rules.name}", f"{rules.title_zh} {rules.title_en}"
    tables = {
        "go": GO,
        "renju": RENJU,
        "dagunzi": DAGUNZI_PLAY,
        "dagunzi.declare": DAGUNZI_DECLARE,
        "dagunzi.kitty": DAGUNZI_KITTY,
        "dagunzi.game": TRIBUTE_REASONS,
    }
    for name, table in tables.items():
        for code, words in table.items():
            yield f"{name} reason {code}", " ".join(strings(words))


@pytest.mark.parametrize("texts", [content_texts, page_texts, engine_texts])
def test_no_learner_visible_text_names_a_seed(texts):
    found = [f"{where}: {hit.group()}" for where, text in texts() if (hit := SEED.search(text))]
    assert found == []
