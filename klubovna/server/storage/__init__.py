"""What the server keeps: the database schema and its migrations, the store of tables,
logs, profiles and results, the leases of cluster mode, the log writer, the data folder
and the server secret.

The bottom layer: imports no other part of the server (but the clock and calendar).
"""
