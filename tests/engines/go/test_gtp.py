"""The GTP front end: commands, replies and errors, in process and as a program."""

from __future__ import annotations

import subprocess
import sys
import types
from pathlib import Path

import pytest

from engines.go import BLACK, WHITE, parse_point
from engines.go.gtp import GtpEngine, preprocess

ROOT = Path(__file__).resolve().parents[3]

REQUIRED = [
    *("protocol_version", "name", "version", "known_command", "list_commands", "quit"),
    *("boardsize", "clear_board", "komi", "play", "undo", "is_legal", "list_stones"),
    *("captures", "final_score", "showboard", "attack", "defend"),
]


def run(script: str, engine: GtpEngine | None = None, **options) -> list[str | None]:
    """Each line of ``script`` through one engine; the replies."""
    engine = engine or GtpEngine(**options)
    return [engine.handle(line) for line in script.strip().splitlines()]


@pytest.fixture
def gtp():
    return GtpEngine(komi=7.5, size=9)


# -- the protocol ------------------------------------------------------------


@pytest.mark.parametrize(
    "command, reply",
    [
        ("protocol_version", "= 2"),
        ("name", "= Qipai Go"),
        ("version", "= 0.1"),
        ("known_command play", "= true"),
        ("known_command attack", "= true"),
        ("known_command genmove", "= false"),
        ("known_command", "? syntax error"),
        ("frobnicate", "? unknown command"),
        ("PLAY b e5", "? unknown command"),  # commands are case sensitive
        ("12 name", "=12 Qipai Go"),
        ("12 play b e5", "=12"),
        ("13 play b z5", "?13 illegal move"),
        ("7 frobnicate", "?7 unknown command"),
        ("name # a comment", "= Qipai Go"),
        ("\tname\x01", "= Qipai Go"),  # tabs are spaces, control characters dropped
        ("  ", None),
        ("# only a comment", None),
        ("5", "?5 syntax error"),
    ],
)
def test_protocol(gtp, command, reply):
    assert gtp.handle(command) == reply


def test_list_commands_names_every_required_command(gtp):
    listed = gtp.handle("list_commands").removeprefix("= ").split("\n")
    assert set(REQUIRED) <= set(listed)
    for name in listed:
        assert gtp.handle(f"known_command {name}") == "= true"


def test_preprocess():
    assert preprocess("play\tb  d4 # x\r\n") == "play b  d4"


# -- board set-up ------------------------------------------------------------


@pytest.mark.parametrize(
    "command, reply",
    [
        ("boardsize 5", "="),
        ("boardsize 19", "="),
        ("boardsize 4", "? unacceptable size"),
        ("boardsize 20", "? unacceptable size"),
        ("boardsize 25", "? unacceptable size"),
        ("boardsize nine", "? syntax error"),
        ("boardsize -9", "? syntax error"),
        ("boardsize", "? syntax error"),
        ("komi 6.5", "="),
        ("komi -3", "="),
        ("komi many", "? syntax error"),
        ("komi nan", "? syntax error"),
        ("komi", "? syntax error"),
    ],
)
def test_setup_commands(gtp, command, reply):
    assert gtp.handle(command) == reply


def test_boardsize_and_clear_board_empty_the_board(gtp):
    run("play b e5\nplay w d5", gtp)
    assert gtp.handle("boardsize 13") == "="
    assert gtp.board.size == 13 and not gtp.board.move_stack
    assert gtp.handle("list_stones black") == "="
    run("play b g7\nplay w a1", gtp)
    assert gtp.handle("clear_board") == "="
    assert gtp.handle("list_stones white") == "=" and gtp.board.size == 13
    assert gtp.handle("undo") == "? cannot undo"


def test_rules_option_chooses_the_superko_flavour():
    assert GtpEngine().board.rules.name == "chinese"
    assert GtpEngine("chinese-positional").board.rules.superko == "positional"
    engine = GtpEngine("chinese-positional")
    engine.handle("clear_board")
    assert engine.board.rules.superko == "positional"


# -- moves -------------------------------------------------------------------

