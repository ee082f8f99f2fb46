"""A device's name in a profile's list of devices, from its browser's User-Agent."""

from __future__ import annotations

_BROWSERS = (("Edg/", "Edge"), ("OPR/", "Opera"), ("SamsungBrowser", "Samsung Internet"),
             ("Firefox/", "Firefox"), ("FxiOS", "Firefox"), ("CriOS", "Chrome"),
             ("Chrome/", "Chrome"), ("Safari/", "Safari"))
_SYSTEMS = (("iPhone", "iPhone"), ("iPad", "iPad"), ("Android", "Android"),
            ("Windows", "Windows"), ("CrOS", "ChromeOS"), ("Mac OS X", "macOS"),
            ("Linux", "Linux"))


def device_name(user_agent: str | None) -> str:
    """A name the person recognises in the list ("Firefox, Android"), from the browser's
    User-Agent; "" when it says nothing known (the app shows "a browser").

    >>> device_name("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
    ...             "(KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36")
    'Chrome, Android'
    >>> device_name("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605"
    ...             " (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1")
    'Safari, iPhone'
    >>> device_name("curl/8.5"), device_name(None)
    ('', '')
    """
    agent = user_agent or ""
    browser = next((name for mark, name in _BROWSERS if mark in agent), None)
    system = next((name for mark, name in _SYSTEMS if mark in agent), None)
    return ", ".join(part for part in (browser, system) if part)
