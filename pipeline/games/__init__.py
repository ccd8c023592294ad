"""The games tally scores: each game's rules, settings and reports, and what they share (the scoring run,
checks, settings, Law 79C corrections, changes, schedules, templates). `registry` lists the games."""
