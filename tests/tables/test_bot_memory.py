"""A computer player remembers the events its seat witnessed (what its seat was sent, in
order), derived from the table's log: after a restore (seed + log) it remembers the same."""

from __future__ import annotations

from klubovna.tables import Table, hash_key
from klubovna.tables.table import events_for
from tests.tables.counting import COUNTING

T0 = 1_700_000_000_000
CONFIG = {"seats": 3, "target": 40, "robots": {"1": "rememberer", "2": "rememberer"}}


def new_table() -> Table:
    return Table("t", COUNTING, CONFIG, 3, [hash_key("k"), "-", "-"])


def play(table: Table, moves: int) -> None:
    """Seat 0 adds 1 or 2 in turn; the computer players answer after each move."""
    for index in range(moves):
        if table.over:
            return
        step = table.act_for(0, {"type": "add", "n": 1 + index % 2}, T0 + index)
        table.commit(step, T0 + index)
        while (step := table.robot_step(T0 + index)).entry is not None:
            table.commit(step, T0 + index)


def restored(table: Table) -> Table:
    return Table.restore(table.id, table.game, table.config, table.seed, table.key_hashes,
                         list(table.log))


def test_a_robot_remembers_what_its_seat_was_sent() -> None:
    table = new_table()
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    play(table, 4)
    for seat in (1, 2):
        sent = [event for batch in table.event_log for event in events_for(batch, seat)]
        assert table.witnessed[seat] == sent
        # its own secrets, never another seat's
        secrets = [e for e in table.witnessed[seat] if e["type"] == "secret"]
        assert secrets and all("to" not in e for e in secrets)
        assert len(secrets) == sum(1 for e in table.log if e.seat == seat)
    assert 0 not in table.witnessed  # a person's seat keeps no memory


def test_after_a_restore_a_robot_remembers_the_same_and_plays_the_same() -> None:
    table = new_table()
    table.commit(table.act_for(0, {"type": "start"}, T0), T0)
    play(table, 3)
    again = restored(table)
    assert again.witnessed == table.witnessed and again.state == table.state
    play(table, 20)
    play(again, 20)
    assert again.log == table.log and table.over
    # the moves really depend on the memory: both 1s and 2s were played by the robots
    assert {e.action["n"] for e in table.log if e.seat in (1, 2) and e.action} == {1, 2}
