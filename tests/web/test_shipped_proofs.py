"""The suite proves each shipped puzzle once a run (``tests/shipped.py``): while
content loads, a kind's ``prepare`` for data it has seen under the same code is
read back, not worked out again; other data, and no folder, work it out."""

from __future__ import annotations

import pytest

from puzzles.kinds import get_kind
from tests.shipped import _remembered_proofs

DATA = {"size": 5, "black": ["c3"], "white": [], "answer": "c2"}


@pytest.fixture
def counted(monkeypatch):
    kind = get_kind("test.pick")
    calls = []

    def counting(self, data, budget=None):
        calls.append(data)
        return {"worked out": len(calls)}

    monkeypatch.setattr(type(kind), "prepare", counting)
    return kind, calls


def test_the_same_data_is_proved_once(counted, tmp_path, monkeypatch):
    kind, calls = counted
    monkeypatch.setenv("QIPAI_PREPARED_CACHE", str(tmp_path))
    with _remembered_proofs():
        first = kind.prepare(DATA)
    with _remembered_proofs():  # another load, as another test module's
        again = kind.prepare(DATA)
        other = kind.prepare({**DATA, "answer": "d3"})
    assert first == again == {"worked out": 1} and other == {"worked out": 2}
    assert len(calls) == 2 and len(list(tmp_path.glob("*.json"))) == 2
    assert "prepare" not in vars(kind)  # the kind's own prepare once the load is over


def test_without_a_folder_every_load_proves_again(counted, monkeypatch):
    kind, calls = counted
    monkeypatch.delenv("QIPAI_PREPARED_CACHE", raising=False)
    for _ in range(2):
        with _remembered_proofs():
            kind.prepare(DATA)
    assert len(calls) == 2
