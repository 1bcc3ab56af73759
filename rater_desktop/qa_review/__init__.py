"""QA reviewer mode without Qt: import and verify signed results, compare raters, adjudicate,
report. The statistics themselves live in ``rater_desktop.qa``; see docs/qa-report.md."""
