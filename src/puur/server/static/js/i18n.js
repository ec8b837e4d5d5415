// Interface texts in English, German, French and Italian.
//
// The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe and Undenufe (and Schieben for
// pushing) stay as they are in every language, as players say them at any Swiss table. The Swiss
// German suit and rank names are the cards' own names and are kept too; the French-suited deck
// uses each language's suit and rank names. A key missing in a language falls back to English.

export const LANGUAGES = { en: "English", de: "Deutsch", fr: "Français", it: "Italiano" };
const ORDER = ["en", "de", "fr", "it"];

// key: [English, German, French, Italian]
const TEXTS = {
  "app.tagline": ["Swiss Jass (Schieber) with friends and computer players",
    "Schweizer Jass (Schieber) mit Freunden und Computerspielern",
    "Jass suisse (Schieber) entre amis et contre l'ordinateur",
    "Jass svizzero (Schieber) con amici e giocatori computer"],
  "lang": ["Language", "Sprache", "Langue", "Lingua"],
  "deck": ["Cards", "Karten", "Cartes", "Carte"],
  "deck.swiss": ["Swiss German", "Deutschschweizer", "Suisses allemandes", "Svizzero-tedesche"],
  "deck.french": ["French", "Französische", "Françaises", "Francesi"],
  "name": ["Your name", "Dein Name", "Votre nom", "Il tuo nome"],
  "lobby.create": ["New table", "Neuer Tisch", "Nouvelle table", "Nuovo tavolo"],
  "lobby.preset": ["Rules", "Regeln", "Règles", "Regole"],
  "lobby.target": ["Target", "Ziel", "Objectif", "Traguardo"],
  "lobby.more": ["More options", "Weitere Optionen", "Plus d'options", "Altre opzioni"],
  "lobby.seats": ["Seats", "Plätze", "Places", "Posti"],
  "lobby.seat_human": ["Open for a player", "Frei für Mitspieler", "Libre pour un joueur",
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
  "lobby.finished": ["Finished games", "Beendete Spiele", "Parties terminées", "Partite finite"],
  "lobby.none_finished": ["No finished games yet.", "Noch keine beendeten Spiele.",
    "Pas encore de partie terminée.", "Ancora nessuna partita finita."],
  "lobby.free": ["{n} free", "{n} frei", "{n} libre(s)", "{n} liberi"],
  "lobby.refresh": ["Refresh", "Aktualisieren", "Actualiser", "Aggiorna"],
  "opt.push_back": ["Push back allowed", "Zurückschieben erlaubt", "Renvoi permis",
    "Rimando permesso"],
  "opt.multipliers": ["Multipliers", "Multiplikatoren", "Multiplicateurs", "Moltiplicatori"],
  "opt.mult.none": ["none (all ×1)", "keine (alle ×1)", "aucun (tous ×1)", "nessuno (tutti ×1)"],
  "opt.mult.standard": ["standard (×1 ×2 ×3)", "Standard (×1 ×2 ×3)", "standard (×1 ×2 ×3)",
    "standard (×1 ×2 ×3)"],
  "opt.weis": ["Weis", "Weis", "Weis", "Weis"],
  "opt.stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "opt.large_weis": ["Long sequences 150-300", "Lange Folgen 150-300", "Longues suites 150-300",
    "Scale lunghe 150-300"],
  "opt.weis_four_low": ["Four 8s, 7s or 6s count 100", "Vier 8, 7 oder 6 zählen 100",
    "Quatre 8, 7 ou 6 valent 100", "Quattro 8, 7 o 6 valgono 100"],
  "opt.kreuzweis": ["Kreuzweis (a card in two Weis)", "Kreuzweis (eine Karte in zwei Weis)",
    "Kreuzweis (une carte dans deux Weis)", "Kreuzweis (una carta in due Weis)"],
  "opt.count_order": ["Counting order", "Zählreihenfolge", "Ordre de décompte",
    "Ordine di conteggio"],
  "opt.striche": ["Striche", "Striche", "Striche", "Striche"],
  "opt.stoeck_announce": ["Stöck announced", "Stöck ansagen", "Annonce du Stöck",
    "Annuncio dello Stöck"],
  "opt.sa.second-card": ["with the second card", "mit der zweiten Karte", "avec la deuxième carte",
    "con la seconda carta"],
  "opt.sa.with-weis": ["with the Weis", "mit dem Weis", "avec les Weis", "con i Weis"],
  "opt.kontermatch": ["Kontermatch", "Kontermatch", "Kontermatch", "Kontermatch"],
  "opt.km.match": ["like a Match (257)", "wie ein Match (257)", "comme un Match (257)",
    "come un Match (257)"],
  "opt.km.double": ["card points doubled (314)", "Kartenpunkte doppelt (314)",
    "points des cartes doublés (314)", "punti carte raddoppiati (314)"],
  "opt.km.bonus": ["157 + a bonus", "157 + Bonus", "157 + un bonus", "157 + un bonus"],
  "opt.start_card": ["First chooser holds", "Zuerst bestimmt, wer hat", "Choisit en premier qui a",
    "Sceglie per primo chi ha"],
  "opt.extra": ["Extra contracts", "Zusätzliche Spielarten", "Contrats supplémentaires",
    "Contratti aggiuntivi"],
  "opt.turn_timer": ["Turn timer (s, 0 = off)", "Zugzeit (s, 0 = aus)",
    "Temps par coup (s, 0 = sans)", "Tempo per mossa (s, 0 = no)"],
  "seat.0": ["South", "Süd", "Sud", "Sud"],
  "seat.1": ["East", "Ost", "Est", "Est"],
  "seat.2": ["North", "Nord", "Nord", "Nord"],
  "seat.3": ["West", "West", "Ouest", "Ovest"],
  "you": ["You", "Du", "Vous", "Tu"],
  "team.0": ["South & North", "Süd & Nord", "Sud & Nord", "Sud & Nord"],
  "team.1": ["East & West", "Ost & West", "Est & Ouest", "Est & Ovest"],
  "team.us": ["Us", "Wir", "Nous", "Noi"],
  "team.them": ["Them", "Sie", "Eux", "Loro"],
  "bot": ["computer", "Computer", "ordinateur", "computer"],
  "offline": ["away", "abwesend", "absent", "assente"],
  "free_seat": ["free seat", "freier Platz", "place libre", "posto libero"],
  "joined": ["{who} joined", "{who} ist dabei", "{who} a rejoint la table",
    "{who} si è seduto al tavolo"],
  "take_back": ["Take my seat back", "Platz zurücknehmen", "Reprendre ma place",
    "Riprendi il mio posto"],
  "auto_playing": ["A computer player is playing for you", "Ein Computer spielt für dich",
    "L'ordinateur joue à votre place", "Il computer gioca per te"],
  "take_seat": ["Sit here", "Hier sitzen", "S'asseoir ici", "Siediti qui"],
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
  "choose": ["Choose the trumps", "Trumpf bestimmen", "Choisissez l'atout", "Scegli la briscola"],
  "push": ["Schieben", "Schieben", "Schieben", "Schieben"],
  "push_back": ["Push back", "Zurückschieben", "Renvoyer", "Rimanda"],
  "pushed_to_you": ["Your partner pushed: you choose", "Dein Partner hat geschoben: du bestimmst",
    "Votre partenaire a poussé : à vous de choisir",
    "Il compagno ha passato: scegli tu"],
  "trumps": ["{suit} trumps", "{suit} Trumpf", "atout {suit}", "briscola {suit}"],
  "chosen_by_you": ["chosen by you", "von dir bestimmt", "choisi par vous", "scelto da te"],
  "chosen_by": ["chosen by {who}", "bestimmt von {who}", "choisi par {who}", "scelto da {who}"],
  "pushed": ["pushed", "geschoben", "poussé", "passato"],
  "contract.obe": ["Obenabe", "Obenabe", "Obenabe", "Obenabe"],
  "contract.unde": ["Undenufe", "Undenufe", "Undenufe", "Undenufe"],
  "contract.misere": ["Misère", "Misère", "Misère", "Misère"],
  "contract.slalom": ["Slalom", "Slalom", "Slalom", "Slalom"],
  "contract.slalom-unde": ["Slalom (Undenufe first)", "Slalom (Undenufe zuerst)",
    "Slalom (Undenufe d'abord)", "Slalom (prima Undenufe)"],
  "weis": ["Weis", "Weis", "Weis", "Weis"],
  "weis.declare": ["Declare your Weis", "Weis melden", "Annoncer vos Weis", "Dichiara i Weis"],
  "weis.suggested": ["suggested", "empfohlen", "conseillé", "consigliato"],
  "weis.quiet": ["Keep quiet", "Nicht melden", "Ne rien dire", "Taci"],
  "weis.points": ["{n} Weis", "{n} Weis", "{n} de Weis", "{n} di Weis"],
  "weis.best": ["best Weis", "bester Weis", "meilleur Weis", "miglior Weis"],
  "stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "stoeck.ask": ["Announce Stöck (20)?", "Stöck ansagen (20)?", "Annoncer Stöck (20) ?",
    "Annunci Stöck (20)?"],
  "stoeck.yes": ["Stöck!", "Stöck!", "Stöck !", "Stöck!"],
  "stoeck.no": ["Keep quiet", "Nicht ansagen", "Ne rien dire", "Taci"],
  "score": ["Score", "Punkte", "Points", "Punti"],
  "jasstafel": ["Jasstafel", "Jasstafel", "Jasstafel", "Jasstafel"],
  "this_hand": ["This hand", "Dieses Spiel", "Cette donne", "Questa mano"],
  "target": ["Target {n}", "Ziel {n}", "Objectif {n}", "Traguardo {n}"],
  "striche": ["Striche", "Striche", "Striche", "Striche"],
  "summary.title": ["Hand over", "Spiel fertig", "Donne terminée", "Mano finita"],
  "summary.tricks": ["Card points", "Kartenpunkte", "Points des cartes", "Punti carte"],
  "summary.match": ["Match", "Match", "Match", "Match"],
  "summary.weis": ["Weis", "Weis", "Weis", "Weis"],
  "summary.stoeck": ["Stöck", "Stöck", "Stöck", "Stöck"],
  "summary.multiplier": ["Multiplier", "Multiplikator", "Multiplicateur", "Moltiplicatore"],
  "summary.total": ["Hand total", "Total", "Total de la donne", "Totale mano"],
  "summary.game": ["Game", "Partie", "Partie", "Partita"],
  "continue": ["Continue", "Weiter", "Continuer", "Continua"],
  "gameover": ["Game over", "Spiel zu Ende", "Partie terminée", "Partita finita"],
  "gameover.won": ["{team} win", "{team} gewinnen", "{team} gagnent", "{team} vincono"],
  "reason.stoeck": ["reached the target with Stöck", "mit Stöck das Ziel erreicht",
    "objectif atteint avec Stöck", "traguardo raggiunto con Stöck"],
  "reason.weis": ["reached the target with Weis", "mit Weis das Ziel erreicht",
    "objectif atteint avec les Weis", "traguardo raggiunto con i Weis"],
  "reason.trick": ["reached the target with a trick", "mit einem Stich das Ziel erreicht",
    "objectif atteint sur une levée", "traguardo raggiunto con una presa"],
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
  "replay.deal": ["Deal", "Verteilung", "Donne", "Distribuzione"],
  "prev": ["Back", "Zurück", "Précédent", "Indietro"],
  "next": ["Next", "Weiter", "Suivant", "Avanti"],
  "prev_hand": ["Previous hand", "Voriges Spiel", "Donne précédente", "Mano precedente"],
  "next_hand": ["Next hand", "Nächstes Spiel", "Donne suivante", "Mano successiva"],
  "reconnecting": ["Connection lost: reconnecting…", "Verbindung unterbrochen: verbinde neu…",
    "Connexion perdue : reconnexion…", "Connessione persa: riconnessione…"],
  "error": ["Error", "Fehler", "Erreur", "Errore"],
  "not_found": ["No such table.", "Diesen Tisch gibt es nicht.", "Cette table n'existe pas.",
    "Questo tavolo non esiste."],
  "trick_by": ["{who} takes the trick", "{who} nimmt den Stich", "{who} prend la levée",
    "{who} prende la presa"],
  "close": ["Close", "Schliessen", "Fermer", "Chiudi"],
  "keys.help": ["Keys: ← → select a card, Enter plays it, 1-9 play the n-th card, L last trick",
    "Tasten: ← → Karte wählen, Enter spielt sie, 1-9 spielt die n-te Karte, L letzter Stich",
    "Touches : ← → choisir une carte, Entrée la joue, 1-9 joue la n-ième carte, L dernière levée",
    "Tasti: ← → scegli una carta, Invio la gioca, 1-9 gioca la carta n, L ultima presa"],
  "rank.swiss.4": ["Banner", "Banner", "Banner", "Banner"],
  "rank.swiss.5": ["Under", "Under", "Under", "Under"],
  "rank.swiss.6": ["Ober", "Ober", "Ober", "Ober"],
  "rank.swiss.7": ["König", "König", "König", "König"],
  "rank.swiss.8": ["As", "As", "As", "Asso"],
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

/** Set the language used by t(); unknown codes fall back to English. */
export function setLanguage(code) {
  current = ORDER.includes(code) ? code : "en";
  document.documentElement.lang = current;
  return current;
}

export function language() {
  return current;
}

/** The text of `key` in the current language, with {name} placeholders filled from `vars`. */
export function t(key, vars = {}) {
  const row = TEXTS[key];
  let s = row ? row[ORDER.indexOf(current)] ?? row[0] : key;
  for (const [k, v] of Object.entries(vars)) s = s.split(`{${k}}`).join(String(v));
  return s;
}

/** Every text in the four languages (the browser tests check that none is missing). */
export function allRows() {
  return TEXTS;
}

/** The name of a card in the current language and deck style. */
export function cardName(card, deck) {
  const suit = Math.floor(card / 9), rank = card % 9;
  const r = rank >= 4 && (rank > 4 || deck === "swiss") ? t(`rank.${deck}.${rank}`) : String(rank + 6);
  return t("card.name", { rank: r, suit: t(`suit.${deck}.${suit}`) });
}

/** Fill every element carrying data-i18n with its text (called on a language switch). */
export function translatePage(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
}
