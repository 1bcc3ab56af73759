"""Batches built from real data: ``rater-desktop batch import`` (Qt-free).

Readers turn an input (generic JSONL/CSV pairs, chosen/rejected transcripts, browser-use
agent histories, standardweb runs, AssistantBench tasks) into batch items one at a time;
:class:`~rater_desktop.batch_import.writer.BatchWriter` streams them into a folder or zip;
:func:`~rater_desktop.batch_import.run.import_batch` ties both together and validates.
"""
