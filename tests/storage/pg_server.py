"""A throwaway PostgreSQL server in a temporary directory, for the storage tests and the benchmark.

Uses Debian's `postgresql` package (initdb and pg_ctl under /usr/lib/postgresql/<version>/bin;
`make test` installs it as root when it is missing). initdb refuses to run as root, so as root the
server runs as the package's `postgres` user. It listens on 127.0.0.1 on a free port, trusts local
connections, and is stopped (and its directory removed) by `stop()`.
"""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "companion"


def find_bin() -> Path | None:
    """The newest installed server's bin directory (None: no PostgreSQL server installed)."""
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(Path(p).parts[-3]))
    return Path(found[-1]).parent if found else None


def why_not() -> str | None:
    """Why a server cannot be started here (None: it can)."""
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "the psycopg package is not installed (pip install -e '.[test]')"
    if find_bin() is None:
        return "no PostgreSQL server installed (Debian package postgresql; `make test` installs it as root)"
    if os.geteuid() == 0 and not _has_user("postgres"):
        return "running as root and there is no 'postgres' user to run the server as"
    return None


def _has_user(name: str) -> bool:
    import pwd

    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PgServer:
    def __init__(self) -> None:
        self.bin = find_bin()
        self.dir = Path(tempfile.mkdtemp(prefix="companion-pg-"))
        self.port = _free_port()
        self._as: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "postgres")
            self._as = ["runuser", "-u", "postgres", "--"]

    def _pg(self, tool: str, *args: str) -> None:
        subprocess.run([*self._as, str(self.bin / tool), *args], check=True, capture_output=True, cwd=self.dir)

    def start(self) -> PgServer:
        data = str(self.dir / "data")
        self._pg("initdb", "-D", data, "-U", USER, "--auth=trust", "-E", "UTF8", "--no-locale", "--no-sync")
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
        self._pg("pg_ctl", "-D", data, "-o", options, "-l", str(self.dir / "log"), "-w", "-t", "60", "start")
        return self

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def new_database(self, name: str) -> str:
        import psycopg

        with psycopg.connect(self.url(), autocommit=True) as con:
            con.execute(f'CREATE DATABASE "{name}"')
        return self.url(name)

    def halt(self) -> None:
        """The database server dies (pg_ctl stop -m immediate: no goodbye to the clients); its data stays."""
        self._pg("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")

    def resume(self) -> None:
        """Start the halted server again, on the same port and data."""
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off"
        self._pg("pg_ctl", "-D", str(self.dir / "data"), "-o", options, "-l", str(self.dir / "log"), "-w", "-t", "60",
                 "start")

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._pg("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)
