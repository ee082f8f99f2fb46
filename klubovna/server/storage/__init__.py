"""What the server keeps: the database schema and its migrations, the store of tables,
logs, profiles and results, a profile's devices, codes and passkeys (devices), friends
and blocks (friends), the leases of cluster mode (the store writes under their
fencing token), the log writer, the data folder and the server secret, Web Push's
subscriptions and outbox (push) and its VAPID key (vapid), and backups of all of it and
their restore (backup: `klubovna backup`, `klubovna restore`).

The bottom layer: imports no other part of the server but clock and calendar. (Migration
0005 imports features.nicknames; the migrations are scripts, not a package, and frozen.)
"""
