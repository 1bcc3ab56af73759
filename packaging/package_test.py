"""Smoke test of the FROZEN app (dist/rater-desktop), never the source tree.

Runs the bundle's own binary the way a rater or QA reviewer would, in a throwaway home
folder: --version; samples --copy; validate (every sample, one broken batch); profile
create with an encrypted key file; rate + export + verify a sample; OpenSSH's own
ssh-keygen -Y verify; qa report to HTML; the evidence finder's text recognition of a
sample screenshot; the window offscreen (--smoke-test). Then
checks the bundle's hygiene and prints its size.

    python packaging/package_test.py [dist/rater-desktop]
Exit status 0 when every check passed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging"))

from build_info import APP_NAME, project_version  # noqa: E402

PASSPHRASE = "smoke-test passphrase"
RESULTS_NAMESPACE = "rater-desktop-results@v1"


class Check:
    """Runs the frozen binary in an isolated environment and records failures."""

    def __init__(self, binary: Path, home: Path) -> None:
        self.binary = binary
        self.failures: list[str] = []
        self.env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "PYTHON"))}
        self.env.update(
            HOME=str(home),
            XDG_DATA_HOME=str(home / "data"),
            XDG_CONFIG_HOME=str(home / "config"),
            XDG_CACHE_HOME=str(home / "cache"),
            XDG_STATE_HOME=str(home / "state"),
            RATER_DESKTOP_HOME=str(home / "rater-desktop"),
            QT_QPA_PLATFORM="offscreen",
        )
        self.env.pop("RATER_DESKTOP_PASSPHRASE", None)

    def run(
        self, name: str, args: Sequence[str], *, expect: int = 0, contains: str = "",
        env: dict[str, str] | None = None, stdin: bytes | None = None, command: Sequence[str] = (),
    ) -> subprocess.CompletedProcess[bytes]:  # fmt: skip
        argv = list(command) or [str(self.binary), *args]
        started = time.perf_counter()
        result = subprocess.run(
            argv, env={**self.env, **(env or {})}, input=stdin, capture_output=True, timeout=180
        )
        took = time.perf_counter() - started
        output = (result.stdout + result.stderr).decode("utf-8", "replace")
        ok = result.returncode == expect and contains in output
        print(f"{'ok  ' if ok else 'FAIL'} {name} (exit {result.returncode}, {took:.1f} s)")
        if not ok:
            print("     " + output.strip().replace("\n", "\n     ")[:3000])
            self.failures.append(name)
        return result


def _hygiene(bundle: Path) -> list[str]:
    problems = []
    for path in bundle.rglob("*"):
        relative = path.relative_to(bundle).as_posix()
        if path.name == "__pycache__" or path.suffix in (".pyc", ".pyo"):
            problems.append(f"bytecode cache in the bundle: {relative}")
        elif relative.split("/")[-1] in ("conftest.py",) or "/tests/" in f"/{relative}/":
            if "rater_desktop" in relative or relative.startswith("tests"):
                problems.append(f"test code in the bundle: {relative}")
        elif "pytest" in path.name.lower() or "hypothesis" in path.name.lower():
            problems.append(f"test tool in the bundle: {relative}")
    translations = [p for p in bundle.rglob("*.qm")]
    if translations:
        problems.append(f"{len(translations)} Qt translation files in the bundle")
    return problems[:20]


def _size_mib(bundle: Path) -> float:
    # Symlinks (PyInstaller links some libraries) would otherwise be counted twice.
    files = (p for p in bundle.rglob("*") if p.is_file() and not p.is_symlink())
    return sum(p.stat().st_size for p in files) / 2**20


def run_checks(bundle: Path, work: Path) -> list[str]:
    binary = bundle / APP_NAME
    check = Check(binary, work / "home")
    check.run("--version", ["--version"], contains=f"rater-desktop {project_version()}")
    samples = work / "samples"
    check.run("samples --copy", ["samples", "--copy", str(samples)], contains="copied")
    found = samples.iterdir() if samples.is_dir() else iter(())
    batches = sorted(p for p in found if (p / "batch.json").is_file())
    if not batches:
        check.failures.append("the bundle carries no sample batches")
    for batch in batches:
        check.run(f"validate {batch.name}", ["validate", str(batch), "--deep"], contains="OK")
    broken = sorted(p for p in (ROOT / "sample_batches" / "broken").iterdir() if p.is_dir())[0]
    check.run(f"validate broken/{broken.name}", ["validate", str(broken)], expect=1)
    check.run("profile create without a keyring offers the key file",
              ["profile", "create", "--rater-id", "nokeyring", "--name", "No Keyring"],
              expect=1, contains="--key-file",
              env={"PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})  # fmt: skip
    with_passphrase = {"RATER_DESKTOP_PASSPHRASE": PASSPHRASE}
    check.run("profile create --key-file",
              ["profile", "create", "--rater-id", "smoke", "--name", "Smoke Tester", "--key-file"],
              env=with_passphrase, contains="encrypted key file")  # fmt: skip
    consumer = samples / "consumer-tasks"
    ratings = ROOT / "packaging" / "smoke" / "consumer-tasks.ratings.jsonl"
    check.run("rate a sample item",
              ["--profile", "smoke", "rate", "--batch", str(consumer), "--ratings", str(ratings),
               "--complete"], contains="saved (complete)")  # fmt: skip
    out = work / "smoke"
    check.run("export", ["--profile", "smoke", "export", "--batch", str(consumer), "--out", str(out)],
              env=with_passphrase, contains="Exported 1 of")  # fmt: skip
    results = work / "smoke.results.json"
    roster = work / "allowed_signers"
    shown = check.run("key show --line", ["--profile", "smoke", "key", "show", "--line"])
    roster.write_bytes(shown.stdout)
    check.run("verify", ["verify", str(results), "--allowed-signers", str(roster),
                         "--batch", str(consumer)], contains="VALID")  # fmt: skip
    if shutil.which("ssh-keygen"):
        check.run("ssh-keygen -Y verify", [], command=[
            "ssh-keygen", "-Y", "verify", "-f", str(roster), "-I", "smoke", "-n",
            RESULTS_NAMESPACE, "-s", f"{results}.sig"], stdin=results.read_bytes())  # fmt: skip
    else:
        check.failures.append("ssh-keygen is not installed (package openssh-client)")
    report = work / "report.html"
    check.run("qa report", ["qa", "report", str(results), "--batch", str(consumer),
                            "--allowed-signers", str(roster), "--out", str(report),
                            "--resamples", "50"])  # fmt: skip
    if not report.is_file() or b"<html" not in report.read_bytes()[:2000].lower():
        check.failures.append("qa report wrote no HTML")
    cart = consumer / "screens" / "consumer" / "grocery_a_cart.png"
    check.run("evidence read (offline text recognition, bundled models)",
              ["evidence", "read", str(cart)], contains="Subtotal")  # fmt: skip
    check.run("window --smoke-test", ["open", str(consumer), "--smoke-test"],
              contains="smoke test: window painted")  # fmt: skip
    for problem in _hygiene(bundle):
        print(f"FAIL hygiene: {problem}")
        check.failures.append(problem)
    print(f"bundle size: {_size_mib(bundle):.1f} MiB unpacked ({bundle})")
    return check.failures


def main(argv: Sequence[str]) -> int:
    bundle = Path(argv[0]) if argv else ROOT / "dist" / APP_NAME
    if not (bundle / APP_NAME).is_file():
        print(f"No frozen app at {bundle}; run `make package` first.", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="rater-package-test-") as tmp:
        failures = run_checks(bundle.resolve(), Path(tmp))
    if failures:
        print(f"{len(failures)} check(s) failed: " + "; ".join(failures))
        return 1
    print("package test passed")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
