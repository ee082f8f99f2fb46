// Web Push in the app's service worker (docs/decisions/0161-web-push.md, "The browser's
// part"): vite.config.ts has workbox's generated worker import this file, so the precache
// stays as it is. Plain script, no build step; web/src/push/sw.test.ts runs it with a stand-in
// `self`.
//
// push: the server's payload is JSON {"title", "body", "url"}, `url` an address of the app
// ("/#/locus-poker/hra/ABCDEF"). A payload that is not that (no text, not JSON, no title)
// still shows one plain "Klubovna" notice opening the home page: Chromium shows a notice of
// its own for a push that shows none, and an address from elsewhere is never opened.
// notificationclick: the notice closes; an open window of the app is focused and taken to
// the address, else a new window opens there.
(function () {
  "use strict";
  var MAX_TITLE = 120;
  var MAX_BODY = 400;

  /** The app's address (path, query and hash on this origin) in `url`, else "/". */
  function appUrl(url, origin) {
    if (typeof url !== "string" || url.charAt(0) !== "/" || url.charAt(1) === "/" || url.charAt(1) === "\\") return "/";
    try {
      var parsed = new URL(url, origin);
      return parsed.origin === origin ? parsed.pathname + parsed.search + parsed.hash : "/";
    } catch (e) {
      return "/";
    }
  }

  function text(value, max) {
    return typeof value === "string" ? value.slice(0, max) : "";
  }

  /** What to show for a push message's text (null: none came). */
  function notice(raw, origin) {
    var data = null;
    try {
      data = raw ? JSON.parse(raw) : null;
    } catch (e) {
      data = null;
    }
    var title = data && typeof data === "object" ? text(data.title, MAX_TITLE).trim() : "";
    if (!title) {
      return { title: "Klubovna", options: { body: "", icon: "/icon-192.png", tag: "klubovna", data: "/" } };
    }
    var url = appUrl(data.url, origin);
    return {
      title: title,
      options: {
        body: text(data.body, MAX_BODY),
        icon: "/icon-192.png",
        badge: "/icon-192.png",
        // One notice per address: a newer one (the next turn in the same game) replaces it.
        tag: "klubovna:" + url,
        renotify: true,
        data: url,
      },
    };
  }

  /** The window to take to the address: the focused one of the app, else the first. */
  function chooseClient(clients, origin) {
    var ours = clients.filter(function (c) {
      try {
        return new URL(c.url).origin === origin;
      } catch (e) {
        return false;
      }
    });
    return ours.filter(function (c) { return c.focused; })[0] || ours[0] || null;
  }

  function origin() {
    return self.location.origin;
  }

  /** Focus an open window of the app and take it to `url`, or open one there. */
  function open(url) {
    var target = appUrl(url, origin());
    return self.clients.matchAll({ type: "window", includeUncontrolled: true }).then(function (all) {
      var client = chooseClient(all, origin());
      if (!client) return self.clients.openWindow(target);
      var focused = client.focus().catch(function () { return client; });
      return focused.then(function (shown) {
        var win = shown || client;
        // navigate() needs a window this worker controls; another one opens anew.
        return win.navigate(new URL(target, origin()).href).catch(function () {
          return self.clients.openWindow(target);
        });
      });
    });
  }

  function onPush(event) {
    var raw = null;
    try {
      raw = event.data ? event.data.text() : null;
    } catch (e) {
      raw = null;
    }
    var shown = notice(raw, origin());
    event.waitUntil(self.registration.showNotification(shown.title, shown.options));
  }

  function onClick(event) {
    event.notification.close();
    event.waitUntil(open(event.notification.data));
  }

  self.klubovnaPush = { appUrl: appUrl, notice: notice, chooseClient: chooseClient, open: open, onPush: onPush, onClick: onClick };
  self.addEventListener("push", onPush);
  self.addEventListener("notificationclick", onClick);
})();
