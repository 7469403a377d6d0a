"""The pieces of *L'heure des 3 ombres*: tiles, Lieux, the die, cards, investigators, and the rules value.

(spec/trois-ombres/components.md)

The seed gives the names of every piece but no counts.  Every count is a
field of `Setup`, with the default the product rulings chose (K24); none of
them comes from the rulebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from functools import lru_cache

from oracle.errors import NotationError

# The four Lieux, named by their die symbol (the seed names no colours).
LIEUX = ("R", "C", "P", "G")
LIEU_NAMES = {"R": "Réverbère", "C": "Chapeau", "P": "Pentacle", "G": "Rouage"}
# Places of the 2×2 block, clockwise from the top left.
PLACES = ("NW", "NE", "SE", "SW")
# Seats around the block, in play order (K17).
SEATS = ("S", "W", "N", "E")

FACES = ("R", "C", "P", "G", "loupe", "horloge")
FACE_NAMES = {"R": "Réverbère", "C": "Chapeau", "P": "Pentacle", "G": "Rouage", "loupe": "Loupe", "horloge": "Horloge"}

INVESTIGATORS = ("lucile", "balafre", "allison", "zacahire")
# Each player's colour, which their clues (Indices) take, as the pictures draw it, and its name, for the words that
# tell a player theirs (the table's key, the turn box): in English, and in French as Indices take it (plural).
PLAYER_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
COLOUR_NAMES = (("red", "rouges"), ("blue", "bleus"), ("green", "verts"), ("purple", "violets"))

OBJETS = (
    "archeoscript", "chronogyre", "invertigo", "loupe-analytique",
    "stylo-traducteur", "revelateur", "oreillettes",
)
ID_CARDS = (*OBJETS, "calepin", "debriefing")
EMBUCHES = (
    "amnesie", "brouillard", "fausse-piste", "illusion", "manipulation",
    "reveil", "temps-accelere", "vortex",
)
MALEDICTIONS = ("brume", "confusion", "hallucination", "paralysie", "paranoia", "silence", "tenebres")
LIMBES_CARDS = (*EMBUCHES, *MALEDICTIONS)

TRAP_KINDS = ("hercule", "horloge", "vortex", "yeux-R", "yeux-C", "yeux-P", "yeux-G")

# The names as printed on the cards, the investigators' sheets and the traps (the notation's are lower case).
CARD_NAMES = {
    "archeoscript": "Archéoscript", "chronogyre": "Chronogyre", "invertigo": "Invertigo",
    "loupe-analytique": "Loupe analytique", "stylo-traducteur": "Stylo traducteur",
    "revelateur": "Révélateur d'empreinte", "oreillettes": "Oreillettes à ultra-son", "calepin": "Calepin",
    "debriefing": "Débriefing", "amnesie": "Amnésie", "brouillard": "Brouillard", "fausse-piste": "Fausse piste",
    "illusion": "Illusion", "manipulation": "Manipulation", "reveil": "Réveil des ombres",
    "temps-accelere": "Temps accéléré", "vortex": "Vortex", "brume": "Brume", "confusion": "Confusion",
    "hallucination": "Hallucination", "paralysie": "Paralysie", "paranoia": "Paranoïa", "silence": "Silence",
    "tenebres": "Ténèbres",
}
TRAP_NAMES = {"hercule": "Hercule", "horloge": "Horloge", "vortex": "Vortex",
              **{f"yeux-{lieu}": f"Yeux du démon ({lieu})" for lieu in LIEUX}}
INVESTIGATOR_NAMES = {"lucile": "Lucile Finemouche", "balafre": "Le Balafré", "allison": "Allison Holmes",
                      "zacahire": "Zacahire White"}


def card_name(card: str) -> str:
    """A card's printed name (``calepin`` -> ``Calepin``); an unknown name as it is."""
    return CARD_NAMES.get(card, card)


def trap_name(trap: str) -> str:
    """A trap's printed name (``yeux-R`` -> ``Yeux du démon (R)``)."""
    return TRAP_NAMES.get(trap, trap)


def tile_words(tile: str) -> str:
    """A tile as an event names it: a suspect as written (``3h``), a trap by its name (``the Vortex trap``)."""
    return f"the {trap_name(tile)} trap" if tile in TRAP_NAMES else tile
# The investigators whose ability looks at tiles; a peek names one (peek allison R1).
PEEKERS = ("allison", "zacahire")
# In what a player knows (their memory, their view): a tile known to be a trap, not which kind (K1),
# and a tile they cannot name (OMBRES.VIEW).
TRAP_SEEN = "trap"
UNKNOWN = "?"

