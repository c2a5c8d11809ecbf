"""In the Year of the Dragon (alea 2007 / Ravensburger 2017) with the Great Wall and Super Events."""
