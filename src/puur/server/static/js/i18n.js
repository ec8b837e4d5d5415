// Interface texts in English, German, French and Italian.
//
// The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe and Undenufe (and Schieben for
// pushing) stay as they are in every language, as players say them at any Swiss table. The Swiss
// German suit and rank names are the cards' own names and are kept too; the French-suited deck
// uses each language's suit and rank names. German says "Spiel" for a hand and "Partie" for a
// game, French "donne" and "partie", Italian "mano" and "partita".
//
// A text that counts something ("{n} cards") has two forms in each language, [one, other]; t()
// picks the one the language's plural rules ask for. Labels start with a capital letter; names
// used inside a sentence (suits, ranks) are written as the sentence needs them and label()
// capitalises them where they start a label. A key missing in a language falls back to English.

export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };
const ORDER = ["en", "de", "fr", "it"];

// key: [English, German, French, Italian]
const TEXTS = {
  "app.tagline": ["Swiss Jass (Schieber) with friends and computer players",
    "Schweizer Jass (Schieber) mit Freunden und Computerspielern",
    "Jass suisse (Schieber) entre amis et contre l'ordinateur",
    "Jass svizzero (Schieber) con gli amici e contro il computer"],
  "lang": ["Language", "Sprache", "Langue", "Lingua"],
  "deck": ["Cards", "Karten", "Cartes", "Carte"],
  "deck.swiss": ["Swiss German", "Deutschschweizer Blatt", "Suisses allemandes",
    "Svizzero-tedesche"],
  "deck.french": ["French", "Französisches Blatt", "Françaises", "Francesi"],
  "name": ["Your name", "Dein Name", "Votre nom", "Il tuo nome"],
  "lobby.create": ["New table", "Neuer Tisch", "Nouvelle table", "Nuovo tavolo"],
  "lobby.preset": ["Rules", "Regeln", "Règles", "Regole"],
  "lobby.target": ["Target", "Ziel", "Objectif", "Traguardo"],
  "lobby.more": ["More options", "Weitere Optionen", "Plus d'options", "Altre opzioni"],
  "lobby.seats": ["Seats", "Plätze", "Places", "Posti"],
  "lobby.seat_human": ["Open for a player", "Frei für einen Mitspieler", "Libre pour un joueur",
    "Libero per un giocatore"],
  "lobby.seat_bot": ["Computer", "Computer", "Ordinateur", "Computer"],
  "lobby.strength": ["Strength", "Stärke", "Force", "Forza"],
  "lobby.you_sit": ["You sit South", "Du sitzt im Süden", "Vous êtes au Sud", "Siedi a Sud"],
  "lobby.start": ["Create table", "Tisch eröffnen", "Créer la table", "Crea il tavolo"],
  "lobby.join_code": ["Join with a code", "Mit Code beitreten", "Rejoindre avec un code",
    "Entra con un codice"],
  "lobby.code": ["Code", "Code", "Code", "Codice"],
  "lobby.join": ["Join", "Beitreten", "Rejoindre", "Entra"],
  "lobby.watch": ["Watch", "Zuschauen", "Regarder", "Guarda"],
  "lobby.open": ["Open tables", "Offene Tische", "Tables ouvertes", "Tavoli aperti"],
  "lobby.none_open": ["No open tables right now.", "Zurzeit keine offenen Tische.",
    "Aucune table ouverte pour l'instant.", "Nessun tavolo aperto al momento."],
  "lobby.finished": ["Finished games", "Beendete Partien", "Parties terminées",
    "Partite concluse"],
  "lobby.none_finished": ["No finished games yet.", "Noch keine beendeten Partien.",
    "Pas encore de partie terminée.", "Nessuna partita conclusa finora."],
  "lobby.free": [["{n} free seat", "{n} free seats"], ["{n} Platz frei", "{n} Plätze frei"],
    ["{n} place libre", "{n} places libres"], ["{n} posto libero", "{n} posti liberi"]],
  "lobby.refresh": ["Refresh", "Aktualisieren", "Actualiser", "Aggiorna"],
  "preset.family": ["Family", "Familie", "Famille", "Famiglia"],
  "preset.standard": ["Standard", "Standard", "Standard", "Standard"],
  "preset.online": ["Online", "Online", "En ligne", "Online"],
  "preset.bare": ["Card points only", "Nur Kartenpunkte", "Points des cartes seuls",
    "Solo punti delle carte"],
  "opt.push_back": ["Push back allowed", "Zurückschieben erlaubt", "Renvoi autorisé",
    "Rimando consentito"],
  "opt.multipliers": ["Multipliers", "Multiplikatoren", "Multiplicateurs", "Moltiplicatori"],
  "opt.mult.none": ["None (all ×1)", "Keine (alle ×1)", "Aucun (tous ×1)", "Nessuno (tutti ×1)"],
  "opt.mult.standard": ["Standard (×1 ×2 ×3)", "Standard (×1 ×2 ×3)", "Standard (×1 ×2 ×3)",
    "Standard (×1 ×2 ×3)"],
  "opt.weis": ["Weis", "Weis", "Weis", "Weis"],
  "opt.stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "opt.large_weis": ["Long sequences (150–300)", "Lange Folgen (150–300)",
    "Longues suites (150–300)", "Scale lunghe (150–300)"],
  "opt.weis_four_low": ["Four 8s, 7s or 6s count 100", "Vier Achter, Siebner oder Sechser zählen 100",
    "Quatre 8, quatre 7 ou quatre 6 valent 100", "Quattro 8, quattro 7 o quattro 6 valgono 100"],
  "opt.kreuzweis": ["Kreuzweis (a card in two Weis)", "Kreuzweis (eine Karte in zwei Weis)",
    "Kreuzweis (une carte dans deux Weis)", "Kreuzweis (una carta in due Weis)"],
  "opt.count_order": ["Counting order", "Zählreihenfolge", "Ordre de décompte",
    "Ordine di conteggio"],
  "opt.count.tricks": ["Tricks", "Stiche", "Levées", "Prese"],
  "opt.striche": ["Striche", "Striche", "Striche", "Striche"],
  "opt.stoeck_announce": ["Stöck announced", "Stöck ansagen", "Annonce du Stöck",
    "Annuncio dello Stöck"],
  "opt.sa.second-card": ["With the second card", "Mit der zweiten Karte",
    "Avec la deuxième carte", "Con la seconda carta"],
  "opt.sa.with-weis": ["With the Weis", "Mit dem Weis", "Avec les Weis", "Con i Weis"],
  "opt.kontermatch": ["Kontermatch", "Kontermatch", "Kontermatch", "Kontermatch"],
  "opt.km.match": ["Like a Match (257)", "Wie ein Match (257)", "Comme un Match (257)",
    "Come un Match (257)"],
  "opt.km.double": ["Card points doubled (314)", "Kartenpunkte doppelt (314)",
    "Points des cartes doublés (314)", "Punti delle carte raddoppiati (314)"],
  "opt.km.bonus": ["157 + a bonus", "157 + Bonus", "157 + un bonus", "157 + un bonus"],
  "opt.start_card": ["First to choose: who holds", "Zuerst bestimmt, wer diese Karte hat",
    "Choisit en premier celui qui a", "Sceglie per primo chi ha"],
  "opt.extra": ["Extra contracts", "Zusätzliche Spielarten", "Contrats supplémentaires",
    "Contratti aggiuntivi"],
  "opt.turn_timer": ["Time per move (seconds, 0 = off)", "Bedenkzeit (Sekunden, 0 = aus)",
    "Temps par coup (secondes, 0 = illimité)", "Tempo per mossa (secondi, 0 = illimitato)"],
  "seat.0": ["South", "Süd", "Sud", "Sud"],
  "seat.1": ["East", "Ost", "Est", "Est"],
  "seat.2": ["North", "Nord", "Nord", "Nord"],
  "seat.3": ["West", "West", "Ouest", "Ovest"],
  "you": ["You", "Du", "Vous", "Tu"],
  "team.us": ["Us", "Wir", "Nous", "Noi"],
  "team.them": ["Them", "Gegner", "Eux", "Loro"],
  "bot": ["Computer", "Computer", "Ordinateur", "Computer"],
  "offline": ["Away", "Abwesend", "Absent", "Assente"],
  "free_seat": ["Free seat", "Freier Platz", "Place libre", "Posto libero"],
  "cards.count": [["{n} card", "{n} cards"], ["{n} Karte", "{n} Karten"],
    ["{n} carte", "{n} cartes"], ["{n} carta", "{n} carte"]],
  "tricks.count": [["{n} trick", "{n} tricks"], ["{n} Stich", "{n} Stiche"],
    ["{n} levée", "{n} levées"], ["{n} presa", "{n} prese"]],
  "points.count": [["{n} point", "{n} points"], ["{n} Punkt", "{n} Punkte"],
    ["{n} point", "{n} points"], ["{n} punto", "{n} punti"]],
  "joined": ["{who} joined the table", "{who} sitzt jetzt am Tisch", "{who} a rejoint la table",
    "{who} è al tavolo"],
  "take_back": ["Take my seat back", "Platz zurücknehmen", "Reprendre ma place",
    "Riprendi il mio posto"],
  "auto_playing": ["A computer player is playing for you", "Ein Computer spielt für dich",
    "L'ordinateur joue à votre place", "Il computer gioca per te"],
  "take_seat": ["Sit here", "Hier Platz nehmen", "S'asseoir ici", "Siediti qui"],
  "take_seat_at": ["Take the {seat} seat", "Platz {seat} nehmen", "Prendre la place {seat}",
    "Siediti a {seat}"],
  "spectator": ["Watching", "Zuschauer", "Spectateur", "Spettatore"],
  "invite": ["Invite", "Einladen", "Inviter", "Invita"],
  "invite.copied": ["Invite link copied", "Einladungslink kopiert", "Lien d'invitation copié",
    "Link d'invito copiato"],
  "invite.text": ["Share this link or the code {code}", "Teile diesen Link oder den Code {code}",
    "Partagez ce lien ou le code {code}", "Condividi questo link o il codice {code}"],
  "lobby.back": ["Lobby", "Lobby", "Salon", "Sala"],
  "last_trick": ["Last trick", "Letzter Stich", "Dernière levée", "Ultima presa"],
  "your_turn": ["Your turn", "Du bist dran", "À vous", "Tocca a te"],
  "waiting_for": ["Waiting for {who}", "Warten auf {who}", "On attend {who}", "In attesa di {who}"],
  "waiting_players": ["Waiting for players to join", "Warten auf Mitspieler",
    "En attente de joueurs", "In attesa di giocatori"],
  "choose": ["Choose trumps", "Trumpf bestimmen", "Choisissez l'atout", "Scegli la briscola"],
  "push": ["Schieben", "Schieben", "Schieben", "Schieben"],
  "push_back": ["Push back", "Zurückschieben", "Renvoyer", "Rimanda"],
  "pushed_to_you": ["Your partner pushed: you choose", "Dein Partner hat geschoben: du bestimmst",
    "Votre partenaire a dit Schieben : à vous de choisir",
    "Il tuo compagno ha detto Schieben: scegli tu"],
  "trumps": ["Trumps: {suit}", "Trumpf: {suit}", "Atout {suit}", "Briscola: {suit}"],
  "chosen_by_you": ["chosen by you", "von dir bestimmt", "choisi par vous", "scelto da te"],
  "chosen_by": ["chosen by {who}", "bestimmt von {who}", "choisi par {who}", "scelto da {who}"],
  "pushed": ["pushed", "geschoben", "après Schieben", "dopo Schieben"],
  "contract.obe": ["Obenabe", "Obenabe", "Obenabe", "Obenabe"],
  "contract.unde": ["Undenufe", "Undenufe", "Undenufe", "Undenufe"],
  "contract.misere": ["Misère", "Misère", "Misère", "Misère"],
  "contract.slalom": ["Slalom", "Slalom", "Slalom", "Slalom"],
  "contract.slalom-unde": ["Slalom (Undenufe first)", "Slalom (Undenufe zuerst)",
    "Slalom (Undenufe d'abord)", "Slalom (prima Undenufe)"],
  "weis": ["Weis", "Weis", "Weis", "Weis"],
  "weis.declare": ["Declare your Weis", "Weis melden", "Annoncez vos Weis", "Dichiara i tuoi Weis"],
  "weis.suggested": ["suggested", "empfohlen", "conseillé", "consigliato"],
  "weis.quiet": ["Keep quiet", "Nicht melden", "Ne rien annoncer", "Non dichiarare"],
  "weis.points": ["Weis of {n}", "{n} Weis", "Weis de {n}", "Weis da {n}"],
  "stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "stoeck.ask": ["Announce Stöck (20)?", "Stöck ansagen (20)?", "Annoncer Stöck (20) ?",
    "Annunciare lo Stöck (20)?"],
  "stoeck.yes": ["Stöck!", "Stöck!", "Stöck !", "Stöck!"],
  "stoeck.no": ["Keep quiet", "Nicht ansagen", "Ne pas annoncer", "Non annunciare"],
  "score": ["Score", "Punktestand", "Points", "Punteggio"],
  "jasstafel": ["Jasstafel", "Jasstafel", "Jasstafel", "Jasstafel"],
  "this_hand": ["This hand", "Dieses Spiel", "Cette donne", "Questa mano"],
  "target": ["Target {n}", "Ziel {n}", "Objectif {n}", "Traguardo {n}"],
  "striche": ["Striche", "Striche", "Striche", "Striche"],
  "summary.title": ["End of the hand", "Spiel beendet", "Donne terminée", "Mano conclusa"],
  "summary.tricks": ["Card points", "Kartenpunkte", "Points des cartes", "Punti delle carte"],
  "summary.match": ["Match", "Match", "Match", "Match"],
  "summary.weis": ["Weis", "Weis", "Weis", "Weis"],
  "summary.stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "summary.multiplier": ["Multiplier", "Multiplikator", "Multiplicateur", "Moltiplicatore"],
  "summary.total": ["Hand total", "Total", "Total de la donne", "Totale della mano"],
  "summary.game": ["Game", "Partie", "Partie", "Partita"],
  "continue": ["Continue", "Weiter", "Continuer", "Continua"],
  "gameover": ["Game over", "Partie beendet", "Partie terminée", "Partita conclusa"],
  "gameover.won": ["{team} win", "{team} gewinnen", "{team} gagnent", "{team} vincono"],
  "gameover.won_us": ["We win", "Wir gewinnen", "Nous gagnons", "Vinciamo noi"],
  "gameover.won_them": ["They win", "Die Gegner gewinnen", "Les adversaires gagnent",
    "Vincono gli avversari"],
  "reason.stoeck": ["reached the target with Stöck", "mit Stöck das Ziel erreicht",
    "objectif atteint avec le Stöck", "traguardo raggiunto con lo Stöck"],
  "reason.weis": ["reached the target with Weis", "mit Weis das Ziel erreicht",
    "objectif atteint avec les Weis", "traguardo raggiunto con i Weis"],
  "reason.trick": ["reached the target with a trick", "mit einem Stich das Ziel erreicht",
    "objectif atteint avec une levée", "traguardo raggiunto con una presa"],
  "reason.last": ["reached the target with the last trick", "mit dem letzten Stich das Ziel erreicht",
    "objectif atteint avec la dernière levée", "traguardo raggiunto con l'ultima presa"],
  "reason.match": ["reached the target with a Match", "mit einem Match das Ziel erreicht",
    "objectif atteint avec un Match", "traguardo raggiunto con un Match"],
  "rematch": ["Rematch", "Revanche", "Revanche", "Rivincita"],
  "replay": ["Replay", "Wiederholung", "Revoir", "Rivedi"],
  "download": ["Download record", "Protokoll herunterladen", "Télécharger la partie",
    "Scarica la partita"],
  "replay.hand": ["Hand {n} of {m}", "Spiel {n} von {m}", "Donne {n} sur {m}", "Mano {n} di {m}"],
  "replay.step": ["Trick {n}", "Stich {n}", "Levée {n}", "Presa {n}"],
  "replay.deal": ["Deal", "Verteilen", "Donne", "Distribuzione"],
  "prev": ["Back", "Zurück", "Précédent", "Indietro"],
  "next": ["Next", "Weiter", "Suivant", "Avanti"],
  "prev_hand": ["Previous hand", "Vorheriges Spiel", "Donne précédente", "Mano precedente"],
  "next_hand": ["Next hand", "Nächstes Spiel", "Donne suivante", "Mano successiva"],
  "reconnecting": ["Connection lost: reconnecting…", "Verbindung unterbrochen: verbinde neu…",
    "Connexion perdue : reconnexion…", "Connessione persa: riconnessione…"],
  "error": ["Error", "Fehler", "Erreur", "Errore"],
  // A label and what it labels, with the colon each language writes.
  "pair": ["{a}: {b}", "{a}: {b}", "{a} : {b}", "{a}: {b}"],
  "not_found": ["No such table.", "Diesen Tisch gibt es nicht.", "Cette table n'existe pas.",
    "Questo tavolo non esiste."],
  "trick_by": ["{who} takes the trick", "{who} nimmt den Stich", "{who} prend la levée",
    "{who} prende la presa"],
  "trick_by_you": ["You take the trick", "Du nimmst den Stich", "Vous prenez la levée",
    "Prendi tu la presa"],
  "aria.trick": ["The trick", "Der Stich", "La levée", "La presa"],
  "aria.hand": ["Your cards", "Deine Karten", "Vos cartes", "Le tue carte"],
  "close": ["Close", "Schliessen", "Fermer", "Chiudi"],
  "keys.help": ["Keys: ← → select a card, Enter plays it, 1-9 play the n-th card, L last trick",
    "Tasten: ← → Karte wählen, Enter spielt sie, 1-9 spielt die n-te Karte, L letzter Stich",
    "Touches : ← → choisir une carte, Entrée la joue, 1-9 joue la n-ième carte, L dernière levée",
    "Tasti: ← → scegli una carta, Invio la gioca, 1-9 gioca l'n-esima carta, L ultima presa"],
  "rank.swiss.4": ["Banner", "Banner", "Banner", "Banner"],
  "rank.swiss.5": ["Under", "Under", "Under", "Under"],
  "rank.swiss.6": ["Ober", "Ober", "Ober", "Ober"],
  "rank.swiss.7": ["König", "König", "König", "König"],
  "rank.swiss.8": ["As", "As", "As", "As"],
  "rank.french.5": ["jack", "Bube", "valet", "fante"],
  "rank.french.6": ["queen", "Dame", "dame", "donna"],
  "rank.french.7": ["king", "König", "roi", "re"],
  "rank.french.8": ["ace", "Ass", "as", "asso"],
  "suit.swiss.0": ["Schellen", "Schellen", "Schellen", "Schellen"],
  "suit.swiss.1": ["Rosen", "Rosen", "Rosen", "Rosen"],
  "suit.swiss.2": ["Schilten", "Schilten", "Schilten", "Schilten"],
  "suit.swiss.3": ["Eicheln", "Eicheln", "Eicheln", "Eicheln"],
  "suit.french.0": ["diamonds", "Ecken", "carreau", "quadri"],
  "suit.french.1": ["hearts", "Herz", "cœur", "cuori"],
  "suit.french.2": ["spades", "Schaufel", "pique", "picche"],
  "suit.french.3": ["clubs", "Kreuz", "trèfle", "fiori"],
  "card.name": ["{rank} of {suit}", "{suit} {rank}", "{rank} de {suit}", "{rank} di {suit}"],
};

