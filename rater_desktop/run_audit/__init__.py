"""The run audit protocol of seed 002 (spec "Run audit protocol", RA-1..RA-6), Qt-free.

A run audit batch (``batch.json`` ``"protocol": "run-audit"``) holds one recorded agent
run per item: ``item.prompt`` is the objective, ``item.run`` the run (``trajectory``
steps with screenshots, ``run_report``: the agent's own seed-002 report) and
``item.judge`` the automated judge's verdict, if any (``batch.model.JudgeVerdict``).

The rater's work, in order (``model.STEPS``):
1. ``trajectory`` RA-1: checkpoints C1-C4 reached or not, each reached one citing a step
   or screenshot (``service.mark_checkpoint``; later ones imply earlier ones).
2. ``outcome`` RA-2: the outcome seen; blocked/login_wall cite the step and quote the
   block's visible text (``set_outcome``, ``set_block_step``, ``set_quote``).
3. ``report`` RA-3: ``reveal_report`` (refused until RA-1/RA-2 pass), then each
   statement of the report (``statements.report_statements``: outcome, each claimed
   checkpoint, block, item, evidence lines) matching / contradicted (citing a step) /
   not shown (``mark_statement``).
4. ``breaches`` RA-4: per kind of ``model.BREACH_KINDS`` seen (citing a step) or none
   seen (``mark_breach(kind, False)``).
5. ``verdict`` RA-5: accurate / overstated / understated (``set_verdict``), then
   ``reveal_judge`` (refused until RA-5 passes), ``complete``.

Modules: ``model`` (``RunAuditRating`` and its parts, to_dict/from_dict), ``statements``,
``rules`` (``check_run_audit``: RuleResults with IDs RA-1..RA-5), ``steps`` (what is
covered when: ``report_may_show``, ``judge_may_show``, ``step_open``), ``edits`` (the
plain edit functions), ``service`` (``RunAuditService``: the write API, ``Change``
records, subscribers, SD-3 timing), ``scoring`` (RA-6: the seed-002 score of the
normalized outcome, disputed completions), ``collect``/``scripted``/``protocol`` (export,
``rate``, the registry entry), ``stats``/``report`` (QA figures and ``qa report``).
"""
