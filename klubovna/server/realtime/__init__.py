"""The live state of this process: its tables (hub) and lobbies, their sockets (the
WebSocket gateway), and the JSON of what is sent to them (wire).

May import cluster, http and storage; never a feature.
"""
