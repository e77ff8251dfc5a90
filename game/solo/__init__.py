"""The solo rules of ww2-skirmish-solo.txt that every ruleset plays by: the risk factors
and action charts (orders), the portal markers and force generation (portals)."""
