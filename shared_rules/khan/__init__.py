"""Khan (Christwart Conrad, 2010): flee, invade, conquer, score - the companion's core game."""
