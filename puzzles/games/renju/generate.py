"""Write Renju puzzles found in engine-played games into the content folder.

    python manage.py generate_puzzles renju            # the shipped set (seeded, repeatable)
    python manage.py generate_puzzles renju --games 50 --out /tmp/renju

Forbidden-point drills (``renju.forbidden``, and ``renju.is_forbidden`` on the
look-alike points) are graded by ``engines.renju.generate.grade_forbidden``:
plain double-threes first, then several fouls, double-fours and overlines, then
false double-threes and nested cases. VCF and trap puzzles are proven by the
solver; a win that ends on black's forced block at a forbidden point says so. No
position is written twice with the same question (whatever the move order that
reached it). The files are TOML in the format ``load_content`` reads; loading
them proves every puzzle again.
"""

from __future__ import annotations

import random
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand

from engines.renju import BLACK, names, point_name, sort_key
from engines.renju.generate import (
    continuations,
    grade_forbidden,
    grade_vcf,
    key,
    play_games,
    positions,
    stones_key,
)
from puzzles.generating import puzzle_table

KIND_ZH = {"double-three": "三三禁手", "double-four": "四四禁手", "overline": "长连禁手"}
KIND_EN = {"double-three": "double-three", "double-four": "double-four", "overline": "overline"}


def vcf_explanation(board, line, foul: str) -> tuple[str, str]:
    """The winning line; when black's last, forced block is a forbidden point
    (``foul``: its kind), the line stops at white's four and says why it wins."""
    if not foul:
        zh, en = line_words(board, line)
        return f"一种胜法：{zh}。", f"One winning line: {en}."
    zh, en = line_words(board, line[:-1])
    block = point_name(line[-1])
    return (
        f"一种胜法：{zh}。黑棋只能挡 {block}，但 {block} 是{KIND_ZH[foul]}。"
        "黑棋挡在这里，白棋指出禁手即胜；不挡，白棋成五。",
        f"One winning line: {en}. Black's only block is {block},"
        f" a {KIND_EN[foul]}, forbidden for Black."
        " If Black plays there, White points out the foul and wins; if not, White makes five.",
    )


def line_words(board, line) -> tuple[str, str]:
    mover = board.to_move
    zh, en = [], []
    for number, point in enumerate(line):
        color = mover if number % 2 == 0 else 3 - mover
        zh.append(f"{'黑' if color == BLACK else '白'} {point_name(point)}")
        en.append(f"{'Black' if color == BLACK else 'White'} {point_name(point)}")
    return "、".join(zh), ", ".join(en)


