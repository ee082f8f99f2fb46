"""Typed rule errors with stable codes.

Clients branch on `code` (never on the message); the message is for people.
"""


class IllegalAction(Exception):
    """An action the rules do not allow at this moment.

    >>> IllegalAction("cell_taken", "Cell 3 is already used.").code
    'cell_taken'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"code": self.code, "message": self.message}
