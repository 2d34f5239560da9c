"""Swiss pairing at 2 seats: a minimum-cost perfect matching (networkx's blossom algorithm).

Rule (``docs/tournaments.md``, "Pairing at 2 seats"): the active players, ranked (points,
then seed), are the nodes; an odd field adds a *bye* node. Every pair may meet, at a cost
compared in this order (lexicographically, summed over the round):

1. rematches: how often the two have met before (never a rematch while one is avoidable);
2. repeated byes: how many byes the player given the bye has had already (one bye at most
   per player while avoidable);
3. the bye's rank: how far above the last place the player given the bye stands (the bye
   goes to the lowest-ranked player who has not had one);
4. the score difference, squared (pairs within a score group first, then the smallest floats);
5. the Dutch fold: how far the two stand apart, in rank within their score group, from half
   the group's size (round 1 by rating: 1 against n/2 + 1, as in chess's Dutch system).

:func:`min_cost_matching` turns the cost vectors into integer weights with radices so that
no lower criterion can outweigh a higher one, and asks ``networkx.max_weight_matching`` for a
maximum-cardinality matching of greatest weight: the exact optimum of the rule above.

Fields larger than :data:`BLOCK` players are matched in rank-order blocks of at most that size
(cut where the score changes once half full; an odd block's last player floats to the next); a block
whose best matching still holds a rematch or a repeated bye is merged with its neighbour and
matched again, up to the whole field, so the first two criteria hold over the whole field.
A field of at most ``BLOCK`` players is one block: its pairing is the exact optimum.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

BLOCK = 40
"""The players matched together at most, unless hard criteria need more (see the module); a
block is cut where the score changes once it holds half as many."""

BYE = "\x00bye"
"""The bye node's name (no entrant id is empty-prefixed with NUL)."""

Cost = tuple[int, ...]


def min_cost_matching(
    nodes: Sequence[Hashable], cost: Callable[[Hashable, Hashable], Cost | None]
) -> list[tuple[Hashable, Hashable]] | None:
    """A perfect matching of ``nodes`` (an even number) of least total cost.

    Args:
        nodes: the nodes, in a deterministic order.
        cost: ``(a, b) -> cost vector`` of non-negative ints (all of one length), compared
            lexicographically once summed; ``None`` when ``a`` and ``b`` may not be matched.

    Returns:
        The pairs ``(a, b)``, ``a`` before ``b`` in ``nodes``, in the order of ``a``; ``None``
        when no perfect matching exists.
    """
    edges = []
    for i, a in enumerate(nodes):
        for b in nodes[i + 1 :]:
            vector = cost(a, b)
            if vector is not None:
                edges.append((a, b, vector))
    if not edges:
        return [] if not nodes else None
    pairs = len(nodes) // 2
    radices = [
        pairs * top + 1 for top in map(max, zip(*(vector for _, _, vector in edges), strict=True))
    ]
    scales = [math.prod(radices[k + 1 :]) for k in range(len(radices))]
    encoded = [
        (a, b, sum(value * scale for value, scale in zip(vector, scales, strict=True)))
        for a, b, vector in edges
    ]
    top = max(weight for _, _, weight in encoded) + 1
    graph = nx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_weighted_edges_from((a, b, top - weight) for a, b, weight in encoded)
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    if 2 * len(matching) != len(nodes):
        return None
    order = {node: i for i, node in enumerate(nodes)}
    oriented = [(a, b) if order[a] < order[b] else (b, a) for a, b in matching]
    return sorted(oriented, key=lambda pair: order[pair[0]])


@dataclass(frozen=True)
class TwoSeatPairing:
    """A round's pairs (higher-ranked player first, the top pair first) and the player with
    the ``bye`` (``None`` for an even field)."""

    pairs: tuple[tuple[str, str], ...]
    bye: str | None


def score_units(scores: Mapping[str, Fraction]) -> dict[str, int]:
    """``scores`` as integers of one common unit (their denominators' least common
    multiple), so that cost vectors stay integers."""
    unit = math.lcm(*(score.denominator for score in scores.values())) if scores else 1
    return {player: int(score * unit) for player, score in scores.items()}


