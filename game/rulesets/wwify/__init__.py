"""WWIFY AR:SE (wwify-arse.txt): card-driven activation by unit type, two actions a unit,
the firing table, close combat, morale and panic, artillery barrages on 1 ft squares."""
