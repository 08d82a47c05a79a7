"""The page's searches (hints and reviews), one job per (kind, game version).

Jobs run one at a time in the page's search thread; a result is looked up only under the
version shown now, so a hint for a state the game left is never current.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from throne_pnp.errors import ThroneError

# Finished jobs kept per kind: enough for a plan followed step by step and an undo or two.
KEEP = 6

Work = Callable[["Job"], dict[str, Any]]


@dataclass
class Job:
    """One search: what it is for, how far it got, and its answer."""

    kind: str                      # "hint" or "review"
    version: str                   # the game version it searches
    state: str = "waiting"         # waiting, running, done, failed
    result: dict[str, Any] | None = None
    error: str | None = None
    done: int = 0                  # progress, for a review: decisions reviewed ...
    total: int = 0                 # ... of this many
    started: float = field(default_factory=time.monotonic)
    extra: dict[str, Any] = field(default_factory=dict)   # what the page keeps with it

    @property
    def running(self) -> bool:
        return self.state in ("waiting", "running")

    def progress(self, done: int, total: int) -> None:
        """The callback a review reports to (any thread)."""
        self.done, self.total = done, total

    def status(self) -> dict[str, Any]:
        """The JSON the page polls while the job runs."""
        return {"kind": self.kind, "game": self.version, "state": self.state,
                "done": self.done, "total": self.total,
                "seconds": round(time.monotonic() - self.started, 1)}


class Searches:
    """The jobs of one server and the thread that runs them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._jobs: dict[tuple[str, str], Job] = {}
        self._queue: queue.Queue[tuple[Job, Work]] = queue.Queue()
        self._thread: threading.Thread | None = None
        self.started = 0           # searches started (for tests and the curious)

    def find(self, kind: str, version: str) -> Job | None:
        """The job of `kind` for `version`, if one was started."""
        with self._lock:
            return self._jobs.get((kind, version))

    def latest(self, kind: str) -> list[Job]:
        """The jobs of `kind`, newest first."""
        with self._lock:
            jobs = [job for (k, _), job in self._jobs.items() if k == kind]
        return jobs[::-1]

    def start(self, kind: str, version: str, work: Work, retry: bool = False) -> Job:
        """The job of `kind` for `version`: the existing one (running or finished;
        a failed one too, unless `retry`), else a new one queued to run `work(job)`."""
        with self._lock:
            job = self._jobs.get((kind, version))
            if job is not None and not (retry and job.state == "failed"):
                return job
            self._jobs.pop((kind, version), None)
            job = Job(kind, version)
            self._jobs[(kind, version)] = job
            self._prune(kind)
            self.started += 1
            self._queue.put((job, work))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._serve, name="throne-search",
                                                daemon=True)
                self._thread.start()
        return job

    def _prune(self, kind: str) -> None:
        """Forget the oldest finished jobs of `kind` beyond `KEEP` (hold `_lock`)."""
        mine = [key for key, job in self._jobs.items() if key[0] == kind and not job.running]
        for key in mine[:max(0, len(mine) - KEEP)]:
            del self._jobs[key]

    def _serve(self) -> None:
        """The search thread: run the queued jobs one at a time."""
        while True:
            job, work = self._queue.get()
            job.state = "running"
            job.started = time.monotonic()
            try:
                job.result = work(job)
                job.state = "done"
            except ThroneError as exc:
                job.error, job.state = str(exc), "failed"
            except Exception as exc:  # noqa: BLE001 - the page says so; the thread lives on
                job.error, job.state = f"the search failed ({type(exc).__name__}: {exc})", \
                    "failed"
            finally:
                self._queue.task_done()
