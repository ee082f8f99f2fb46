"""The server's edge towards clients: errors as JSON (and their OpenAPI shape), the body
and rate limits, request models made from the games' declarations, uvicorn's guarded
protocols, its event loop, and the garbage collector kept off the sockets' backs.

May import storage; never cluster, realtime or a feature.
"""
