"""The lesson's "Count your box" checklist: every count the oracle assumes, read from `Setup` and from a table
the oracle deals, what changes when a box holds another count, and how to set it; then the suspects' numbers.

The rules text gives no component count (spec/trois-ombres/components.md, OMBRES.SETUP.PARAMS): a reader
holding the real box compares it with this list.  The lesson's block ```` ```box-checklist ```` is replaced
by `checklist_html` when the site is built (`oracle.tools.site.examples.render_box_checklists`), so the page
never says a number the code does not hold.
"""

from __future__ import annotations

from dataclasses import fields, replace
from html import escape
from random import Random

from oracle.games.trois_ombres.actions import Illegal
from oracle.games.trois_ombres.components import LIMBES_CARDS, LIMITS, LOSS_HOUR, OBJETS, Rules, Setup
from oracle.games.trois_ombres.rules import steps
from oracle.games.trois_ombres.state import State, initial_state
from oracle.words import compte, counted

# Each setup parameter (a field of `Setup`): what to count in the box, in English and in French.
ITEMS: dict[str, tuple[str, str]] = {
    "players": ("players (one investigator sheet each)", "joueurs (une fiche Enquêteur chacun)"),
    "characters": ("characters on the suspect tiles, each in a normal and a hypnotised version",
                   "personnages des tuiles Suspect, chacun en version normale et hypnotisée"),
    "slots": ("slots on each Lieu board", "emplacements de chaque plateau Lieu"),
    "hercule_traps": ("Traquenard tiles Hercule", "tuiles Traquenard Hercule"),
    "vortex_traps": ("Traquenard tiles Vortex", "tuiles Traquenard Vortex"),
    "horloge_traps": ("Traquenard tiles Horloge", "tuiles Traquenard Horloge"),
    "yeux_per_lieu": ("Traquenard tiles Yeux du démon, per Lieu", "tuiles Traquenard Yeux du démon, par Lieu"),
    "hercule_cubes": ("Hercule cubes", "cubes Hercule"),
    "clues": ("Indices of each player's colour at the start", "Indices de la couleur de chaque joueur au départ"),
    "spare_clues": ("spare Indices of each colour (for the Calepin and the Débriefing)",
                    "Indices de réserve de chaque couleur (pour le Calepin et le Débriefing)"),
    "objet_copies": ("copies of each Objet card", "exemplaires de chaque carte Objet"),
    "calepins": ("Calepin cards", "cartes Calepin"),
    "debriefings": ("Débriefing cards", "cartes Débriefing"),
    "limbes_copies": ("copies of each Limbes card", "exemplaires de chaque carte Limbes"),
    "clock_start": ("the clock's hour at the start", "l'heure de l'Horloge au départ"),
}


def dealt(setup: Setup) -> State:
    """The table the oracle deals with ``setup`` (any deal: only its counts are read)."""
    rules = Rules(setup)
    state = initial_state(rules)
    result = steps.apply(state, steps.sample_deal(state, Random(0), rules), rules)
    if isinstance(result, Illegal):
        raise ValueError(f"the oracle cannot deal {rules.name}: {result}")
    return result[0]


def other_value(name: str, value: int) -> int:
    """A count a box might hold instead of ``value``: one fewer, or one more at the parameter's lowest."""
    low, high = LIMITS.get(name.replace("_", "-"), (0, 99))
    return value - 1 if value - 1 >= max(low, 1 if name != "clock_start" else 0) else min(value + 1, high)


def consequence(name: str, setup: Setup, lang: str) -> str:
    """What changes with another count of ``name``, with the oracle's own numbers."""
    fr = lang == "fr"
    other = replace(setup, **{name: other_value(name, getattr(setup, name))})
    if name == "characters":
        table, smaller = dealt(setup), dealt(other)
        return (f"avec {other.characters} personnages, la victoire demande {compte(smaller.to_clear, 'suspect')} "
                f"écartés "
                f"({smaller.to_clear} paires) au lieu de {table.to_clear}, et "
                f"{compte(len(smaller.board), 'tuile')} sont "
                "distribuées" if fr else
                f"with {other.characters} characters the win needs {counted(smaller.to_clear, 'suspect')} cleared "
                f"({smaller.to_clear} pairs) instead of {table.to_clear}, and "
                f"{counted(len(smaller.board), 'tile')} are dealt")
    if name == "slots":
        return (f"avec {other.slots} emplacements, {4 * other.slots} en tout pour "
                f"{compte(len(dealt(other).board), 'tuile')} "
                "distribuées : moins de places libres pour les Traquenards et les tuiles déplacées" if fr else
                f"with {other.slots} slots, {4 * other.slots} in all for "
                f"{counted(len(dealt(other).board), 'tile')} dealt: "
                "fewer free slots for traps and moved tiles")
    if name == "players":
        return ("moins d'Enquêteurs autour du carré (2 joueurs : places S et N)" if fr else
                "fewer investigators round the block (2 players: seats S and N)")
    if name in ("hercule_traps", "vortex_traps", "horloge_traps", "yeux_per_lieu"):
        return (f"la pile de Traquenards en compte {len(other.traps())} au lieu de {len(setup.traps())}" if fr else
                f"the Traquenard pile holds {len(other.traps())} instead of {len(setup.traps())}")
    if name == "hercule_cubes":
        return ("sans cube disponible, un Hercule fait avancer l'Horloge" if fr else
                "with no cube left, a Hercule advances the clock instead")
    if name in ("objet_copies", "calepins", "debriefings"):
        return (f"la pioche 3ID compte {compte(len(other.id_deck()), 'carte')} au lieu de "
                f"{len(setup.id_deck())}" if fr else
                f"the 3ID deck holds {counted(len(other.id_deck()), 'card')} instead of {len(setup.id_deck())}")
    if name == "limbes_copies":
        return (f"la pioche Limbes compte {compte(len(other.limbes_deck()), 'carte')} au lieu de "
                f"{len(setup.limbes_deck())}"
                if fr else f"the Limbes deck holds {counted(len(other.limbes_deck()), 'card')} instead of "
                f"{len(setup.limbes_deck())}")
    if name == "clock_start":
        return (f"la partie commence plus tard : {compte(LOSS_HOUR - other.clock_start, 'heure')} avant 12 h" if fr else
                f"the game starts later: {counted(LOSS_HOUR - other.clock_start, 'hour')} before 12 h")
    return ("chaque joueur commence avec ce nombre d'Indices" if fr else "each player starts with that many Indices"
            ) if name == "clues" else ("le Calepin et le Débriefing en prennent moins" if fr else
                                        "the Calepin and the Débriefing have fewer to give")


