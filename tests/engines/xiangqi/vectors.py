"""The vectors of ``shared/rules/games/xiangqi.md`` §3, shared by the engine and peer tests."""

from __future__ import annotations

START = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"

# X1-X8: perft by depth (1..5; X8 to 4), checked with Debian's fairy-stockfish.
PERFT = {
    "X1": (START, (44, 1_920, 79_666, 3_290_240, 133_312_995)),
    "X2": (
        "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
        (38, 1_128, 43_929, 1_339_047, 53_112_976),
    ),
    "X3": (
        "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
        (7, 281, 8_620, 326_201, 10_369_923),
    ),
    "X4": (
        "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
        (25, 424, 9_850, 202_884, 4_739_553),
    ),
    "X5": (
        "CRN1k1b2/3ca4/4ba3/9/2nr5/9/9/4B4/4A4/4KA3 w - - 0 1",
        (28, 516, 14_808, 395_483, 11_842_230),
    ),
    "X6": (
        "C1nNk4/9/9/9/9/9/n1pp5/B3C4/9/3A1K3 w - - 0 1",
        (28, 222, 6_241, 64_971, 1_914_306),
    ),
    "X7": (
        "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
        (30, 830, 22_787, 649_866, 17_920_736),
    ),
    "X8": (
        "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
        (49, 2_265, 100_326, 4_485_547),
    ),
}

# X17-X22: every winning first move within N moves (mate or 困毙).
MATES = {
    "X17": ("4k4/R8/9/9/9/9/9/9/9/1R1K5 w", 1, {"b1b10", "a9f9"}),
    "X18": ("4k4/9/4N4/9/9/9/9/7C1/9/3K5 w", 1, {"h3e3"}),
    "X19": ("3k5/9/9/9/9/9/9/9/R8/R3K4 w", 1, {"a1d1", "a2d2", "a2a9"}),
    "X20": ("3ak4/4a4/9/9/9/9/9/9/9/3K1R3 w", 1, {"d1e1"}),
    "X21": ("3ak4/9/9/9/6p2/9/9/2RR1K3/9/9 w", 2, {"d3e3"}),
    "X22": ("9/9/3k5/9/7P1/7R1/9/1p7/9/5K3 w", 2, {"f1e1"}),
}

# X23-X26: repetition rulings (the moves, and the ruling after the last one).
REPETITIONS = {
    "X23": (
        "3k5/9/9/9/9/9/9/9/9/4K3R w",
        "i1i10 d10d9 i10i9 d9d10 i9i10 d10d9 i10i9 d9d10 i9i10",
        ("black", "perpetual-check", "red"),
    ),
    "X24": (
        "5k3/9/2c6/9/9/9/9/9/9/R3K4 w",
        "a1a8 c8c7 a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8",
        ("black", "perpetual-chase", "red"),
    ),
    "X25": (
        "2r2k3/9/2c6/9/9/9/9/9/9/R3K4 w",
        "a1a8 c8c7 a8a7 c7c8 a7a8 c8c7 a8a7 c7c8 a7a8",
        ("draw", "idle-repetition", None),
    ),
    "X26": (
        "5k3/9/9/9/9/9/9/9/9/R3K4 w",
        "a1a2 f10f9 a2a1 f9f10 a1a2 f10f9 a2a1 f9f10",
        ("draw", "idle-repetition", None),
    ),
}

# X27-X31: touch-move, one position.
TOUCH_FEN = "4k4/9/4c4/9/2n6/9/2R6/9/9/3K1N3 w"
