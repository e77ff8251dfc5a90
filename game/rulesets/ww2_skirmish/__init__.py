"""WW2 Skirmish with the solo rules (ww2-skirmish-solo.txt): fire teams with actions per
figure, spotting and hidden figures, d20 fire, suppression, vehicles, bunkers."""
