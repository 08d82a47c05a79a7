"""Running the table page: where to listen, the join URL, its QR code, uvicorn.

Loopback by default; with `--lan` every interface, the URL naming this machine's address.
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

from throne_pnp.content import Content
from throne_pnp.errors import ThroneError
from throne_pnp.web.security import Access


def lan_address() -> str:
    """This machine's address on the local network (IPv4), or ThroneError."""
    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("10.255.255.255", 1))  # no packet is sent for a UDP connect
        address = probe.getsockname()[0]
    except OSError:
        address = ""
    finally:
        probe.close()
    if not address or address.startswith("127.") or address == "0.0.0.0":
        raise ThroneError("--lan: this machine has no local network address (is it on "
                          "Wi-Fi?); without --lan the page is served on this machine only")
    return address


def check_port(host: str, port: int) -> None:
    """Refuse a port another program holds, before printing any URL (probed with
    SO_REUSEADDR as uvicorn binds, so a port in TIME_WAIT counts as free)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        if os.name != "nt":   # on Windows the option would let two servers share a port
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind((host, port))
        except OSError:
            raise ThroneError(f"port {port} is in use on {host}; choose another with "
                              f"--port, e.g. --port {port + 1}") from None


def join_url(access: Access, host: str, port: int) -> str:
    url = f"http://{host}:{port}/"
    return f"{url}?token={access.token}" if access.token else url


# Pure black and white of the 256-colour set in every terminal, light or dark theme.
QR_DARK = 16
QR_LIGHT = 231
QR_BORDER = 4      # the quiet zone a QR code needs, in modules
UPPER_HALF = "\u2580"


def qr_text(url: str) -> str:
    """The URL as a QR code for a terminal: two module rows per line (an upper half
    block), both colours explicit, with a light quiet zone."""
    import segno

    code = segno.make(url, error="l")
    rows = [list(row) for row in code.matrix_iter(scale=1, border=QR_BORDER)]
    if len(rows) % 2:
        rows.append([0] * len(rows[0]))        # a light row below: part of the quiet zone
    lines = []
    for top, bottom in zip(rows[0::2], rows[1::2], strict=True):
        cells = []
        for up, down in zip(top, bottom, strict=True):
            fg = QR_DARK if up else QR_LIGHT
            bg = QR_DARK if down else QR_LIGHT
            cells.append(f"\033[38;5;{fg};48;5;{bg}m{UPPER_HALF}")
        lines.append("".join(cells) + "\033[0m")
    return "\n".join(lines) + "\n"


def qr_modules(text: str) -> list[list[int]]:
    """The module rows (1 = dark) drawn by `qr_text`, read back from its colour codes;
    for tests, and to check the drawing against the code it was made from."""
    import re

    rows: list[list[int]] = []
    for line in text.splitlines():
        cells = re.findall(r"\033\[38;5;(\d+);48;5;(\d+)m" + UPPER_HALF, line)
        rows.append([int(fg) == QR_DARK for fg, _ in cells])
        rows.append([int(bg) == QR_DARK for _, bg in cells])
    return [[int(v) for v in row] for row in rows]


def run(app, host: str, port: int) -> None:  # pragma: no cover - exercised end to end
    """Serve until interrupted (Ctrl+C)."""
    import uvicorn

    uvicorn.run(app, host=host, port=port, log_level="warning", access_log=False,
                server_header=False)


def build(game: Path, content: Content, lan: bool, new_token: bool = False):
    """(app, listen host, the host in the URL, access) for `throne serve`; the secrets
    are the save's kept ones (`secretstore`), new ones with `new_token`."""
    from throne_pnp.web.app import create_app
    from throne_pnp.web.secretstore import secrets_for

    address = lan_address() if lan else None
    access = Access.for_server(address, secrets_for(game, fresh=new_token))
    app = create_app(game, content, access)
    return app, ("0.0.0.0" if lan else "127.0.0.1"), (address or "127.0.0.1"), access
