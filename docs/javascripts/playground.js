// The playground: the oracle itself, run by Pyodide in this page.
// Everything the page knows about the rules comes from Python
// (oracle/tools/site/playground.py); this script only draws and forwards clicks.
(function () {
  "use strict";
  const root = document.getElementById("ttykm-playground");
  if (!root) return;
  // A count and its noun (as oracle/words.py writes them): English takes the singular for one only,
  // French below two.
  function countedEn(n, one, many) { return n + " " + (n === 1 ? one : many); }
  function countedFr(n, one, many) { return n + " " + (Math.abs(n) < 2 ? one : many); }
  // Every word the playground writes: one entry a message, with its English and its French (a message
  // cannot exist in one language only; tests/test_site_browser.py checks every entry has both).  The
  // page's <html lang> chooses the language.  What the oracle itself writes (rule IDs, notation, its
  // reasons) is shown as it comes; its events and a card game's notes come in both languages.
  const WORDS = {
    eras: { en: { past: "Past", present: "Present", future: "Future" },
      fr: { past: "Passé", present: "Présent", future: "Futur" } },
    failed: { en: "The playground could not start. ", fr: "Le terrain de jeu n'a pas pu démarrer. " },
    fromFile: { en: "This page was opened from a file.", fr: "Cette page a été ouverte depuis un fichier." },
    serve: {
      en: ["The playground runs Python in this page, which browsers allow only for a page served over HTTP. ",
        "From the folder of the built site run ", " and open ", " (in a clone of the repository, ", " does it all)."],
      fr: ["Le terrain de jeu fait tourner Python dans cette page, ce que les navigateurs ne permettent qu'à une page servie en HTTP. ",
        "Depuis le dossier du site construit, lancez ", " et ouvrez ", " (dans un clone du dépôt, ", " fait tout cela)."] },
    servePath: { en: "playground/", fr: "fr/playground/" },
    loading: { en: "Loading the oracle in your browser…", fr: "L'oracle se charge dans votre navigateur…" },
    eraShown: { en: "Era shown", fr: "Époque montrée" },
    stepEraShown: { en: "Era of the step shown", fr: "Époque de l'étape montrée" },
    position: { en: "Position", fr: "Position" },
    positionLink: { en: "Link to this position", fr: "Lien vers cette position" },
    link: { en: "Link", fr: "Lien" },
    edit: { en: "Edit the position", fr: "Modifier la position" },
    doneEditing: { en: "Done editing", fr: "Fin de la modification" },
    gameAndRules: { en: "Game and rules", fr: "Jeu et règles" },
    play: { en: "Play ", fr: "Jouer à " },
    seat: { en: "Seat ", fr: "Place " },
    whoseView: { en: "Whose view", fr: "Vue de qui" },
    playersLabel: { en: "Players ", fr: "Joueurs " },
    playerCount: { en: "Number of players (a new game)", fr: "Nombre de joueurs (une nouvelle partie)" },
    newForPlayers: { en: function (n) { return "Start a new game for " + n + " players? The game in progress is lost."; },
      fr: function (n) { return "Commencer une nouvelle partie à " + n + " joueurs ? La partie en cours sera perdue."; } },
    typedLabel: { en: "An action in notation", fr: "Une action en notation" },
    typeAnAction: { en: "Or type an action ", fr: "Ou tapez une action " },
    playIt: { en: "Play it", fr: "La jouer" },
    undo: { en: "Undo a click", fr: "Annuler un clic" },
    newGame: { en: "New game", fr: "Nouvelle partie" },
    editor: { en: "The position in notation, and a link to share it",
      fr: "La position en notation, et un lien pour la partager" },
    load: { en: "Load", fr: "Charger" },
    example: {
      en: function (board, turn) { return "Play the example's " + (board ? "turn" : "action") + ": " + turn; },
      fr: function (board, turn) { return "Jouer " + (board ? "le tour" : "l'action") + " de l'exemple : " + turn; } },
    exampleThen: {
      en: function (at, of, action) { return "Next action of the example (" + at + " of " + of + "): " + action; },
      fr: function (at, of, action) { return "Action suivante de l'exemple (" + at + " sur " + of + ") : " + action; } },
    ringed: {
      en: function (n) { return n + " ringed"; },
      fr: function (n) { return countedFr(n, "case cerclée", "cases cerclées"); } },
    unreadable: {
      en: function (action, error) { return (action ? "That action" : "That position") + " cannot be read: " + error; },
      fr: function (action, error) { return (action ? "Cette action" : "Cette position") + " ne peut pas être lue : " + error; } },
    notAllowed: { en: "Not allowed: ", fr: "Interdit : " },
    theRule: { en: "(The rule: ", fr: "(La règle : " },
    over: { en: "The game is over: ", fr: "La partie est finie : " },
    editing: { en: "Editing: click a square to cycle it through empty, white and black.",
      fr: "Modification : cliquez une case pour la faire passer de vide à blanche, puis à noire." },
    convergence: {
      en: "Before the first turn, chance draws the pair of chapters played together. " +
        "Choose the pair, or let chance draw it.",
      fr: "Avant le premier tour, le hasard tire la paire de chapitres joués ensemble. " +
        "Choisissez la paire, ou laissez le hasard la tirer." },
    toMove: {
      en: function (mover, count, stacked) {
        return mover + " to move, " + countedEn(count, "legal turn", "legal turns") + ". Click a copy on your Focus era: the ringed squares." +
          (stacked ? " The buttons above the board switch eras; a dot (●) marks an era with a square to click." : "");
      },
      fr: function (mover, count, stacked) {
        return "Aux " + mover + " de jouer, " + countedFr(count, "tour légal", "tours légaux") +
          ". Cliquez une copie sur l'époque de votre Focus : les cases cerclées." +
          (stacked ? " Les boutons au-dessus du plateau changent d'époque ; un point (●) marque une époque où une case est à cliquer." : "");
      } },
    goOn: {
      en: function (chapter) {
        return "Click a ringed square to act" + (chapter ? ", take a chapter action" : "") + ", or move your Focus with a button.";
      },
      fr: function (chapter) {
        return "Cliquez une case cerclée pour agir" + (chapter ? ", faites une action de chapitre" : "") +
          ", ou déplacez votre Focus avec un bouton.";
      } },
    hotSeat: { en: "Pass and play: each player's own view", fr: "Passer et jouer : la vue de chaque joueur" },
    // One player's seat, every other player (and chance) played by the oracle at random (playground.py, oracle_plays).
    withOracle: { en: function (name) { return name + " (the others played by the oracle)"; },
      fr: function (name) { return name + " (l'oracle joue les autres)"; } },
    // A board's two sides (TTYKM): both on one device, or one with the other played by the oracle.
    bothSides: { en: "Both sides (pass and play)", fr: "Les deux camps (passer et jouer)" },
    withOracleAgainst: { en: function (side, other) { return side + " (the oracle plays " + other + ")"; },
      fr: function (side, other) { return side + " (l'oracle joue les " + other + ")"; } },
    oracleTurn: { en: "The oracle played, at random among the legal turns (replayed step by step below the board):",
      fr: "L'oracle a joué, au hasard parmi les tours légaux (rejoué pas à pas sous le plateau) :" },
    // Before "Black to move": the turn the oracle just played, in notation (its steps are listed under the board).
    oracleJust: { en: function (who) { return who + " (the oracle) played: "; },
      fr: function (who) { return "Les " + who + " (l'oracle) ont joué : "; } },
    // A TTYKM turn in words (its notation, NOTATION.TURN: a1 N E >present), its copy on the era it is chosen on
    // (``era``: the mover's Focus before the turn); null where a token is not one of a turn's.
    turnWords: {
      en: function (action, era) {
        return turnSaid(action, era, { copy: function (square, era) { return "the copy on " + square + " of the " + era; },
          toward: { N: "north", E: "east", S: "south", W: "west" }, side: { N: "north", E: "east", S: "south", W: "west" },
          eras: { past: "past", present: "present", future: "future" }, step: "a step ", pull: " pulling",
          statue: function (side) { return " the statue " + side + " of it"; }, forward: "a travel forward in time",
          back: "a travel back in time", focus: function (era) { return "Focus to the " + era; },
          aimed: { P: "plant on ", D: "dig up on ", B: "build on ", T: "train the elephant on ",
            C: "command the elephant to " } });
      },
      fr: function (action, era) {
        return turnSaid(action, era, { copy: function (square, era) { return "la copie en " + square + " du " + era; },
          toward: { N: "vers le nord", E: "vers l'est", S: "vers le sud", W: "vers l'ouest" },
          side: { N: "du nord", E: "de l'est", S: "du sud", W: "de l'ouest" },
          eras: { past: "passé", present: "présent", future: "futur" }, step: "un pas ", pull: " en tirant",
          statue: function (side) { return " la statue " + side; }, forward: "un voyage vers le futur",
          back: "un voyage vers le passé", focus: function (era) { return "Focus au " + era; },
          aimed: { P: "planter en ", D: "déterrer en ", B: "bâtir en ", T: "dresser l'éléphant en ",
            C: "ordonner à l'éléphant d'aller en " } });
      } },
    seatOnly: { en: function (name) { return name + "'s view only (watch)"; },
      fr: function (name) { return "La vue de " + name + " seule (regarder)"; } },
    oraclePlayed: { en: "The oracle played for the others, at random among the legal moves:",
      fr: "L'oracle a joué pour les autres, au hasard parmi les coups permis :" },
    oracleAtRandom: { en: " (the oracle, at random)", fr: " (l'oracle, au hasard)" },
    oracleSealed: { en: function (who) { return who + " chooses in secret"; },
      fr: function (who) { return who + " choisit en secret"; } },
    oracleUnseen: { en: function (who) { return who + " plays, unseen by the others"; },
      fr: function (who) { return who + " joue, sans être vu des autres"; } },
    unseenWhy: { en: function (who, why) { return who + " plays, unseen by you: " + why; },
      fr: function (who, why) { return who + " joue, sans que vous le voyiez : " + why; } },
    restUnseen: { en: function (why) { return " (the rest unseen by you: " + why + ")"; },
      fr: function (why) { return " (le reste sans que vous le voyiez : " + why + ")"; } },
    chanceUnseen: { en: "Chance draws, unseen by the players", fr: "Le hasard tire, sans que les joueurs le voient" },
    alsoThen: { en: "; ", fr: " ; " },  // the events of one action, in one line
    umpire: { en: "Umpire: every hidden card shown", fr: "Arbitre : toutes les cartes cachées montrées" },
    everyHand: { en: "Every hand", fr: "Toutes les mains" },
    // The cards no player sees (Time Chase's cards left out of the deal), for the umpire.
    outOfGame: { en: "Out of the game (face down): ", fr: "Hors du jeu (faces cachées) : " },
    // Under the board while the turn box says what to do: one line, the words are the box's.
    seeTurn: { en: function (who) { return who + " to act: what to do is in the turn box."; },
      fr: function (who) { return "À " + who + " d'agir : la consigne est dans l'encadré du tour."; } },
    passTo: { en: function (who) { return "Pass the device to " + who + "."; },
      fr: function (who) { return "Passez l'appareil à " + who + "."; } },
    lookAway: {
      en: function (who) { return " The others look away: this screen hides " + who + "'s view until " + who + " has it."; },
      fr: function (who) { return " Les autres détournent les yeux : cet écran cache la vue de " + who + " jusqu'à ce que " + who + " ait l'appareil."; } },
    iAm: { en: function (who) { return "I am " + who + ": show my view"; }, fr: function (who) { return "Je suis " + who + " : montrer ma vue"; } },
    actsNext: { en: function (who) { return who + " to act next."; }, fr: function (who) { return "À " + who + " d'agir."; } },
    sinceLast: { en: "What everybody saw since you last had the device:",
      fr: "Ce que tout le monde a vu depuis que vous avez eu l'appareil :" },
    // A player's first hand-off: they never had the device.
    soFar: { en: "What everybody has seen so far:", fr: "Ce que tout le monde a vu jusqu'ici :" },
    forced: { en: "Nobody had a choice: every player's only choice was played at once.",
      fr: "Personne n'avait le choix : le seul choix de chaque joueur a été joué aussitôt." },
    sees: { en: function (who) { return "What " + who + " sees"; }, fr: function (who) { return "Ce que voit " + who; } },
    yourTurn: { en: function (who) { return "Your turn, " + who; }, fr: function (who) { return "À vous, " + who; } },
    theirTurn: { en: function (who) { return who + "'s turn"; }, fr: function (who) { return "Au tour de " + who; } },
    nothingPrivate: { en: "Nothing that the others do not see.", fr: "Rien que les autres ne voient pas." },
    // The fields of a seat's own view, by the observation's names (the oracle's interface for engines).
    fieldNames: { en: { hand: "your hand", hands: "the others", seen: "tiles you have seen", known: "tiles you know",
      eyes: "your eyes" },
      fr: { hand: "votre main", hands: "les autres", seen: "tuiles que vous avez vues", known: "tuiles que vous connaissez",
        eyes: "vos yeux" } },
    // A field's value in words (3 Ombres's eyes, open or closed).
    fieldValues: { en: { open: "open", closed: "closed" }, fr: { open: "ouverts", closed: "fermés" } },
    // A tile this seat alone has seen (playground.py, seat_view's "alone": Allison's secret look).
    seenSecretly: { en: "seen secretly", fr: "vue en secret" },
    // A secret look (lookChoice): the tiles to look at are ringed; the reveals wait behind a button.  While it may
    // be taken, it is what the turn asks first: the turn's bold line (lookFirstLine), naming whose look it is.
    lookHint: {
      en: function (by, two) {
        return "Before you reveal, you may look secretly at " + (two ? "two tiles" : "one tile") + " (" + by + "): " +
          (two ? "click a ringed tile, then another," : "click a ringed tile,") + " or skip the look.";
      },
      fr: function (by, two) {
        return "Avant de dévoiler, vous pouvez regarder " + (two ? "deux tuiles" : "une tuile") + " en secret (" + by +
          ") : " + (two ? "cliquez une tuile cerclée, puis une autre," : "cliquez une tuile cerclée,") +
          " ou renoncez à regarder.";
      } },
    // The first of two tiles to look at is chosen: the second is asked for, and the first may be changed.
    lookSecond: {
      en: function (by, tile) {
        return tile + " chosen (its ring solid): click a second ringed tile to look at secretly (" + by + "), or " +
          tile + " again to choose another.";
      },
      fr: function (by, tile) {
        return tile + " choisie (son cercle plein) : cliquez une seconde tuile cerclée à regarder en secret (" + by +
          "), ou " + tile + " de nouveau pour en choisir une autre.";
      } },
    lookPick: { en: function (tile) { return "Choose " + tile + " to look at"; },
      fr: function (tile) { return "Choisir " + tile + " à regarder"; } },
    lookUnpick: { en: function (tile) { return "Choose another tile than " + tile; },
      fr: function (tile) { return "Choisir une autre tuile que " + tile; } },
    // Whose look it is, by its notation's source (a look with the Loupe analytique is a card's).
    lookBy: {
      en: { "peek allison": "Allison's ability", "peek zacahire": "Zacahire's ability",
        "use loupe-analytique": "the Loupe analytique", "use oreillettes": "the Oreillettes à ultra-son" },
      fr: { "peek allison": "la capacité d'Allison", "peek zacahire": "la capacité de Zacahire",
        "use loupe-analytique": "la Loupe analytique", "use oreillettes": "les Oreillettes à ultra-son" } },
    lookInstead: { en: function (by) { return "Look with " + by + " instead"; },
      fr: function (by) { return "Regarder plutôt avec " + by; } },
    skipLook: { en: "Skip the look", fr: "Ne pas regarder en secret" },
    lookFirst: { en: "Look secretly at a tile first", fr: "Regarder d'abord une tuile en secret" },
    none: { en: "none", fr: "rien" },
    othersEach: { en: function (n) { return countedEn(n, "card", "cards") + " each, hidden"; },
      fr: function (n) { return countedFr(n, "carte cachée", "cartes cachées") + " chacun"; } },
    othersHidden: { en: function (who, n) { return who + ": " + countedEn(n, "card", "cards") + " hidden"; },
      fr: function (who, n) { return who + " : " + countedFr(n, "carte cachée", "cartes cachées"); } },
    everyField: { en: "Every field of the state, as the oracle holds it",
      fr: "Chaque champ de l'état, tel que l'oracle le tient" },
    yes: { en: "yes", fr: "oui" },
    no: { en: "no", fr: "non" },
    inThePicture: { en: function (n) { return countedEn(n, "record", "records") + ": the picture above shows them"; },
      fr: function (n) { return countedFr(n, "fiche", "fiches") + " : l'image ci-dessus les montre"; } },
    // The one chance step's button, by its words (Deal the tiles, Roll the die).
    chanceOne: {
      en: function (button) { return "Click “" + button + "”: chance draws it at random."; },
      fr: function (button) { return "Cliquez « " + button + " » : le hasard le tire."; } },
    chanceMany: {
      en: function (n) { return "Chance acts next: draw at random, or, as the umpire, choose the outcome that happened at your table (" + countedEn(n, "outcome", "outcomes") + ")."; },
      fr: function (n) { return "Au hasard d'agir : tirez au hasard ou, en arbitre, choisissez le résultat tiré à votre table (" + countedFr(n, "résultat", "résultats") + ")."; } },
    chooseOutcome: { en: "Or choose the outcome (umpire):", fr: "Ou choisissez le résultat (arbitre) :" },
    // A player whose sealed choice is the only one they have: played for them, and said (Time Chase: a bid of 0).
    mustChoose: {
      en: function (who, words) { return who + " must " + words.charAt(0).toLowerCase() + words.slice(1) + "."; },
      fr: function (who, words) { return who + " doit " + words.charAt(0).toLowerCase() + words.slice(1) + "."; } },
    // The umpire holds no hand: whose turn it is, and what that player is asked to do.
    umpireTurn: {
      en: function (who, does) { return "It is " + who + "'s turn; " + who + " is asked: \u201c" + does + "\u201d"; },
      fr: function (who, does) { return "C'est au tour de " + who + " ; la consigne de " + who + " : « " + does + " »"; } },
    justNow: { en: "Just played: ", fr: "Vient d'être joué : " },
    notNow: { en: "Not playable now: ", fr: "Injouable maintenant : " },
    stepAt: { en: function (at, of) { return "Step " + at + " of " + of + "."; },
      fr: function (at, of) { return "Étape " + at + " sur " + of + "."; } },
    inNotation: { en: "The same in notation", fr: "La même chose en notation" },
    chooseSeat: {
      en: function (who) { return who + " to act: choose that seat, or pass and play."; },
      fr: function (who) { return "À " + who + " d'agir : choisissez cette place, ou passez et jouez."; } },
    // A seat chosen to watch, while another player is to act: nobody plays for them here.
    watchOnly: {
      en: function (who, seat) {
        return who + " to act. This view only watches: to play as " + seat + ", choose \u201c" + seat +
          " (the others played by the oracle)\u201d under Seat, or pass and play.";
      },
      fr: function (who, seat) {
        return "À " + who + " d'agir. Cette vue ne fait que regarder : pour jouer " + seat + ", choisissez « " + seat +
          " (l'oracle joue les autres) » sous Place, ou passez et jouez.";
      } },
    toAct: {
      en: function (who, count, sealed, shown) {
        return who + " to act, " + countedEn(count, "choice", "choices") +
          (sealed ? " (sealed: the others do not see it until every player has chosen)" : "") +
          (count > shown ? "; the first " + shown + " are shown" : "") + ".";
      },
      fr: function (who, count, sealed, shown) {
        return "À " + who + " d'agir, " + count + " choix" +
          (sealed ? " (secret : les autres ne le voient pas avant que chaque joueur ait choisi)" : "") +
          (count > shown ? " ; les " + shown + " premiers sont montrés" : "") + ".";
      } },
    justPlayed: {
      en: function (list) { return (list ? "The action" : "The turn") + " just played, step by step"; },
      fr: function (list) { return (list ? "L'action" : "Le tour") + " qui vient d'être joué" + (list ? "e" : "") + ", pas à pas"; } },
    stepOf: { en: function (list) { return list ? "Action " : "Turn "; }, fr: function (list) { return list ? "Action " : "Tour "; } },
    // A seat's own sealed choice (Time Chase's bid), the last action it played, told to that seat alone.
    ownSealed: {
      en: function (who, words) { return who + " chose in secret: \u201c" + words + "\u201d. The others see it only when every choice is revealed."; },
      fr: function (who, words) { return who + " a choisi en secret : « " + words + " ». Les autres ne le voient qu'une fois tous les choix révélés."; } },
    // A seat left while its player is to act: the oracle, which plays every seat but the new one, takes that turn.
    oracleTakesTurn: {
      en: function (who) { return "The oracle will play " + who + "'s pending turn, since you leave that seat. Change seats?"; },
      fr: function (who) { return "L'oracle jouera le tour en attente de " + who + ", puisque vous quittez cette place. Changer de place ?"; } },
    step: { en: function (at, of) { return ": step " + at + " of " + of + "."; },
      fr: function (at, of) { return " : étape " + at + " sur " + of + "."; } },
    previous: { en: "Previous step", fr: "Étape précédente" },
    next: { en: "Next step", fr: "Étape suivante" },
    chance: { en: "Chance", fr: "hasard" },
    nobody: { en: "Nobody", fr: "personne" },
    and: { en: " and ", fr: " et " },
    players: { en: {}, fr: { White: "Blancs", Black: "Noirs" } },
    // The games' names as the French edition's headers give them (oracle/tools/site/editions.py).
    games: { en: {}, fr: { ttykm: "Demain tu m'as tué", "time-chase": "Contre-Temps", "trois-ombres": "L'heure des 3 ombres" } },
    rulesets: { en: {}, fr: { standard: "standard", growth: "Croissance", influence: "Influence", memory: "Mémoire",
      convergence: "Convergence" } },
    colon: { en: ": ", fr: " : " },
    drawAtRandom: { en: "Draw at random", fr: "Tirer au hasard" },
    outcome: { en: function (action, p) { return action + " (chance " + p + ")"; },
      fr: function (action, p) { return action + " (probabilité " + p + ")"; } },
    // L'heure des 3 ombres: the tiles a turn revealed, shown face up before the game goes on.
    // The tiles of a turn, face up until the player goes on: then they are turned back, cleared as a pair, or a
    // trap acts, as the steps that follow say.
    moment: { en: "The tiles just revealed, face up: remember them. What comes of them (turned back, cleared as a "
        + "pair, a trap's effect) is told when you go on.",
      fr: "Les tuiles qui viennent d'être dévoilées, faces visibles : retenez-les. Ce qu'il en advient (retournées, "
        + "écartées en paire, l'effet d'un Traquenard) est dit quand vous continuez." },
    turnBack: { en: "Go on", fr: "Continuer" },
    // L'heure des 3 ombres is a memory game: Memory mode (on unless the address says memory=off) hides from
    // a player's view the list of the tiles they have seen; the umpire's fields keep every player's.
    memoryMode: { en: "Memory mode", fr: "Mode mémoire" },
    memoryTitle: { en: "Hide the list of the tiles you have seen: remember them, as at the table",
      fr: "Cacher la liste des tuiles que vous avez vues : retenez-les, comme à la table" },
    memoryHidden: { en: "Memory mode: the tiles you have seen are not listed; remember them.",
      fr: "Mode mémoire : les tuiles que vous avez vues ne sont pas listées ; retenez-les." },
    // What a player learnt on this turn (Allison's secret look) stays listed until the turn ends or the device passes.
    // In Memory mode, the lists of what was revealed while a player was not acting wait folded (memoryFolds).
    memoryFolded: { en: " (folded in Memory mode: open it only if you forgot)",
      fr: " (replié en mode mémoire : ne l'ouvrez que si vous avez oublié)" },
    memoryThisTurn: { en: "Memory mode: only the tiles you have seen this turn are listed; remember the others.",
      fr: "Mode mémoire : seules les tuiles vues pendant ce tour sont listées ; retenez les autres." },
    // The key to the table's marks, folded apart from the table (foldKey).
    key: { en: "Key to the marks", fr: "Légende des marques" },
    // The umpire's table in the oracle's own text rendering (the CLI's), folded under the picture.
    textTable: { en: "The table in the oracle's text", fr: "La table dans le texte de l'oracle" },
    // The oracle's names of a board's buttons (oracle/games/ttykm/play.py, pick_label), in French.
    pick: {
      en: function (label) { return label; },
      fr: function (label) {
        const eras = { past: "passé", present: "présent", future: "futur" };
        const toward = { north: "le nord", east: "l'est", south: "le sud", west: "l'ouest" };
        const side = { north: "du nord", east: "de l'est", south: "du sud", west: "de l'ouest" };
        const chapters = { Growth: "Croissance", Influence: "Influence", Memory: "Mémoire" };
        const verbs = { "Plant": "Planter en", "Dig up": "Déterrer en", "Build on": "Bâtir en", "Train": "Dresser en",
          "Command": "Ordonner en" };
        let found = /^Focus to the (past|present|future)$/.exec(label);
        if (found) return "Focus au " + eras[found[1]];
        found = /^Draw (\w+) and (\w+)$/.exec(label);
        if (found) return "Tirer " + (chapters[found[1]] || found[1]) + " et " + (chapters[found[2]] || found[2]);
        found = /^Move (north|east|south|west) with pull(?: from the (north|east|south|west))?$/.exec(label);
        if (found) return "Déplacement vers " + toward[found[1]] + " en tirant" + (found[2] ? " " + side[found[2]] : "");
        found = /^(Plant|Dig up|Build on|Train|Command) ([a-d][1-4])$/.exec(label);
        if (found) return verbs[found[1]] + " " + found[2];
        return label;
      } },
  };
  const LANG = /^fr\b/.test(document.documentElement.lang) ? "fr" : "en";
  const W = Object.fromEntries(Object.entries(WORDS).map(function ([key, both]) { return [key, both[LANG]]; }));
  const assets = new URL(root.dataset.assets, location.href).href;
  const rules = JSON.parse(root.dataset.rules || "{}");
  const params = new URLSearchParams(location.search);
  const current = {
    game: params.get("game") || "ttykm",
    state: params.get("position") || "",
    rules: params.get("rules") || "",
    seat: params.get("seat") || "hot",
    memory: params.get("memory") !== "off",
    picks: [],
  };
  // Each game's position is kept in this tab's storage: a reload, or coming back to the game from
  // another one, goes on with it (a card game's seat link never carries its state, which holds every
  // hidden card).
  const kept = function () { return "pg-state:" + current.game + "|" + current.rules; };
  const keptState = function () {
    try { return sessionStorage.getItem(kept()) || ""; } catch (error) { return ""; /* storage refused */ }
  };
  if (!current.state) current.state = keptState();
  const exampleTurn = params.get("turn");
  // A position given by a link draws its chance steps from itself, the same each time (an example replays
  // as written); a new game, or a game kept in the tab, draws each one afresh.
  let linked = Boolean(params.get("position"));
  function freshSeed() { return window.crypto.getRandomValues(new Uint32Array(1))[0]; }
  // An example of several actions (L'heure des 3 ombres) opens before the first; "then" holds the others,
  // offered one at a time as each is played.
  const exampleNext = (params.get("then") || "").split("\n").filter(Boolean);
  const exampleActions = exampleTurn ? [exampleTurn].concat(exampleNext) : [];
  let exampleAt = 0;  // the example's action offered next
  let exampleLive = exampleActions.length > 0;  // until the reader plays something else
  const ERAS = ["past", "present", "future"];
  const narrow = window.matchMedia("(max-width: 44.9375em)");  // the width at which boards stack (ttykm.css)
  let editing = false;
  let catalogue = [];  // the games and their rulesets (oracle/tools/site/playground.py, games)
  let answer = null;
  let replay = { steps: [], at: 0 };
  let era = null;  // the era shown on a narrow screen, one at a time
  let viewer = null;  // whose view the hot seat last showed: a new one gets the "pass the device" screen
  let passing = false;
  let moment = null;  // a picture of the tiles a 3 Ombres turn just revealed, until the player goes on
  let momentDone = null;  // the answer whose picture the player has turned back
  // The tiles a 3 Ombres player had seen when this turn began, or when they took the device (Memory mode).
  let learnt = freshTurn(null, null, []);
  let lookSkipped = null;  // the position in which the player skipped a secret look (3 Ombres: lookChoice)
  // The look chosen in a position (3 Ombres, lookChoice): whose (its source, when two may look) and, of a look at
  // two tiles, the first tile clicked.
  let looking = { state: null, source: null, tile: null };
  let seenByAll = [];  // a card game's events every player saw, in words, since the game began here
  let lastHeld = {};  // for each player's name, how many of those events there were when they last took the device
  let told = [];  // the events since then, folded at the top of the view of the player who took the device
  let toldFirst = false;  // whether that was the player's first hand-off
  let keyOpen = null;  // whether the reader opened (true) or folded (false) the table's key; null: not yet
  function sinceHeld(who) { return seenByAll.slice(lastHeld[who] || 0); }
  const timing = { loadMs: null, stages: {}, queries: [] };
  window.ttykmPlayground = { timing: timing, ready: false, view: null, words: WORDS, lang: LANG };

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (key === "onclick") node.addEventListener("click", value);
      else if (value !== false && value !== null && value !== undefined) node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children) if (child !== null && child !== undefined) node.append(child);
    return node;
  }

  // A player's name, and a button's label, in the page's language (the oracle names them in English).
  function name(english) {
    return english.split(" and ").map(function (n) { return W.players[n] || n; }).join(W.and);
  }

  function label(button) {
    if (button.pick === "chance") return button.label || W.drawAtRandom;  // the step's own words (Roll the die)
    const words = button.words && button.words[LANG];  // the game's words for the action, if it has them
    if (button.chance) return W.outcome(words || button.action, button.chance);
    return words || W.pick(button.label);
  }

  // A button's notation as its tooltip, when its label is in words.
  function notation(button) {
    return button.words ? button.action || button.pick : null;
  }

  function ruleLink(id) {
    const known = rules[id];
    if (!known) return el("code", {}, id);
    return el("a", { href: known[0], title: id + ": " + known[1], class: "ttykm-rule" }, el("code", {}, id));
  }

  function fail(message, hint) {
    root.replaceChildren(el("div", { class: "pg-refused pg-failed" },
      el("p", {}, el("strong", {}, W.failed), message), hint || null));
  }

  // Opened from disk, the browser refuses to load Pyodide's modules: say how to serve the site instead.
  function serveHint() {
    return el("p", { class: "pg-serve" },
      W.serve[0], W.serve[1], el("code", {}, "python3 -m http.server"),
      W.serve[2], el("code", {}, "http://localhost:8000/" + W.servePath),
      W.serve[3], el("code", {}, "./dev serve"), W.serve[4]);
  }

  if (location.protocol === "file:") {
    fail(W.fromFile, serveHint());
    return;
  }

  root.replaceChildren(
    el("p", { class: "pg-status", "aria-live": "polite" }, W.loading),
  );

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      const script = el("script", { src: src });
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.append(script);
    });
  }

  // Pyodide's memory just after starting Python and importing the oracle, made at build time
  // (oracle/tools/site/bundle.py): restoring it skips the slow start.  The oracle's zip is put
  // back where the snapshot imported it from, for any module it has not imported yet.
  const ZIP_PATH = "/home/pyodide/oracle.zip";

  function fetchSnapshot() {
    return fetch(assets + "oracle.snapshot.gz").then(function (r) {
      if (!r.ok) throw new Error("no snapshot (" + r.status + ")");
      return new Response(r.body.pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
    });
  }

  async function start() {
    const t0 = performance.now();
    const stage = function (name) { timing.stages[name] = performance.now() - t0; };
    const zipped = fetch(assets + "oracle.zip").then(function (r) { return r.arrayBuffer(); });
    const snapshot = typeof DecompressionStream === "function" ? fetchSnapshot() : Promise.reject(new Error("old browser"));
    snapshot.catch(function () {});  // a missing snapshot only means the slow start
    await loadScript(assets + "pyodide/pyodide.js");
    stage("script");
    let pyodide = null;
    try {
      pyodide = await globalThis.loadPyodide({ indexURL: assets + "pyodide/", _loadSnapshot: snapshot });
      timing.snapshot = true;
    } catch (error) {
      console.warn("The playground starts Python afresh: " + error.message);
      pyodide = await globalThis.loadPyodide({ indexURL: assets + "pyodide/" });
      timing.snapshot = false;
    }
    stage("pyodide");
    pyodide.FS.writeFile(ZIP_PATH, new Uint8Array(await zipped));
    pyodide.runPython(
      "import sys\nif '" + ZIP_PATH + "' not in sys.path: sys.path.insert(0, '" + ZIP_PATH + "')\n" +
      "from oracle.tools.site.playground import games, view_json"
    );
    stage("oracle");
    const viewJson = pyodide.globals.get("view_json");
    catalogue = JSON.parse(pyodide.runPython("import json\njson.dumps(games())"));
    window.ttykmPlayground.python = pyodide;  // for the benchmark (bench/playground_bench.py)
    window.ttykmPlayground.view = function (request) {
      const t = performance.now();
      const result = JSON.parse(viewJson(JSON.stringify(request)));
      timing.queries.push(performance.now() - t);
      return result;
    };
    timing.loadMs = performance.now() - t0;
    build();
    ask({});
    stage("first answer");
    window.ttykmPlayground.ready = true;
  }

  const parts = {};

  function clearReplay() {
    replay = { steps: [], at: 0 };
    showReplay();
  }

  function build() {
    parts.status = el("p", { class: "pg-status", "aria-live": "polite" });
    parts.message = el("div", { class: "pg-message", "aria-live": "polite" });
    parts.eras = el("div", { class: "pg-eras", role: "tablist", "aria-label": W.eraShown });
    parts.board = el("div", { class: "pg-board" });
    parts.doing = el("div", { class: "pg-doing" });  // what to do now, above a table of tiles
    parts.key = el("div", { class: "pg-keys" });  // the key to a table's marks (foldKey)
    parts.note = el("div", { class: "pg-turn" });
    parts.view = el("div", { class: "pg-view" });
    parts.buttons = el("div", { class: "pg-buttons" });
    parts.position = el("input", { type: "text", class: "pg-position", "aria-label": W.position, spellcheck: "false" });
    parts.share = el("input", { type: "text", class: "pg-share", readonly: "", "aria-label": W.positionLink });
    parts.replay = el("div", { class: "pg-replay" });
    parts.fields = el("div", { class: "pg-state-fields" });  // the umpire's every field, in the developers' fold
    parts.edit = el("button", { type: "button", class: "md-button pg-edit", onclick: toggleEdit }, W.edit);
    parts.chooser = el("select", { class: "pg-game", "aria-label": W.gameAndRules },
      ...catalogue.map(function (game) {
        const title = W.games[game.name] || game.title;
        return el("optgroup", { label: title }, ...game.rulesets.map(function (ruleset, i) {
          const value = game.name + "|" + (i === 0 ? "" : ruleset);
          const option = el("option", { value: value },
            title + (game.rulesets.length > 1 ? W.colon + (W.rulesets[ruleset] || ruleset) : ""));
          if (game.name === current.game && (i === 0 ? "" : ruleset) === current.rules) option.selected = true;
          return option;
        }));
      }));
    parts.chooser.addEventListener("change", function () {
      const [game, ruleset] = parts.chooser.value.split("|");
      Object.assign(current, { game: game, rules: ruleset, picks: [] });
      current.state = keptState();  // the game left earlier in this tab goes on where it was
      if (editing) toggleEdit();
      newGame();  // clears the typed action too: an action of the last game means nothing in this one
    });
    parts.seat = el("select", { class: "pg-seat", "aria-label": W.whoseView });
    parts.seat.addEventListener("change", function () {
      const left = pendingTurnLeft(answer, parts.seat.value);
      if (left && !window.confirm(W.oracleTakesTurn(name(left)))) {
        parts.seat.value = seatValue(answer);
        return;
      }
      current.seat = parts.seat.value;
      viewer = null;
      told = [];  // what a player was told on taking the device is not the next seat's
      clearReplay();
      ask({ picks: current.picks });
    });
    parts.seatLabel = el("label", { class: "pg-choose pg-seat-choice" }, W.seat, parts.seat);
    // A card game's number of players: a new game with that many (its rules text ``players=N``).
    parts.players = el("select", { class: "pg-players", "aria-label": W.playerCount });
    parts.players.addEventListener("change", function () {
      const playing = answer && (answer.kind !== "chance" || seenByAll.length);  // the deal is done: a game to lose
      if (playing && !window.confirm(W.newForPlayers(parts.players.value))) {
        parts.players.value = String(answer.seats.length);
        return;
      }
      Object.assign(current, { rules: "players=" + parts.players.value, state: "", picks: [] });
      newGame();
    });
    parts.playersLabel = el("label", { class: "pg-choose pg-players-choice" }, W.playersLabel, parts.players);
    parts.memory = el("input", { type: "checkbox", class: "pg-memory" });
    parts.memory.checked = current.memory;
    parts.memory.addEventListener("change", function () {
      current.memory = parts.memory.checked;
      show({});
    });
    parts.memoryLabel = el("label", { class: "pg-choose pg-memory-choice", title: W.memoryTitle }, parts.memory,
      " " + W.memoryMode);
    parts.typed = el("input", { type: "text", class: "pg-typed", "aria-label": W.typedLabel, spellcheck: "false" });
    parts.play = el("button", { type: "submit", class: "md-button" }, W.playIt);
    parts.typedKey = el("p", { class: "pg-type-key" });  // how a card's label is typed (the French edition's key)
    parts.typedForm = el("form", { class: "pg-type" },
      el("label", {}, W.typeAnAction, parts.typed), parts.play, parts.typedKey);
    parts.typedForm.addEventListener("submit", function (event) {
      event.preventDefault();
      if (parts.typed.value.trim()) ask({ action: parts.typed.value.trim(), picks: [] });
    });
    parts.undo = el("button", { type: "button", class: "md-button pg-undo", onclick: function () {
      ask({ picks: current.picks.slice(0, -1) });
    } }, W.undo);
    const tools = el("div", { class: "pg-tools" },
      parts.undo,
      el("button", { type: "button", class: "md-button pg-restart", onclick: function () {
        current.state = "";
        newGame();
      } }, W.newGame),
      parts.edit,
    );
    const editor = el("details", { class: "pg-editor" },
      el("summary", {}, W.editor),
      el("label", {}, W.position + " ", parts.position),
      el("button", { type: "button", class: "md-button", onclick: function () {
        current.state = parts.position.value.trim();
        linked = true;  // a position loaded by hand draws as its link would
        forgetTurn();
        clearReplay();
        ask({ picks: [] });
      } }, W.load),
      el("label", {}, W.link + " ", parts.share),
      parts.fields,
    );
    parts.editor = editor;
    root.replaceChildren(
      el("div", { class: "pg-bar" }, el("label", { class: "pg-choose" }, W.play, parts.chooser), parts.seatLabel,
        parts.playersLabel, parts.memoryLabel),
      parts.status, parts.eras, parts.doing, parts.board, parts.key, parts.note, parts.view, parts.buttons, parts.message, parts.typedForm,
      tools, parts.replay, editor);
    narrow.addEventListener("change", function () { if (answer) show({}); });
  }

  function newGame() {
    linked = false;
    forgetTurn();
    parts.typed.value = "";
    viewer = null;
    seenByAll = [];
    lastHeld = {};
    told = [];
    clearReplay();
    parts.message.replaceChildren();
    ask({ picks: [] });
  }

  function toggleEdit() {
    editing = !editing;
    root.classList.toggle("pg-editing", editing);
    parts.edit.textContent = editing ? W.doneEditing : W.edit;
    clearReplay();
    ask({ picks: [] });
  }

  function ask(change) {
    const request = Object.assign({ game: current.game, state: current.state, rules: current.rules,
      picks: current.picks, seat: current.seat, lang: LANG }, linked ? {} : { seed: freshSeed() },
    exampleLive && exampleAt < exampleActions.length ? { say: exampleActions[exampleAt] } : {}, change);
    if (change.picks && change.picks.length || change.action) told = [];  // a new click: its own events now
    const result = window.ttykmPlayground.view(request);
    if (result.error) {
      parts.message.replaceChildren(el("p", { class: "pg-refused" }, W.unreadable(change.action, result.error)));
      return;
    }
    const before = answer;
    answer = result;
    current.state = result.state;
    current.picks = result.picks;
    if (result.mode === "list" && result.applied) seenByAll = seenByAll.concat(result.applied.public || []);
    followRuleset(result);
    show(change);
    const sealed = sealedReplay(before, change, result);
    if (sealed) { replay = sealed; showReplay(); }
    if (Object.keys(change).length && !change.era) keepInSight();
    // A refused click (a tile, a square): the refusal, under the buttons and whatever list the oracle's turn
    // made above them, comes into sight too.
    if (result.verdict && (change.explain || (change.picks && change.picks.length))) {
      parts.message.scrollIntoView({ block: "nearest", behavior: "instant" });
    }
  }

  // A worked example's actions (a rules page's "Open in the playground"), offered one at a time, each in the
  // game's words when it has them (the answer's ``said``: playground.py, _said).  When the oracle, playing the
  // others, has already drawn a chance step the example held, the rest of the example no longer applies.
  function offerExample(a) {
    const action = exampleActions[exampleAt];
    const said = a.said && a.said.action === action ? a.said : null;
    if (said && !said.legal && a.oracle && a.oracle.played.length) {
      exampleLive = false;
      parts.message.replaceChildren();
      return;
    }
    const words = (said && said.words[LANG]) || action;
    const text = exampleActions.length > 1 ? W.exampleThen(exampleAt + 1, exampleActions.length, words)
      : W.example(a.mode === "board", words);
    parts.message.replaceChildren(el("p", {},
      el("button", { type: "button", class: "md-button md-button--primary pg-example", title: action,
        onclick: function () {
          exampleAt += 1;
          ask({ action: action, example: true });
        } }, text)));
  }

  // After a click the status line is in sight: the page never stays scrolled away from the game.
  function keepInSight() {
    // What to do now comes above a table of tiles (instructionFirst): it opens the screen, the tiles under it.
    // Above a hand, it follows the status line, which stays the line brought into sight.
    const first = parts.doing.childNodes.length > 0 && !root.classList.contains("pg-hand-first");
    const line = first ? parts.doing : parts.status;
    const box = line.getBoundingClientRect();
    const header = document.querySelector(".md-header");  // sticky: a line under it is out of sight too
    const top = header ? header.getBoundingClientRect().bottom : 0;
    if (box.top < top || box.bottom > window.innerHeight) {
      line.scrollIntoView({ block: first ? "start" : "center", behavior: "instant" });
    }
  }

  // The chooser names the game and ruleset of the state in play, however it came (a lesson's link
  // holds the position alone); a new game then starts under that ruleset.
  function followRuleset(a) {
    const game = catalogue.find(function (g) { return g.name === a.game; });
    if (!game) return;
    const ruleset = a.ruleset === game.rulesets[0] ? "" : a.ruleset;
    const value = a.game + "|" + ruleset;
    if (![...parts.chooser.options].some(function (o) { return o.value === value; })) return;
    parts.chooser.value = value;
    if (!current.rules && ruleset) current.rules = ruleset;
  }

  // --- one era at a time on a narrow screen --------------------------------------------------

  function cellEra(pick) {
    const found = /^(past|present|future):/.exec(pick || "");
    return found ? found[1] : null;
  }

  // The era to show after a click: where the turn so far stands, else where the next click may go.
  function chooseEra(a) {
    const last = cellEra([...a.picks].reverse().find(cellEra));
    if (last) return last;
    const ringed = ERAS.filter(function (e) { return a.targets.some(function (t) { return cellEra(t) === e; }); });
    return ringed[0] || era || "present";
  }

  function eraTabs(a) {
    parts.eras.replaceChildren(...ERAS.map(function (e) {
      const ringed = a.targets.filter(function (t) { return cellEra(t) === e; }).length;
      return el("button", { type: "button", role: "tab", class: "pg-era" + (e === era ? " pg-era-now" : ""),
        "aria-selected": e === era ? "true" : "false", "data-era": e, onclick: function () {
          era = e; show({ era: e });
        } }, W.eras[e], ringed ? el("span", { class: "pg-era-mark", title: W.ringed(ringed) }, " ●") : null);
    }));
  }

  // The stacked picture cut to one era: the others are hidden, and the players' counts and the
  // legend below the eras follow in a second, small picture of their own.
  function oneEra(svg, which) {
    const shown = svg.querySelector("g.era." + which);
    if (!shown) return;
    const width = svg.viewBox.baseVal.width;
    const band = shown.getBBox();
    const below = [...svg.querySelectorAll(":scope > g.status, :scope > g.legend")];
    let foot = null;
    if (below.length) {
      const boxes = below.map(function (g) { return g.getBBox(); });
      const top = Math.min(...boxes.map(function (b) { return b.y; }));
      const bottom = Math.max(...boxes.map(function (b) { return b.y + b.height; }));
      foot = svg.cloneNode(true);
      foot.classList.add("pg-foot");
      foot.removeAttribute("role");
      foot.setAttribute("aria-hidden", "true");
      for (const g of foot.querySelectorAll("g.era, [data-cell], title, desc")) g.remove();
      foot.setAttribute("viewBox", "0 " + (top - 4) + " " + width + " " + (bottom - top + 8));
      foot.removeAttribute("height");
    }
    for (const g of svg.querySelectorAll("g.era")) if (g !== shown) g.style.display = "none";
    svg.setAttribute("viewBox", "0 " + (band.y - 6) + " " + width + " " + (band.height + 12));
    svg.removeAttribute("height");
    svg.classList.add("pg-one-era");
    if (foot) svg.after(foot);
  }

  // --- drawing an answer ----------------------------------------------------------------------

  function show(change) {
    const a = answer;
    const over = Boolean(a.outcome);
    root.classList.toggle("pg-list", a.mode === "list");
    root.classList.toggle("pg-over", over);
    parts.edit.style.display = a.mode === "list" ? "none" : "";  // the position editor knows boards only
    parts.seatLabel.style.display = a.mode === "list" || a.seats ? "" : "none";
    showPlayers(a);
    parts.memoryLabel.style.display = memoryOffered(a) ? "" : "none";
    helpOfGame(a.game);
    // A card game's whole state in notation holds every hidden card: only the umpire's seat shows it.
    parts.editor.style.display = a.mode === "list" && a.seat !== "umpire" ? "none" : "";
    // The player who revealed the tiles sees them face up (in pass and play, the device is still theirs).
    moment = a.applied && a.applied.moment && momentDone !== a &&
      (a.seat === "hot" || a.seat === "umpire" || a.seat === a.applied.by) ? a.applied.moment : null;
    holdStatus(a);
    // How the typed box reads what is typed, in the edition's words (French: Time Chase's card labels, TTYKM's
    // notation of a turn).
    parts.typedKey.textContent = a.notation_key || "";
    parts.typedKey.hidden = !a.notation_key;
    if (a.mode === "list") showList(a); else showBoard(a, change);
    for (const control of [parts.typed, parts.play, parts.undo]) control.disabled = over;
    parts.undo.disabled = over || !a.picks.length;
    if (a.verdict) {
      parts.message.replaceChildren(el("p", { class: "pg-refused" },
        el("strong", {}, W.notAllowed), a.verdict.reason + ". ",
        el("span", { class: "pg-rule" }, W.theRule, ruleLink(a.verdict.rule || ""), ".)")));
    } else if (change && (change.picks || change.edit || change.action)) {
      parts.message.replaceChildren();
      if (!change.example) exampleLive = false;
    }
    if (exampleLive && !a.verdict && exampleAt < exampleActions.length) offerExample(a);
    if (a.applied) {
      const mine = a.mode !== "list" || a.seat === "umpire" || (a.view && a.applied.by === a.view.seat);
      replay = mine ? { steps: a.applied.steps, at: 0, action: a.applied.action, then: a.applied.then,
        events: a.applied.events, moment: a.applied.moment_steps }
        : { steps: [], at: 0 };
      showReplay();
    }
    const theirs = oracleReplay(a);
    if (theirs) {
      replay = theirs;
      showReplay();
    }
    parts.position.value = a.state;
    const secret = a.mode === "list" && a.seat !== "umpire";  // as the editor above: only the umpire sees all
    const link = new URL(location.href);
    link.search = new URLSearchParams({ game: a.game, ...(secret ? { seat: seatValue(a) } : { position: a.state }),
      ...(!secret && a.oracle ? { seat: seatValue(a) } : {}),
      ...(a.rules ? { rules: a.rules } : {}), ...(memoryOffered(a) && !current.memory ? { memory: "off" } : {}) });
    try {
      sessionStorage.setItem(kept(), a.state);
    } catch (error) { /* storage refused: a reload, or a game chosen again, starts a new game */ }
    parts.share.value = link.href;
    history.replaceState(null, "", link.href);
    // The language switch opens the same game, position and seat in the other edition.
    document.querySelectorAll("a.md-select__link[hreflang]").forEach(function (other) {
      const there = new URL(other.href);
      there.search = link.search;
      other.href = there.href;
    });
  }

  // Within a board's turn the board stays under the finger: the line above it keeps the height it had at the
  // turn's start (the longest of its words so far), however short the next click's words are.  Another position
  // (the next turn), a card game or another width lets it fit its words again.
  let statusHeld = null;  // the position and width whose turn holds the line's height
  function holdStatus(a) {
    const key = a.mode === "board" ? a.state + "|" + narrow.matches : null;
    const height = Math.max(parts.status.getBoundingClientRect().height, parseFloat(parts.status.style.minHeight) || 0);
    parts.status.style.minHeight = key !== null && key === statusHeld ? height + "px" : "";
    statusHeld = key;
  }

  // The chooser of the number of players, for a game played by several counts (games(), players).
  function showPlayers(a) {
    const game = catalogue.find(function (g) { return g.name === a.game; });
    const counts = a.mode === "list" && game ? game.players : [];
    parts.playersLabel.style.display = counts.length ? "" : "none";
    parts.players.replaceChildren(...counts.map(function (n) {
      return el("option", { value: String(n), selected: n === a.seats.length }, String(n));
    }));
  }

  // "How to play here" shows the help of the game in play only (each part names its games in data-games); a game
  // that no part names keeps every part.
  function helpOfGame(game) {
    const blocks = [...document.querySelectorAll("[data-games]")];
    const named = blocks.some(function (part) { return part.dataset.games.split(" ").includes(game); });
    for (const part of blocks) part.hidden = named && !part.dataset.games.split(" ").includes(game);
  }

  // A board's seat list (TTYKM): both sides on one device, or one side, the other played by the oracle.
  function boardSeats(a) {
    const value = seatValue(a);
    parts.seat.replaceChildren(
      el("option", { value: "hot", selected: value === "hot" }, W.bothSides),
      ...(a.seats || []).map(function (s) {
        const other = a.seats.find(function (o) { return o.player !== s.player; });
        return el("option", { value: "oracle:" + s.player, selected: value === "oracle:" + s.player },
          W.withOracleAgainst(name(s.name), name(other ? other.name : "")));
      }));
  }

  // The oracle's last turn on a board, listed under it until the position changes: the clicks of the reader's
  // own turn that follow do not drop it.
  let oracleTurn = { state: null, played: [] };

  function oracleOnBoard(a) {
    if (a.oracle && a.oracle.played.length) oracleTurn = { state: a.state, played: a.oracle.played };
    return a.oracle && oracleTurn.state === a.state ? oracleLog(a, oracleTurn.played) : [];
  }

  // A TTYKM turn's tokens said in an edition's words (W.turnWords gives them): the copy, on the era it is chosen
  // on, each action, the new Focus; null for a token that is not one of a turn's (a draw).
  function turnSaid(action, era, say) {
    const said = action.trim().split(/\s+/).map(function (token, at) {
      let found = /^([a-d][1-4])$/.exec(token);
      if (found && at === 0) return era ? say.copy(found[1], say.eras[era]) : null;
      found = /^>(past|present|future)$/.exec(token);
      if (found) return say.focus(say.eras[found[1]]);
      found = /^([NESW])(\+([NESW])?)?$/.exec(token);
      if (found) return say.step + say.toward[found[1]] + (found[2] ? say.pull : "") +
        (found[3] ? say.statue(say.side[found[3]]) : "");
      if (token === "F" || token === "B") return token === "F" ? say.forward : say.back;
      found = /^([PDBTC])([a-d][1-4])(\+?)$/.exec(token);
      if (found) return say.aimed[found[1]] + found[2] + (found[3] ? say.pull : "");
      return null;
    });
    return said.includes(null) ? null : said.join(", ");
  }

  // The era a board's mover had their Focus on in a position (TTYKM's notation: turn=w focus=past,future).
  function focusBefore(position, by) {
    const found = /\bfocus=(\w+),(\w+)/.exec(position || "");
    return found ? found[by === "White" ? 1 : 2] : null;  // ``by``: the oracle's English name of the player
  }

  // The oracle's last turn on a board, said first in the status line while the reader has not clicked yet.
  function oracleJust(a) {
    const played = a.oracle && oracleTurn.state === a.state ? oracleTurn.played : [];
    const last = played.length ? played[played.length - 1] : null;
    if (!(last && last.by && last.steps)) return [];
    const words = W.turnWords(last.action, focusBefore(last.before, last.by));
    return [W.oracleJust(name(last.by))].concat(words ? [words, " (", el("code", {}, last.action), "). "]
      : [el("code", {}, last.action), ". "]);
  }

  // The oracle's turn just played on a board, for the replay (its last, after a chance draw before it).
  function oracleReplay(a) {
    const played = a.mode === "board" && a.oracle ? a.oracle.played : [];
    const last = played.length ? played[played.length - 1] : null;
    return last && last.steps ? { steps: last.steps, at: 0, action: last.action } : null;
  }

  function showBoard(a, change) {
    parts.view.replaceChildren();
    parts.note.replaceChildren(...oracleOnBoard(a));
    boardSeats(a);
    const board = el("div", {});
    board.innerHTML = a.svg_row + a.svg_column;
    parts.board.replaceChildren(...board.childNodes);
    parts.key.replaceChildren();
    if (!a.outcome) {
      for (const cell of parts.board.querySelectorAll("[data-cell]")) {
        cell.addEventListener("click", function () {
          const pick = cell.getAttribute("data-cell");
          ask(editing ? { edit: pick, picks: [] } : { picks: current.picks.concat([pick]) });
        });
      }
    }
    const stacked = narrow.matches;
    parts.eras.hidden = !stacked;
    if (stacked) {
      // The reader's own switch stands until the next click; a click shows where the turn goes on.
      if (change && change.edit) era = cellEra(change.edit) || era;
      else if (!(change && change.era) && (era === null || change.picks || change.action || !Object.keys(change).length)) {
        era = chooseEra(a);
      }
      eraTabs(a);
      const column = parts.board.querySelector("svg.column");
      if (column) oneEra(column, era);
    }
    if (a.outcome) {
      parts.status.replaceChildren(W.over, a.outcome.reason, " (", ruleLink(a.outcome.rule), ").");
    } else if (editing) {
      parts.status.textContent = W.editing;
    } else if (a.kind === "chance") {
      parts.status.textContent = W.convergence;
    } else if (current.picks.length === 0) {
      parts.status.replaceChildren(...oracleJust(a), W.toMove(name(a.mover), a.legal_count, stacked));
    } else {
      // The oracle's turn stays said while the reader clicks: the line, held at its height (holdStatus), is not left
      // with a blank band under the shorter words.
      parts.status.replaceChildren(...oracleJust(a),
        W.goOn(a.buttons.some(function (b) { return b.pick.startsWith("act:"); })));
    }
    parts.buttons.replaceChildren(...a.buttons.map(function (b) {
      return el("button", { type: "button", class: "md-button" + (b.leads_on ? " md-button--primary" : ""),
        "data-pick": b.pick, disabled: Boolean(a.outcome), onclick: function () {
          ask({ picks: current.picks.concat([b.pick]) });
        } }, label(b));
    }));
  }

  // A seat's own view: its fields in words.  A card in hand is drawn once, as its own control: a legal action
  // plays when clicked (its name says so: "Play R5"); a card that may not be played now is disabled, with the
  // oracle's reason as its tooltip (playground.py, hand_cards).  A field with an entry for each player says
  // how many of the others' things are hidden.
  // A card's label in the page's language (the French edition's, playground.py in_french), wherever a list of
  // cards is written in words; data-item, a pick and the notation stay the oracle's.
  function cardLabel(item) {
    return (answer && answer.card_labels && answer.card_labels[item]) || item;
  }

  function handItem(item, button, refused) {
    const shown = cardLabel(item);
    if (button) {
      return el("button", { type: "button", class: "pg-chip pg-card pg-playable", "data-item": item, "data-pick": button.pick,
        "aria-label": label(button), title: label(button), onclick: function () {
          ask({ picks: current.picks.concat([button.pick]) });
        } }, shown);
    }
    if (refused) {
      return el("button", { type: "button", class: "pg-chip pg-card", "data-item": item, disabled: true,
        title: refused.reason ? refused.reason + " (" + refused.rule + ")" : null }, shown);
    }
    return el("span", { class: "pg-chip", "data-item": item }, shown);
  }

  // Why each disabled card may not be played now, in words under the hand (a tooltip is no help on a phone).
  function whyNot(cards, who) {
    const byReason = new Map();
    for (const [item, refused] of Object.entries(cards || {})) {
      if (!refused || !refused.reason) continue;
      const why = refused.reason + " (" + refused.rule + ")";
      byReason.set(why, (byReason.get(why) || []).concat([item]));
    }
    if (!byReason.size) return null;
    return el("div", { class: "pg-why-not" }, ...[...byReason].map(function ([why, items]) {
      return el("p", {}, el("strong", {}, (who ? who + W.colon : "") + W.notNow), items.map(cardLabel).join(", ") + W.colon + why + ".");
    }));
  }

  function fields(list, playable, cards) {
    const ordered = list.filter(function (f) { return f.items || f.text !== undefined; })
      .concat(list.filter(function (f) { return !(f.items || f.text !== undefined); }));  // "the others" last
    return el("dl", { class: "pg-fields pg-private" }, ...ordered.flatMap(function (f) {
      const shown = f.items ? f.items.map(function (item) {
        const chip = handItem(item, playable.get(item), cards[item]);
        if ((f.alone || []).includes(item)) chip.append(" ", el("em", { class: "pg-secret" }, W.seenSecretly));
        return chip;
      }) : f.text !== undefined ? [W.fieldValues[f.text] || f.text] : [];
      if (f.items && !f.items.length) shown.push(W.none);
      const row = [el("dt", { "data-field": f.field }, W.fieldNames[f.field] || f.field),
        el("dd", { "data-field": f.field }, ...shown)];
      if (!f.others) return row;
      const counts = new Set(f.others.map(function (o) { return o.hidden; }));
      const others = counts.size === 1 ? W.othersEach(f.others[0].hidden)
        : f.others.map(function (o) { return W.othersHidden(o.name, o.hidden); }).join(" · ");
      return f.items ? row.concat([el("dt", {}, W.fieldNames.hands), el("dd", { class: "pg-others" }, others)])
        : [el("dt", {}, W.fieldNames.hands), el("dd", { class: "pg-others" }, others)];
    }));
  }

  // The umpire's table: every field of the state, its value in words (yes or no, a list joined, a player's
  // entry by number); a long list of records (3 ombres's board) is the picture's.
  function inWords(value) {
    if (value === null || value === undefined) return "-";
    if (typeof value === "boolean") return value ? W.yes : W.no;
    if (Array.isArray(value)) {
      if (!value.length) return W.none;
      if (value.length > 6 && value.every(function (v) { return v && typeof v === "object" && !Array.isArray(v); })) {
        return W.inThePicture(value.length);
      }
      if (value.every(Array.isArray)) {
        return value.map(function (v, i) { return i + W.colon + inWords(v); }).join(" · ");
      }
      return value.map(inWords).join(value.some(function (v) { return v && typeof v === "object"; }) ? " · " : ", ");
    }
    if (typeof value === "object") {
      const entries = Object.entries(value);
      return entries.length ? entries.map(function ([k, v]) { return k.replace(/_/g, " ") + " " + inWords(v); }).join(", ")
        : W.none;
    }
    return String(value);
  }

  function umpireTable(rows) {
    return el("details", { class: "pg-umpire" }, el("summary", {}, W.everyField),
      el("table", { class: "pg-umpire-fields" }, el("tbody", {}, ...rows.map(function ([name, value]) {
        return el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, inWords(value)));
      }))));
  }

  // What the player to act must know, in words, under its heading: "Your turn" in that player's own view.
  function turnNote(a) {
    if (!a.note || !a.note[LANG] || a.outcome) return [];  // chance's note is the status line alone
    const who = a.chooser || a.mover;
    const own = a.view && a.view.name === who;
    // What the step asks (the status's words when the box is there), first and once: a line of the note it
    // already holds is not said again.
    const does = a.note[LANG + "-do"];
    const lines = a.note[LANG].split("\n").filter(function (line) { return !does || !does.includes(line); });
    return [el("h2", { class: "pg-turn-title" }, own ? W.yourTurn(who) : W.theirTurn(who)),
      el("div", { class: "pg-note" }, ...(does ? [el("p", { class: "pg-do" }, el("strong", {}, does))] : []),
        ...lines.map(function (line) { return el("p", {}, line); }))];
  }

  // A click on a sealed choice (Time Chase's bid) that the others have still to match applies nothing yet: the
  // action just played is that choice, told to the seat that made it (and the umpire) in its button's words,
  // and to nobody else; a seat change, which sends the same choices again, is no click.
  function sealedReplay(before, change, a) {
    const pick = change.picks && change.picks[change.picks.length - 1];
    if (!before || a.applied || a.mode !== "list" || !pick || !pick.startsWith("sealed:") ||
      change.picks.length !== before.picks.length + 1) return null;
    const button = before.buttons.find(function (b) { return b.pick === pick; });
    if (!button || !before.chooser) return { steps: [], at: 0 };
    if (!(a.seat === "umpire" || (a.view && a.view.name === before.chooser))) return { steps: [], at: 0 };
    const text = W.ownSealed(name(before.chooser), (button.words || {})[LANG] || label(button));
    return { steps: [{ text: text, svg_row: "", svg_column: "" }], at: 0, action: pick.slice("sealed:".length) };
  }

  // The player whose turn the oracle would take on a change to ``value`` ("oracle:N"): the one to act now, when
  // the seat left is theirs (their view, or the umpire's) and not N; else null.  The page asks first.
  function pendingTurnLeft(a, value) {
    const to = /^oracle:(\d+)$/.exec(value);
    if (!a || !to || a.mode !== "list" || a.outcome || a.kind === "chance" || !a.chooser) return null;
    const seat = a.seats.find(function (s) { return String(s.player) === to[1]; });
    const theirs = a.seat === "umpire" || (a.view && a.view.name === a.chooser);
    return seat && seat.name !== a.chooser && theirs ? a.chooser : null;
  }

  // The seat list's value of an answer's seat: "oracle:N" when the oracle plays the others (playground.py).
  function seatValue(a) {
    return a.oracle ? "oracle:" + a.oracle.seat : String(a.seat);
  }

  // What the oracle played for the others since this seat's last choice, a line each, in the words every player
  // saw (a sealed choice as sealed only): never what this seat may not see.
  // ``played``: those to list, when not the answer's own (a board's turn, kept while the reader clicks).
  function oracleLog(a, played) {
    played = played || (a.oracle ? a.oracle.played : []);
    if (!played.length) return [];
    const line = function (p) {
      const who = p.by ? name(p.by) : null;
      const events = p.public.join(W.alsoThen);  // as the pass screen lists them: "p2 plays R5 at event 1"
      // Whose action it was, when its events do not start by saying it (3 Ombres: "p0: G5 is revealed: 5h").
      // Why this seat did not see it all (playground.py's seat_told): "your eyes were closed (Ténèbres, …)".
      const why = p.unseen ? p.unseen[LANG] : null;
      const hidden = who ? (why ? W.unseenWhy(who, why) : W.oracleUnseen(who)) : W.chanceUnseen;
      const said = p.sealed ? W.oracleSealed(who) : !events ? hidden
        : (who && !events.startsWith(who + " ") ? who + W.colon + events : events) + (why ? W.restUnseen(why) : "");
      return said + (p.drew ? W.oracleAtRandom : "") + ".";
    };
    // A board's turn: who played it, in notation, then its steps in words (the replay draws them).
    const turn = function (p) {
      return [(p.by ? name(p.by) + W.colon : ""), el("code", {}, p.action), ".",
        el("ol", { class: "pg-oracle-steps" }, ...p.steps.map(function (s) { return el("li", {}, s.text); }))];
    };
    const heading = a.mode === "board" ? W.oracleTurn : W.oraclePlayed;
    const lines = el("ol", { class: "pg-oracle-played" }, ...played.map(function (p) {
      return el("li", {}, ...(p.steps ? turn(p) : [line(p)]));
    }));
    if (!memoryFolds(a)) return [el("div", { class: "pg-oracle" }, el("p", {}, heading), lines)];
    return [memoryFold("pg-oracle", heading, lines)];
  }

  // Memory mode: a player remembers the tiles the others revealed, as at the table, so the lists naming them
  // (what the oracle played, what everybody saw since the device was last held) start folded.
  function memoryFolds(a) {
    return memoryOffered(a) && current.memory;
  }

  // Such a list folded, under its heading (less its colon) and the words saying why.
  function memoryFold(kind, heading, list) {
    return el("details", { class: kind + " pg-memory-fold" },
      el("summary", {}, heading.replace(/ ?:$/, "") + W.memoryFolded), list);
  }

  // What everybody saw since the device was last passed: the events in words, a line each.
  // On a player's first hand-off (``first``), everything since the game began here.
  function seenList(events, first) {
    return events.length ? el("div", { class: "pg-since" }, el("p", {}, first ? W.soFar : W.sinceLast),
      el("ol", { class: "pg-since-events" }, ...events.map(function (text) { return el("li", {}, text); }))) : null;
  }

  // The hand-off screen's list, folded in Memory mode (memoryFolds).
  function passList(a, who) {
    const list = seenList(sinceHeld(who), !(who in lastHeld));
    if (!list || !memoryFolds(a)) return list;
    return memoryFold("pg-since", list.firstChild.textContent, list.lastChild);
  }

  function passScreen(a, who, justNow) {
    const seen = passList(a, who);
    return el("div", { class: "pg-pass" },
      el("p", {}, el("strong", {}, W.passTo(who)), W.lookAway(who)),
      // What the last click did, when the list (which ends with it) is not there.
      justNow.length && !seen ? el("p", { class: "pg-just" }, el("strong", {}, W.justNow), justNow.join(" · ") + ".")
        : null,
      seen,
      el("button", { type: "button", class: "md-button md-button--primary pg-pass-ready", onclick: function () {
        passing = false;
        viewer = who;
        told = sinceHeld(who);
        toldFirst = !(who in lastHeld);
        lastHeld[who] = seenByAll.length;
        clearReplay();
        show({});
        keepInSight();
      } }, W.iAm(who)));
  }

  function showList(a) {
    parts.eras.hidden = true;
    parts.seat.replaceChildren(
      el("option", { value: "hot", selected: a.seat === "hot" }, W.hotSeat),
      ...a.seats.map(function (s) {
        return el("option", { value: "oracle:" + s.player, selected: seatValue(a) === "oracle:" + s.player },
          W.withOracle(s.name));
      }),
      ...a.seats.map(function (s) {
        return el("option", { value: String(s.player), selected: seatValue(a) === String(s.player) }, W.seatOnly(s.name));
      }),
      el("option", { value: "umpire", selected: a.seat === "umpire" }, W.umpire));
    const who = a.view ? a.view.name : null;
    // Every player's only choice, played at once: said after the status, until the next click.
    // The pass screen lists what was played; the game says for whom, and why (Time Chase: round 1's bids of 0).
    let forced = a.applied && a.applied.forced ? " " + ((a.applied.forced_words || {})[LANG] || W.forced) : "";
    // A player with one choice only is not asked for it: the page says what they must do.
    const only = (a.only || []).map(function (o) { return W.mustChoose(o.player, (o.words || {})[LANG] || o.action); });
    if (only.length) forced += " " + only.join(" ");
    // Hot seat: a different player's view is hidden until that player says they hold the device.
    if (a.seat === "hot" && who && viewer !== who) {
      passing = true;
    }
    // Nobody may type or undo for a player who has not taken the device, nor in a seat whose turn it is not.
    // Chance's outcome may be typed from any seat (the face a real die showed).
    const hidden = Boolean(passing && a.seat === "hot" && who) || (typeof a.seat === "number" && a.view &&
      a.kind !== "chance" && (a.chooser || a.mover) !== a.view.name);
    parts.typedForm.hidden = hidden;
    parts.undo.hidden = hidden;
    parts.doing.replaceChildren();
    root.classList.remove("pg-hand-first");  // set again by instructionFirst
    if (passing && a.seat === "hot" && who) {
      parts.board.replaceChildren();
      parts.key.replaceChildren();
      parts.note.replaceChildren();
      parts.view.replaceChildren(passScreen(a, who, a.applied ? a.applied.public || [] : []));
      parts.buttons.replaceChildren();
      parts.status.textContent = W.actsNext(who) + forced;
      return;
    }
    passing = false;
    if (who) viewer = who;
    if (a.seat === "hot" && who) forced = "";  // said on the pass screen: the player now has ten choices, not one
    if (moment && !a.outcome) {
      // Drawn twice (wide and narrow) as the table is: the same frame lets the screen's width pick one.
      parts.board.replaceChildren(el("div", { class: "pg-picture" }));
      parts.board.firstChild.innerHTML = moment;
      foldKey();
      parts.note.replaceChildren();
      parts.view.replaceChildren();
      parts.status.textContent = W.moment;
      parts.buttons.replaceChildren(el("button", { type: "button", class: "md-button md-button--primary pg-worded pg-turn-back",
        onclick: function () { moment = null; momentDone = a; showList(a); showReplay(); keepInSight(); } }, W.turnBack));
      return;
    }
    const picture = el("div", {});
    picture.innerHTML = a.view ? a.view.picture : a.table;
    if (a.seat === "umpire" && a.svg_row) {
      // The picture first; the oracle's text rendering (the CLI's) only for whoever unfolds it.
      const text = el("div", {});
      text.innerHTML = a.svg_row;
      picture.append(el("details", { class: "pg-text-fold" }, el("summary", {}, W.textTable), ...text.childNodes));
    }
    parts.board.replaceChildren(...picture.childNodes);
    foldKey();
    const playable = new Map(a.outcome ? [] : a.buttons.map(function (b) { return [b.pick, b]; }));
    // The hand-off screen listed them: here they wait, folded, for whoever wants them again.
    const list = told.length ? seenList(told, toldFirst) : null;
    const seen = list ? el("details", { class: "pg-since pg-told" }, el("summary", {}, list.firstChild.textContent),
      list.lastChild) : null;
    parts.note.replaceChildren(...(seen ? [seen] : []), ...oracleLog(a), ...turnNote(a));
    // A seat sees its own things; the whole state, field by field, is the umpire's.
    // The umpire's rows of cards: each seat's fields whose items are cards (a control, or a card not playable now).
    const hands = (a.hands || []).map(function (h) {
      return { name: h.name, cards: h.cards, rows: h.private.filter(function (f) {
        return f.items && f.items.some(function (i) { return playable.has(i) || i in h.cards; });
      }) };
    }).filter(function (h) { return h.rows.length; });
    parts.view.replaceChildren(...[...(a.view ? [
      el("h2", { class: "pg-view-title" }, W.sees(a.view.name)),
      a.view.private.length ? fields(a.view.private, playable, a.view.cards || {}) : el("p", {}, W.nothingPrivate),
      whyNot(a.view.cards),
    ] : []), ...(hands.length ? [el("h2", { class: "pg-view-title" }, W.everyHand),
      el("dl", { class: "pg-fields pg-private pg-hands" }, ...hands.flatMap(function (h) {
        return h.rows.flatMap(function (f) {
          return [el("dt", {}, h.name), el("dd", {}, ...f.items.map(function (item) {
            return handItem(item, playable.get(item), h.cards[item]);
          }))];
        });
      })), ...(a.out && a.out.length ? [el("p", { class: "pg-out" }, el("strong", {}, W.outOfGame), a.out.map(cardLabel).join(", "))]
        : []), ...hands.map(function (h) { return whyNot(h.cards, h.name); })] : [])].filter(Boolean));
    memoryHides(a);
    parts.fields.replaceChildren(...(a.fields ? [umpireTable(a.fields)] : []));
    const does = a.note && a.note[LANG + "-do"];
    if (a.outcome) {
      parts.status.replaceChildren(W.over, a.outcome.reason, " (", ruleLink(a.outcome.rule), ").");
    } else if (a.kind === "chance") {
      // What chance does now, in the game's words (a Limbes card is drawn), then how to let it.
      parts.status.textContent = (does ? does + " " : "") + (a.buttons.length === 1 && a.buttons[0].pick === "chance"
        ? W.chanceOne(label(a.buttons[0])) : W.chanceMany(a.buttons.length - 1)) + forced;
    } else if (!a.buttons.length && typeof a.seat === "number" && a.view && !a.oracle) {
      parts.status.textContent = W.watchOnly(a.chooser || a.mover, a.view.name) + forced;
    } else if (!a.buttons.length) {
      parts.status.textContent = W.chooseSeat(a.chooser || a.mover) + forced;
    } else if (does && a.note[LANG]) {
      // What the step asks is the turn box's (turnNote): here one line only.
      parts.status.textContent = W.seeTurn(a.chooser || a.mover) + forced;
    } else if (does && a.seat === "umpire") {
      parts.status.textContent = W.umpireTurn(a.chooser || a.mover, does) + forced;
    } else if (does) {
      // What the step asks, in words (the game's note: roll the die, bid, play a card), not a count of choices.
      parts.status.textContent = does + forced;
    } else {
      parts.status.textContent = W.toAct(a.chooser || a.mover, a.legal_count, a.kind === "simultaneous",
        a.buttons.length) + forced;
    }
    // A click on any other slot asks the oracle why not, when this seat is the one to act.
    const look = lookChoice(a);
    const onTiles = a.outcome ? new Set() : tileTargets(look.onTiles, a.kind === "player" && a.buttons.length > 0);
    instructionFirst();
    const inHand = new Set([...parts.view.querySelectorAll(".pg-card[data-pick]")].map(function (c) { return c.dataset.pick; }));
    const button = function (b) {
      return el("button", { type: "button", "data-pick": b.pick, title: notation(b),
        class: "md-button md-button--primary" + (b.pick === "chance" ? " pg-chance" : "") + (b.words ? " pg-worded" : ""),
        disabled: Boolean(a.outcome), onclick: function () { ask({ picks: current.picks.concat([b.pick]) }); } }, label(b));
    };
    const shown = a.buttons.filter(function (b) {
      // A tile or a card in hand is its own control; a tile action the look puts aside waits behind its button.
      return !onTiles.has(b.pick) && !inHand.has(b.pick) && !look.aside.has(b.pick);
    });
    // A chance outcome chosen by hand (the umpire's only) is a control of its own, after the random draw.
    const outcomes = shown.filter(function (b) { return b.chance; });
    parts.buttons.replaceChildren(...look.controls, ...shown.filter(function (b) { return !b.chance; }).map(button),
      ...(outcomes.length ? [el("div", { class: "pg-outcomes" }, el("p", {}, W.chooseOutcome), ...outcomes.map(button))] : []));
  }

  // Memory mode is offered to the players of L'heure des 3 ombres, a memory game; the umpire sees everything.
  function memoryOffered(a) {
    return a.mode === "list" && a.game === "trois-ombres" && a.seat !== "umpire";
  }

  // What a player learns on a turn (learntThisTurn): the tiles of their view when it began, the slots their own
  // actions of the turn named (a look at a tile seen before teaches nothing new, and is still this turn's), and
  // those of them that were looks (Allison's peek).  ``answer``: the last answer counted, counted once.
  function freshTurn(turn, viewer, seen) {
    return { turn: turn, viewer: viewer, before: new Set(seen), slots: new Set(), looked: new Set(), answer: null };
  }

  // The tiles of a player's view learnt on this turn (a chance step is part of the turn around it), or since
  // this player took the device: those not in it when the turn began, and those on a slot one of the player's
  // own actions of the turn named (a reveal, a look; the slot a Hallucination moves a tile to is new anyway).
  // A turn ends when another player is to act, when the oracle has played another's turn since (the seat is to
  // act again), or when a game or a position is opened afresh (newGame, forgetTurn).
  function learntThisTurn(a) {
    const seen = (a.view.private.find(function (f) { return f.field === "seen"; }) || {}).items || [];
    if (learnt.answer !== a) {
      const turn = a.kind === "chance" && learnt.turn !== null ? learnt.turn : a.chooser || a.mover;
      const othersPlayed = Boolean(a.oracle) && a.oracle.played.some(function (p) {
        return p.by && p.by !== a.view.name;
      });
      const by = a.applied && !a.applied.chance ? a.seats.find(function (s) { return s.player === a.applied.by; }) : null;
      if (turn !== learnt.turn || a.view.name !== learnt.viewer || othersPlayed) {
        learnt = freshTurn(turn, a.view.name, seen);
      } else if (by && by.name === a.view.name) {
        const slots = a.applied.action.match(/\b[A-Z]\d+\b/g) || [];
        for (const slot of slots) {
          learnt.slots.add(slot);
          if (/^peek /.test(a.applied.action)) learnt.looked.add(slot);
        }
      }
      learnt.answer = a;
    }
    return new Set(seen.filter(function (item) {
      return !learnt.before.has(item) || learnt.slots.has(item.split(" ")[0]);
    }));
  }

  // A game or a position opened afresh: nothing learnt on a turn of it yet.
  function forgetTurn() {
    learnt = freshTurn(null, null, []);
  }

  // In Memory mode, a player's view leaves out the list of the tiles they have seen (the field "seen" of
  // their observation) but for those learnt on this turn, and says which it shows; the umpire's table of
  // every field still holds each player's.
  function memoryHides(a) {
    if (!memoryOffered(a) || !a.view) return;
    const now = learntThisTurn(a);
    const chips = [...parts.view.querySelectorAll("dl.pg-private dd[data-field='seen'] [data-item]")];
    // A tile looked at this turn is tagged so even when others had seen it (seat_view's "alone" tags the rest).
    for (const chip of chips) {
      const looked = learnt.looked.has(chip.dataset.item.split(" ")[0]) && now.has(chip.dataset.item);
      if (looked && !chip.querySelector(".pg-secret")) chip.append(" ", el("em", { class: "pg-secret" }, W.seenSecretly));
    }
    const rows = [...parts.view.querySelectorAll("dl.pg-private [data-field='seen']")];
    if (!current.memory || !rows.length) return;
    for (const chip of chips) chip.hidden = !now.has(chip.dataset.item);
    const shown = chips.some(function (chip) { return !chip.hidden; });
    for (const row of rows) row.hidden = !shown;
    rows[0].closest("dl").after(el("p", { class: "pg-memory-note" }, shown ? W.memoryThisTurn : W.memoryHidden));
  }

  // While the turn asks for a click on a table's ringed tiles, the turn's heading and what to do now ("Your
  // turn"; "The die shows the Réverbère: reveal…") come above the table, at any width: the tiles to click are
  // right under the words that ask for them, and on a phone, where the table is taller than the screen, not a
  // screen's height above them.  The rest of the turn box stays under the table and the buttons, and a step
  // asking for a button only (roll the die) keeps its words beside the buttons.
  // A hand whose cards are the controls (Time Chase) is brought up the same way: the heading and what to do, then
  // the hand, come straight after the table and its status; the rest of the turn box (what the oracle played,
  // the round) after them (playground.css, pg-hand-first).
  function instructionFirst() {
    parts.doing.replaceChildren();
    const tiles = Boolean(parts.board.querySelector(".pg-target"));
    const hand = !tiles && Boolean(parts.view.querySelector(".pg-card.pg-playable"));
    root.classList.toggle("pg-hand-first", hand);
    if (!tiles && !hand) return;
    const title = parts.note.querySelector(".pg-turn-title");
    const does = parts.note.querySelector(".pg-do");
    if (!title || !does) return;
    const then = parts.note.querySelector(".pg-then");  // what follows a look that may be taken (lookFirstLine)
    parts.doing.append(title, el("div", { class: "pg-note" }, does, ...(then ? [then] : [])));
  }

  // The key to a 3 Ombres table's marks (its own pictures, class "key": oracle/games/trois_ombres/site.py,
  // table_pictures) leaves the table for a fold of its own.  On a wide screen it opens under what the seat sees,
  // so that the table, what to do now and the buttons fill the first screen; on a phone it starts folded right
  // under the table, since open there it would stand between the tiles and the words and buttons of the turn (a
  // screen's height of scrolling each reveal), and a player reads it once, not every turn.  Whoever opens or
  // folds it keeps it so for the rest of the visit.
  function foldKey() {
    const keys = [...parts.board.querySelectorAll("svg.key")];
    parts.key.replaceChildren();
    if (!keys.length) return;
    const fold = el("details", { class: "pg-key" }, el("summary", {}, W.key));
    fold.open = keyOpen === null ? !narrow.matches : keyOpen;
    fold.addEventListener("toggle", function () { keyOpen = fold.open; });
    fold.append(el("div", { class: "pg-picture" }, ...keys));
    parts.key.append(fold);
  }

  // A picture's slots ([data-loc], L'heure des 3 ombres) that are the one target of a button's action on that
  // slot (reveal R1, clue P2, trap G5...) become clickable and ringed (the table's key names the ring for the same
  // slots: oracle/games/trois_ombres/pictures/legend.py, ringed); those buttons leave the row.  A button may name
  // its slot (``slot``), what its click does (``play``) and what a click elsewhere attempts (``verb``) itself: a
  // step of a look at two tiles (lookChoice).
  // A bluff stays a button: a click on a tile must never end the game.  With ``refuse``, a click on any other
  // slot sends what it attempts (the step's verb on that slot; before any, a reveal) for the oracle to explain
  // (playground.py, list_view): its refusal and rule are shown, and nothing is played.
  function tileTargets(buttons, refuse) {
    const bySlot = new Map();
    let verb = null;
    for (const b of buttons) {
      const found = /^(reveal|uncube|clue|trap|cube|pick|place|peek [a-z]+|use [a-z-]+) ([A-Z]\d+)$/.exec(b.pick);
      const slot = b.slot || (found && found[2]);
      if (slot) bySlot.set(slot, bySlot.has(slot) ? null : b);
      if (!verb) verb = b.verb || (found && found[1]);
    }
    const taken = new Set();
    for (const slot of parts.board.querySelectorAll("[data-loc]")) {
      const b = bySlot.get(slot.getAttribute("data-loc"));
      if (!b) {
        if (refuse && !bySlot.has(slot.getAttribute("data-loc"))) {
          slot.addEventListener("click", function () {
            ask({ explain: (verb || "reveal") + " " + slot.getAttribute("data-loc") });
          });
        }
        continue;
      }
      taken.add(b.pick);
      slot.classList.add("pg-target");
      if (b.picked) slot.classList.add("pg-picked");
      slot.setAttribute("data-pick", b.pick);
      slot.setAttribute("role", "button");
      slot.setAttribute("tabindex", "0");
      slot.setAttribute("aria-label", label(b));
      const title = document.createElementNS("http://www.w3.org/2000/svg", "title");
      title.textContent = label(b) + (b.play ? "" : " (" + b.pick + ")");
      slot.prepend(title);
      const play = b.play || function () { ask({ picks: current.picks.concat([b.pick]) }); };
      slot.addEventListener("click", play);
      slot.addEventListener("keydown", function (event) { if (event.key === "Enter" || event.key === " ") play(); });
    }
    return taken;
  }

  // A secret look (3 Ombres), by its notation: Allison's or Zacahire's ability (peek allison R1, peek zacahire R1
  // R2), or a card's, the Loupe analytique or the Oreillettes (use loupe-analytique R1, use oreillettes R1 R2);
  // the same reading as oracle/games/trois_ombres/pictures/legend.py, LOOK.
  function lookOf(b) {
    const found = /^(peek [a-z]+|use (?:loupe-analytique|oreillettes))((?: [A-Z]\d+)+)$/.exec(b.pick);
    return found ? { source: found[1], tiles: found[2].trim().split(" ") } : null;
  }

  // A secret look, while one may be taken: the tiles to look at are ringed, of one source at a time (the first, or
  // the one the player switched to with "Look with ... instead"), and the other actions on a slot (the reveals)
  // wait behind "Skip the look"; once skipped, those are ringed, and a button offers the look again.  A look at
  // two tiles is two clicks: the first tile chosen stays marked, the tiles it may pair with are ringed, and a
  // click on it again unchooses it; where the look may stop at one tile (a variant), that look is a button.
  // legend.py, ringed, rings the same tiles before any click.
  // ``onTiles``: the buttons the tiles may play; ``aside``: the picks kept off the row; ``controls``: the look's.
  function lookChoice(a) {
    const looks = a.outcome ? [] : a.buttons.filter(lookOf);
    if (!looks.length) return { onTiles: a.buttons, aside: new Set(), controls: [] };
    const others = a.buttons.filter(function (b) { return !lookOf(b); });
    const allLooks = new Set(looks.map(function (b) { return b.pick; }));
    if (lookSkipped === a.state) {
      return { onTiles: others, aside: allLooks,
        controls: [el("button", { type: "button", class: "md-button pg-worded pg-look-first", onclick: function () {
          lookSkipped = null; showList(a);
        } }, W.lookFirst)] };
    }
    const sources = [...new Set(looks.map(function (b) { return lookOf(b).source; }))];
    const here = looking.state === a.state;
    const source = here && sources.includes(looking.source) ? looking.source : sources[0];
    const mine = looks.filter(function (b) { return lookOf(b).source === source; });
    const two = mine.some(function (b) { return lookOf(b).tiles.length === 2; });
    const first = here && looking.source === source ? looking.tile : null;
    const choose = function (tile) {
      return function () { looking = { state: a.state, source: source, tile: tile }; showList(a); };
    };
    let onTiles = mine;
    const aside = new Set(others.filter(function (b) {
      return /^(reveal|uncube|clue|trap|cube|pick|place) [A-Z]\d+$/.test(b.pick);
    })
      .map(function (b) { return b.pick; }).concat([...allLooks]));
    if (two && first === null) {
      const tiles = [...new Set(mine.flatMap(function (b) { return lookOf(b).tiles; }))];
      onTiles = tiles.map(function (tile) {
        return { pick: source + " " + tile + " ?", slot: tile, verb: source, words: { [LANG]: W.lookPick(tile) },
          play: choose(tile) };
      });
    } else if (two) {
      onTiles = mine.filter(function (b) { return lookOf(b).tiles.length === 2 && lookOf(b).tiles.includes(first); })
        .map(function (b) {
          return Object.assign({}, b, { slot: lookOf(b).tiles.find(function (t) { return t !== first; }) });
        }).concat([{ pick: source + " " + first + " ?", slot: first, picked: true, verb: source + " " + first,
          words: { [LANG]: W.lookUnpick(first) }, play: choose(null) }]);
      // A look that may stop at the first tile (peeks-may-stop) is offered as a button.
      for (const b of mine) if (lookOf(b).tiles.length === 1 && lookOf(b).tiles[0] === first) aside.delete(b.pick);
    } else {
      for (const b of mine) aside.delete(b.pick);
    }
    const by = W.lookBy[source];
    const skip = others.length ? el("button", { type: "button", class: "md-button pg-worded pg-skip-look",
      onclick: function () { lookSkipped = a.state; showList(a); } }, W.skipLook) : null;
    const instead = sources.filter(function (s) { return s !== source; }).map(function (s) {
      return el("button", { type: "button", class: "md-button pg-worded pg-look-instead", "data-source": s,
        onclick: function () { looking = { state: a.state, source: s, tile: null }; showList(a); } },
      W.lookInstead(W.lookBy[s]));
    });
    const hint = first === null ? W.lookHint(by, two) : W.lookSecond(by, first);
    return { onTiles: onTiles, aside: aside, controls: lookFirstLine(hint, [skip, ...instead].filter(Boolean)) };
  }

  // While a look may be taken, the turn's bold line (turnNote's) asks for it (``hint``), its buttons (skip it, look
  // with another source) beside it, and the die's reveals, which wait until then, come in the line under it; on a
  // phone both lines go above the table with the turn's heading (instructionFirst).  Without a turn box, the hint
  // and buttons join the buttons.
  function lookFirstLine(hint, buttons) {
    const does = parts.note.querySelector(".pg-do");
    if (!does) return [el("p", { class: "pg-look-hint" }, hint)].concat(buttons);
    does.after(el("p", { class: "pg-then" }, does.textContent));
    does.classList.add("pg-look-hint");
    does.replaceChildren(el("strong", {}, hint), ...buttons.flatMap(function (b) { return [" ", b]; }));
    return [];
  }

  // The era a replayed step happens in: where its last arrow ends, else the copy it highlights.
  function stepEra(svg) {
    const arrows = [...svg.querySelectorAll("g.arrows [data-to]")];
    const highlight = svg.querySelector(".highlight[data-cell]");
    return cellEra(arrows.length ? arrows[arrows.length - 1].getAttribute("data-to") : null) ||
      cellEra(highlight ? highlight.getAttribute("data-cell") : null) || "present";
  }

  function goToStep(at) {
    replay.at = at;
    replay.era = null;  // each step opens on its own era; the reader's switch lasts for that step
    showReplay();
  }

  function showReplay() {
    // While the tiles just revealed are shown face up (moment), the steps that turn them back are still to come.
    const steps = moment && replay.moment ? replay.steps.slice(0, replay.moment) : replay.steps;
    if (replay.at >= steps.length) replay.at = 0;
    if (!steps.length) { parts.replay.replaceChildren(); return; }
    const step = steps[replay.at];
    const picture = el("div", { class: "pg-step-board" });
    picture.innerHTML = step.svg_row + step.svg_column;
    const list = answer && answer.mode === "list";
    const column = picture.querySelector("svg.column");
    const stacked = narrow.matches && column && column.querySelector("g.era");
    const shown = stacked ? replay.era || stepEra(column) : null;
    const tabs = stacked ? el("div", { class: "pg-eras pg-step-eras", role: "tablist", "aria-label": W.stepEraShown },
      ...ERAS.map(function (e) {
        return el("button", { type: "button", role: "tab", class: "pg-era" + (e === shown ? " pg-era-now" : ""),
          "aria-selected": e === shown ? "true" : "false", "data-era": e, onclick: function () {
            replay.era = e; showReplay();
          } }, W.eras[e]);
      })) : null;
    // A card game's action opens with its step in words; its notation (a deal's is long) waits, folded, at the end.
    const header = list ? el("p", { class: "pg-step-at" }, W.stepAt(replay.at + 1, steps.length))
      : el("p", {}, W.stepOf(list), el("code", {}, replay.action), W.step(replay.at + 1, steps.length));
    parts.replay.replaceChildren(...[
      el("h2", {}, W.justPlayed(list)),
      list ? null : header,
      el("p", { class: "pg-step-text" }, step.text),
      list ? header : null,
      el("div", { class: "pg-step-nav" },
        el("button", { type: "button", class: "md-button pg-prev", disabled: replay.at === 0, onclick: function () {
          goToStep(Math.max(0, replay.at - 1));
        } }, W.previous),
        el("button", { type: "button", class: "md-button pg-next", disabled: replay.at === steps.length - 1, onclick: function () {
          goToStep(Math.min(steps.length - 1, replay.at + 1));
        } }, W.next)),
      step.svg_row ? tabs : null,
      step.svg_row ? picture : null,
      el("ol", { class: "pg-events" }, ...steps.map(function (s, i) {
        return el("li", { class: i === replay.at ? "pg-now" : "" }, s.text);
      })),
      list ? el("details", { class: "pg-notation" }, el("summary", {}, W.inNotation),
        el("code", {}, [replay.action].concat(replay.then || []).join("; "))) : null,
    ].filter(Boolean));
    if (shown) oneEra(column, shown);  // once drawn: the cut measures the picture's eras
  }

  start().catch(function (error) {
    fail(error.message, /dynamically imported module|Failed to fetch|NetworkError/.test(error.message) ? serveHint() : null);
    console.error(error);
  });
})();
