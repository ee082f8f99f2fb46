"""A duel whose two players sit on different processes: each socket goes straight to its
own process's port, so at least one of them plays through a process that does not own the
lobby (relayed to the owner, unseen by the client)."""

from __future__ import annotations

from tests.cluster.checks import check_replay, seen_by, table_of_lobby
from tests.cluster.harness import Cluster
from tests.server.lobby_client import (
    AsyncPlayer,
    check_final,
    choose_move,
    create_lobby,
    join_lobby,
    run_players,
)


def test_a_duel_with_its_players_on_two_processes(cluster: Cluster) -> None:
    first, second = cluster.nodes[0], cluster.nodes[1]
    host = create_lobby(first, "duel", nickname="Ada")
    guest = join_lobby(second, host.code, "Bob")  # the join too lands on another process
    players = [AsyncPlayer(first, host, choose_move, name="Ada", start_with=2),
               AsyncPlayer(second, guest, choose_move, name="Bob")]
    run_players(players, timeout=60)

    owner = cluster.owner_of_lobby(host.code)
    assert owner in (first, second), f"the lobby's owner is {cluster.index(owner)}"
    finals = [player.tracker.view for player in players]
    check_final([view for view in finals if view is not None])
    for player in players:
        assert player.refused == [] and player.drops == 0, (player.name, player.refused)
        player.tracker.check_counters()
    check_replay(cluster, table_of_lobby(cluster, host.code),
                 seen_by([player.tracker for player in players]))
