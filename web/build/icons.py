"""Draw the app icons (a 5x5 board with a highlighted diagonal) as PNGs, standard library only.

Run once when the design changes: python3 web/build/icons.py; the PNGs are committed.
"""

import struct
import zlib
from pathlib import Path

BLUE, PAPER, GOLD = (29, 78, 137), (246, 244, 239), (232, 176, 52)


def pixel(x: float, y: float) -> tuple[int, int, int]:
    """Colour at (x, y) in a unit square; the board fills 76% of it (maskable safe zone)."""
    margin, size = 0.12, 0.76
    u, v = (x - margin) / size, (y - margin) / size
    if not (0 <= u < 1 and 0 <= v < 1):
        return BLUE
    col, row = int(u * 5), int(v * 5)
    fu, fv = u * 5 - col, v * 5 - row
    if fu < 0.1 or fu > 0.9 or fv < 0.1 or fv > 0.9:
        return BLUE
    return GOLD if row == col else PAPER


def png(size: int) -> bytes:
    rows = b"".join(
        b"\x00" + b"".join(bytes(pixel((i + 0.5) / size, (j + 0.5) / size)) for i in range(size))
        for j in range(size)
    )

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    public = Path(__file__).resolve().parents[1] / "public"
    for size in (192, 512):
        (public / f"icon-{size}.png").write_bytes(png(size))
