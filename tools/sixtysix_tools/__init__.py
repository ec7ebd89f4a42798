"""Host-side tools: the `sixtysix` command, records, replay, benchmarks."""
