"""Several server processes on one database: which process owns a table or lobby (node:
its leases, Moved and the socket close code that goes with it) and the relay of a request
or socket to its owner (forward, with the 503 `moved` answer).

May import http and storage; never realtime or a feature.
"""
