"""Several server processes on one database: which process owns a table or lobby (node)
and the relay of a request or socket to its owner (forward).

May import http and storage; never realtime or a feature.
"""
