"""Entry point of the frozen app: the same command line as ``rater-desktop``."""

import multiprocessing

from rater_desktop.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()
    raise SystemExit(main())
