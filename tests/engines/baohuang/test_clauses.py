"""Every clause of ``baohuang.md`` (BH-01…BH-37), every reading (BH-R01…R10) and
every vector (B1–B20) has a test named after it in this folder (``test_bh07_…``,
``test_bh_r02_…``, ``…_b17``). The test modules are read as text, not imported."""

import re
from pathlib import Path

HERE = Path(__file__).parent


def test_every_clause_reading_and_vector_names_a_test():
    names = []
    for path in sorted(HERE.glob("test_*.py")):
        names += re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M)
    words = {word for name in names for word in name.split("_")}
    clauses = {f"bh{n:02d}" for n in range(1, 38)}
    vectors = {f"b{n}" for n in range(1, 21)}
    missing = sorted(clauses - words) + sorted(vectors - words)
    readings = {f"r{n:02d}" for n in range(1, 11)}
    missing += sorted(r for r in readings if not any(f"bh_{r}_" in name for name in names))
    assert missing == []
