"""The xiangqi engine against pyffish (Fairy-Stockfish's Python binding), the
differential over seeded random games.

At every position of every game: the same set of legal moves, the same answer to
"in check?", and at the end the same verdict (mate or 困毙: pyffish's
``game_result`` says the side to move has lost). Wherever a position stands on the
board for the second time or more, pyffish's ``is_optional_game_end`` (its
repetition rules: perpetual check, AXF chasing) and our ``wxf`` ruling must agree,
and our Chinese default too wherever it rules as WXF does (the two rule sets differ
only on mixed cycles, counted but not compared). The WXF names of every game's
moves are compared with ``get_san_moves``.

The games (``tests/peers/xiangqi_games.py``) start from the opening or sparse
positions, lean towards checks and captures, and shuffle pieces back and forth so
that positions repeat. 400 games in the normal run, 2,000 with ``-m slow``.
"""

from __future__ import annotations

import os

import pytest

from engines.xiangqi import Position, move_text
from engines.xiangqi.notation import parse_wxf, wxf
from engines.xiangqi.repetition import ruling
from tests.engines.xiangqi.vectors import MATES, REPETITIONS
from tests.peers.xiangqi_games import random_game

VARIANT = "xiangqi"

# Rulings where we knowingly differ from pyffish: (seed, ply) -> (pyffish's value,
# our result). Each stays checked: if either engine changes its ruling, the test fails.
KNOWN_RULINGS = {
    # Red's rook shuttles e6-b6 while Black's cannon shuttles d9-g9; the elephant on
    # g6 is guarded by the horse on e7 alone. pyffish rules a perpetual chase of g6
    # (Red loses); we rule an idle repetition (a draw). Two readings of
    # Fairy-Stockfish's chase code (position.cpp, Position::chased) account for it:
    # - e6b6: the moved rook is also tried as a "discovered" attacker, against the
    #   board with its old point e6 occupied, so g6 (attacked from e6 already, along
    #   the same rank) counts as newly attacked; its direct-attack rule excludes
    #   that very line ("only new attacks count");
    # - it takes the horse on e7 for pinned by the facing generals because it is
    #   Black's only piece on the e-file, although Red's elephant on e3 stands
    #   between the generals too; so g6 counts as unguarded.
    # With Black shuffling the advisor onto e9 instead (two black pieces on the
    # file) pyffish rules a draw. We keep our reading: g6 is neither newly attacked
    # nor unguarded.
    (423, 17): (32000, "draw"),
}


def require_pyffish():
    try:
        import pyffish
    except ImportError:
        message = "pyffish is not installed (the dev extra: pip install -e '.[dev]')"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return pyffish


@pytest.fixture(scope="module")
def sf():
    return require_pyffish()


def value_of(result: str, turn: int) -> int:
    """A ruling as pyffish's value for the side to move (+ wins, - loses, 0 draw)."""
    if result == "draw":
        return 0
    return 32000 if result == ("red", "black")[turn] else -32000


def compare_game(sf, seed: int, stats: dict) -> list:
    fen, codes = random_game(seed)
    fen = Position(fen).fen()
    position = Position(fen)
    texts: list[str] = []
    seen: dict[int, int] = {}
    wrong = []
    for ply in range(len(codes) + 1):
        stats["positions"] += 1
        ours = sorted(move_text(m) for m in position.legal_codes())
        theirs = sorted(sf.legal_moves(VARIANT, fen, texts))
        if ours != theirs:
            wrong.append((seed, ply, "legal", sorted(set(ours) ^ set(theirs))))
        check = sf.gives_check(VARIANT, fen, texts)
        if check != position.is_check():
            wrong.append((seed, ply, "check", check))
        stats["checks"] += check
        if not ours:
            if sf.game_result(VARIANT, fen, texts) != -32000:
                wrong.append((seed, ply, "result"))
            stats["checkmates" if check else "stalemates"] += 1
        seen[position.key] = seen.get(position.key, 0) + 1
        if seen[position.key] >= 2:
            ended, value = sf.is_optional_game_end(VARIANT, fen, texts)
            theirs_value = value if ended else None
            mine = ruling(position, "wxf")
            mine_value = None if mine is None else value_of(mine.result, position.turn)
            stats["asked"] += 1
            known = KNOWN_RULINGS.get((seed, ply))
            if known is not None:
                stats["known differences"] += 1
                if known != (theirs_value, mine and mine.result):
                    wrong.append((seed, ply, "known difference changed", theirs_value, mine))
            elif mine_value != theirs_value:
                wrong.append((seed, ply, "wxf ruling", theirs_value, mine, " ".join(texts)))
            if mine is not None:
                stats["rulings"] += 1
                stats[mine.rule] += 1
                chinese = ruling(position)
                if chinese == mine:
                    stats["chinese compared"] += 1
                else:
                    stats["chinese differs"] += 1
        if ply < len(codes):
            position.push(codes[ply])
            texts.append(move_text(codes[ply]))
    # WXF names of the whole game in one call.
    theirs = sf.get_san_moves(VARIANT, fen, texts, False, sf.NOTATION_XIANGQI_WXF)
    replay = Position(fen)
    for text, name in zip(texts, theirs, strict=True):
        stats["names"] += 1
        name = name.strip()
        if parse_wxf(replay, name).text() != text:
            wrong.append((seed, "wxf name read back", text, name))
        if wxf(replay, text) != name:
            # pyffish names a tandem piece by its file unless that is ambiguous;
            # we always write the front/rear form (C-+5 for its C5+5).
            stats["names by file (pyffish) against tandem (ours)"] += 1
            if wxf(replay, text)[1] not in "+-" and not wxf(replay, text)[0].isdigit():
                wrong.append((seed, "wxf name", text, name, wxf(replay, text)))
        replay.play(text)
    return wrong


