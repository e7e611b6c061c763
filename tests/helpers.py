"""What several test modules share, so that no test module imports another.

The CSP audit of a page, the Go ladder problem, test.pick puzzles and the answers
to them, the frozen site clock, a database that threads and processes share, the
teacher's puzzle forms and board editor, the "make accounts" form, and the check
for shipped puzzles that ask the same question.
"""

from __future__ import annotations

import contextlib
import datetime
import html
import json
import re
import sqlite3
import threading
import tomllib
from collections import defaultdict
from collections.abc import Iterator, Mapping
from html.parser import HTMLParser
from pathlib import Path
from typing import Any
from unittest.mock import patch

from django.conf import settings
from django.db import connection, connections

from engines.cards import parse_cards
from engines.go.sgf import read_problem
from puzzles.games.renju.kinds import position
from puzzles.kinds import get_kind
from puzzles.models import LearnerRating, Puzzle, Theme

# --- pages: the CSP audit ---------------------------------------------------------------------


DATA_BLOCK_TYPES = {"application/json", "application/ld+json"}


class PageAudit(HTMLParser):
    """Collects what a strict CSP would block or what loads from elsewhere."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.problems = []
        self.scripts = []
        self.stylesheets = []
        self._in_script = False
        self._script_body = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name, value in attrs.items():
            if name == "style":
                self.problems.append(f"style= attribute on <{tag}>: {value!r}")
            if name.startswith("on"):
                self.problems.append(f"inline event handler {name}= on <{tag}>")
            url = (value or "").strip().lower()
            if name in ("href", "src", "action", "formaction") and url.startswith("javascript:"):
                self.problems.append(f"javascript: URL in <{tag} {name}>")
        if tag == "style":
            self.problems.append("<style> element")
        if tag == "script":
            if (attrs.get("type") or "").lower() in DATA_BLOCK_TYPES:
                # A data block (allauth's email page passes its texts this way):
                # never executed, so the policy has nothing to block.
                return
            self._in_script = True
            self._script_body = []
            if attrs.get("src"):
                self.scripts.append(attrs["src"])
            else:
                self.problems.append("<script> without src")
        if tag == "link" and attrs.get("href"):
            self.stylesheets.append(attrs["href"])

    def handle_endtag(self, tag):
        if tag == "script" and self._in_script:
            body = "".join(self._script_body).strip()
            if body:
                self.problems.append(f"inline <script> body: {body[:60]!r}")
            self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self._script_body.append(data)


def audit(html):
    parser = PageAudit()
    parser.feed(html)
    parser.close()
    return parser


# --- pages as text ----------------------------------------------------------------------------


def text(response) -> str:
    """The page as a reader sees it: tags dropped, white space collapsed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


def text_of(response) -> str:
    return html.unescape(response.content.decode())


# --- Go problems ------------------------------------------------------------------------------


# White B2 against the corner: C2 starts a two-move ladder (W B1, B C1 and white
# cannot escape: A1 would be suicide). B1 ataris from the wrong side.
LADDER = """(;GM[1]FF[4]SZ[9]PL[B]AB[ah][bg]AW[bh]TR[bh]
C[zh: 黑先，吃掉△白子。
en: Black to play: capture the marked stone.]
(;B[ch]TE[1]C[zh: 征子。
en: A ladder.];W[bi];B[ci]TE[1]C[zh: 吃住了。
en: Caught.])
(;B[bi]BM[1]C[zh: 方向错了。
en: The wrong side.];W[ch]))"""


# --- test.pick puzzles and a learner's answers ------------------------------------------------


PASSWORD = "a-long-test-password"

# test.pick puzzles (tests/kinds.py, a Go kind): c2 is right, any other point wrong.
ONE_MOVE = {"size": 5, "stones": {"c3": "white"}, "line": [{"accept": ["c2"]}]}


def make_puzzle(
    slug, *, rating=1500.0, game="go", kind="test.pick", data=None, themes=(), **fields
):
    data = ONE_MOVE if data is None else data
    get_kind(kind).validate(data)
    puzzle = Puzzle.objects.create(
        slug=slug,
        game=game,
        kind=kind,
        data=data,
        prompt_zh=f"题 {slug}",
        prompt_en=f"Puzzle {slug}.",
        rating=rating,
        **fields,
    )
    for name in themes:
        theme, _ = Theme.objects.get_or_create(
            slug=name, defaults={"name_zh": name, "name_en": name.title()}
        )
        puzzle.themes.add(theme)
    return puzzle


