"""The quick side-by-side preference protocol (seed 001; spec PR-1..PR-4), beside the
guideline protocol of ``rater_desktop.rating``: its own rating model, rules, service,
survey and export records. Qt-free."""
