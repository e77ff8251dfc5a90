"""My 1/35th Scale WWII Skirmish v3.2 (issue 20): the data model is written and checked; the
rules are not yet, so the ruleset is not in the registry: ``game.rulesets.DATA_ONLY`` lets
``validate`` check its file. The design is docs/ww2-135-design.md."""