def pair_two_seats(
    ranked: Sequence[str],
    scores: Mapping[str, Fraction],
    met: Mapping[str, Mapping[str, int]],
    byes: Mapping[str, int],
    *,
    block: int = BLOCK,
) -> TwoSeatPairing:
    """Pair ``ranked`` (the active players, best first) for the next round by the module's
    rule. ``scores``: each player's points; ``met[a][b]``: their meetings so far (missing =
    0); ``byes``: byes had so far (missing = 0). Raises ``ValueError`` for fewer than 2."""
    if len(ranked) < 2:
        raise ValueError("a round needs at least two players")
    units = score_units({p: scores.get(p, Fraction(0)) for p in ranked})
    blocks = _blocks(ranked, units, block)
    without_bye = any(byes.get(p, 0) == 0 for p in ranked)
    done: dict[tuple[str, ...], tuple[list[tuple[str, str]], str | None, bool]] = {}
    while True:
        for index, members in enumerate(blocks):
            key = tuple(members)
            if key not in done:
                done[key] = _match_block(members, units, met, byes, without_bye)
            if done[key][2] and len(blocks) > 1:  # defective: merge with a neighbour
                other = index + 1 if index + 1 < len(blocks) else index - 1
                low, high = sorted((index, other))
                blocks[low : high + 1] = [blocks[low] + blocks[high]]
                break
        else:
            break
    pairs: list[tuple[str, str]] = []
    bye = None
    for members in blocks:
        block_pairs, block_bye, _ = done[tuple(members)]
        pairs += block_pairs
        bye = block_bye or bye
    return TwoSeatPairing(tuple(pairs), bye)


def _blocks(ranked: Sequence[str], units: Mapping[str, int], size: int) -> list[list[str]]:
    """``ranked`` cut into rank-order blocks of at most ``size`` (cut where the score changes
    once half full); every block but the last of even length."""
    blocks: list[list[str]] = [[]]
    for player in ranked:
        current = blocks[-1]
        changes = bool(current) and units[current[-1]] != units[player]
        if len(current) >= size or (2 * len(current) >= size and changes):
            blocks.append([])
        blocks[-1].append(player)
    for index in range(len(blocks) - 1):
        if len(blocks[index]) % 2:
            blocks[index + 1].insert(0, blocks[index].pop())
    return [members for members in blocks if members]


def _match_block(
    members: list[str],
    units: Mapping[str, int],
    met: Mapping[str, Mapping[str, int]],
    byes: Mapping[str, int],
    someone_without_bye: bool,
) -> tuple[list[tuple[str, str]], str | None, bool]:
    """The best matching of one block: its pairs, its bye, and whether it is defective (a
    rematch, or a repeated bye while someone in the field has none)."""
    position = {player: i for i, player in enumerate(members)}
    group: dict[int, int] = {}
    for player in members:
        group[units[player]] = group.get(units[player], 0) + 1
    last = len(members) - 1
    nodes: list[str] = [*members, BYE] if len(members) % 2 else list(members)

    def cost(a: Hashable, b: Hashable) -> Cost:
        if b == BYE:
            assert isinstance(a, str)
            return (0, byes.get(a, 0), last - position[a], 0, 0)
        assert isinstance(a, str) and isinstance(b, str)
        meetings = met.get(a, {}).get(b, 0)
        difference = (units[a] - units[b]) ** 2
        same = units[a] == units[b]
        fold = abs(position[b] - position[a] - group[units[a]] // 2) if same else 0
        return (meetings, 0, 0, difference, fold)

    matching = min_cost_matching(nodes, cost)
    assert matching is not None  # every pair may meet: a perfect matching exists
    pairs = [(str(a), str(b)) for a, b in matching if b != BYE]
    bye = next((str(a) for a, b in matching if b == BYE), None)
    rematch = any(met.get(a, {}).get(b, 0) for a, b in pairs)
    repeated = bye is not None and byes.get(bye, 0) > 0 and someone_without_bye
    return pairs, bye, rematch or repeated
