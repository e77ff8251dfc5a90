"""My 1/35th Scale WWII Skirmish v3.2 (issue 20): the ruleset's package (``ruleset.py``, its
chapters and parts). The design is docs/ww2-135-design.md."""