def answer(client, url, move, ply=0):
    response = client.post(url, {"move": move, "ply": str(ply)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200, text(response)
    return response


def solve(client, slug, *, url=None):
    """Answer a one-move test.pick puzzle rightly (at /puzzles/<slug>/ unless ``url``)."""
    response = answer(client, url or f"/puzzles/{slug}/", "c2")
    assert "Correct!" in text(response)
    return response


def fail(client, slug, *, url=None):
    response = answer(client, url or f"/puzzles/{slug}/", "a1")
    assert "Not this one." in text(response)
    return response


def retry(client, slug, *, url=None):
    response = client.post(url or f"/puzzles/{slug}/", {"action": "retry"})
    assert response.status_code == 200
    return response


def log_in(client, username):
    response = client.post("/accounts/login/", {"login": username, "password": PASSWORD})
    assert response.status_code == 302


def go_rating(user) -> LearnerRating | None:
    return LearnerRating.objects.filter(learner__user=user, game="go").first()


def snapshot(user, puzzle) -> tuple:
    """Everything a rated game would move: the learner's rating and the puzzle's."""
    puzzle = Puzzle.objects.get(pk=puzzle.pk)
    rating = go_rating(user)
    learner = (rating.rating, rating.deviation, rating.games) if rating else None
    return learner, puzzle.rating, puzzle.rating_deviation, puzzle.plays


# --- Go kinds' puzzles ------------------------------------------------------------------------


def make(slug, kind, data, *, public=True, rating=1500, prompt="Solve it."):
    get_kind(kind).validate(data)
    return Puzzle.objects.create(
        slug=slug,
        game="go",
        kind=kind,
        data=data,
        prompt_zh=prompt,
        prompt_en=prompt,
        is_public=public,
        rating=rating,
    )


# --- the site's clock, frozen -----------------------------------------------------------------


SHANGHAI = datetime.timezone(datetime.timedelta(hours=8), "Asia/Shanghai")


class Clock:
    """``timezone.now`` for tests: set in Shanghai wall time, returned in UTC."""

    def __init__(self, moment: datetime.datetime):
        self.moment = moment

    def __call__(self) -> datetime.datetime:
        return self.moment.astimezone(datetime.UTC)

    def set(self, wall_time: str) -> None:
        """Move to a Shanghai wall time such as ``"2025-03-10 23:59"``."""
        self.moment = datetime.datetime.fromisoformat(wall_time).replace(tzinfo=SHANGHAI)

    def advance(self, **delta) -> None:
        self.moment += datetime.timedelta(**delta)

    def today(self) -> datetime.date:
        return self.moment.astimezone(SHANGHAI).date()


@contextlib.contextmanager
def frozen_clock():
    """Stop the site's clock at 2025-03-10 12:00 in Shanghai; move it by hand."""
    clock = Clock(datetime.datetime(2025, 3, 10, 12, 0, tzinfo=SHANGHAI))
    with patch("django.utils.timezone.now", clock):
        yield clock


# --- a database that threads and processes share ----------------------------------------------


class SharedDatabase:
    """A database that threads and child processes of this test all reach.

    PostgreSQL: the test database itself. SQLite: the test database lives in
    memory with a shared cache, whose table locks fail at once instead of
    waiting ("database table is locked"), and which no other process can
    open; so its schema and committed rows are copied to a file, and the
    racers use that file with the site's SQLite options, as the site does.
    """

    def __init__(self, tmp_path):
        self.path = None
        settings = connection.settings_dict
        if connection.vendor == "sqlite":
            self.path = tmp_path / "shared.sqlite3"
            connection.ensure_connection()
            with sqlite3.connect(self.path) as target:
                connection.connection.backup(target)
            # In WAL mode before the racers open it, as the site's database is:
            # switching the mode needs the file to itself.
            target.execute("PRAGMA journal_mode=WAL")
            target.close()
            self.url = f"sqlite:///{self.path}"
        else:
            self.url = (
                f"postgres://{settings['USER']}:{settings['PASSWORD']}@{settings['HOST']}:"
                f"{settings['PORT'] or 5432}/{settings['NAME']}"
            )

    def use_in_this_thread(self):
        """Point this thread's default connection at the shared database."""
        if self.path is not None:
            settings = {**connection.settings_dict, "NAME": str(self.path), "CONN_MAX_AGE": 0}
            connections["default"] = type(connections["default"])(settings, alias="default")

    def run_at_once(self, task, threads: int = 2) -> tuple[list, list[str]]:
        """Run ``task`` in several threads on this database; (results, errors as repr)."""
        results, errors = [], []

        def run():
            try:
                self.use_in_this_thread()
                results.append(task())
            except Exception as error:  # noqa: BLE001  reported to the caller
                errors.append(repr(error))
            finally:
                connections.close_all()

        running = [threading.Thread(target=run) for _ in range(threads)]
        for thread in running:
            thread.start()
        for thread in running:
            thread.join(timeout=60)
        return results, errors

    def rows(self, sql: str) -> list[tuple]:
        """The rows a query returns from the shared database."""
        if self.path is None:
            with connection.cursor() as cursor:
                cursor.execute(sql)
                return cursor.fetchall()
        with sqlite3.connect(self.path) as shared:
            rows = shared.execute(sql).fetchall()
        shared.close()
        return rows

    def dailies(self) -> list[tuple[str, str]]:
        """The stored daily puzzles: (date, puzzle slug)."""
        sql = (
            "SELECT d.date, p.slug FROM puzzles_dailypuzzle d"
            " JOIN puzzles_puzzle p ON p.id = d.puzzle_id ORDER BY d.date"
        )
        return [(str(date), slug) for date, slug in self.rows(sql)]


# --- the teacher's puzzle forms ---------------------------------------------------------------


GO_DIAGRAM = """
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . X . . . .
. . . X O X . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
. . . . . . . . .
"""

CAPTURE_SGF = """(;FF[4]GM[1]CA[UTF-8]SZ[19]AB[gl][fm][gn]AW[gm][im][in]PL[B]TR[gm]
C[zh: 黑先，吃掉△白子。
en: Black to play: capture the marked stone.]
(;B[hm]TE[1]C[Correct. The stone had one liberty left.])
(;B[hl]BM[1]C[Wrong. White extends and joins the stones on the right.];W[hm]))"""

RENJU_FORBIDDEN = {"f8", "g8", "h9", "h10"}  # h8 is a double-three


def renju_diagram(black=(), white=()):
    from engines.renju import parse_point

    cells = ["."] * 225
    for names, symbol in ((black, "X"), (white, "O")):
        for name in names:
            cells[parse_point(name)] = symbol
    return "\n".join(" ".join(cells[y * 15 : (y + 1) * 15]) for y in range(15))


def go_fields(**changes):
    fields = {
        "kind": "go.capture",
        "to_move": "black",
        "size": "9",
        "diagram": GO_DIAGRAM,
        "marked": "E5",
        "solution": "E4",
        "tool": "black",
        "prompt_en": "Black to play: capture the marked stone.",
        "explanation_en": "It had one liberty left.",
        "action": "save",
    }
    fields.update(changes)
    return fields


def renju_fields(**changes):
    fields = {
        "kind": "renju.forbidden",
        "to_move": "black",
        "rules": "renju",
        "diagram": renju_diagram(RENJU_FORBIDDEN, {"a1", "o15"}),
        "tool": "black",
        "prompt_zh": "黑棋的禁手点在哪里？",
        "action": "save",
    }
    fields.update(changes)
    return fields


DAGUNZI_HANDS = {
    "hand_south": "♠Q ♥3 ♣4",
    "hand_east": "♣8 ♣J ♣A",
    "hand_north": "♠7 ♠7 ♣A",
    "hand_west": "♠5 ♥8 ♥K",
}


def dagunzi_fields(**changes):
    fields = {
        **DAGUNZI_HANDS,
        "trick": "",
        "to_play": "south",
        "dealer": "north",
        "level": "5",
        "trump": "♠",
        "rules": "lianzhong",
        "follow": "dead",
        "kitty_points": "30",
        "prompt_en": "You lead; your side deals. Hold the attackers to the fewest points.",
    }
    fields.update(changes)
    return fields


def saved_puzzle(response) -> Puzzle:
    assert response.status_code == 302, text_of(response)[:3000]
    puzzle = Puzzle.objects.get()
    assert response["Location"] == f"{puzzle.url}#play"
    return puzzle


# --- the board editor without JavaScript ------------------------------------------------------


class FormFields(HTMLParser):
    """The values a browser would post from the form with id ``editor``."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.fields = {}
        self.inside = False
        self.textarea = None
        self.select = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and attrs.get("id") == "editor":
            self.inside = True
        if not self.inside:
            return
        name = attrs.get("name")
        if tag == "input" and name and name != "csrfmiddlewaretoken":
            kind = attrs.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in attrs:
                    self.fields[name] = attrs.get("value", "on")
            else:
                self.fields[name] = attrs.get("value", "")
        elif tag == "textarea":
            self.textarea = name
            self.fields[name] = ""
        elif tag == "select":
            self.select = name
        elif tag == "option" and self.select and "selected" in attrs:
            self.fields[self.select] = attrs.get("value")

    def handle_endtag(self, tag):
        if tag == "form":
            self.inside = False
        elif tag == "textarea" and self.textarea:
            # A browser drops the newline that starts a textarea's content.
            self.fields[self.textarea] = self.fields[self.textarea].removeprefix("\n")
            self.textarea = None
        elif tag == "select":
            self.select = None

    def handle_data(self, data):
        if self.textarea:
            self.fields[self.textarea] += data


def fields_of(response) -> dict:
    parser = FormFields()
    parser.feed(response.content.decode())
    return parser.fields


class Editor:
    """A browser without JavaScript on the editor page: each click posts the form."""

    def __init__(self, client, url):
        self.client, self.url = client, url
        self.response = client.get(url)
        assert self.response.status_code == 200

    @property
    def page(self):
        return text_of(self.response)

    def post(self, **changes):
        data = {**fields_of(self.response), **changes}
        self.response = self.client.post(self.url, data)
        return self.response

    def click(self, point, tool=None):
        changes = {"at": point}
        if tool:
            changes["tool"] = tool
        response = self.post(**changes)
        assert response.status_code == 200, self.page[:2000]
        return response


# --- classes: accounts made by the teacher ----------------------------------------------------


def names_form(client, classroom, names):
    """The "make accounts" form as a browser sends it: the names and the form's token."""
    page = client.get(f"/classes/{classroom.pk}/students/new/").content.decode()
    token = page.split('name="token" value="', 1)[1].split('"', 1)[0]
    return {"names": names, "token": token}


# --- shipped puzzles that ask the same question -----------------------------------------------


# How the data are compared: see the docstring of tests/web/test_content_unique.py.
CONTENT = Path(settings.CONTENT_DIR)


def shipped_puzzles(root: Path = CONTENT) -> Iterator[tuple[str, str, str, dict[str, Any]]]:
    """(game, where, kind, data) of every library puzzle and inline lesson exercise."""
    for game_dir in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith(".")):
        game = game_dir.name
        for path in sorted((game_dir / "puzzles").glob("*.toml")):
            for table in tomllib.loads(path.read_text(encoding="utf-8")).get("puzzles", []):
                data = dict(table.get("data", {}))
                if "sgf" in table:
                    data["sgf"] = (path.parent / table["sgf"]).read_text(encoding="utf-8")
                yield game, f"{path.name}: {table['slug']}", table["kind"], data
        for path in sorted((game_dir / "lessons").glob("*.toml")):
            steps = tomllib.loads(path.read_text(encoding="utf-8")).get("steps", [])
            for number, step in enumerate(steps, start=1):
                exercise = step.get("exercise")
                if isinstance(exercise, Mapping):
                    data = dict(exercise.get("data", {}))
                    where = f"{path.name}: step {number}"
                    yield game, where, exercise["kind"], data


def _plain(value: Any) -> Any:
    """Strings with their spacing evened out, lists and tables compared as written."""
    if isinstance(value, str):
        return " ".join(value.replace(",", " ").split())
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


def _go(kind: str, data: Mapping[str, Any]) -> Any:
    if "sgf" not in data:
        return _plain(data)
    problem = read_problem(data["sgf"])
    return {
        "size": problem.size,
        "black": sorted(problem.black),
        "white": sorted(problem.white),
        "to_move": problem.to_move,
        "marked": sorted(problem.marked),
        "rest": _plain({k: v for k, v in data.items() if k != "sgf"}),
    }


POSITION_KEYS = {"black", "white", "to_move", "moves", "diagram", "rules"}


def _renju(kind: str, data: Mapping[str, Any]) -> Any:
    board = position(data)
    key = {
        "rules": data.get("rules", "renju"),
        "black": sorted(board.stones(1)),
        "white": sorted(board.stones(2)),
        "to_move": board.to_move,
        "rest": _plain({k: v for k, v in data.items() if k not in POSITION_KEYS}),
    }
    if kind == "renju.claim":
        key["moves"] = _plain(data.get("moves", ""))
    return key


# Dagunzi: card fields that are one set of cards, and fields that are lists of plays.
CARD_SETS = {"hand", "kitty", "cards", "dealer_bury"}
PLAY_LISTS = {"options", "accepted"}  # the order of the options does not matter
TRICKS = {"trick", "plays"}  # the order of the plays does
DAGUNZI_DEFAULTS = {"dealer": 0, "leader": 0, "rules": "lianzhong", "follow": "dead"}


def _cards(value: Any) -> list[int]:
    return sorted(int(card) for card in parse_cards(value))


def _dagunzi(kind: str, data: Mapping[str, Any]) -> Any:
    key: dict[str, Any] = dict(DAGUNZI_DEFAULTS)
    for name, value in data.items():
        if name in CARD_SETS:
            key[name] = _cards(value)
        elif name == "hands":
            key[name] = [_cards(hand) for hand in value]
        elif name in TRICKS:
            key[name] = [_cards(play) for play in value]
        elif name in PLAY_LISTS:
            key[name] = sorted(_cards(play) for play in value)
        else:
            key[name] = _plain(value)
    return key


QUESTION = {"go": _go, "renju": _renju, "dagunzi": _dagunzi}


def question(game: str, kind: str, data: Mapping[str, Any]) -> str:
    """What a puzzle asks, as comparable text: its kind and its data, read as above."""
    read = QUESTION.get(game, lambda _kind, data: _plain(data))
    return json.dumps([kind, read(kind, data)], sort_keys=True, ensure_ascii=False)


def repeated(puzzles) -> list[list[str]]:
    """The groups of puzzles that ask the same question."""
    seen: dict[str, list[str]] = defaultdict(list)
    for game, where, kind, data in puzzles:
        seen[question(game, kind, data)].append(f"{game}/{where}")
    return [group for group in seen.values() if len(group) > 1]


# --- cards: a hand as big as Baohuang deals -----------------------------------------------------

# A Baohuang hand: 43 cards from four decks, sorted by suit then rank.
HAND_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
BIG_HAND = parse_cards(
    ["BJ", "BJ", "SJ"]
    + [f"♠{r}" for r in HAND_RANKS]
    + [f"♥{r}" for r in HAND_RANKS[:12]]
    + [f"♣{r}" for r in ("2", *HAND_RANKS[:8])]
    + [f"♦{r}" for r in HAND_RANKS[3:9]]
)


# --- a Dagunzi ending on a card table ----------------------------------------------------------

# Seat 3 (your left, the dealer's side) led ♥8♥8 under 死棒. You hold two 棒, ♥JJ and ♥66:
# ♥JJ wins the trick and, the solver shows, 45 points for your side; ♥66 gives nothing.
DAGUNZI_ENDING = {
    "level": 7,
    "trump": "♠",
    "dealer": 1,
    "kitty_points": 10,
    "follow": "dead",
    "hands": [
        ["♥J", "♥J", "♥6", "♥6"],
        ["♥Q", "♥5", "♥K", "♣4"],
        ["♥A", "♥4", "♣3", "♣6"],
        ["♣K", "♣9"],
    ],
    "trick": [["♥8", "♥8"]],
}


# A 升级 ending: your left (seat 3) led the tractor ♠10♠10♠J♠J; you (seat 0, an
# attacker: seat 1 deals) hold no spade, so any four cards are legal, and only the
# trump tractor ♥3♥3♥4♥4 takes the trick (SJ-22: a ruff must match the shape). The
# solver: 65 points for the attackers after it, at most 45 after anything else.
SHENGJI_RUFF = {
    "level": 2,
    "trump": "♥",
    "dealer": 1,
    "kitty_points": 10,
    "hands": [
        ["♥3", "♥3", "♥4", "♥4", "♦5", "♦9"],
        ["♠6", "♠6", "♠7", "♠8", "♣6", "♣7"],
        ["♠9", "♠9", "♠3", "♠Q", "♦K", "♦K"],
        ["♣3", "♣4"],
    ],
    "trick": [["♠10", "♠10", "♠J", "♠J"]],
}


# A 掼蛋 ending at level 8 (♥8 is wild): you lead and hold ♠A ♦A ♥8 ♣4 ♦4. The
# player on your right holds a bomb of 7s and the ♠5: anything short of going out
# at once lets the bomb in, and the ♠5 after it goes out first. The full house
# (three aces with the wild, or three 4s: either reading) goes out in one play.
GUANDAN_FULL_HOUSE = {
    "level": 8,
    "hands": ["♠A ♦A ♥8 ♣4 ♦4", "♠7 ♦7 ♣7 ♥7 ♠5", "♠6 ♣6", "♠K ♦K ♣2"],
}


def tap(page, locator, javascript: bool) -> None:
    """A tap that posts, in a browser test: waits for the swap with JavaScript, the
    new page without."""
    if javascript:
        with page.expect_response(lambda r: r.request.method == "POST"):
            locator.tap()
    else:
        with page.expect_navigation():
            locator.tap()
