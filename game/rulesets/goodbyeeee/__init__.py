"""GOODBYEEEEEE!!! (shared/rules/goodbyeeee.txt), issue 19: the data model of
rulesets/goodbyeeee.yaml (``data.py``). The rules procedures are not written yet, so the
ruleset is not in the registry: ``game.rulesets.DATA_ONLY`` lets ``validate`` check its
file meanwhile. The design is docs/goodbyeeee-design.md."""
