"""The double-dummy search shared by the solvers of 打滚子 and 升级: open endings,
all four hands seen, played to the end.

The value of a position is the attackers' points from it on: the points of the
tricks they win (a trick in progress goes whole to its winner) plus a kitty bonus
if they win the last trick. The attackers (seats of parity ``att``) maximise it,
the other side minimises it; one zero-sum search answers both.

A game subclasses ``TrickGame`` and supplies the rules as *move records*; the
search never sees a card. Kinds of card in play are numbered 0..K-1, each
effective suit a run of consecutive kinds, strongest first; a hand is an int of
2-bit counts per kind (at most 3 copies). A move record is a tuple

    (delta, points, suit, strength, kinds, lead_key)

``delta`` is subtracted from the hand; ``suit`` is the play's effective suit and
``strength`` its value when it can win the trick, ``suit`` is -1 when it cannot
(wrong suit or shape); ``kinds`` is the sorted tuple of the kinds played; a
lead's ``lead_key`` is what the follows and the kitty bonus depend on besides the
led suit (its length in 打滚子, its shape in 升级) and is passed to
``follows(h, lead_key, led)`` and ``bonus_of(lead_key)``; a follow's is not read.

The search is a fail-soft alpha-beta driven by MTD(f) (zero-window probes), with
transposition tables of bounds:

- at a trick boundary the key is the hands and the leader, with the kinds still in
  play renumbered 0, 1, 2, ... (``compressor``): positions reached by different
  histories that differ only in which cards are gone share an entry, as long as
  the live kinds have the same ``signature`` in order;
- inside a trick the key keeps what the rest of the game depends on: the hands,
  who is winning with what, the lead's suit and key, the trick's points.

Plays that are interchangeable for the rest of the game are searched once
(``classes``); the root gives every legal play its value again. The last trick is
counted out once its lead is down (``make_last_trick``: every follow is forced).
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from engines.cards import CARDS, Card, parse_card
from engines.tricks import TRUMP, beats, points

__all__ = [
    "INF",
    "OpenEnding",
    "SearchLimit",
    "TrickGame",
    "beats",
    "best_plays",
    "check_hand_sizes",
    "kept",
    "multisets",
    "read_card",
    "read_cards",
    "read_seat",
    "values_from_json",
    "values_json",
]

INF = 1 << 30


class SearchLimit(RuntimeError):
    """The search met its ``node_limit`` before it proved the value."""

    def __init__(self, nodes: int):
        self.nodes = nodes
        super().__init__(f"the search stopped at its node limit ({nodes} nodes)")


def multisets(pairs: list[tuple[int, int]], size: int, start: int = 0):
    """Every distinct multiset of ``size`` kinds from (kind, count) ``pairs[start:]``."""
    if size == 0:
        yield ()
        return
    for i in range(start, len(pairs)):
        kind, count = pairs[i]
        for k in range(min(count, size), 0, -1):
            for rest in multisets(pairs, size - k, i + 1):
                yield (kind,) * k + rest


# ---------------------------------------------------------------------------
# Reading an ending's cards and seats (both games' ``Ending`` use these)


def read_card(value, where: str) -> Card:
    """A card from a ``Card``, an int 0–53 or a text (``"♥A"``); ``ValueError`` naming
    ``where`` otherwise."""
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        try:
            return parse_card(value)
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(CARDS):
        return CARDS[value]
    raise ValueError(f"{where}: not a card: {value!r}")


def read_cards(values, where: str) -> tuple[Card, ...]:
    """Cards from a list or a string ``"♥A ♥K"``, sorted."""
    if isinstance(values, str):
        values = values.replace(",", " ").split()
    if not isinstance(values, (list, tuple)):
        raise ValueError(f"{where}: expected a list of cards, not {values!r}")
    return tuple(sorted(read_card(v, f"{where}, card {i + 1}") for i, v in enumerate(values)))


def read_seat(value, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3:
        raise ValueError(f"{name} must be a seat 0 to 3, not {value!r}")
    return value


def check_hand_sizes(hands, trick, to_play: int) -> None:
    """``ValueError`` unless the four hands hold as many cards each once the trick in
    progress (its lead's size) is complete."""
    leader = (to_play - len(trick)) % 4
    n = len(trick[0]) if trick else 0
    played = {(leader + i) % 4 for i in range(len(trick))}
    after = [len(hands[s]) - (0 if s in played else n) for s in range(4)]
    if len(set(after)) != 1 or after[0] < 0:
        sizes = ", ".join(f"seat {s}: {len(hands[s])}" for s in range(4))
        raise ValueError(
            "the hands must hold the same number of cards once the trick is complete "
            f"(cards held: {sizes}; the trick leads {n} and seat {to_play} is to play)"
        )


class OpenEnding:
    """What both games' ``Ending`` derive from their fields (``hands``, ``trick``,
    ``to_play``, ``dealer``): the attacking side, the trick's leader, the points
    still to be won."""

    @property
    def attackers_side(self) -> int:
        return 1 - self.dealer % 2

    @property
    def leader(self) -> int:
        return (self.to_play - len(self.trick)) % 4

    def remaining_points(self) -> int:
        """The card points still to be won: the hands' and the trick's."""
        return points(c for h in self.hands for c in h) + points(c for p in self.trick for c in p)


def values_json(values: dict) -> list[dict]:
    """Every play's value as a solution keeps it: ``[{"play": ["♥A"], "attackers": 45}]``."""
    return [
        {"play": [c.text() for c in play], "attackers": v} for play, v in sorted(values.items())
    ]


def values_from_json(rows: list[dict]) -> dict:
    """``values_json`` read back: play (a tuple of cards) → the attackers' value."""
    return {tuple(parse_card(c) for c in row["play"]): row["attackers"] for row in rows}


def best_plays(values: dict, maximise: bool) -> tuple[int, tuple]:
    """The best value for the side to move and every play reaching it, sorted."""
    target = max(values.values()) if maximise else min(values.values())
    return target, tuple(sorted(p for p, v in values.items() if v == target))


def kept(deal, grade, count: int, *, seed: int, tries: int = 100_000):
    """The generators' loop: ``count`` endings that ``grade(ending)`` keeps (returns not
    None), dealt by ``deal(rng)``, each deal once; the same for a seed."""
    rng = random.Random(seed)
    seen = set()
    found = 0
    for _ in range(tries):
        if found >= count:
            return
        ending = deal(rng)
        key = (ending.hands, ending.trick, ending.level, ending.trump, ending.dealer)
        if key in seen:
            continue
        seen.add(key)
        graded = grade(ending)
        if graded is not None:
            found += 1
            yield graded


class TrickGame:
    """The search over one ending; a game's subclass gives the rules.

    The subclass sets its own fields, then calls ``TrickGame.__init__`` with the
    kinds in play (cards, sorted: each effective suit together, strongest first)
    and their effective suits, strengths and points. It provides:

    - ``leads(h)`` (or ``lead_moves(hands, seat)`` when a lead's legality depends
      on the other hands: set ``leads_see_others``) and ``follows(h, lead_key,
      led)``: move records;
    - ``bonus_of(lead_key)``: what the attackers add when they win the last trick
      led with that key, and ``max_bonus``, a bound on it;
    - ``root_state()``: the state tuple of the ending (see ``child``);
    - optionally ``signature`` (the key's renumbering), ``make_last_trick``,
      ``merge_unequal`` (see ``classes``), ``order_leads``/``order_follows``.
    """

    # Whether ``classes`` may join kinds of different strengths when nothing in
    # play ranks between them (sound in 打滚子; not in 升级, where a tractor needs
    # pairs at adjacent strengths).
    merge_unequal = True
    # Whether a lead's legality depends on the other hands (升级's throws).
    leads_see_others = False
    bonus = 0  # the kitty bonus where it does not depend on the last lead
    max_bonus = 0

    def __init__(
        self,
        cards: list[int],
        suit: list[int],
        strength: list[int],
        pts: list[int],
        att: int,
        node_limit: int | None = None,
    ):
        self.cards = cards
        self.index = {c: i for i, c in enumerate(cards)}
        self.suit, self.strength, self.pts = suit, strength, pts
        self.kinds = len(cards)
        self.ranges = {}
        for i, s in enumerate(suit):
            lo, hi = self.ranges.get(s, (i, i))
            self.ranges[s] = (lo, i + 1)
        # between[a, b] (a < b, one suit): every other kind whose strength is in
        # [strength b, strength a], as a mask of full 2-bit fields.
        self.between = {}
        if self.merge_unequal:
            for a in range(self.kinds):
                for b in range(a + 1, self.kinds):
                    if suit[a] != suit[b]:
                        break
                    lo, hi = strength[b], strength[a]
                    mask = 0
                    for t in range(*self.ranges[suit[a]]):
                        if t != a and t != b and lo <= strength[t] <= hi:
                            mask |= 3 << (2 * t)
                    self.between[a, b] = mask
        self.att = att
        if node_limit is not None and (isinstance(node_limit, bool) or node_limit < 1):
            raise ValueError(f"node_limit must be a positive number of nodes, not {node_limit!r}")
        self.node_limit = node_limit if node_limit is not None else -1
        self.lead_tt: dict = {}
        self.follow_tt: dict = {}
        self.mcache: dict = {}
        self.signatures: dict = {}
        self.signature_table = None
        self.kinds_cache: dict = {}
        self.candidates: dict = {}
        self.seen_by: dict = {}
        # Switches for the tests and the benches: MTD(f) probes (else one full-window
        # search), the renumbered key at trick boundaries, equivalent plays merged.
        self.mtd = True
        self.relabel = True
        self.reduce_plays = True
        self.search = self._make_search()

    # -- the game's part -------------------------------------------------------

    def leads(self, h: int) -> list[tuple]:  # pragma: no cover - abstract
        raise NotImplementedError

    def lead_moves(self, hands: tuple[int, ...], seat: int) -> list[tuple]:
        """The leads of ``seat``; only ``leads_see_others`` games look past its hand."""
        return self.leads(hands[seat])

    def follows(self, h: int, lead_key, led: int) -> list[tuple]:  # pragma: no cover
        raise NotImplementedError

    def bonus_of(self, lead_key) -> int:
        """The attackers' kitty bonus for winning a last trick led with ``lead_key``."""
        return self.bonus

    def root_state(self) -> tuple:  # pragma: no cover - abstract
        raise NotImplementedError

    def signature(self, t: int, prev: int) -> int:
        """What the renumbered key keeps of live kind ``t`` (``prev``: the live kind
        before it, or -1): its suit, points and whether it ties ``prev``."""
        tie = (
            prev >= 0
            and self.suit[prev] == self.suit[t]
            and self.strength[prev] == self.strength[t]
        )
        return ((self.suit[t] * 16 + self.pts[t]) * 2) + tie

    def make_last_trick(self):
        """``last(hands, seat, suit, strength, lead_key, rem)``: the attackers' value
        once ``seat`` has led its last cards (``rem`` points in the hands and trick);
        every follow is then the whole hand. This one asks ``follows``."""
        follows, att, bonus_of = self.follows, self.att, self.bonus_of
        forced: dict = {}

        def last_trick(hands, seat, wsuit, wstr, lead_key, rem):
            ws, led = seat, wsuit
            for s in ((seat + 1) & 3, (seat + 2) & 3, (seat + 3) & 3):
                fk = (hands[s], lead_key, led)
                f = forced.get(fk)
                if f is None:
                    (m,) = follows(hands[s], lead_key, led)
                    f = forced[fk] = (m[2], m[3])
                su, st = f
                if su >= 0 and ((su == TRUMP and wsuit != TRUMP) or (su == wsuit and st > wstr)):
                    ws, wsuit, wstr = s, su, st
            return rem + bonus_of(lead_key) if (ws & 1) == att else 0

        return last_trick

    # -- hands -------------------------------------------------------------

    @property
    def nodes(self) -> int:
        return self.count()

    def hand(self, cards: Iterable[int]) -> int:
        h = 0
        for c in cards:
            h += 1 << (2 * self.index[c])
        return h

    def held(self, h: int) -> list[tuple[int, int]]:
        """(kind, count) for every kind in the hand, in kind order."""
        found = self.kinds_cache.get(h)
        if found is None:
            found = []
            t, rest = 0, h
            while rest:
                c = rest & 3
                if c:
                    found.append((t, c))
                rest >>= 2
                t += 1
            self.kinds_cache[h] = found
        return found

    def play_cards(self, kinds: tuple[int, ...]) -> tuple:
        """The cards of a play (``cards`` holds ``Card`` values), sorted."""
        return tuple(sorted(self.cards[t] for t in kinds))

    # -- equivalent plays ----------------------------------------------------

    def classes(self, hands, seat: int, played: int, wsuit: int, wstr: int) -> dict:
        """kind -> representative kind, for kinds of the mover that may be swapped.

        Let σ swap the kinds a and b in the mover's hand only, now and for the rest of
        the game (the mover's later hands hold its cards). The rules look at a card's
        identity only inside one player's hand and one play (legality counts a
        player's copies of each kind; a group, pair or tractor is copies of one kind
        each); between players they compare effective suits and strengths (and in
        升级 the adjacency of strengths), and count points. So σ maps every line of
        play onto one worth the same points, and this position onto itself, when
        (1) a and b have one effective suit and one point value, (2) the mover holds
        as many a as b, and (3) either a and b are equally strong (the side level
        cards, the side 2s: different cards, one strength), or (only where
        ``merge_unequal``) no other hand holds a, b or any other kind of a strength
        from b's to a's inclusive, and the card winning the trick so far (someone
        else's) is not of such a strength: then no comparison between two players'
        cards ever tells a from b (the mover's own cards never meet each other in
        one). A play and σ(play) then have the same value, and so does the image of a
        play under any product of such swaps: the kinds joined by allowed swaps form
        classes, and any permutation inside a class keeps the value.
        """
        cands = self.candidates.get(hands[seat])
        if cands is None:
            cands = self.candidate_pairs(hands[seat])
        if not cands:
            return {}
        others = hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]
        rep: dict = {}
        for a, b, fa, fb, tie, between, su, sb, sa in cands:
            if not tie and (
                (others >> fa) & 3
                or (others >> fb) & 3
                or others & between
                or (played and wsuit == su and sb <= wstr <= sa)
            ):
                continue
            ra = rep.get(a, a)
            while rep.get(ra, ra) != ra:
                ra = rep[ra]
            rb = rep.get(b, b)
            while rep.get(rb, rb) != rb:
                rb = rep[rb]
            if ra != rb:
                lo_, hi_ = (ra, rb) if ra < rb else (rb, ra)
                rep[hi_] = lo_
        if not rep:
            return rep
        for t in list(rep):  # flatten to the smallest kind of each class
            r = rep[t]
            while rep.get(r, r) != r:
                r = rep[r]
            rep[t] = r
        return rep

    def candidate_pairs(self, h: int) -> list[tuple]:
        """The pairs of kinds of hand ``h`` that ``classes`` may join: one effective
        suit, one point value, as many copies of each (and one strength unless
        ``merge_unequal``)."""
        pairs = self.held(h)
        suit, strength, pts = self.suit, self.strength, self.pts
        unequal = self.merge_unequal
        found = []
        for i, (a, ca) in enumerate(pairs):
            for b, cb in pairs[i + 1 :]:
                if suit[b] != suit[a]:
                    break
                tie = strength[a] == strength[b]
                if cb == ca and pts[b] == pts[a] and (tie or unequal):
                    found.append(
                        (
                            a,
                            b,
                            2 * a,
                            2 * b,
                            tie,
                            self.between.get((a, b), 0),
                            suit[a],
                            strength[b],
                            strength[a],
                        )
                    )
        self.candidates[h] = found
        return found

    def seen_by_of(self, h: int) -> int:
        """The fields of the other hands that ``classes`` reads for hand ``h``."""
        cands = self.candidates.get(h)
        if cands is None:
            cands = self.candidate_pairs(h)
        seen = 0
        for _, _, fa, fb, tie, between, _, _, _ in cands:
            if not tie:
                seen |= (3 << fa) | (3 << fb) | between
        self.seen_by[h] = seen
        return seen

    @classmethod
    def play_key(cls, kinds: tuple[int, ...], rep: dict) -> tuple[int, ...]:
        """The same for two plays exactly when one is the other's image (``canonical``)."""
        first = kinds[0]
        if len(kinds) == 1 or all(t == first for t in kinds):
            return (rep.get(first, first),) * len(kinds)
        return cls.canonical(kinds, rep)

    @staticmethod
    def canonical(kinds: tuple[int, ...], rep: dict) -> tuple[int, ...]:
        """The play's image under the permutation that fills each class from its start."""
        counts: dict = {}
        for t in kinds:
            counts[t] = counts.get(t, 0) + 1
        by_class: dict = {}
        for t, k in counts.items():
            by_class.setdefault(rep.get(t, t), []).append(k)
        out = []
        for r, ks in by_class.items():
            members = sorted([r] + [t for t, rt in rep.items() if rt == r and t != r])
            for member, k in zip(members, sorted(ks, reverse=True), strict=False):
                out.extend([member] * k)
        return tuple(sorted(out))

    def reduce(self, moves, hands, seat, played, wsuit, wstr):
        """One move of each class of interchangeable moves (see ``classes``)."""
        if len(moves) < 2 or not self.reduce_plays:
            return moves
        rep = self.classes(hands, seat, played, wsuit, wstr)
        if not rep:
            return moves
        seen = set()
        kept = []
        for m in moves:
            key = self.play_key(m[4], rep)
            if key not in seen:
                seen.add(key)
                kept.append(m)
        return kept

    # -- the table's key at trick boundaries -----------------------------------

    def compressor(self, live: int):
        """How to renumber the kinds still in play (``live``) to 0, 1, 2, ...

        Two positions whose kinds still in play, in order, have the same
        ``signature`` (effective suits, point values, ties in strength, and whatever
        else the game's rules read of the order) and whose hands hold the same
        counts of the renumbered kinds are the same game: the renumbering keeps
        every rule and every comparison between cards in play. Returns (signature
        id, runs), ``runs`` being (shift, mask, new shift) for each stretch of
        consecutive live kinds.
        """
        table = self.signature_table
        if table is None:  # signature(t, prev) for every t, and prev = -1 as the last row
            k = self.kinds
            table = self.signature_table = [
                [self.signature(t, p) for t in range(k)] for p in (*range(k), -1)
            ]
        sig, runs = [], []
        prev = -1
        dst = 0
        end = -1  # the kind after the last run
        x, t = live, 0
        while x:
            if x & 3:
                sig.append(table[prev][t])
                prev = t
                if t == end:
                    runs[-1][1] += 1
                else:
                    runs.append([t, 1, dst])
                end = t + 1
                dst += 1
            x >>= 2
            t += 1
        sig_id = self.signatures.setdefault(tuple(sig), len(self.signatures))
        return sig_id, [(2 * t, (1 << (2 * k)) - 1, 2 * d) for t, k, d in runs]

    # -- move ordering -------------------------------------------------------

    @staticmethod
    def order_leads(moves):
        """Big plays and strong cards first."""
        return sorted(moves, key=lambda m: (-len(m[4]), -m[3]))

    @staticmethod
    def order_follows(moves, seat, wseat, wsuit, wstr):
        side = seat & 1

        def score(m):
            ms = m[2]
            if ms >= 0 and ((ms == TRUMP and wsuit != TRUMP) or (ms == wsuit and m[3] > wstr)):
                # Takes the trick: with points, and as cheaply as possible.
                return (0, -m[1], m[3]) if (wseat & 1) != side else (2, -m[1], m[3])
            if (wseat & 1) == side:
                return (0, -m[1], m[3])  # the partner wins: give points
            return (1, m[1], m[3])  # the opponents win: give nothing, low cards

        return sorted(moves, key=score)

    # -- search --------------------------------------------------------------

    def _make_search(self):
        """The search, as closures over the engine's tables (local names are fast).

        ``lead(hands, seat, rem, alpha, beta)`` at a trick boundary and
        ``follow(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha,
        beta)`` inside a trick (``n`` the lead's key) return the attackers' points
        from the position on (``tpts`` points already in the trick, ``rem`` in the
        hands): fail-soft, so a value <= alpha is an upper bound and one >= beta a
        lower bound.
        """
        lead_tt, follow_tt, mcache = self.lead_tt, self.follow_tt, self.mcache
        att, top_bonus, bonus_of = self.att, self.max_bonus, self.bonus_of
        follows, reduce = self.follows, self.reduce
        order_leads, order_follows = self.order_leads, self.order_follows
        limit = self.node_limit
        relabel = self.relabel
        compressors: dict = {}
        compressor = self.compressor
        last_trick = self.make_last_trick()
        nodes = 0
        # The ordered, merged move lists depend on the mover's hand, the trick so far
        # and only the part of the other hands that ``classes`` looks at (``seen_by``),
        # unless the leads themselves look at the other hands.
        seen_by, seen_by_of = self.seen_by, self.seen_by_of
        lead_lists: dict = {}
        follow_lists: dict = {}

        def count():
            return nodes

        if self.leads_see_others:
            lead_moves = self.lead_moves

            def lead_list(hands, seat):
                return order_leads(reduce(lead_moves(hands, seat), hands, seat, 0, -1, 0))

        else:
            leads = self.leads

            def lead_list(hands, seat):
                h = hands[seat]
                seen = seen_by.get(h)
                if seen is None:
                    seen = seen_by_of(h)
                ck = (
                    h,
                    (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) & seen,
                )
                base = lead_lists.get(ck)
                if base is None:
                    base = lead_lists[ck] = order_leads(reduce(leads(h), hands, seat, 0, -1, 0))
                return base

        def lead(hands, seat, rem, alpha, beta):
            nonlocal nodes
            nodes += 1
            if nodes == limit:
                raise SearchLimit(nodes)
            if relabel:
                live = hands[0] | hands[1] | hands[2] | hands[3]
                comp = compressors.get(live)
                if comp is None:
                    comp = compressors[live] = compressor(live)
                sig, runs = comp
                ch = [sig, seat]
                for hh in hands:
                    c = 0
                    for src, mask, dst in runs:
                        c |= ((hh >> src) & mask) << dst
                    ch.append(c)
                key = tuple(ch)
            else:
                key = (hands, seat)
            entry = lead_tt.get(key)
            if entry is None:
                top = rem + top_bonus
                if top <= alpha:
                    return top
                if beta <= 0:
                    return 0
                entry = lead_tt[key] = [0, top]
            else:
                lo, hi = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            mkey = (hands, seat)
            moves = mcache.get(mkey)
            if moves is None:
                moves = mcache[mkey] = lead_list(hands, seat)
            maximise = (seat & 1) == att
            best = -INF if maximise else INF
            best_i = 0
            h = hands[seat]
            nxt = (seat + 1) & 3
            a, b = alpha, beta
            for i, (delta, mpts, ms, mstr, _, lk) in enumerate(moves):
                nh = list(hands)
                nh[seat] = left = h - delta
                nh = tuple(nh)
                if left:
                    v = follow(nh, nxt, 1, lk, ms, seat, ms, mstr, mpts, rem - mpts, a, b)
                else:
                    v = last_trick(nh, seat, ms, mstr, lk, rem)
                if maximise:
                    if v > best:
                        best, best_i = v, i
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, best_i = v, i
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if best_i:  # the best play first next time (the list may be shared: copy)
                mcache[mkey] = [moves[best_i], *moves[:best_i], *moves[best_i + 1 :]]
            if best <= alpha:
                if best < entry[1]:
                    entry[1] = best
            elif best >= beta:
                if best > entry[0]:
                    entry[0] = best
            else:
                entry[0] = entry[1] = best
            return best

        def follow(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta):
            nonlocal nodes
            nodes += 1
            if nodes == limit:
                raise SearchLimit(nodes)
            key = (hands, seat, wseat, wsuit, wstr, tpts, led, n)
            entry = follow_tt.get(key)
            if entry is None:
                top = tpts + rem + top_bonus
                if top <= alpha:
                    return top
                if beta <= 0:
                    return 0
                h = hands[seat]
                seen = seen_by.get(h)
                if seen is None:
                    seen = seen_by_of(h)
                ck = (
                    h,
                    n,
                    led,
                    wsuit,
                    wstr,
                    (wseat ^ seat) & 1,
                    (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) & seen,
                )
                base = follow_lists.get(ck)
                if base is None:
                    base = follow_lists[ck] = order_follows(
                        reduce(follows(h, n, led), hands, seat, played, wsuit, wstr),
                        seat,
                        wseat,
                        wsuit,
                        wstr,
                    )
                entry = follow_tt[key] = [0, top, base]
                moves = base
            else:
                lo, hi, moves = entry
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                if lo == hi:
                    return lo
                if lo > alpha:
                    alpha = lo
                if hi < beta:
                    beta = hi
            maximise = (seat & 1) == att
            best = -INF if maximise else INF
            best_i = 0
            h = hands[seat]
            nxt = (seat + 1) & 3
            a, b = alpha, beta
            last = played == 3
            for i, (delta, mpts, ms, mstr, _, _) in enumerate(moves):
                nh = list(hands)
                nh[seat] = h - delta
                nh = tuple(nh)
                if ms >= 0 and ((ms == TRUMP and wsuit != TRUMP) or (ms == wsuit and mstr > wstr)):
                    ws, wsu, wst = seat, ms, mstr
                else:
                    ws, wsu, wst = wseat, wsuit, wstr
                if last:
                    if (ws & 1) == att:
                        gain = tpts + mpts
                        if nh[0] | nh[1] | nh[2] | nh[3]:
                            v = gain + lead(nh, ws, rem - mpts, a - gain, b - gain)
                        else:
                            v = gain + bonus_of(n)
                    elif nh[0] | nh[1] | nh[2] | nh[3]:
                        v = lead(nh, ws, rem - mpts, a, b)
                    else:
                        v = 0
                else:
                    v = follow(
                        nh, nxt, played + 1, n, led, ws, wsu, wst, tpts + mpts, rem - mpts, a, b
                    )
                if maximise:
                    if v > best:
                        best, best_i = v, i
                        if v > a:
                            a = v
                            if a >= b:
                                break
                elif v < best:
                    best, best_i = v, i
                    if v < b:
                        b = v
                        if a >= b:
                            break
            if best_i:  # the best play first next time (the list may be shared: copy)
                entry[2] = [moves[best_i], *moves[:best_i], *moves[best_i + 1 :]]
            if best <= alpha:
                if best < entry[1]:
                    entry[1] = best
            elif best >= beta:
                if best > entry[0]:
                    entry[0] = best
            else:
                entry[0] = entry[1] = best
            return best

        def search(hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta):
            if played:
                return follow(
                    hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem, alpha, beta
                )
            return lead(hands, seat, rem, alpha, beta)

        self.count = count
        return search

    # -- the root ------------------------------------------------------------
    #
    # A state is (hands, seat, played, lead_key, led, wseat, wsuit, wstr, tpts, rem):
    # the hands as ints, the seat to move, how many have played to the trick, the
    # lead's key and effective suit, who is winning with what, the trick's points
    # and the points in the hands. At a trick boundary: played 0, lead_key 0, led -1,
    # wseat the leader, wsuit -1.

    def root_moves(self, state):
        hands, seat, played, n, led = state[:5]
        if not played:
            return self.lead_moves(hands, seat)
        return self.follows(hands[seat], n, led)

    def child(self, state, m, alpha=-INF, beta=INF) -> int:
        """The attackers' value after move ``m`` at ``state`` (exact in the window)."""
        hands, seat, played, n, led, wseat, wsuit, wstr, tpts, rem = state
        delta, mpts, ms, mstr, _, lk = m
        nh = list(hands)
        nh[seat] -= delta
        nh = tuple(nh)
        nxt = (seat + 1) & 3
        if not played:
            return self.search(nh, nxt, 1, lk, ms, seat, ms, mstr, mpts, rem - mpts, alpha, beta)
        if beats(ms, mstr, wsuit, wstr):
            wseat, wsuit, wstr = seat, ms, mstr
        tp, r = tpts + mpts, rem - mpts
        if played < 3:
            return self.search(nh, nxt, played + 1, n, led, wseat, wsuit, wstr, tp, r, alpha, beta)
        gain = tp if (wseat & 1) == self.att else 0
        if not (nh[0] | nh[1] | nh[2] | nh[3]):
            return gain + self.bonus_of(n) if (wseat & 1) == self.att else 0
        return gain + self.search(
            nh, wseat, 0, 0, -1, wseat, -1, 0, 0, r, alpha - gain, beta - gain
        )

    def exact(self, probe, guess: int) -> int:
        """The exact value by MTD(f): zero-window probes ``probe(alpha, beta)`` from ``guess``."""
        if self.mtd is None:
            return probe(-INF, INF)
        lo, hi, g = -INF, INF, guess
        while lo < hi:
            beta = g + 1 if g == lo else g
            g = probe(beta - 1, beta)
            if g < beta:
                hi = g
            else:
                lo = g
        return g

    def root_value(self) -> int:
        state = self.root_state()
        return self.exact(lambda a, b: self.search(*state, a, b), self.guess(state))

    def guess(self, state) -> int:
        return 0

    def root_values(self) -> dict:
        """Every legal play at the root (its cards, sorted) -> the attackers' value."""
        state = self.root_state()
        hands, seat, played, _, _, _, wsuit, wstr = state[:8]
        moves = self.root_moves(state)
        rep = self.classes(hands, seat, played, wsuit, wstr) if self.reduce_plays else {}
        by_key: dict = {}
        values = {}
        g = self.root_value() if self.mtd else 0
        for m in moves:
            key = self.play_key(m[4], rep) if rep else m[4]
            if key not in by_key:
                by_key[key] = self.exact(lambda a, b, m=m: self.child(state, m, a, b), g)
            values[self.play_cards(m[4])] = by_key[key]
        return values
