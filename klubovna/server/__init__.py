"""The web server: FastAPI app, HTTP API, WebSocket gateway and persistence.

It imports the pure layers (tables, games, core); they never import it.
"""
