"""kill -9 mid-game, start again: no confirmed move is lost, deadlines included."""

from __future__ import annotations

from tests.server.live import LiveServer, hold_number, next_move, play_out


def test_kill_and_restart_mid_game(fresh_server: LiveServer) -> None:
    server = fresh_server
    table_id, key = server.create(mode="hard", seconds=120)
    with server.socket(table_id) as client:
        client.hello(key)
        view = client.act({"type": "start"})["view"]
        for _ in range(8):
            move = next_move(hold_number(client, view))
            assert move is not None
            reply = client.act(move)
            assert reply["t"] == "view"
            view = reply["view"]
        confirmed, last_seq = reply, client.seq
    server.kill()
    server.start()
    with server.socket(table_id) as client:
        resumed = client.hello(key, since=0)
        assert resumed["version"] == confirmed["version"]
        assert resumed["view"]["board"] == confirmed["view"]["board"]
        assert resumed["view"]["hand"] == confirmed["view"]["hand"]
        assert resumed["view"]["kept_jokers"] == confirmed["view"]["kept_jokers"]
        assert resumed["view"]["deadline"] == confirmed["view"]["deadline"]
        assert resumed["view"]["score"] == confirmed["view"]["score"]
        # The client keeps its sequence numbers across the restart.
        client.seq = last_seq
        final = play_out(client, resumed["view"])
    assert final["over"] and final["forfeited"] == 0
    assert all(value is not None for value in final["board"])
    # The game lived in the database the server was pointed at, and only there.
    assert (server.data_dir / "klubovna.db").exists() == (server.database_url is None)
