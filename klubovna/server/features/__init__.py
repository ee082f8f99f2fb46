"""What the club offers over HTTP, one module per feature: tables (create one, read a
seat's view) and new_table (what a new table is made with), the daily challenge, the
leaderboard, profiles and nicknames, a profile's devices (transfer and recovery codes,
device_names) and passkeys, friends and blocks, challenges, replays, Web Push (push), and
the HTTP side of lobbies.

The top layer: a feature may import every layer below (realtime, cluster, http, storage)
and another feature; nothing below imports a feature (pyproject.toml's contract).
"""
