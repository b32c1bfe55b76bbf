"""Dice for every game: faces picked from PCG32, dice rolled together sharing one draw.

A PCG32 step is the costly part of a roll on the Pico, so dice rolled together share one
draw: the numbers of faces are multiplied while the product stays a 30-bit small int, one
uniform number below the product is drawn from 30 bits of one output (draws that would
bias it are rejected), and its mixed-radix digits pick the faces. Each digit is exactly
uniform and independent of the others, so this is as fair as one draw per die.
"""

TOP30 = 0x3FFFFFFF  # the largest 30-bit value: still a small int on the Pico


def below30(rng, bound: int) -> int:
    """Uniform in 0..bound-1 for 1 <= bound <= TOP30, from 30 bits of one PCG32 output."""
    top = TOP30 - (TOP30 % bound + 1) % bound  # 0..top holds a whole number of bounds
    while True:
        hi, lo = rng.next_halves()
        v = ((hi >> 2) << 16) | lo
        if v <= top:
            return v % bound


def roll_faces(rng, dice) -> list:
    """One result per die (each a sequence of faces: a tuple of ints, or a string of
    digits), in order, sharing draws: the face itself is returned (an int, or a one-digit
    string)."""
    out = []
    k = 0
    count = len(dice)
    while k < count:
        faces = dice[k]
        product = len(faces)
        end = k + 1
        while end < count and product <= TOP30 // len(dice[end]):
            product *= len(dice[end])
            end += 1
        r = below30(rng, product)
        while k < end:
            faces = dice[k]
            sides = len(faces)
            out.append(faces[r % sides])
            r //= sides
            k += 1
    return out
