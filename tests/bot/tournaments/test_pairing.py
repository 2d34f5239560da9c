"""Swiss pairing checked against brute force on small fields, and seeded property runs over
many rounds: every active player seated once, no rematch while one is avoidable, byes fair."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import networkx as nx
import pytest

from bot.service import tournaments as T
from bot.service.tournaments.pairing import pair_two_seats, score_units
from bot.service.tournaments.swiss import table_plan
from bot.service.tournaments.tables import form_tables
from tests.bot.tournaments.helpers import play_round

BYE = None


def all_matchings(nodes: list[object]) -> list[list[tuple[object, object]]]:
    """Every perfect matching of ``nodes`` (945 for 10 nodes)."""
    if not nodes:
        return [[]]
    first, rest = nodes[0], nodes[1:]
    found = []
    for index, other in enumerate(rest):
        for tail in all_matchings(rest[:index] + rest[index + 1 :]):
            found.append([(first, other), *tail])
    return found


def random_field(rng: random.Random, size: int) -> tuple[list[str], dict, dict, dict]:
    """A field of ``size`` players with random scores, meetings and byes, ranked by score."""
    players = [f"p{i}" for i in range(size)]
    scores = {p: Fraction(rng.randint(0, 6), 2) for p in players}
    ranked = sorted(players, key=lambda p: (-scores[p], players.index(p)))
    met: dict[str, dict[str, int]] = {p: {} for p in players}
    density = rng.choice([0.0, 0.2, 0.5, 0.8])
    for a, b in combinations(players, 2):
        if rng.random() < density:
            met[a][b] = met[b][a] = rng.choice([1, 1, 2])
    byes = {p: (1 if rng.random() < density else 0) for p in players}
    return ranked, scores, met, byes


def plain_cost(pairs, bye, ranked, scores, met, byes) -> tuple[int, ...]:
    """The rule of docs/tournaments.md, summed: rematches, repeated byes, the bye's height
    above last place, squared score differences (in half points), and the Dutch fold."""
    position = {p: i for i, p in enumerate(ranked)}
    rematches = sum(met[a].get(b, 0) for a, b in pairs)
    repeated = byes[bye] if bye is not None else 0
    height = len(ranked) - 1 - position[bye] if bye is not None else 0
    difference = sum(int(2 * (scores[a] - scores[b])) ** 2 for a, b in pairs)
    fold = 0
    for a, b in pairs:
        a, b = sorted((a, b), key=position.__getitem__)
        if scores[a] == scores[b]:
            group = sum(1 for p in ranked if scores[p] == scores[a])
            fold += abs(position[b] - position[a] - group // 2)
    return (rematches, repeated, height, difference, fold)


def brute_force(ranked, scores, met, byes) -> tuple[int, ...]:
    nodes: list[object] = list(ranked) + ([BYE] if len(ranked) % 2 else [])
    best = None
    for matching in all_matchings(nodes):
        pairs = [(a, b) for a, b in matching if BYE not in (a, b)]
        bye = next((a if b is BYE else b for a, b in matching if BYE in (a, b)), None)
        cost = plain_cost(pairs, bye, ranked, scores, met, byes)
        best = cost if best is None or cost < best else best
    assert best is not None
    return best


@pytest.mark.parametrize("seed", range(150))
def test_two_seat_pairing_equals_brute_force_on_small_fields(seed: int) -> None:
    rng = random.Random(seed)
    ranked, scores, met, byes = random_field(rng, rng.randint(2, 10))
    paired = pair_two_seats(ranked, scores, met, byes)
    seated = [p for pair in paired.pairs for p in pair] + [p for p in [paired.bye] if p]
    assert sorted(seated) == sorted(ranked)
    # scale half points to the matching's own unit: a positive factor keeps the order
    ours = plain_cost(paired.pairs, paired.bye, ranked, scores, met, byes)
    assert ours == brute_force(ranked, scores, met, byes)


def test_round_one_is_by_rating_top_half_against_bottom_half() -> None:
    players = [f"p{i}" for i in range(8)]
    paired = pair_two_seats(players, {p: Fraction(0) for p in players}, {}, {})
    assert paired.pairs == (("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7"))
    assert paired.bye is None


def test_the_bye_goes_to_the_lowest_ranked_player_without_one() -> None:
    players = [f"p{i}" for i in range(7)]
    scores = {p: Fraction(0) for p in players}
    paired = pair_two_seats(players, scores, {}, {"p6": 1, "p5": 1})
    assert paired.bye == "p4"
    # when everyone has had one, the lowest-ranked player with the fewest
    assert pair_two_seats(players, scores, {}, {p: 1 for p in players}).bye == "p6"


def all_partitions(players: list[str], sizes: list[int]) -> list[list[tuple[str, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (tables unordered)."""
    if not players:
        return [[]]
    first, rest = players[0], players[1:]
    found = []
    for size in sorted(set(sizes)):
        left = list(sizes)
        left.remove(size)
        for companions in combinations(rest, size - 1):
            remaining = [p for p in rest if p not in companions]
            for tail in all_partitions(remaining, left):
                found.append([(first, *companions), *tail])
    return found


