"""The live state of this process: its tables (hub) and lobbies, their sockets (ws, the
WebSocket gateway), the JSON of what is sent to them (wire), and the think time of a
recorded table (think).

May import cluster, http and storage; never a feature.
"""
