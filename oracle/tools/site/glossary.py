"""The glossary of the three games: one table for both editions' glossary pages.

``docs/glossary.md`` and ``docs/fr/glossary.md`` hold a ```` ```glossary GAME ```` fence per game, and
``{{ glossary-cards KIND }}`` where a list of cards goes; the build replaces them (`render_glossary`).  The
French page shows each term as the French rules print it, then the English word and what it is in French;
the English page shows the English word, the French term, what it is in English and the clause that states
it.  A term added here shows on both pages.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass

from oracle.tools.site.french import CARD_LEGEND, NOTATION_KEY


@dataclass(frozen=True)
class Term:
    french: str  # as the French rules print it, in Markdown ("**copie**, pion")
    english: str  # the English edition's word, as the French page gives it
    fr: str  # what it is, in French
    en: str  # what it is, in English
    rule: str | None  # the clause that states it (an ID), a rules page (``rules/...md``), or None
    english_term: str | None = None  # the English page's term, when it is not ``english``


@dataclass(frozen=True)
class Card:
    name: str  # as printed on the card
    rule: str  # the clause that states what it does


TERMS: dict[str, tuple[Term, ...]] = {
    "ttykm": (
        Term("**copie**, pion", "copy",
             "Un des sept pions d'un joueur : le même voyageur à des moments différents.  Une copie est sur un "
             "plateau, dans la réserve, ou retirée du jeu.",
             "One of a player's seven pieces: the same traveller at different moments.  A copy is on a board, "
             "in the supply, or removed from the game.", "BOARD.ERAS"),
        Term("**copie active**, pion actif", "active copy",
             "La copie choisie au début du tour ; elle fait toutes les actions du tour, même après un voyage vers "
             "une autre époque.",
             "The copy chosen at the start of the turn; it takes every action of the turn, even after travelling "
             "to another era.", "TURN.ACTIVE-COPY"),
        Term("**époque**", "era",
             "Un des trois plateaux : le **passé**, le **présent** et le **futur**.  La même case de deux époques "
             "est le même endroit à deux moments.",
             "One of the three boards: the **past**, the **present** and the **future**.  The same square of two "
             "eras is the same place at two moments.", "BOARD.ERAS"),
        Term("**Focus**", "Focus",
             "Le marqueur de chaque joueur sur une époque : vous y choisissez votre copie, et vous le déplacez "
             "vers une autre époque à la fin de chaque tour.",
             "Each player's marker on an era: you choose your copy there, and you move it to another era at the "
             "end of every turn.", "FOCUS.MOVE"),
        Term("**réserve**", "supply",
             "Les copies qu'un joueur garde hors des plateaux, quatre au départ ; reculer dans le temps en fait "
             "entrer une en jeu.",
             "The copies a player keeps off the boards, four at the start; travelling back brings one into play.",
             "TRAVEL.BACKWARD.SUPPLY"),
        Term("**Déplacement**", "move",
             "Une action : un pas orthogonal vers une case voisine.",
             "An action: one orthogonal step to a neighbouring square.", "MOVE.ORTHOGONAL"),
        Term("**pousser**, poussée", "push",
             "Entrer sur la case d'une copie adverse la pousse d'une case dans la même direction.",
             "Moving onto an opponent's copy pushes it one square in the same direction.", "MOVE.PUSH"),
        Term("**écraser**", "crush",
             "Une copie poussée contre un mur (ou contre ce qui ne peut pas bouger) est écrasée : retirée du jeu.",
             "A copy pushed against a wall (or against what cannot move) is crushed: removed from the game.",
             "MOVE.PUSH.CRUSH"),
        Term("**paradoxe**", "paradox",
             "Une copie poussée sur une autre copie de sa couleur : les deux sont éliminées par le paradoxe.",
             "A copy pushed onto another copy of its colour: the paradox removes both.", "MOVE.PUSH.PARADOX"),
        Term("**ricochet**", "ricochet",
             "Une chaîne de poussées que vous lancez et qui élimine une de vos propres copies.",
             "A chain of pushes you start that removes one of your own copies.", "MOVE.PUSH.CHAIN"),
        Term("**avancer** dans le temps", "travel forward",
             "Aller sur la même case de l'époque suivante, qui doit être libre.",
             "Going to the same square of the next era, which must be empty.", "TRAVEL.FORWARD"),
        Term("**reculer** dans le temps", "travel back",
             "Aller sur la même case de l'époque précédente, qui doit être libre, et créer une nouvelle copie, "
             "prise dans la réserve, sur la case quittée.",
             "Going to the same square of the previous era, which must be empty, and leaving a new copy, taken "
             "from the supply, on the square left.", "TRAVEL.BACKWARD"),
        Term("**chapitres** : Croissance, Influence, Mémoire, Convergence",
             "chapters: Growth, Influence, Memory, Convergence",
             "Les quatre étuis de la boîte, chacun avec ses objets et ses règles prioritaires (graines, arbustes "
             "et arbres ; statues ; éléphants et chapeaux ; deux chapitres ensemble).",
             "The four cases of the box, each with its objects and the rules that override the base game (seeds, "
             "shrubs and trees; statues; elephants and hats; two chapters together).", "rules/ttykm/chapters.md"),
    ),
    "time-chase": (
        Term("**pli**", "trick",
             "Chaque joueur présent sur un événement y joue une carte ; la plus forte prend le pli.",
             "Each player present at an event plays a card there; the highest takes the trick.", "TC.WINNER"),
        Term("**ouverture**, carte d'ouverture", "lead card",
             "La première carte d'un pli ; elle fixe la couleur demandée et reste sur l'événement.",
             "The first card of a trick; it sets the suit to follow and stays on the event.", "TC.LEAD"),
        Term("**couleur**", "suit",
             f"Rouge, Bleu, Vert, Jaune, Violet ; sur ces pages une carte porte l'initiale de sa couleur et son "
             f"rang ({CARD_LEGEND}), et la notation garde ses lettres ({NOTATION_KEY}).  La règle de l'éditeur "
             "dit « suite ».",
             "Red, Blue, Green, Yellow, Purple.", "TC.DECK"),
        Term("**atout**, couper", "trump",
             "La couleur de la constante ; un atout bat toute carte d'une autre couleur.",
             "The Invariant's suit; a trump beats every card of another suit.", "TC.TRUMP"),
        Term("**constante**", "Invariant",
             "La carte d'atout retournée au début, en position 0 de la ligne du temps.",
             "The trump card turned face up at the start, at position 0 of the timeline.", "TC.DEAL"),
        Term("**ligne du temps**", "timeline",
             "La rangée des événements, de la position 0 (la constante) au présent.",
             "The row of events, from position 0 (the Invariant) to the present.", "TC.NOTATION.TIMELINE"),
        Term("**événement** (jeton Événement)", "event",
             "Le pli d'une manche, gardé sur la ligne du temps ; le contrôler, c'est y avoir son jeton.",
             "The trick of a round, kept on the timeline; controlling it means having your token on it.",
             "TC.CONTROL"),
        Term("**présent**", "present",
             "L'événement ajouté à la manche en cours.",
             "The event added in the current round.", "TC.ROUND"),
        Term("**manche**", "round",
             "Dix manches : revenu, mises, plis.",
             "Ten rounds: income, bids, tricks.", "TC.ROUND"),
        Term("**cristaux** (d'énergie)", "crystals",
             "Gagnés en jouant sous l'ouverture et à chaque manche ; dépensés pour reculer sur la ligne du temps.",
             "Earned by playing under the lead card and every round; spent to travel back along the timeline.",
             "TC.CRYSTAL"),
        Term("**mise**", "bid",
             "Le nombre de cristaux que chaque joueur dépense, choisi en secret.",
             "The number of crystals each player spends, chosen in secret.", "TC.BID"),
        Term("**pion** (en bois, à la couleur du joueur)", "pawn",
             "Le pion de chaque joueur ; il se place sur un événement, là où le joueur joue sa carte de la manche.",
             "Each player's pawn; it stands on an event, where the player plays their card of the round.",
             "TC.TRAVEL"),
        Term("**Voyageurs Intemporels**", "— (Contre-Temps only)",
             "Les personnages des joueurs, « hommages aux héros de la culture geek qui voyagent dans le temps », "
             "dessinés par Damien Colboc pour Contre-Temps ; ni les pions, ni les cartes des plis.",
             "The players' characters in Contre-Temps only (literally \"timeless travellers\"), \"homages to the "
             "time-travelling heroes of geek culture\" drawn by Damien Colboc; neither the pawns nor the cards "
             "of the tricks.", None, english_term="Voyageurs Intemporels (no English name)"),
    ),
    "trois-ombres": (
        Term("**Enquêteur**", "investigator",
             "Le personnage de chaque joueur, avec sa **Capacité spéciale**.",
             "Each player's character, with their **special ability** (*Capacité spéciale*).",
             "rules/trois-ombres/investigators.md"),
        Term("**Agence 3ID**", "Agence 3ID",
             "Le plateau où vont les suspects écartés, par paires.",
             "The board where the cleared suspects go, in pairs: the investigators' agency.", "OMBRES.PAIR"),
        Term("**Lieux** : Réverbère, Chapeau, Pentacle, Rouage", "Lieux (R, C, P, G)",
             "Les quatre plateaux où les tuiles sont disposées.",
             "The four boards (*places*: streetlamp, hat, pentacle, cog) the tiles are laid on.",
             "OMBRES.GEOMETRY"),
        Term("**Suspect**, tuile", "suspect, tile",
             "Chaque personnage, en version normale ou hypnotisée, deux tuiles identiques chacune.",
             "Each character, normal or hypnotised, two identical tiles of each.", "OMBRES.SETUP"),
        Term("**tuile Démon**", "Démon tile",
             "La tuile mise de côté ; sa jumelle est l'hôte du démon des limbes.",
             "The tile set aside; its twin is the host of the demon of limbo.", "OMBRES.SETUP"),
        Term("**Indice** (cube)", "clue",
             "Un cube à la couleur d'un enquêteur, laissé sur une tuile pour s'en souvenir.",
             "A cube of an investigator's colour, left on a tile to remember it.", "OMBRES.CLUE"),
        Term("**dé Enquête** : Réverbère, Chapeau, Pentacle, Rouage, Loupe, Horloge", "investigation die",
             "Il désigne un Lieu, ou deux tuiles au choix (Loupe), ou fait avancer l'Horloge.",
             "It names a Lieu, or two tiles of your choice (Loupe, *magnifying glass*), or moves the clock on "
             "(Horloge).", "OMBRES.DIE"),
        Term("**Horloge**", "clock",
             "De 0 à 12 heures : à l'heure des 3 ombres, tout le monde perd.",
             "From 0 to 12 hours: at the hour of the three shadows, everybody loses.", "OMBRES.CLOCK"),
        Term("**Traquenards** : Vortex, Yeux du démon, Hercule, Horloge", "traps",
             "Cachés sur les Lieux après chaque paire ; ils agissent quand on les dévoile.",
             "Hidden on the Lieux after each pair; they act when revealed (Yeux du démon: *the demon's eyes*).",
             "OMBRES.TRAP.PLACE"),
        Term("**cubes Hercule**", "Hercule cubes",
             "Ils bloquent les tuiles où le chat Hercule les laisse.",
             "They block the tiles where Hercule the cat leaves them.", "OMBRES.CUBE.BLOCKS"),
        Term("**Coup de bluff**", "bluff",
             "À partir de 6 heures : désigner la jumelle de la tuile Démon, pour tout gagner ou tout perdre.",
             "From 6 o'clock: naming the Démon tile's twin, to win or lose everything at once.", "OMBRES.BLUFF"),
        Term("**Objet**", "Objet",
             "Une carte 3ID que l'on garde pour la jouer plus tard, à son tour (Invertigo au tirage de n'importe "
             "qui) ; un joueur n'en possède qu'un.",
             "An *object*: a 3ID card kept and played later, on your own turn (Invertigo on anyone's draw); a "
             "player holds at most one.", "OMBRES.ID.OBJET"),
        Term("**Embûche**", "Embûche",
             "Une carte Limbes qui agit aussitôt piochée, puis est défaussée (Amnésie, Vortex…).",
             "An *ambush*: a Limbes card that acts at once when drawn, then is discarded (Amnésie, Vortex…).",
             "rules/trois-ombres/cards-limbes.md"),
        Term("**Malédiction**", "Malédiction",
             "Une carte Limbes qui reste en vigueur devant celui qui l'a piochée jusqu'à la fin de son prochain "
             "tour (Silence, Ténèbres…) ; plusieurs se cumulent.",
             "A *curse*: a Limbes card that stays in force in front of its drawer until the end of their next "
             "turn (Silence, Ténèbres…); several stack.", "OMBRES.LIMBES.DURATION"),
    ),
}
"""Each game's terms, in the order the pages list them."""

