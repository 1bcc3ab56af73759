"""The evidence finder (issue 26): text recognition of a batch's screenshots, offline and
cached, and for a claim the response's own screenshots and steps that show it.

Qt-free: ``ocr_engine`` (bundled PP-OCR models on ONNX Runtime), ``ocr_boxes`` (text
regions from the detector's map, numpy only), ``scan`` (the per-image cache and the
batch queue a worker drains), ``sources`` and ``terms`` (what a screenshot or step says,
made comparable to a claim), ``finder`` (ranking, "nothing found") and ``actions``
(action claims against the steps that did them).
"""
