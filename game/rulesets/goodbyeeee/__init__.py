"""GOODBYEEEEEE!!! (shared/rules/goodbyeeee.txt), issue 19: the data model of
rulesets/goodbyeeee.yaml (``data.py``) and, slice by slice, its rules (``ruleset.py``:
so far the turn sequence, with ``initiative.py``). The rules are not playable yet, so the
ruleset is not in the registry: ``game.rulesets.DATA_ONLY`` lets ``validate`` check its
file, and ``IN_PROGRESS`` lets tests play it headless. The design is
docs/goodbyeeee-design.md."""
