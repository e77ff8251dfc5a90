"""The Great War in 54mm (great-war-54mm.txt): IGOUGO phases of rally, movement,
shooting and assaults; d10 activation, two average dice moves."""
