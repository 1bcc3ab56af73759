"""Allow ``python -m rater_desktop``."""

from rater_desktop.cli import main

raise SystemExit(main())