CARDS: dict[str, tuple[Card, ...]] = {
    "3id": (Card("Archéoscript", "OMBRES.ID.ARCHEOSCRIPT"), Card("Chronogyre", "OMBRES.ID.CHRONOGYRE"),
            Card("Débriefing", "OMBRES.ID.DEBRIEFING"), Card("Calepin", "OMBRES.ID.CALEPIN"),
            Card("Invertigo", "OMBRES.ID.INVERTIGO"), Card("Loupe analytique", "OMBRES.ID.LOUPE"),
            Card("Stylo traducteur", "OMBRES.ID.STYLO"), Card("Révélateur d'empreinte", "OMBRES.ID.REVELATEUR"),
            Card("Oreillettes à ultra-son", "OMBRES.ID.OREILLETTES")),
    "limbes": (Card("Amnésie", "OMBRES.LIMBES.AMNESIE"), Card("Brouillard", "OMBRES.LIMBES.BROUILLARD"),
               Card("Brume", "OMBRES.LIMBES.BRUME"), Card("Confusion", "OMBRES.LIMBES.CONFUSION"),
               Card("Fausse piste", "OMBRES.LIMBES.FAUSSE-PISTE"),
               Card("Hallucination", "OMBRES.LIMBES.HALLUCINATION"), Card("Illusion", "OMBRES.LIMBES.ILLUSION"),
               Card("Manipulation", "OMBRES.LIMBES.MANIPULATION"), Card("Paralysie", "OMBRES.LIMBES.PARALYSIE"),
               Card("Paranoïa", "OMBRES.LIMBES.PARANOIA"), Card("Réveil des ombres", "OMBRES.LIMBES.REVEIL"),
               Card("Silence", "OMBRES.LIMBES.SILENCE"), Card("Temps accéléré", "OMBRES.LIMBES.TEMPS"),
               Card("Ténèbres", "OMBRES.LIMBES.TENEBRES"), Card("Vortex", "OMBRES.LIMBES.VORTEX")),
}
"""3 ombres' cards, by kind, in the order the pages list them; the French page gives their names only."""