let current = "en";
let plurals = new Intl.PluralRules("en");

/** Set the language used by t(); unknown codes fall back to English. */
export function setLanguage(code) {
  current = ORDER.includes(code) ? code : "en";
  plurals = new Intl.PluralRules(current);
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

/** The text of `key` in the current language, with {name} placeholders filled from `vars`;
 * a text with plural forms takes the one that `vars.n` asks for. */
export function t(key, vars = {}) {
  const row = TEXTS[key];
  let s = row ? row[ORDER.indexOf(current)] ?? row[0] : key;
  if (Array.isArray(s)) s = plurals.select(Number(vars.n)) === "one" ? s[0] : s[1];
  for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

/** `text` with its first letter in capitals, as a label starts ("pique" → "Pique"). */
export function label(text) {
  const s = String(text);
  return s.charAt(0).toLocaleUpperCase(current) + s.slice(1);
}

/** Every text in the four languages (the browser tests check that none is missing). */
export function allRows() {
  return TEXTS;
}

/** The name of a card in the current language and deck style ("Ace of spades"). */
export function cardName(card, deck) {
  const suit = Math.floor(card / 9), rank = card % 9;
  const r = rank >= 4 && (rank > 4 || deck === "swiss") ? t(`rank.${deck}.${rank}`) : String(rank + 6);
  return label(t("card.name", { rank: r, suit: t(`suit.${deck}.${suit}`) }));
}

/** The name of a suit standing alone, as on a button ("Spades"). */
export function suitName(suit, deck) {
  return label(t(`suit.${deck}.${suit}`));
}

/** The label of a rule preset: "standard-2500" → "Standard 2500" (its own words translated). */
export function presetName(preset) {
  if (`preset.${preset}` in TEXTS) return t(`preset.${preset}`);
  const [head, ...rest] = String(preset).split("-");
  const word = `preset.${head}` in TEXTS ? t(`preset.${head}`) : label(head);
  return [word, ...rest].join(" ");
}

/** Fill every element carrying data-i18n with its text (called on a language switch). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
