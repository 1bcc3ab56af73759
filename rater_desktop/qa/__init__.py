"""QA reviewer statistics (no Qt): agreement, qualification, scoreboard, AssistantBench,
standardweb runs, time and cost, disagreement. See docs/qa-statistics.md."""
