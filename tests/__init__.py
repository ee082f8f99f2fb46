"""The test suite (pytest), one folder per layer, run by `make test`.

* core/, games/, bots/, tables/: the pure layers: rules, golden vectors, hypothesis properties
* contract/: every registered game held to the Game protocol on random legal play (replay,
  text form, hidden information, refusals, envelope, settings, leaving, the wire's types)
* toy/: the toy Nim, a plug-in no platform file names, played through every mode
* server/: a real server on a free port (HTTP and WebSocket, kill -9 restarts)
* web/: Playwright in Chromium against the built app, every game in every mode
* fuzz/: hypothesis state machines and schemathesis over real sockets
* cluster/ (`make test-cluster`): three processes behind nginx on PostgreSQL and Redis, with
  owners killed and stalled and Redis and PostgreSQL restarted
* vectors/: a byte-identical copy of ../shared/vectors, read when ../shared is not beside the
  repository (vectors.py)
"""
