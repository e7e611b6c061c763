"""Tests of ``engines/xiangqi`` against ``shared/rules/games/xiangqi.md``.

Where each clause and vector of the spec is tested:

==================  =====================================================================
XQ-R01              test_rules: start position, FEN; test_perft (X1)
XQ-R02, XQ-R03      test_rules: general and advisors in the palace (X15)
XQ-R04              test_rules: 塞象眼 (X10), the river (X11)
XQ-R05              test_rules: 蹩马腿 (X9), legs in four directions
XQ-R06, XQ-R07      test_rules: rook lines, cannon screens (X12)
XQ-R08              test_rules: soldiers (X14)
XQ-R09              test_rules: facing generals and pins (X13)
XQ-R10              test_rules: answering check, pinned pieces, every checker
XQ-R11              test_rules: 困毙 (X16) and mate; test_search: 困毙 counts (X17)
XQ-R12, XQ-06/09    test_repetition: X23-X26, chases, mixed cycles, Chinese vs WXF
XQ-R13              test_repetition: the natural limit
XQ-R16              test_notation: X32, X33, tandems, read-back; peers: WXF names
XQ-10               test_repetition: tie-break by pieces left (X34)
XQ-13 to XQ-17      test_touch: 附1-附5 (X27-X31) and each fallback
X1-X8               test_perft (depth 3); tests/peers/test_xiangqi_perft (4, slow 5)
X17-X22             test_search; plain recursion on random endings
==================  =====================================================================

Match and conduct rules with no engine part (XQ-02 to XQ-05, XQ-07, XQ-08,
XQ-11, XQ-12, XQ-18 to XQ-20, XQ-R14, XQ-R15) belong to lessons, not to the
engine.
"""