def run_games(sf, seeds) -> dict:
    from collections import Counter

    stats = Counter()
    wrong = []
    for seed in seeds:
        wrong.extend(compare_game(sf, seed, stats))
    assert not wrong, wrong[:10]
    return stats


CHUNK = 50


@pytest.mark.parametrize("chunk", range(400 // CHUNK))
def test_random_games_agree(sf, chunk):
    stats = run_games(sf, range(chunk * CHUNK, (chunk + 1) * CHUNK))
    assert stats["positions"] > 500


@pytest.mark.slow
def test_two_thousand_random_games_agree(sf):
    stats = run_games(sf, range(2000))
    print("\nxiangqi differential against pyffish, 2,000 games:", dict(sorted(stats.items())))
    assert stats["rulings"] > 500 and stats["checkmates"] > 50 and stats["stalemates"] > 0


def test_the_spec_vectors(sf):
    for fen, depth, winners in MATES.values():
        full = Position(fen).fen()
        if depth == 1:
            for move in winners:
                assert sf.legal_moves(VARIANT, full, [move]) == [], move
    for fen, moves, (result, _rule, _offender) in REPETITIONS.values():
        position = Position(fen)
        position.play_moves(moves)
        ended, value = sf.is_optional_game_end(VARIANT, Position(fen).fen(), moves.split())
        assert ended and value == value_of(result, position.turn)


def test_mixed_cycles_as_pyffish_rules_them(sf):
    """The mixed cases of tests/engines/xiangqi/test_repetition.py, under ``wxf``."""
    cases = [
        ("3k5/9/9/9/9/9/9/2c6/9/R3K4 w", "a1a10 d10d9 a10a3 d9d10 a3a10 d10d9 a10a3 d9d10 a3a10"),
        ("3k5/9/2c1b1N2/4p1N2/9/9/9/9/9/R3K4 w", "a1a8 c8c7 a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8"),
        (  # the move into the cycle counts (GAME_660 of test_repetition)
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "b3b10 b8b6 a1a3 h8h1 i1h1 i10i8 h1i1 i8i10 i1h1 i10i8 h3b3 i8h8 g4g5 a10b10 a3a1 "
            "b6h6 b3b5 d10e9 g1e3 h8b8 e3g1 b8h8 g1e3 h8b8 e3g1 b8h8",
        ),
        (  # a pinned attacker chases (GAME_1917 of test_repetition)
            "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w",
            "h1f2 c5d3 c2c10 d10e9 i4i5 b10b6 g4g5 b6b10 h4e4 b10b6 e4h4 b6b10 h4e4 b10b6 "
            "c10d10 b6b1 d1e2 b1b6 e2d1 b6b1 d1e2 b1b6 e2d1",
        ),
    ]
    for fen, moves in cases:
        position = Position(fen)
        position.play_moves(moves)
        ended, value = sf.is_optional_game_end(VARIANT, Position(fen).fen(), moves.split())
        mine = ruling(position, "wxf")
        assert ended and value == value_of(mine.result, position.turn)
