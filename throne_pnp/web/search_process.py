"""A search in a process of its own (`spawn`), so the page's threaded server never forks.

Forking a threaded process can deadlock on a lock another thread held.
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.util  # noqa: F401 - its exit handler first, so `_stop` runs before it
from collections.abc import Callable
from pathlib import Path
from typing import Any

from throne_pnp.content import Content
from throne_pnp.errors import ThroneError

_CTX = multiprocessing.get_context("spawn")
_live: set[Any] = set()


def run(kind: str, game: Path, content: Content, version: str, budget: int, seed: int,
        jobs: int, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """The hint or review (`kind`) of the save `game` at `version`, searched in a
    new process with `jobs` workers; `progress(done, total)` as a review goes."""
    receive, send = _CTX.Pipe(duplex=False)
    proc = _CTX.Process(target=_child, name=f"throne-{kind}",
                        args=(send, kind, game, content, version, budget, seed, jobs))
    proc.start()
    send.close()
    _live.add(proc)
    try:
        while True:
            try:
                message = receive.recv()
            except EOFError:
                raise ThroneError("the search process ended without an answer") from None
            if message[0] == "progress":
                progress(message[1], message[2])
            elif message[0] == "done":
                return message[1]
            else:
                raise ThroneError(message[1])
    finally:
        receive.close()
        proc.join(5)
        if proc.is_alive():
            proc.terminate()
        _live.discard(proc)


def _child(send: Any, kind: str, game: Path, content: Content, version: str, budget: int,
           seed: int, jobs: int) -> None:
    """The search process: one search, its messages down the pipe."""
    try:
        send.send(("done", search(kind, game, content, version, budget, seed, jobs,
                                  lambda done, total: send.send(("progress", done, total)))))
    except ThroneError as exc:
        send.send(("error", str(exc)))
    except Exception as exc:  # noqa: BLE001 - said on the page in one line
        send.send(("error", f"the search failed ({type(exc).__name__}: {exc})"))
    finally:
        send.close()


def search(kind: str, game: Path, content: Content, version: str, budget: int, seed: int,
           jobs: int, progress: Callable[[int, int], None]) -> dict[str, Any]:
    """The search itself, wherever it runs: the save opened afresh and checked to
    be the state asked about (`version`), then `advice.hint` or `advice.review`."""
    from throne_pnp.assistant import advice
    from throne_pnp.assistant.session import Session
    from throne_pnp.rules.actions import Action
    from throne_pnp.web.door import game_version

    session = Session.open(game, content)
    if game_version(session.save) != version:
        raise ThroneError("the game moved on before the search began; ask again")
    if kind == "hint":
        return advice.hint(session.game, budget=budget, seed=seed, jobs=jobs)
    history = [Action.parse(t) for c in session.save.commands for t in c]
    found = advice.decisions(session.replay(0), history)
    progress(0, len(found))
    return advice.review(found, budget=budget, seed=seed, jobs=jobs, progress=progress)


@atexit.register
def _stop() -> None:
    """End the search processes still running (registered after multiprocessing's
    own exit handler, so it runs first and that one does not wait for them)."""
    for proc in list(_live):
        proc.terminate()