def derived(name: str, setup: Setup, lang: str) -> str:
    """What a count makes of the table, when it makes more than itself (14 suspects, 28 tiles …)."""
    fr = lang == "fr"
    if name == "characters":
        table = dealt(setup)
        suspects = 2 * setup.characters
        return (f" : {compte(suspects, 'suspect')}, {compte(2 * suspects, 'tuile')} Suspect ({len(table.board)} "
                f"sur les Lieux, "
                f"1 tuile Démon) ; {compte(table.to_clear, 'suspect')} à écarter pour gagner" if fr else
                f": {counted(suspects, 'suspect')}, {2 * suspects} suspect tiles ({len(table.board)} on the "
                f"Lieux, 1 Démon "
                f"tile); {counted(table.to_clear, 'suspect')} to clear for the win")
    if name == "slots":
        return f" ({4 * setup.slots} en tout)" if fr else f" ({4 * setup.slots} in all)"
    if name == "yeux_per_lieu":
        return (f" ({len(setup.traps())} Traquenards en "
                f"tout)" if fr else f" ({counted(len(setup.traps()), 'trap')} in all)")
    if name == "objet_copies":
        return (f" ({len(OBJETS)} Objets ; pioche 3ID : {compte(len(setup.id_deck()), 'carte')})" if fr else
                f" ({len(OBJETS)} Objets; 3ID deck: {counted(len(setup.id_deck()), 'card')})")
    if name == "limbes_copies":
        return (f" ({compte(len(LIMBES_CARDS), 'carte')} ; pioche Limbes : {len(setup.limbes_deck())})" if fr else
                f" ({counted(len(LIMBES_CARDS), 'card')}; Limbes deck: {len(setup.limbes_deck())})")
    return ""


def checklist_html(lang: str, playground: str | None) -> str:
    """The checklist as one HTML table, then the table of the suspects' numbers; ``playground``: the
    playground's href from the page (a link per count opens a game with another count), None for none."""
    fr = lang == "fr"
    setup = Setup()
    head = (("À compter dans votre boîte", "L'oracle suppose", "Si votre boîte diffère",
             "Le régler (<code>--variant</code>)")
            if fr else ("Count in your box", "The oracle assumes", "If your box differs",
                        "Set it (<code>--variant</code>)"))
    rows = []
    for f in fields(Setup):
        name, value = f.name, getattr(setup, f.name)
        written = name.replace("_", "-")
        other = other_value(name, value)
        setting = f'<code>{written}={other}</code>'
        if playground is not None:
            rules = f"{written}={other}"
            setting += (f' · <a href="{escape(playground)}?game=trois-ombres&amp;rules={rules}">'
                        f'{"terrain de jeu" if fr else "playground"}</a>')
        rows.append(f'<tr data-parameter="{written}" data-default="{value}"><td>{escape(ITEMS[name][fr])}</td>'
                    f'<td><strong>{value}</strong>{escape(derived(name, setup, lang))}</td>'
                    f'<td>{escape(consequence(name, setup, lang))}</td><td>{setting}</td></tr>')
    table = (f'<table data-box="counts"><thead><tr>{"".join(f"<th>{h}</th>" for h in head)}</tr></thead>'
             f'<tbody>{"".join(rows)}</tbody></table>')
    suspects = "".join(
        f'<tr data-character="{c}"><td><code>{c}n</code> · <code>{c}h</code></td>'
        f'<td>{"non nommé par la règle" if fr else "not named by the rules text"}</td></tr>'
        for c in range(1, setup.characters + 1))
    names = (("Tuiles", "Le personnage") if fr else ("Tiles", "The character"))
    caption = ("Le numéro de chaque suspect, et ce que la règle dit de son personnage" if fr else
               "Each suspect's number, and what the rules text says of its character")
    return (table + f'<table data-box="suspects"><caption>{caption}</caption>'
            f'<thead><tr><th>{names[0]}</th><th>{names[1]}</th></tr></thead><tbody>{suspects}</tbody></table>')
