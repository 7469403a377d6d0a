"""Deep perft counts of the standard game from the named positions (spec/vectors.md).

Written by bench/deep_perft.py, which computes each count by the fast counter
and then, as deep as its time budget allows, by the plain rules, and stops if
they differ.  Do not edit by hand.
"""

DEEP_PERFT: dict[str, dict[int, int]] = {
    'start': {6: 98004688},
    'chain-to-the-wall': {4: 948768, 5: 32539180},
    'chain-up-a-file': {4: 1237436, 5: 46215792},
    'ricochet': {4: 1191280, 5: 51495004},
    'paradox-push': {4: 270464, 5: 7839324},
    'empty-supply': {4: 224280, 5: 6284824},
    'empty-focus-era': {4: 14616, 5: 268656},
    'near-win': {4: 238248, 5: 10368592},
    'stuck-copy': {4: 444896, 5: 18603528},
    'one-action-copy': {4: 4228532, 5: 182738848},
    'own-copies-side-by-side': {4: 322672, 5: 11766396},
    'shared-focus': {4: 197136, 5: 6110816},
    'wipe-out': {4: 0, 5: 0},
    'win-present-left': {4: 193272, 5: 7017332},
    'win-future-left': {4: 41136, 5: 1558888},
    'win-mover-on-one-era': {4: 29312, 5: 562484},
    'won': {4: 0, 5: 0},
}

# The deepest depth at which the plain rules gave the same count, per position.
PLAIN_CHECKED: dict[str, int] = {
    'start': 5,
    'chain-to-the-wall': 4,
    'chain-up-a-file': 4,
    'ricochet': 4,
    'paradox-push': 4,
    'empty-supply': 4,
    'empty-focus-era': 5,
    'near-win': 4,
    'stuck-copy': 4,
    'one-action-copy': 3,
    'own-copies-side-by-side': 4,
    'shared-focus': 4,
    'wipe-out': 5,
    'win-present-left': 4,
    'win-future-left': 5,
    'win-mover-on-one-era': 5,
    'won': 5,
}
