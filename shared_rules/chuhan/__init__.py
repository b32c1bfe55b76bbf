"""Chu and Han (Tom Lehmann, Matagot): the two-player scorekeeper."""