# 5x5: black B3 A2 C2 B1 around the empty B2; white C3 D2 C1 around C2. White's
# capture at B2 takes C2; Black's immediate retake at C2 is the ko.
KO = """
boardsize 5
play b B3
play b A2
play b C2
play b B1
play w C3
play w D2
play w C1
"""


@pytest.mark.parametrize(
    "command, reply",
    [
        ("play b e5", "="),
        ("play black E5", "="),
        ("play W e5", "="),
        ("play b pass", "="),
        ("play w PASS", "="),
        ("play b i5", "? syntax error"),  # no I column
        ("play b e", "? syntax error"),
        ("play b 5e", "? syntax error"),
        ("play x e5", "? syntax error"),
        ("play b", "? syntax error"),
        ("play b e5 e6", "? syntax error"),
        ("play b k5", "? illegal move"),  # off a 9x9 board
        ("play b e10", "? illegal move"),
        ("play b e0", "? syntax error"),
        ("play b e05", "? syntax error"),
    ],
)
def test_play_arguments(gtp, command, reply):
    assert gtp.handle(command) == reply


@pytest.mark.parametrize(
    "setup, command, reply",
    [
        ("play b e5", "play w e5", "? illegal move"),  # occupied
        ("play b e5", "play b e5", "? illegal move"),
        ("play b e5", "play b d5", "="),  # the same colour twice: allowed by GTP
        # suicide: a lone stone in the corner surrounded
        ("play w b1\nplay w a2", "play b a1", "? illegal move"),
        # ... unless it captures
        ("play w b1\nplay w a2\nplay b c1\nplay b b2\nplay b a3", "play b a1", "="),
        # a suicide of several stones
        ("play b a1\nplay w a2\nplay w b2\nplay w c1", "play b b1", "? illegal move"),
    ],
)
def test_play_rules(gtp, setup, command, reply):
    assert all(r == "=" for r in run(setup, gtp))
    assert gtp.handle(command) == reply


def test_ko_through_gtp():
    engine = GtpEngine(size=5)
    assert all(r == "=" for r in run(KO + "play b E5", engine))
    assert run("play w B2\ncaptures white\nlist_stones black", engine) == [
        "=",
        "= 1",
        "= E5 B3 A2 B1",  # top row first
    ]
    # Black to move: the retake would give White the position it had before.
    assert engine.handle("is_legal b C2") == "= 0"
    assert engine.handle("play b C2") == "? illegal move"
    assert engine.handle("play b E4") == "=" and engine.handle("play w E1") == "="
    assert engine.handle("is_legal b C2") == "= 1"  # after a ko threat and answer
    assert engine.handle("play b C2") == "="
    assert engine.handle("captures black") == "= 1"


def test_out_of_turn_ko_retake_situational_vs_positional():
    """White captures the ko out of turn, Black retakes at once.

    The board repeats the one before White's capture, but then Black was to
    move and now White is: the seed's rule (the opponent may not face a position
    it faced before) allows it, positional superko does not. Only GTP's
    out-of-turn moves reach this; GNU Go refuses it under both flags (it always
    applies the simple ko rule too), see tests/peers/test_go_gnugo.py.
    """
    for rules, verdict in (("chinese", "= 1"), ("chinese-positional", "= 0")):
        engine = GtpEngine(rules, size=5)
        run(KO, engine)
        assert engine.handle("play w B2") == "="
        assert engine.handle("is_legal b C2") == verdict, rules


@pytest.mark.parametrize(
    "setup, command, reply",
    [
        ("", "is_legal b e5", "= 1"),
        ("play b e5", "is_legal w e5", "= 0"),
        ("play w b1\nplay w a2", "is_legal b a1", "= 0"),
        ("play w b1\nplay w a2", "is_legal w a1", "= 1"),  # filling one's own eye
        ("", "is_legal b z9", "= 0"),  # off the board
        ("", "is_legal b pass", "= 1"),
        ("", "is_legal b", "? syntax error"),
        ("", "is_legal q e5", "? syntax error"),
    ],
)
def test_is_legal(gtp, setup, command, reply):
    run(setup or "name", gtp)
    assert gtp.handle(command) == reply
    if setup:  # is_legal leaves the board as it was
        assert len(gtp.board.move_stack) == len(setup.splitlines())