class Generator(BaseCommand):
    """Run as ``manage.py generate_puzzles renju [options]``."""

    help = "Generate Renju forbidden-point and VCF puzzles from engine-played games."

    def add_arguments(self, parser):
        parser.add_argument("--games", type=int, default=1500)
        parser.add_argument("--seed", type=int, default=2026)
        parser.add_argument("--forbidden", type=int, default=60, help="renju.forbidden puzzles")
        parser.add_argument("--is-forbidden", type=int, default=20, help="look-alike drills")
        parser.add_argument("--vcf", type=int, default=40, help="VCF and trap puzzles")
        parser.add_argument("--out", type=Path, default=None)

    def handle(self, *args, games, seed, forbidden, is_forbidden, vcf, out, **options):
        out = out or Path(settings.CONTENT_DIR) / "renju" / "puzzles"
        out.mkdir(parents=True, exist_ok=True)
        # Positions already taken, by their stones: two move orders can reach one.
        drills, fours, seen = [], [], set()
        rng = random.Random(seed)
        for board in positions(play_games(games, seed=seed)):
            position = stones_key(board)
            if position in seen:
                continue
            seen.add(position)
            if board.to_move == BLACK:
                drill = grade_forbidden(board)
                if drill is not None and len(drill.fouls) <= 6:
                    drills.append(drill)
                    # False double-threes are rare in play: try black's shape-making
                    # moves here (each with a white answer) for one.
                    kept = 0
                    for child in continuations(board, rng, width=12, careless=0.7):
                        harder = grade_forbidden(child)
                        if harder is None or not harder.look_alikes or len(harder.fouls) > 6:
                            continue
                        if stones_key(child) not in seen:
                            seen.add(stones_key(child))
                            drills.append(harder)
                            kept += 1
                        if kept == 2:
                            break
            found = grade_vcf(board)
            if found is not None:
                fours.append(found)
        drills.extend(self.deepen(drills, rng, seen))
        chosen = self.choose_drills(drills, forbidden)
        (out / "generated-forbidden.toml").write_text(
            self.forbidden_file(chosen, drills, is_forbidden), encoding="utf-8"
        )
        (out / "generated-vcf.toml").write_text(self.vcf_file(fours, vcf), encoding="utf-8")
        self.stdout.write(
            self.style.SUCCESS(
                f"{games} games: {len(drills)} forbidden-point positions "
                f"({sum(1 for d in drills if d.look_alikes)} with look-alikes, "
                f"{sum(1 for d in drills if d.nested)} nested), {len(fours)} VCFs "
                f"({sum(1 for f in fours if f.trap)} traps); written to {out}"
            )
        )

    def deepen(self, drills, rng, seen):
        """Nested cases: two more moves each way from the positions with false threes."""
        found = []
        for drill in [d for d in drills if d.look_alikes and not d.nested]:
            for child in continuations(drill.board, rng, width=24, careless=0.7):
                harder = grade_forbidden(child)
                if harder is None or not harder.look_alikes or len(harder.fouls) > 6:
                    continue
                grandchildren = [child] if harder.nested else continuations(child, rng, width=10)
                for position in grandchildren:
                    deepest = grade_forbidden(position)
                    if deepest is not None and deepest.nested and stones_key(position) not in seen:
                        seen.add(stones_key(position))
                        found.append(deepest)
        return found

    def choose_drills(self, drills, count):
        """Every band represented: nested, look-alikes, double-fours/overlines, then plain.

        The bands overlap (a blocked three beside an overline is in two), and a
        drill is chosen once.
        """
        bands = [
            [d for d in drills if d.look_alikes],
            [d for d in drills if not d.look_alikes and "blocked" in d.decoys.values()],
            [d for d in drills if not d.look_alikes and set(d.fouls.values()) != {"double-three"}],
            [d for d in drills if not d.decoys and set(d.fouls.values()) == {"double-three"}],
        ]
        chosen, taken = [], set()

        def take(drill) -> bool:
            if stones_key(drill.board) in taken:
                return False
            taken.add(stones_key(drill.board))
            chosen.append(drill)
            return True

        for band in bands:
            fresh = 0
            for drill in band:
                if fresh == count // 4:
                    break
                fresh += take(drill)
        for drill in [d for band in bands for d in band]:  # fill up, hardest bands first
            if len(chosen) >= count:
                break
            take(drill)
        return sorted(chosen, key=lambda d: (d.rating, key(d.board)))

    def forbidden_file(self, chosen, drills, is_count) -> str:
        parts = ["# Generated by `manage.py generate_puzzles renju`: do not edit by hand.\n"]
        prompt = (
            "轮到黑棋下。把黑棋不能下的禁手点全部标出来，再按“完成”。",
            "Black is to move. Mark every point where Black may not play, then press Done.",
        )
        for number, drill in enumerate(chosen, start=1):
            fouls = sorted(drill.fouls, key=sort_key)
            zh = "、".join(f"{point_name(p)} {KIND_ZH[drill.fouls[p]]}" for p in fouls)
            en = ", ".join(f"{point_name(p)} ({KIND_EN[drill.fouls[p]]})" for p in fouls)
            explanation = [f"禁手点：{zh}。", f"The forbidden points: {en}."]
            decoys = drill.decoys
            hard = drill.look_alikes
            blocked = sorted((p for p, why in decoys.items() if why == "blocked"), key=sort_key)
            four_three = sorted(
                (p for p, why in decoys.items() if why == "four-three"), key=sort_key
            )
            if hard:
                explanation[0] += f"{names(hard)} 要看“成活四的点本身是不是禁手”才能判断。"
                explanation[1] += (
                    f" At {names(hard)} the verdict turns on whether a three's"
                    " straight-four point is itself forbidden."
                )
            if blocked:
                explanation[0] += f"{names(blocked)} 看似三三，其实有一个三成不了活四，不是活三。"
                looks = "double-threes" if len(blocked) > 1 else "a double-three"
                explanation[1] += (
                    f" {names(blocked)} may look like {looks},"
                    " but a three that cannot become a straight four is no three."
                )
            if four_three:
                explanation[0] += f"{names(four_three)} 是四三，可以下。"
                explanation[1] += f" {names(four_three)}: a four-three, allowed."
            parts.append(
                puzzle_table(
                    f"renju-gen-forbidden-{number:03}",
                    "renju.forbidden",
                    drill.rating,
                    drill.themes,
                    prompt,
                    explanation,
                    {"moves": key(drill.board)},
                )
            )
        question = (
            "黑棋下在△处是不是禁手？是哪一种？",
            "Is black's move at the marked point forbidden? Which kind?",
        )
        order = {"nested": 0, "recursive": 1, "blocked": 2, "four-three": 3}
        asked, questions = [], set()
        for drill in drills:
            point = min(
                drill.decoys, key=lambda p: (order[drill.decoys[p]], sort_key(p)), default=None
            )
            if point is not None and (stones_key(drill.board), point) not in questions:
                questions.add((stones_key(drill.board), point))
                asked.append((order[drill.decoys[point]], key(drill.board), drill, point))
        asked.sort(key=lambda item: item[:2])
        # Every reason represented, the hardest first.
        picked, by_reason = [], {}
        for item in asked:
            by_reason.setdefault(item[0], []).append(item)
        while len(picked) < is_count and any(by_reason.values()):
            for reason in sorted(by_reason):
                if by_reason[reason] and len(picked) < is_count:
                    picked.append(by_reason[reason].pop(0))
        why_words = {
            "nested": (
                "要一层层判断：成活四的点是不是禁手，又取决于它自己的三是不是真的。",
                "It takes the rule twice: whether the straight-four point is forbidden"
                " depends in turn on whether its own threes are real.",
            ),
            "recursive": (
                "其中一个三是假活三：它成活四的点本身是禁手。",
                "One of the threes is false: its straight-four point is itself forbidden.",
            ),
            "blocked": (
                "其中一个三成不了活四（被白棋或棋盘边挡住，或者会长成长连），不是活三。",
                "One of the threes cannot become a straight four (white or the edge is in the"
                " way, or it would make six): it is no three.",
            ),
            "four-three": (
                "这是四三，黑棋的取胜手段，不是禁手。",
                "It is a four-three: black's way to win.",
            ),
        }
        for made, (_order, _key, drill, point) in enumerate(picked, start=1):
            reason = drill.decoys[point]
            truth = drill.fouls.get(point)
            zh, en = why_words[reason]
            if truth:
                explanation = (f"是{KIND_ZH[truth]}。{zh}", f"Yes: {KIND_EN[truth]}. {en}")
            else:
                explanation = (f"不是禁手。{zh}", f"Allowed. {en}")
            theme = "four-three" if reason == "four-three" else "false-three"
            themes = [theme, truth] if truth else [theme]
            parts.append(
                puzzle_table(
                    f"renju-gen-isf-{made:03}",
                    "renju.is_forbidden",
                    drill.rating + (150 if reason in ("nested", "recursive") else 0),
                    themes,
                    question,
                    explanation,
                    {"moves": key(drill.board), "point": point_name(point)},
                )
            )
        return "\n".join(parts)

    def vcf_file(self, fours, count) -> str:
        parts = ["# Generated by `manage.py generate_puzzles renju`: do not edit by hand.\n"]
        traps = [f for f in fours if f.trap]
        plain = [f for f in fours if not f.trap]
        # Both colours, a spread of lengths, traps among them.
        plain.sort(key=lambda f: (len(f.line), key(f.board)))
        by_length: dict[int, list] = {}
        for found in plain:
            by_length.setdefault(len(found.line), []).append(found)
        chosen = traps[: max(4, count // 8)]  # ``fours`` holds each position once
        while len(chosen) < count and any(by_length.values()):
            for length in sorted(by_length):
                if by_length[length] and len(chosen) < count:
                    chosen.append(by_length[length].pop(0))
        for number, found in enumerate(sorted(chosen, key=lambda f: f.rating), start=1):
            board = found.board
            color_zh, color_en = ("黑", "Black") if board.to_move == BLACK else ("白", "White")
            if found.trap:
                kind, slug = "renju.trap", f"renju-gen-trap-{number:03}"
                prompt = (
                    "白先。连续冲四，逼黑棋挡在禁手点上。",
                    "White to play. Win with fours that force black onto a forbidden point.",
                )
            else:
                kind, slug = "renju.vcf", f"renju-gen-vcf-{number:03}"
                prompt = (
                    f"{color_zh}先，连续冲四取胜。",
                    f"{color_en} to play and win with continuous fours.",
                )
            explanation = vcf_explanation(board, found.line, found.foul)
            parts.append(
                puzzle_table(
                    slug,
                    kind,
                    found.rating,
                    found.themes,
                    prompt,
                    explanation,
                    {"moves": key(board)},
                )
            )
        return "\n".join(parts)
