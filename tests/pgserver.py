"""A throwaway PostgreSQL cluster for tests (and the benchmark): initdb + pg_ctl in a temp
folder, listening only on a unix socket in that folder (no TCP port, no clash with any
server on the machine). As root the server runs as the ``postgres`` system user, since
PostgreSQL refuses to run as root. No tests here."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from itertools import count
from pathlib import Path

REQUIRE_ENV = "RATER_DESKTOP_REQUIRE_POSTGRES"
SECRET_ROLE = "qa_secret"  # the one role that must give a password (tests of the password path)
SECRET_PASSWORD = "s3cret-for-tests-only"


class ServerUnavailable(Exception):
    """No PostgreSQL server can be started here; the message says why."""


def find_bin_dir() -> Path:
    chosen = os.environ.get("RATER_DESKTOP_PG_BIN", "")  # this folder only, when set
    candidates = [chosen]
    if not chosen:
        candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
        on_path = shutil.which("pg_ctl")
        candidates.append(str(Path(on_path).parent) if on_path else "")
    for candidate in filter(None, candidates):
        if (Path(candidate) / "initdb").exists() and (Path(candidate) / "pg_ctl").exists():
            return Path(candidate)
    raise ServerUnavailable(
        "no PostgreSQL server binaries (initdb, pg_ctl) found in "
        f"{chosen or '/usr/lib/postgresql/*/bin or on PATH'}; install the 'postgresql' "
        "package (apt-get install postgresql)"
    )


@dataclass
class PgServer:
    """A running cluster; ``url(db)`` gives a store URL, ``create_database()`` a fresh one."""

    root: Path
    bin_dir: Path
    run_as: list[str]
    _names: count[int] = field(default_factory=lambda: count(1))

    @property
    def socket_dir(self) -> str:
        return str(self.root)

    def url(self, database: str, user: str = "postgres") -> str:
        return f"postgresql://{user}@/{database}?host={self.root}"

    def _run(self, *args: str, timeout: float = 60) -> None:
        result = subprocess.run(
            [*self.run_as, *args], capture_output=True, text=True, timeout=timeout, check=False
        )
        if result.returncode != 0:
            raise ServerUnavailable(f"{Path(args[0]).name} failed: {result.stderr.strip()[-500:]}")

    def start(self) -> None:
        data = self.root / "data"
        self._run(str(self.bin_dir / "initdb"), "-D", str(data), "-U", "postgres",
                  "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync")  # fmt: skip
        hba = f"local all {SECRET_ROLE} scram-sha-256\nlocal all all trust\n"
        (data / "pg_hba.conf").write_text(hba, encoding="utf-8")
        options = (f"-c listen_addresses='' -k {self.root} -c fsync=off "
                   "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60")  # fmt: skip
        self._run(str(self.bin_dir / "pg_ctl"), "-D", str(data), "-l", str(self.root / "log"),
                  "-w", "-t", "60", "-o", options, "start", timeout=90)  # fmt: skip
        self.execute(f"CREATE ROLE {SECRET_ROLE} LOGIN PASSWORD '{SECRET_PASSWORD}'")

    def stop(self) -> None:
        try:
            self._run(str(self.bin_dir / "pg_ctl"), "-D", str(self.root / "data"),
                      "-m", "immediate", "stop")  # fmt: skip
        finally:
            shutil.rmtree(self.root, ignore_errors=True)

    def execute(self, sql: str, database: str = "postgres") -> None:
        import psycopg

        with psycopg.connect(host=str(self.root), user="postgres", dbname=database,
                             autocommit=True) as conn:  # fmt: skip
            conn.execute(sql)  # type: ignore[arg-type]

    def create_database(self, owner: str = "postgres") -> str:
        name = f"qa_test_{os.getpid()}_{next(self._names)}"
        self.execute(f"CREATE DATABASE {name} OWNER {owner}")
        return name

    def drop_database(self, name: str) -> None:
        self.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


def start_server() -> PgServer:
    """Start a cluster in a new temp folder, or raise ServerUnavailable saying why."""
    bin_dir = find_bin_dir()
    root = Path(tempfile.mkdtemp(prefix="rd-pg-"))
    run_as: list[str] = []
    if os.geteuid() == 0:
        try:
            user = pwd.getpwnam("postgres")
        except KeyError as exc:
            shutil.rmtree(root, ignore_errors=True)
            raise ServerUnavailable(
                "running as root and there is no 'postgres' system user to run the server as"
            ) from exc
        os.chown(root, user.pw_uid, user.pw_gid)
        runuser = shutil.which("runuser") or "/usr/sbin/runuser"
        run_as = [runuser, "-u", "postgres", "--"]
    root.chmod(0o755)  # the socket must be reachable by the tests' user
    server = PgServer(root=root, bin_dir=bin_dir, run_as=run_as)
    try:
        server.start()
    except (ServerUnavailable, OSError, subprocess.SubprocessError) as exc:
        log = root / "log"
        tail = log.read_text(errors="replace")[-400:] if log.exists() else ""
        shutil.rmtree(root, ignore_errors=True)
        raise ServerUnavailable(f"{exc} {tail}".strip()) from exc
    return server
