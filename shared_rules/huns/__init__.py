"""Huns (2018): action dice, rounds and final scoring for 2-4 players."""