FENCE = re.compile(r"^```glossary (\S+)\n```$", re.M)
CARDS_MARK = re.compile(r"\{\{ glossary-cards (\S+) \}\}")
HEADERS = {"en": ("term", "in the French rules", "what it is, and its rule"),
           "fr": ("terme", "en anglais", "ce que c'est")}

ClausePage = Callable[[str], "str | None"]  # a clause ID -> the source of the page that states it, None if none


def render_glossary(markdown: str, src: str, clause_page: ClausePage) -> str:
    """The page ``src`` with its glossary fences and card lists put in its language (``fr/...`` French); a
    game, a kind of card or a clause the table does not know stops the build (ValueError)."""
    language = "fr" if src.startswith("fr/") else "en"

    def link(rule: str) -> str:
        target = rule if rule.endswith(".md") else clause_page(rule)
        if target is None:
            raise ValueError(f"glossary: no clause {rule}")
        anchor = "" if rule.endswith(".md") else "#" + rule
        return posixpath.relpath(target, posixpath.dirname(src) or ".") + anchor

    def table(match: re.Match[str]) -> str:
        game = match.group(1)
        if game not in TERMS:
            raise ValueError(f"glossary: no such game {game!r}")
        headers = HEADERS[language]
        rows = [_row(term, language, link) for term in TERMS[game]]
        return "\n".join(["| " + " | ".join(headers) + " |", "| " + " | ".join("---" for _ in headers) + " |",
                          *rows])

    def cards(match: re.Match[str]) -> str:
        kind = match.group(1)
        if kind not in CARDS:
            raise ValueError(f"glossary: no such kind of card {kind!r}")
        if language == "fr":
            return ", ".join(card.name for card in CARDS[kind])
        return ", ".join(f"[{card.name}]({link(card.rule)})" for card in CARDS[kind])

    return CARDS_MARK.sub(cards, FENCE.sub(table, markdown))


def _row(term: Term, language: str, link: Callable[[str], str]) -> str:
    if language == "fr":
        return f"| {term.french} | {term.english} | {term.fr} |"
    # The rule in the description's cell (a fourth column would not fit a phone's width), its ID free to
    # break after a dot.
    name = "" if term.rule is None else _rule_name(term.rule).replace(".", ".<wbr>")
    rule = "" if term.rule is None else f" ({_rule_label(term.rule)}: [{name}]({link(term.rule)}))"
    return f"| **{term.english_term or term.english}** | {term.french.replace('**', '')} | {term.en}{rule} |"


def _rule_label(rule: str) -> str:
    return "rules" if rule.endswith(".md") else "rule"


def _rule_name(rule: str) -> str:
    """A clause's ID, or a rules page's name (``rules/ttykm/chapters.md`` -> ``chapters``)."""
    return rule.rsplit("/", 1)[-1].removesuffix(".md") if rule.endswith(".md") else rule


def terms(language: str) -> list[str]:
    """Every term's word as the page of ``language`` shows it in its first column, without its Markdown."""
    return [(term.french if language == "fr" else term.english_term or term.english).replace("**", "")
            for game in TERMS.values() for term in game]