def repeat_meetings(tables, met) -> int:
    return sum(met[a].get(b, 0) for table in tables for a, b in combinations(table, 2))


@pytest.mark.parametrize("seed", range(120))
def test_tables_of_three_to_five_avoid_repeat_meetings_as_brute_force_does(seed: int) -> None:
    rng = random.Random(1000 + seed)
    seats = rng.choice([3, 4, 5])
    size = rng.randint(seats, 12 if seats != 3 else 12)
    sizes, bye_count = table_plan(size, seats, 2)
    ranked, scores, met, _ = random_field(rng, size)
    seated = ranked[: len(ranked) - bye_count]
    tables = form_tables(seated, sizes, score_units({p: scores[p] for p in seated}), met)
    # (the test computes its costs itself below, from the rule in docs/tournaments.md)
    assert sorted(len(t) for t in tables) == sorted(sizes)
    assert sorted(p for t in tables for p in t) == sorted(seated)
    units = score_units({p: scores[p] for p in seated})
    position = {p: i for i, p in enumerate(seated)}

    def cost(option: list[tuple[str, ...]]) -> tuple[int, int, int]:
        pairs = [pair for table in option for pair in combinations(table, 2)]
        return (
            repeat_meetings(option, met),
            sum((units[a] - units[b]) ** 2 for a, b in pairs),
            sum(abs(position[a] - position[b]) for a, b in pairs),
        )

    # the same total cost as the best of every seating: repeats, spread, rank distance
    assert cost(tables) == min(cost(option) for option in all_partitions(seated, sizes))


def fewest_rematches(players: list[str], met: dict[str, dict[str, int]]) -> int:
    """The fewest rematches any pairing of ``players`` (with a bye node when odd) must hold:
    the pairs a maximum matching over never-met pairs leaves to rematch."""
    graph = nx.Graph()
    nodes = [*players, "\x00bye"] if len(players) % 2 else list(players)
    graph.add_nodes_from(nodes)
    graph.add_edges_from(
        (a, b) for a, b in combinations(nodes, 2) if "\x00bye" in (a, b) or not met[a].get(b)
    )
    return len(nodes) // 2 - len(nx.max_weight_matching(graph, maxcardinality=True))


def meetings(tournament: T.Tournament) -> dict[str, dict[str, int]]:
    met: dict[str, dict[str, int]] = {e.id: {} for e in tournament.entrants}
    for round_ in tournament.rounds:
        for table in round_.tables:
            for a, b in combinations(table.players, 2):
                met[a][b] = met[a].get(b, 0) + 1
                met[b][a] = met[b].get(a, 0) + 1
    return met


@pytest.mark.parametrize("seed", range(12))
def test_two_seat_rounds_seat_everyone_once_and_rematch_only_when_unavoidable(seed: int) -> None:
    rng = random.Random(seed)
    size = rng.randint(5, 60)
    entrants = [T.Entrant(id=f"p{i}", rating=rng.uniform(0, 30)) for i in range(size)]
    tournament = T.new_tournament(T.Settings(seats=2, rounds=8), entrants)
    for number in range(1, 9):
        if number == 4:  # a drop-out between rounds
            tournament = T.withdraw(tournament, f"p{rng.randrange(size)}")
        before = meetings(tournament)
        active = list(tournament.active())
        tournament = play_round(tournament, rng)
        current = tournament.rounds[-1]
        seated = [p for table in current.tables for p in table.players] + list(current.byes)
        assert sorted(seated) == sorted(active)
        assert len(current.byes) == len(active) % 2
        rematches = sum(before[a].get(b, 0) > 0 for a, b in (t.players for t in current.tables))
        assert rematches == fewest_rematches(active, before)
    had = [p for r in tournament.rounds for p in r.byes]
    if len(set(tournament.active())) > 8:
        assert len(had) == len(set(had))  # nobody has two byes while others have none


@pytest.mark.parametrize(("seats", "size"), [(3, 13), (3, 14), (4, 18), (4, 40), (5, 23), (5, 37)])
def test_tables_seat_everyone_once_by_plan_without_repeats_in_early_rounds(
    seats: int, size: int
) -> None:
    rng = random.Random(seats * 100 + size)
    entrants = [T.Entrant(id=f"p{i}", rating=rng.uniform(0, 30)) for i in range(size)]
    tournament = T.new_tournament(T.Settings(seats=seats, min_seats=2, rounds=3), entrants)
    for _ in range(3):
        before = meetings(tournament)
        active = list(tournament.active())
        tournament = play_round(tournament, rng)
        current = tournament.rounds[-1]
        sizes, bye_count = table_plan(len(active), seats, 2)
        assert sorted(len(t.players) for t in current.tables) == sorted(sizes)
        assert len(current.byes) == bye_count
        seated = [p for table in current.tables for p in table.players] + list(current.byes)
        assert sorted(seated) == sorted(active)
        assert repeat_meetings([t.players for t in current.tables], before) == 0
    had = [p for r in tournament.rounds for p in r.byes]
    assert len(had) == len(set(had))
