"""Raters who learn as they go (issue 24), without Qt: the training feedback of an item
(``training``), local qualification scoring (``qualification``), items marked unsure with a
reason (``unsure``), and what the export carries of them (``records``)."""
