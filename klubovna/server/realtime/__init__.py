"""The live state of this process: its tables (hub) and lobbies, their sockets (ws, the
WebSocket gateway), the JSON of what is sent to them (wire), the think time of a
recorded table (think), the club socket with friends' presence (club), Web Push's
notify/seen and its sender (push), and what turn-based rooms send through it (turns).

May import cluster, http and storage; never a feature.
"""
