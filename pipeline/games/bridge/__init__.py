"""Pure, vectorized contract-bridge scoring: contracts, Law 77 scores, matchpoints, IMPs, VPs."""
