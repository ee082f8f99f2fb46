"""Friends in two browsers against the real server: a request by nickname appears at once in
the other's header, is accepted, and each sees the other come and go and what they play
online; removing and blocking. Screenshots (desktop and phone, light and dark) and axe."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable

from playwright.sync_api import Page, expect

from tests.server.live import LiveServer
from tests.server.test_moderation import admin
from tests.web.conftest import ConsoleWatch, axe_violations
from tests.web.shots import four_looks
from tests.web.test_devices import create_profile
from tests.web.test_profile import allow_http_errors

ENGINE_PRELOAD = False  # nothing here plays in the browser


def friend_row(page: Page, nickname: str):  # noqa: ANN201 - a Locator
    return page.locator(".people li").filter(has_text=nickname)


def test_two_people_become_friends_and_see_each_other(
        people: Callable[[], Page], console: ConsoleWatch, app_server: LiveServer) -> None:
    ada, bob = people(), people()
    create_profile(ada, "Ada Přítelkyně")
    create_profile(bob, "Bob Přítel")
    ada.get_by_role("link", name="Přátelé").click()
    expect(ada.get_by_role("heading", name="Přátelé", level=1)).to_be_visible()
    expect(ada.get_by_text("Zatím tu nikdo není.")).to_be_visible()
    ada.get_by_label("Přezdívka").fill("bob přítel")
    ada.get_by_role("button", name="Poslat žádost").click()
    expect(ada.locator("p.live")).to_have_text("Žádost pro „Bob Přítel“ je odeslaná.")
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("čeká na odpověď")

    # Bob's header says a request waits, without a reload.
    chip = bob.get_by_role("link", name="Přátelé 1 (čekající žádosti)")
    expect(chip).to_be_visible()
    chip.click()
    request = friend_row(bob, "Ada Přítelkyně")
    expect(request).to_be_visible()
    four_looks(bob, "friends-request")
    assert axe_violations(bob) == []
    request.get_by_role("button", name="Přijmout").click()
    expect(bob.locator("p.live")).to_have_text("S hráčem „Ada Přítelkyně“ jste teď přátelé.")

    # Both friends, both here; Ada's page changed by itself.
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("je tady")
    expect(friend_row(bob, "Ada Přítelkyně")).to_contain_text("je tady")
    four_looks(ada, "friends-list")
    assert axe_violations(ada) == []

    # Bob leaves (his app closes): Ada sees it.
    bob.goto("about:blank")
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("není tady")
    bob.goto("/#/pratele")
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("je tady")

    # Ada opens a Kostkový poker table and challenges Bob from its room; Bob, on another
    # page, hears it at once and accepts: he is seated at her table.
    ada.goto("/#/kostkovy-poker/stul")
    ada.get_by_role("button", name="Založit stůl").click()
    expect(ada.get_by_role("heading", name="Stůl online")).to_be_visible()
    invite = ada.get_by_role("region", name="Vyzvat přátele")
    invite.get_by_role("button", name="Vyzvat: Bob Přítel").click()
    expect(invite.get_by_role("status")).to_have_text("Výzva pro „Bob Přítel“ je odeslaná.")
    notice = bob.get_by_role("group", name="Výzva od Ada Přítelkyně")
    expect(notice).to_contain_text("Ada Přítelkyně tě vyzývá ke hře Kostkový poker.")
    four_looks(bob, "challenge")
    assert axe_violations(bob) == []
    notice.get_by_role("button", name="Přijmout a hrát").click()
    expect(bob.get_by_role("heading", name="Stůl online")).to_be_visible()
    expect(bob.locator(".lobby-people")).to_contain_text("Ada Přítelkyně")
    expect(ada.get_by_role("status").filter(has_text="výzvu přijal(a)")).to_have_text(
        "Bob Přítel výzvu přijal(a) a je ve hře.")
    expect(ada.locator(".lobby-people")).to_contain_text("Bob Přítel")
    ada.get_by_role("button", name="Dobře").click()
    # They chat with preset phrases and emoji; Ada reports one of Bob's, then mutes him.
    phrases = bob.get_by_role("group", name="Rychlé věty")
    phrases.get_by_role("button", name="Ahoj!", exact=True).click()
    # Ada answers once she has read it: sent at once, the two raced over their own sockets,
    # and Bob's "Ahoj!" could come to the room after her 👍 (then last on his list).
    ada_log = ada.get_by_role("log", name="Zprávy")
    expect(ada_log.locator("li").filter(has_text="Bob Přítel")).to_contain_text("Ahoj!")
    ada.get_by_role("group", name="Smajlíci").get_by_role("button", name="Poslat 👍").click()
    expect(bob.get_by_role("log", name="Zprávy").locator("li").last).to_contain_text("👍")
    # Friends already: neither is offered the other as a friend in the room's people.
    people_here = ada.get_by_role("list", name="Lidé ve hře")
    expect(people_here).to_contain_text("Bob Přítel")
    expect(people_here.get_by_role("button", name="Nahlásit přezdívku Bob Přítel")).to_be_visible()
    expect(people_here.get_by_role("button", name="Přidat do přátel: Bob Přítel")).to_have_count(0)
    expect(ada.get_by_text("V této hře se píše jen rychlými větami a smajlíky.")).to_be_visible()
    four_looks(ada, "chat", full_page=True)
    assert axe_violations(ada) == []
    ada_log.get_by_role("button", name="Nahlásit zprávu od Bob Přítel").click()
    ada.get_by_role("dialog").get_by_role("button", name="Nahlásit").click()
    expect(ada.locator(".room-chat p.live")).to_have_text(
        "Nahlášeno. Díky, správci se na to podívají.")
    ada.get_by_role("button", name="Nahlásit přezdívku Bob Přítel").click()
    # Both reports reach the moderators: the message, then the nickname (stored when the
    # server takes the frame; the page is not told of a nickname's report a second time).
    with sqlite3.connect(app_server.data_dir / "klubovna.db") as db:
        for _ in range(150):  # a bound, not a measure
            if db.execute("SELECT count(*) FROM reports WHERE nickname = 'Bob Přítel'"
                          ).fetchone()[0] == 2:
                break
            ada.wait_for_timeout(100)
    reports = admin(app_server, "reports").stdout
    assert reports.count("'Ada Přítelkyně' reports 'Bob Přítel'") == 2, reports
    assert "[hello]" in reports and "  the nickname" in reports, reports
    ada_log.get_by_role("button", name="Ztlumit: Bob Přítel").click()
    expect(ada_log.locator("li").filter(has_text="Bob Přítel")).to_have_count(0)
    # While Bob's table is open, Ada's friends page says what he plays.
    ada.goto("/#/pratele")
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("hraje: Kostkový poker")
    bob.goto("/#/pratele")
    expect(friend_row(ada, "Bob Přítel")).to_contain_text("je tady")

    # Ada removes Bob and blocks him: he can no longer ask.
    friend_row(ada, "Bob Přítel").get_by_role("button", name="Odebrat z přátel: Bob Přítel").click()
    dialog = ada.get_by_role("dialog")
    dialog.get_by_label("A zablokovat").check()
    dialog.get_by_role("button", name="Odebrat a zablokovat").click()
    expect(ada.locator("p.live")).to_have_text("„Bob Přítel“ je zablokovaný(á).")
    expect(ada.get_by_role("heading", name="Zablokovaní")).to_be_visible()
    expect(bob.get_by_text("Zatím tu nikdo není.")).to_be_visible()
    bob.get_by_label("Přezdívka").fill("Ada Přítelkyně")
    bob.get_by_role("button", name="Poslat žádost").click()
    expect(bob.get_by_role("alert")).to_have_text("Tomuto hráči žádost poslat nejde.")
    allow_http_errors(console, 403)
