"""Domino tally: the rules of the seed document as pure, vectorized DataFrame transforms."""
