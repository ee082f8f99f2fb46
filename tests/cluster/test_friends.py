"""Friends and presence across processes (issue #36): a request made on one process reaches
the other's club socket on another, and each sees the other come and go through Redis."""

from __future__ import annotations

import httpx

from tests.cluster.harness import Cluster
from tests.server.test_friends import Club


def bearer(key: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {key}"}


def test_friends_see_each_other_across_processes(cluster: Cluster) -> None:
    one, two, _ = cluster.nodes
    ada = httpx.post(f"{one.http}/api/profiles", json={"nickname": "Ada Uzel"}).json()
    bob = httpx.post(f"{two.http}/api/profiles", json={"nickname": "Bob Uzel"}).json()
    bob_club = Club(two, bob["key"])
    asked = httpx.post(f"{one.http}/api/friends", json={"nickname": "Bob Uzel"},
                       headers=bearer(ada["key"]))
    assert asked.status_code == 201, asked.text
    bob_club.until("friends")  # from process one to Bob's socket on process two
    accepted = httpx.post(f"{two.http}/api/friends/{ada['id']}/accept",
                          headers=bearer(bob["key"]))
    assert accepted.status_code == 200, accepted.text
    listed = httpx.get(f"{one.http}/api/friends", headers=bearer(ada["key"])).json()
    assert listed["friends"] == [{"id": bob["id"], "nickname": "Bob Uzel", "online": True,
                                  "playing": None}]
    ada_club = Club(one, ada["key"])
    assert ada_club.welcome["presence"] == {bob["id"]: {"online": True, "playing": None}}
    bob_club.until("presence", id=ada["id"], online=True)
    ada_club.send({"t": "playing", "game": "zoliky-s-kameny"})
    bob_club.until("presence", id=ada["id"], playing="zoliky-s-kameny")
    ada_club.close()
    bob_club.until("presence", id=ada["id"], online=False)
    bob_club.close()
