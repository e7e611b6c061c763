"""What the engines raise when the rules forbid something, with the reason in
both languages: ``code`` for programs, ``reason`` (``{"zh": ..., "en": ...}``)
for the learner, who reads it in a lesson or beside a refused move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar


class RuleError(ValueError):
    """Each game's own error names its codes and reasons in ``REASONS``."""

    REASONS: ClassVar[Mapping[str, tuple[str, str]]] = {}

    def __init__(self, code: str, detail: str = ""):
        self.code = code
        zh, en = self.REASONS[code]
        self.reason = {"zh": zh, "en": en}
        super().__init__(f"{code}: {en}" + (f" ({detail})" if detail else ""))