def test_undo_restores_stones_and_captures(gtp):
    run("play w b1\nplay w a2\nplay b c1\nplay b b2\nplay b a3\nplay b a1", gtp)
    assert gtp.handle("captures black") == "= 2"
    assert gtp.handle("list_stones white") == "="
    assert gtp.handle("undo") == "="
    assert gtp.handle("captures black") == "= 0"
    assert gtp.handle("list_stones white") == "= A2 B1"
    for _ in range(5):
        assert gtp.handle("undo") == "="
    assert gtp.handle("undo") == "? cannot undo"


def test_moves_after_two_passes(gtp):
    """GTP has no game over: a controller may play on after two passes."""
    run("play b pass\nplay w pass", gtp)
    assert gtp.handle("play b e5") == "="
    assert gtp.handle("is_legal w d5") == "= 1"
    assert gtp.handle("undo") == "=" and gtp.handle("list_stones black") == "="


def test_list_stones_and_captures(gtp):
    run("play b a9\nplay w b9\nplay b j1\nplay w a8", gtp)
    assert gtp.handle("list_stones black") == "= J1"  # A9 was captured
    assert gtp.handle("list_stones white") == "= B9 A8"  # top row first
    assert gtp.handle("list_stones w") == "= B9 A8"
    assert gtp.handle("captures white") == "= 1"
    assert gtp.handle("captures black") == "= 0"
    assert gtp.handle("list_stones") == "? syntax error"
    assert gtp.handle("captures red") == "? syntax error"


# -- counting ----------------------------------------------------------------


def walls(black_column: str, white_column: str) -> str:
    """5x5 with a black wall on one column and a white wall on another."""
    lines = ["boardsize 5"]
    for row in range(1, 6):
        lines += [f"play b {black_column}{row}", f"play w {white_column}{row}"]
    return "\n".join(lines)


@pytest.mark.parametrize(
    "script, komi, score",
    [
        ("boardsize 9", 7.5, "W+7.5"),  # an empty board: all dame, komi decides
        ("boardsize 9", 0, "0"),
        ("boardsize 9\nplay b e5", 7.5, "B+73.5"),
        # black owns A-C (15), white D-E (10)
        (walls("C", "D"), 7.5, "W+2.5"),
        (walls("C", "D"), 5, "0"),
        (walls("C", "D"), 4, "B+1.0"),  # GNU Go's format keeps the ".0"
        (walls("C", "D"), 0.5, "B+4.5"),
        # column D is dame between C and E: black 15 + 2.5, white 5 + 2.5
        (walls("C", "E"), 7.5, "B+2.5"),
        (walls("B", "C"), 7.5, "W+12.5"),
    ],
)
def test_final_score_counts_area_with_every_stone_alive(script, komi, score):
    engine = GtpEngine(komi=komi)
    run(script, engine)
    assert engine.handle("final_score") == f"= {score}"


def test_final_score_follows_komi_command():
    engine = GtpEngine(size=9)
    assert engine.handle("final_score") == "= W+7.5"
    engine.handle("komi 6.5")
    assert engine.handle("final_score") == "= W+6.5"
    engine.handle("clear_board")
    assert engine.handle("final_score") == "= W+6.5"  # komi survives clear_board
    engine.handle("boardsize 13")
    assert engine.handle("final_score") == "= W+6.5"


def test_showboard(gtp):
    run("play b a9\nplay w b9\nplay b j1\nplay w a8", gtp)
    reply = gtp.handle("showboard")
    lines = reply.split("\n")
    assert lines[0].rstrip() == "="
    assert lines[1].split() == list("ABCDEFGHJ")
    assert lines[2].split() == ["9", ".", "O", ".", ".", ".", ".", ".", ".", ".", "9"]
    assert lines[3].split()[:3] == ["8", "O", "."]
    assert lines[4].split()[3] == "+"  # C7: a star point
    assert "WHITE (O) has captured 1 stones" in lines[9]
    assert lines[10].startswith(" 1 ") and "X 1" in lines[10]
    assert "BLACK (X) has captured 0 stones" in lines[10]
    assert "" not in lines  # a GTP reply holds no empty line


