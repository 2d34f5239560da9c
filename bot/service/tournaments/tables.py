"""Swiss tables of 3 to 5 seats: score brackets formed by successive matchings.

Rule (``docs/tournaments.md``, "Tables of 3 to 5"): the players of a round, ranked (points,
then seed), are seated at the round's tables (``swiss.table_plan`` gives their sizes; tables
one seat smaller are formed among the lowest-ranked). Two players at one table cost,
compared in this order:

1. how often they have met before (repeat opponents, none while avoidable);
2. their score difference, squared (tables are score brackets with the least spread);
3. how far apart they are ranked (the top players sit together: round 1 by rating).

A table costs the sum over its pairs of players, a round the sum over its tables. Grouping
players into tables of 3 or more so as to minimise such a sum is NP-hard, so tables are built
as pairs of pairs, each step an exact minimum-cost matching (``pairing.min_cost_matching``):

- players into pairs, and singles for the tables of odd size (a single is a player matched to
  an "apart" placeholder);
- pairs with pairs (tables of 4, and 5 before their single), pairs with singles (tables of 3),
  pairs alone (tables of 2, where the game allows them);
- for tables of 5, quadruples with singles.

A repair then swaps two players of two tables whenever that lowers the round's cost, until no
swap does. A block with at most :data:`EXACT` ways to seat it (12 players at 3 seats have
15,400) is instead seated by trying them all, with branch and bound: its tables are then the
exact optimum, which matters most in small events, where repeats are hardest to avoid.

Large fields are cut, as at 2 seats, into rank-order blocks of whole tables of at most
:data:`BLOCK` players; a block left with a repeat meeting is merged with its neighbour
and built again, up to :data:`MERGED` players.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from itertools import combinations

from bot.service.tournaments.pairing import Cost, min_cost_matching

BLOCK = 24
"""The players seated together at most in one block."""

MERGED = 160
"""The most players a block grows to while merging to avoid a repeat meeting."""

EXACT = 20_000
"""The most ways of seating a block that are tried one by one (the exact optimum)."""

Group = tuple[str, ...]
PairCost = Callable[[str, str], Cost]


def form_tables(
    ranked: Sequence[str],
    sizes: Sequence[int],
    units: Mapping[str, int],
    met: Mapping[str, Mapping[str, int]],
) -> list[Group]:
    """Seat ``ranked`` (best first) at tables of ``sizes`` (in order, top table first; they
    add up to ``len(ranked)``) by the module's rule. ``units``: each player's score as an
    integer (``pairing.score_units``); ``met[a][b]``: meetings so far.

    Returns the tables, top first, each with its players in rank order."""
    if sum(sizes) != len(ranked):
        raise ValueError("the table sizes do not add up to the players")
    position = {player: i for i, player in enumerate(ranked)}

    def pair_cost(a: str, b: str) -> Cost:
        return (
            met.get(a, {}).get(b, 0),
            (units[a] - units[b]) ** 2,
            abs(position[a] - position[b]),
        )

    blocks = _blocks(list(sizes))
    start = 0
    spans = []
    for block in blocks:
        spans.append((ranked[start : start + sum(block)], block))
        start += sum(block)
    done: dict[tuple[Group, tuple[int, ...]], tuple[list[Group], bool]] = {}
    while True:
        for index, (members, block) in enumerate(spans):
            key = (tuple(members), tuple(block))
            if key not in done:
                tables = _build(members, block, pair_cost)
                repeat = any(pair_cost(a, b)[0] for t in tables for a, b in combinations(t, 2))
                done[key] = (tables, repeat)
            mergeable = len(spans) > 1 and len(members) < MERGED
            if done[key][1] and mergeable:
                other = index + 1 if index + 1 < len(spans) else index - 1
                low, high = sorted((index, other))
                merged = (
                    [*spans[low][0], *spans[high][0]],
                    [*spans[low][1], *spans[high][1]],
                )
                spans[low : high + 1] = [merged]
                break
        else:
            break
    result: list[Group] = []
    for members, block in spans:
        result += done[(tuple(members), tuple(block))][0]
    result.sort(key=lambda table: position[table[0]])
    return result


def _blocks(sizes: list[int]) -> list[list[int]]:
    """``sizes`` cut into runs of whole tables of at most :data:`BLOCK` players each."""
    blocks: list[list[int]] = [[]]
    for size in sizes:
        if blocks[-1] and sum(blocks[-1]) + size > BLOCK:
            blocks.append([])
        blocks[-1].append(size)
    return blocks


def _build(members: Sequence[str], sizes: Sequence[int], pair_cost: PairCost) -> list[Group]:
    """One block's tables: every way tried when there are few, else built by matchings
    and repaired by swaps."""
    if _ways(len(members), sizes) <= EXACT:
        tables = _exact(members, sizes, pair_cost)
    else:
        tables = _repair(_by_matchings(members, sizes, pair_cost), pair_cost)
    return [tuple(sorted(t, key=members.index)) for t in tables]


def _cross(first: Group, second: Group, pair_cost: PairCost) -> Cost:
    total = [0, 0, 0]
    for a in first:
        for b in second:
            for k, value in enumerate(pair_cost(a, b)):
                total[k] += value
    return tuple(total)


def _by_matchings(members: Sequence[str], sizes: Sequence[int], pair_cost: PairCost) -> list[Group]:
    """Tables of ``sizes`` from matchings: pairs and singles, then pairs of pairs, pairs with
    singles and pairs alone, then quadruples with singles (the module docstring)."""
    counts = {size: sizes.count(size) for size in (2, 3, 4, 5)}
    singles_wanted = counts[3] + counts[5]
    nodes: list[Hashable] = [(player,) for player in members]
    nodes += [("apart", k) for k in range(singles_wanted)]

    def first(a: Hashable, b: Hashable) -> Cost | None:
        kinds = (_kind(a), _kind(b))
        if kinds == ("single", "single"):
            return pair_cost(a[0], b[0])  # type: ignore[index]
        return (0, 0, 0) if "single" in kinds else None

    matched = min_cost_matching(nodes, first)
    assert matched is not None
    pairs: list[Group] = []
    singles: list[Group] = []
    for a, b in matched:
        kinds = (_kind(a), _kind(b))
        if kinds == ("single", "single"):
            pairs.append(a + b)  # type: ignore[operator]
        else:
            singles.append(a if kinds[0] == "single" else b)  # type: ignore[arg-type]
    # second: pairs with pairs (4, 5), pairs with singles (3), pairs alone (2)
    alone = [("alone", k) for k in range(counts[2])]
    wait = [("wait", k) for k in range(counts[5])]
    second_nodes: list[Hashable] = [*pairs, *singles, *alone, *wait]

    def second(a: Hashable, b: Hashable) -> Cost | None:
        kinds = {_kind(a), _kind(b)}
        if kinds in ({"pair"}, {"pair", "single"}):
            return _cross(a, b, pair_cost)  # type: ignore[arg-type]
        if kinds in ({"pair", "alone"}, {"single", "wait"}):
            return (0, 0, 0)
        return None

    merged = min_cost_matching(second_nodes, second)
    assert merged is not None
    tables: list[Group] = []
    quads: list[Group] = []
    for a, b in merged:
        kinds = (_kind(a), _kind(b))
        if "wait" in kinds:
            continue
        group = tuple(x for x in (a, b) if _kind(x) in ("pair", "single"))
        joined: Group = sum(group, ())  # type: ignore[arg-type]
        (quads if len(joined) == 4 and counts[5] else tables).append(joined)
    if counts[5]:
        waiting = [s for s in singles if not any(s[0] in t for t in tables)]
        third_nodes: list[Hashable] = [*quads, *waiting, *[("none", k) for k in range(counts[4])]]

        def third(a: Hashable, b: Hashable) -> Cost | None:
            kinds = {_kind(a), _kind(b)}
            if kinds == {"quad", "single"}:
                return _cross(a, b, pair_cost)  # type: ignore[arg-type]
            return (0, 0, 0) if kinds == {"quad", "none"} else None

        for a, b in min_cost_matching(third_nodes, third) or ():
            group = tuple(x for x in (a, b) if _kind(x) in ("quad", "single"))
            tables.append(sum(group, ()))  # type: ignore[arg-type]
    return tables


def _kind(node: Hashable) -> str:
    """A node's kind: ``"single"``, ``"pair"``, ``"quad"`` (players), or a placeholder's
    name (``("apart", 0)``: its second item is a number, never a player's id)."""
    assert isinstance(node, tuple)
    if len(node) == 2 and isinstance(node[1], int):
        return str(node[0])
    return {1: "single", 2: "pair", 4: "quad"}[len(node)]


def _repair(tables: list[Group], pair_cost: PairCost) -> list[Group]:
    """Swap two players of two tables while a swap lowers the total cost (compared as the
    module says); each pass tries every swap, a pass without one ends it. Costs are summed
    as integers in radices wide enough that no lower criterion outweighs a higher one."""
    current = [list(t) for t in tables]
    players = [p for t in current for p in t]
    # a swap adds and takes away at most 4 * (seats - 1) pair costs
    cost = _encoded(players, pair_cost, 4 * max(len(t) for t in current))

    def at(player: str, table: list[str], leaving: str) -> int:
        return sum(cost[player, o] for o in table if o != leaving and o != player)

    improved = True
    while improved:
        improved = False
        for i, j in combinations(range(len(current)), 2):
            first, second = current[i], current[j]
            for x, a in enumerate(first):
                for y, b in enumerate(second):
                    gain = at(b, first, a) + at(a, second, b) - at(a, first, a) - at(b, second, b)
                    if gain < 0:
                        first[x], second[y] = b, a
                        a = b
                        improved = True
    return [tuple(t) for t in current]


def _ways(players: int, sizes: Sequence[int]) -> int:
    """How many ways there are to seat ``players`` at unordered tables of ``sizes``."""
    ways = math.factorial(players)
    for size in sizes:
        ways //= math.factorial(size)
    for size in set(sizes):
        ways //= math.factorial(sizes.count(size))
    return ways


def _encoded(members: Sequence[str], pair_cost: PairCost, terms: int) -> dict[tuple[str, str], int]:
    """Every pair's cost as one integer, in radices wide enough for a sum of ``terms`` pair
    costs to compare as the vectors do."""
    vectors = {(a, b): pair_cost(a, b) for a in members for b in members if a != b}
    widest = map(max, zip(*vectors.values(), (0, 0, 0), strict=True))
    radices = [terms * top + 1 for top in widest]
    scales = [radices[1] * radices[2], radices[2], 1]
    return {
        pair: sum(v * scale for v, scale in zip(vector, scales, strict=True))
        for pair, vector in vectors.items()
    }


def _exact(members: Sequence[str], sizes: Sequence[int], pair_cost: PairCost) -> list[Group]:
    """The cheapest seating of ``members`` at tables of ``sizes``, every way tried (the
    first found among equals, in rank order), a branch left as soon as it costs as much as
    the best so far."""
    cost = _encoded(members, pair_cost, len(members) ** 2)
    best: list[list[Group]] = []
    best_cost = [math.inf]

    def seat(left: list[str], sizes_left: list[int], tables: list[Group], spent: int) -> None:
        if spent >= best_cost[0]:
            return
        if not left:
            best[:] = [list(tables)]
            best_cost[0] = spent
            return
        first, rest = left[0], left[1:]
        for size in sorted(set(sizes_left)):
            remaining_sizes = list(sizes_left)
            remaining_sizes.remove(size)
            for companions in combinations(rest, size - 1):
                table = (first, *companions)
                added = sum(cost[a, b] for a, b in combinations(table, 2))
                others = [p for p in rest if p not in companions]
                seat(others, remaining_sizes, [*tables, table], spent + added)

    seat(list(members), list(sizes), [], 0)
    return best[0]
