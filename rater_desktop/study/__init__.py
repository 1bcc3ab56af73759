"""Study plans (Qt-free): assign a pool batch to raters, write their batches, check coverage."""