Loc = str
"""A slot on a Lieu: its letter and its number 1..slots in the board's own frame, e.g. ``R5``."""


def tile_is_trap(tile: str) -> bool:
    """Tiles are written ``3n`` / ``3h`` (suspect 3, normal or hypnotised) or by trap kind."""
    return tile in TRAP_KINDS


def character(tile: str) -> int:
    return int(tile[:-1])


def suspect_tiles(characters: int) -> tuple[str, ...]:
    """Every suspect, ``1n 1h 2n 2h ...``: each character in its two versions (inferred count)."""
    return tuple(f"{c}{v}" for c in range(1, characters + 1) for v in "nh")


def loc_lieu(loc: Loc) -> str:
    return loc[0]


def loc_slot(loc: Loc) -> int:
    return int(loc[1:])


def loc_key(loc: Loc) -> tuple[int, int]:
    return LIEUX.index(loc[0]), int(loc[1:])


@dataclass(frozen=True, slots=True)
class Setup:
    """The setup parameters: every count the seed leaves unknown.  Defaults: ruling K24 (guesses).

    Rule: OMBRES.SETUP.PARAMS
    """

    players: int = 4
    characters: int = 7
    slots: int = 9
    hercule_traps: int = 2
    vortex_traps: int = 1
    horloge_traps: int = 1
    yeux_per_lieu: int = 1
    hercule_cubes: int = 4
    clues: int = 4
    spare_clues: int = 2
    objet_copies: int = 1
    calepins: int = 2
    debriefings: int = 2
    limbes_copies: int = 1
    clock_start: int = 0

    def traps(self) -> tuple[str, ...]:
        return tuple(sorted(
            ["hercule"] * self.hercule_traps + ["vortex"] * self.vortex_traps + ["horloge"] * self.horloge_traps
            + [f"yeux-{lieu}" for lieu in LIEUX for _ in range(self.yeux_per_lieu)]
        ))

    def id_deck(self) -> tuple[str, ...]:
        return tuple(sorted(
            [o for o in OBJETS for _ in range(self.objet_copies)]
            + ["calepin"] * self.calepins + ["debriefing"] * self.debriefings
        ))

    def limbes_deck(self) -> tuple[str, ...]:
        return tuple(sorted(c for c in LIMBES_CARDS for _ in range(self.limbes_copies)))


LOSS_HOUR = 12
"""The hour of the three shadows, the clock's last: the team loses when the clock reaches it (OMBRES.LOSS)."""

SETUP_NAMES = {f.name.replace("_", "-"): f.name for f in fields(Setup)}
LIMITS = {"players": (2, 4), "characters": (1, 30), "slots": (1, 25), "clock-start": (0, LOSS_HOUR - 1)}
# The bounds of every count a state writes, checked before anything is built from it.  These are the
# game's declared limits for the shared input reader; any count not named here is at most 99.
STATE_BOUNDS = {"players": (2, 4), "characters": (1, 30), "slots": (1, 25), "hour": (0, LOSS_HOUR), "current": (0, 3),
                "view": (0, 3)}