def test_quit(gtp):
    assert gtp.handle("quit") == "="
    assert gtp.finished


# -- attack and defend -------------------------------------------------------


def fake_reading(monkeypatch, success: bool, move: int | None) -> list:
    """Put a stand-in reader in place; returns the calls it receives."""
    calls = []

    def answer(name):
        def read(board, target):
            calls.append((name, board.to_move, target, board.text()))
            return types.SimpleNamespace(success=success, move=move)

        return read

    module = types.ModuleType("engines.go.reading")
    module.attack, module.defend = answer("attack"), answer("defend")
    monkeypatch.setitem(sys.modules, "engines.go.reading", module)
    return calls


def test_attack_and_defend_reply_in_gnugo_format(monkeypatch, gtp):
    run("play b e5\nplay w d5", gtp)
    calls = fake_reading(monkeypatch, True, parse_point("E6", 9))
    assert gtp.handle("attack e5") == "= 1 E6"
    assert gtp.handle("3 defend d5") == "=3 1 E6"
    # The reader gets a copy with the attacker (then the owner) to move.
    assert [(c[0], c[1], c[2]) for c in calls] == [
        ("attack", WHITE, parse_point("E5", 9)),
        ("defend", WHITE, parse_point("D5", 9)),
    ]
    assert gtp.board.to_move == BLACK and calls[0][3] == gtp.board.text()
    fake_reading(monkeypatch, True, None)
    assert gtp.handle("defend e5") == "= 1 PASS"
    fake_reading(monkeypatch, False, None)
    assert gtp.handle("attack e5") == "= 0"


@pytest.mark.parametrize(
    "command, reply",
    [
        ("attack e4", "? vertex must not be empty"),
        ("defend pass", "? vertex must not be empty"),
        ("attack", "? syntax error"),
        ("attack i5", "? syntax error"),
        ("attack z5", "? illegal move"),
    ],
)
def test_attack_errors(monkeypatch, gtp, command, reply):
    fake_reading(monkeypatch, True, None)
    gtp.handle("play b e5")
    assert gtp.handle(command) == reply


def test_attack_without_a_reader(monkeypatch, gtp):
    monkeypatch.setitem(sys.modules, "engines.go.reading", None)  # as if missing
    gtp.handle("play b e5")
    assert gtp.handle("attack e5") == "? not implemented"
    assert gtp.handle("defend e5") == "? not implemented"


def test_attack_with_the_real_reader():
    pytest.importorskip("engines.go.reading")
    engine = GtpEngine(size=5)
    run("boardsize 5\nplay b C4\nplay b B3\nplay b C2\nplay w C3", engine)
    assert engine.handle("attack C3") == "= 1 D3"  # in atari: take it


# -- as a program ------------------------------------------------------------


def test_runs_as_a_program():
    script = "\n".join(
        [
            "1 protocol_version",
            "boardsize 9",
            "# a comment line gets no reply",
            "",
            "2 play b e5",
            "play w e5",
            "list_stones black",
            "frobnicate",
            "final_score",
            "3 quit",
            "name",  # never answered: quit ends the session
        ]
    )
    result = subprocess.run(
        [sys.executable, "-m", "engines.go.gtp", "--rules", "chinese-positional"],
        input=script + "\n",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
        check=True,
    )
    assert result.stdout == (
        "=1 2\n\n=\n\n=2\n\n? illegal move\n\n= E5\n\n? unknown command\n\n= B+73.5\n\n=3\n\n"
    )
    assert result.stderr == ""


def test_program_rejects_unknown_rules():
    result = subprocess.run(
        [sys.executable, "-m", "engines.go.gtp", "--rules", "japanese"],
        input="",
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert result.returncode == 2 and "invalid choice" in result.stderr
