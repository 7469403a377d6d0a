"""Deep perft counts (spec/vectors.md), which the vector export copies and never recomputes.

Written by bench/deep_perft.py, which computes each count by the fast perft (the
deepest on a cluster, oracle perft --workers) and then, as deep as its time budget
allows, by the plain rules, and stops if they differ.  Do not edit by hand.
"""

# From the standard game's named positions, by depth.
DEEP_PERFT: dict[str, dict[int, int]] = {
    'start': {6: 98004688, 7: 3295244592, 8: 112449515496, 9: 3905818743240},
    'chain-to-the-wall': {4: 948768, 5: 32539180, 6: 1180854796},
    'chain-up-a-file': {4: 1237436, 5: 46215792, 6: 1665640668},
    'ricochet': {4: 1191280, 5: 51495004, 6: 1796001496},
    'paradox-push': {4: 270464, 5: 7839324, 6: 264348784},
    'empty-supply': {4: 224280, 5: 6284824, 6: 164336364},
    'empty-focus-era': {4: 14616, 5: 268656, 6: 8057728},
    'near-win': {4: 238248, 5: 10368592, 6: 239837080},
    'stuck-copy': {4: 444896, 5: 18603528, 6: 552242960},
    'one-action-copy': {4: 4228532, 5: 182738848, 6: 9528684240},
    'own-copies-side-by-side': {4: 322672, 5: 11766396, 6: 350220032},
    'shared-focus': {4: 197136, 5: 6110816, 6: 188475760},
    'wipe-out': {4: 0, 5: 0, 6: 0},
    'win-present-left': {4: 193272, 5: 7017332, 6: 166062708},
    'win-future-left': {4: 41136, 5: 1558888, 6: 20776792},
    'win-mover-on-one-era': {4: 29312, 5: 562484, 6: 12535680},
    'won': {4: 0, 5: 0, 6: 0},
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

# From the start of each chapter ruleset and pair, beyond the depths the export counts.
CHAPTER_PERFT: dict[str, dict[int, int]] = {
    'growth': {5: 1195222152, 6: 94601343016},
    'influence': {5: 45602128, 6: 1874096448},
    'memory': {4: 123888, 5: 3354384, 6: 102760184},
    'growth+influence': {4: 64229268, 5: 6286942124},
    'growth+memory': {4: 15348416, 5: 1172216704, 6: 91513226880},
    'influence+memory': {4: 1151044, 5: 42579660, 6: 1673474852},
}

# The deepest depth at which the plain rules gave the same count, per chapter start.
CHAPTER_PLAIN_CHECKED: dict[str, int] = {
    'growth': 3,
    'influence': 4,
    'memory': 4,
    'growth+influence': 3,
    'growth+memory': 3,
    'influence+memory': 3,
}

# The standard start's deepest count split by first turn (the divide), by depth.
START_DIVIDE: dict[int, dict[str, int]] = {
    9: {
        'a1 N N >present': 324579042676,
        'a1 N N >future': 247854750368,
        'a1 N E >present': 388019497776,
        'a1 N E >future': 316258999536,
        'a1 N S >present': 159647657232,
        'a1 N S >future': 127344353336,
        'a1 N F >present': 270926414800,
        'a1 N F >future': 118278655896,
        'a1 E N >present': 388019497776,
        'a1 E N >future': 316258999536,
        'a1 E E >present': 324579042676,
        'a1 E E >future': 247854750368,
        'a1 E W >present': 159647657232,
        'a1 E W >future': 127344353336,
        'a1 E F >present': 270926414800,
        'a1 E F >future': 118278655896,
    },
}