# Named variants: the other readings of the rulings (spec/trois-ombres/variants.md).
VARIANTS: dict[str, str] = {
    "lieu-reveal-any-order": "OMBRES.REVEAL.DESIGNATED: the designated Lieu's tile may be revealed first or second",
    "trap-also-limbes": "OMBRES.TRAP.ORDER: a trap turn also draws a Limbes card",
    "cube-removals-2": "OMBRES.CUBE.REMOVE: up to two Hercule cube removals per turn",
    "limbes-clock-on-last": "OMBRES.LIMBES.DRAW: the clock advances when the last Limbes card is drawn",
    "confusion-spares-balafre": "OMBRES.LIMBES.CONFUSION: Confusion leaves Le Balafré's passive ability alone",
    "reroll-chain": "OMBRES.ABILITY.LUCILE: a rerolled result may be rerolled again by another means",
    "forget-traps": "OMBRES.OBSERVE.TRAPS: players do not know where traps were placed",
    "deal-anywhere": "OMBRES.SETUP: the tiles are dealt onto any slots, not spread evenly over the Lieux",
    "hercule-chance": "OMBRES.CHANCE: where a thrown Hercule cube lands is a chance outcome, not an input",
    "revelateur-any-time": "OMBRES.ID.REVELATEUR: Révélateur d'empreinte may also be played between the reveals",
    "peeks-need-two": "OMBRES.ABILITY.ZACAHIRE: Zacahire and the Oreillettes need two tiles to look at",
    "free-means-unmarked": "OMBRES.LIMBES.BROUILLARD: a 'free' tile bears neither a cube nor a clue",
    "amnesie-spares-chronogyre": "OMBRES.LIMBES.AMNESIE: the clue on a Chronogyre tile stays",
    "debriefing-after-3": "OMBRES.ID.DEBRIEFING: the Débriefing reveals only strictly after 3 h",
    "invertigo-own-draw": "OMBRES.ID.INVERTIGO: Invertigo cancels only its holder's own draw",
    "hercule-short-advances": "OMBRES.TRAP.HERCULE: with fewer cubes than throws, the clock advances instead",
    "hallucination-trap-swap": "OMBRES.LIMBES.HALLUCINATION: a suspect and a trap revealed second swap places too",
    "debriefing-ends-chronogyre": "OMBRES.ID.DEBRIEFING: a Chronogyre tile that makes no pair is turned face down too",
    "peeks-may-stop": "OMBRES.ABILITY.ZACAHIRE: Zacahire and the Oreillettes may look at one tile though two could",
    "revelateur-keeps-reroll": "OMBRES.ID.REVELATEUR: the Révélateur played after the roll leaves the reroll open",
}


@dataclass(frozen=True, slots=True)
class Rules:
    """The setup parameters and the named variants in force."""

    setup: Setup = field(default_factory=Setup)
    variants: frozenset[str] = frozenset()

    def has(self, variant: str) -> bool:
        return variant in self.variants

    @property
    def recorded(self) -> str | None:
        """The rules a state records in ``variants=``: the name without the counts the state writes itself
        (players, characters, slots); None for the standard rules.  (Part of OMBRES.NOTATION.VARIANTS.)
        """
        return _recorded(self)

    @property
    def name(self) -> str:
        parts = sorted(self.variants)
        default = Setup()
        for f in fields(Setup):
            value = getattr(self.setup, f.name)
            if value != getattr(default, f.name):
                parts.append(f"{f.name.replace('_', '-')}={value}")
        return "+".join(parts) or "standard"

    @classmethod
    def parse(cls, text: str | None) -> Rules:
        """``standard``, or ``+``-joined variants and ``parameter=value`` settings: ``clues=2+trap-also-limbes``."""
        setup = Setup()
        variants: set[str] = set()
        for token in (text or "standard").split("+"):
            token = token.strip()
            if token in ("", "standard"):
                continue
            if "=" in token:
                key, _, raw = token.partition("=")
                name = SETUP_NAMES.get(key)
                if name is None or not raw.isdigit():
                    raise NotationError(f"unknown setup parameter (known: {', '.join(SETUP_NAMES)})", token)
                low, high = LIMITS.get(key, (0, 99))
                if not low <= int(raw) <= high:
                    raise NotationError(f"setup parameter out of range {low}..{high}", token)
                setup = replace(setup, **{name: int(raw)})
            elif token in VARIANTS:
                variants.add(token)
            else:
                raise NotationError(f"unknown variant (known: {', '.join(VARIANTS)})", token)
        if 4 * setup.characters - 1 > 4 * setup.slots:
            raise NotationError(f"{4 * setup.slots} slots cannot hold the {4 * setup.characters - 1} tiles dealt",
                                text or "")
        return cls(setup, frozenset(variants))


def rules_for(recorded: str | None, rules: Rules) -> Rules:
    """The rules to play a state by, given the rules it records (``variants=``, None if it records none).

    The caller's rules when they agree or the state records none; the
    recorded rules when the caller gives the standard ones (so that a saved
    state replays alone); `NotationError` naming the field when they differ.

    Rule: OMBRES.NOTATION.VARIANTS
    """
    given = rules.recorded
    if recorded is None or given == recorded:
        return rules
    if given is None:
        kept = Rules.parse(recorded)
        counts = {name: getattr(rules.setup, name) for name in ("players", "characters", "slots")}
        return Rules(replace(kept.setup, **counts), kept.variants)
    raise NotationError(f"the state records its rules, and they are not {given}", f"variants={recorded}")


@lru_cache(maxsize=64)
def _recorded(rules: Rules) -> str | None:
    kept = [t for t in rules.name.split("+") if t.partition("=")[0] not in ("players", "characters", "slots")]
    return "+".join(t for t in kept if t != "standard") or None
