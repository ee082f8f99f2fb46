"""Klubovna — a web games club for five skill games.

Pure layers (core, games, bots, tables) use the standard library only so the
browser can run them under Pyodide; the server layer wraps them with IO.
"""
