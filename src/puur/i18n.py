"""Translations of the interface texts: English, German, French and Italian.

The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe and Undenufe are kept as they are in
every language, as Swiss players say them whatever language they speak at the table. The Swiss
German suit names (Schellen, Rosen, Schilten, Eicheln) are proper names of the cards and are kept
too; the French-suited deck uses each language's own suit and rank names.

Texts are looked up by key; ``{name}`` placeholders are filled from keyword arguments. A key that
a language lacks falls back to English; an unknown key or language raises :class:`I18nError`.
A text with a count has a second form under ``KEY.one`` for the singular; :func:`tn` picks the
form by each language's rule (French counts 0 and 1 as singular, the others only 1).

>>> t("trick_won_by", "de", seat="Nord")
'Nord nimmt den Stich'
>>> catalog("fr")["push"]
'Schieben (passer)'

Standard library only, so any client (terminal game, web app) can use it.
"""

from __future__ import annotations

import string
from typing import Final

__all__ = ["KEPT_TERMS", "LANGUAGES", "I18nError", "catalog", "is_singular", "placeholders", "t",
           "tn"]

#: Language codes and their own names.
LANGUAGES: Final[dict[str, str]] = {
    "en": "English",
    "de": "Deutsch",
    "fr": "Français",
    "it": "Italiano",
}

#: Swiss Jass terms used untranslated in every language.
KEPT_TERMS: Final = ("Puur", "Nell", "Weis", "Stöck", "Match", "Obenabe", "Undenufe")


class I18nError(KeyError):
    """An unknown text key or language."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown text"


# key: (English, German, French, Italian)
_TEXTS: Final[dict[str, tuple[str, str, str, str]]] = {
    # Seats and teams
    "seat.0": ("South", "Süd", "Sud", "Sud"),
    "seat.1": ("East", "Ost", "Est", "Est"),
    "seat.2": ("North", "Nord", "Nord", "Nord"),
    "seat.3": ("West", "West", "Ouest", "Ovest"),
    "you": ("You", "Du", "Vous", "Tu"),
    "partner": ("partner", "Partner", "partenaire", "compagno"),
    "human": ("human", "Mensch", "humain", "umano"),
    "team.0": ("Us", "Wir", "Nous", "Noi"),
    "team.1": ("Them", "Sie", "Eux", "Loro"),
    # Contracts (suit contracts take the deck's suit name)
    "contract.obe": ("Obenabe", "Obenabe", "Obenabe", "Obenabe"),
    "contract.unde": ("Undenufe", "Undenufe", "Undenufe", "Undenufe"),
    "contract.misere": ("Misère", "Misère", "Misère", "Misère"),
    "contract.slalom": ("Slalom", "Slalom", "Slalom", "Slalom"),
    "contract.slalom-unde": ("Slalom (Undenufe first)", "Slalom (Undenufe zuerst)",
                             "Slalom (Undenufe d'abord)", "Slalom (prima Undenufe)"),
    "trumps": ("{suit} trumps", "{suit} Trumpf", "atout {suit}", "briscola {suit}"),
    # French-suited deck in each language
    "fsuit.0": ("diamonds", "Ecken", "carreau", "quadri"),
    "fsuit.1": ("hearts", "Herz", "cœur", "cuori"),
    "fsuit.2": ("spades", "Schaufel", "pique", "picche"),
    "fsuit.3": ("clubs", "Kreuz", "trèfle", "fiori"),
    "deck.swiss": ("Swiss German", "Deutschschweizer", "suisses allemandes", "svizzero-tedesche"),
    "deck.french": ("French", "Französische", "françaises", "francesi"),
    # Setup screen
    "setup.title": ("New game", "Neues Spiel", "Nouvelle partie", "Nuova partita"),
    "setup.preset": ("Rule preset", "Regelwerk", "Jeu de règles", "Regole"),
    "setup.target": ("Target", "Ziel", "Objectif", "Traguardo"),
    "setup.multipliers": ("Multipliers", "Multiplikatoren", "Multiplicateurs",
                          "Moltiplicatori"),
    "setup.push_back": ("Push back allowed", "Zurückschieben erlaubt", "Renvoi permis",
                        "Rimando permesso"),
    "setup.weis": ("Weis", "Weis", "Weis", "Weis"),
    "setup.large_weis": ("Large Weis (6 = 150 …)", "Grosse Weis (6 = 150 …)",
                         "Grands Weis (6 = 150 …)", "Weis grandi (6 = 150 …)"),
    "setup.kreuzweis": ("Kreuzweis", "Kreuzweis", "Kreuzweis", "Kreuzweis"),
    "setup.weis_four_low": ("Four 8s, 7s or 6s = 100", "Vier 8, 7 oder 6 = 100",
                            "Quatre 8, 7 ou 6 = 100", "Quattro 8, 7 o 6 = 100"),
    "setup.stoeck": ("Stöck", "Stöck", "Stöck", "Stöck"),
    "setup.stoeck_announce": ("Stöck announced", "Stöck ansagen", "Annonce Stöck",
                              "Annuncio Stöck"),
    "setup.count_order": ("Count order", "Zählfolge", "Ordre du compte", "Ordine conteggio"),
    "setup.kontermatch": ("Kontermatch", "Kontermatch", "Kontermatch", "Kontermatch"),
    "setup.striche": ("Striche", "Striche", "Striche", "Striche"),
    "setup.start_card": ("First: who holds", "Zuerst: wer hat", "D'abord : qui a",
                         "Prima: chi ha"),
    "setup.extra": ("Extra contracts", "Zusätzliche Spielarten", "Contrats supplémentaires",
                    "Contratti aggiuntivi"),
    "setup.deck": ("Deck", "Karten", "Cartes", "Carte"),
    "setup.language": ("Language", "Sprache", "Langue", "Lingua"),
    "setup.bot": ("{seat} plays", "{seat} spielt", "{seat} joue", "{seat} gioca"),
    "setup.start": ("Start", "Los", "Commencer", "Inizia"),
    "setup.quit": ("Quit", "Beenden", "Quitter", "Esci"),
    "setup.bad_target": ("The target must be a whole number from 1 to 1000000",
                         "Das Ziel muss eine ganze Zahl von 1 bis 1000000 sein",
                         "L'objectif doit être un nombre entier de 1 à 1000000",
                         "Il traguardo deve essere un numero intero da 1 a 1000000"),
    "opt.none": ("none", "keine", "aucun", "nessuno"),
    "opt.standard": ("standard", "Standard", "standard", "standard"),
    "opt.custom": ("custom", "eigene", "personnalisé", "personalizzato"),
    "opt.second-card": ("second card", "zweite Karte", "seconde carte", "seconda carta"),
    "opt.with-weis": ("with the Weis", "mit dem Weis", "avec le Weis", "con il Weis"),
    "opt.stoeck-weis-stich": ("Stöck, Weis, tricks", "Stöck, Weis, Stich", "Stöck, Weis, plis",
                              "Stöck, Weis, prese"),
    "opt.stoeck-stich-weis": ("Stöck, tricks, Weis", "Stöck, Stich, Weis", "Stöck, plis, Weis",
                              "Stöck, prese, Weis"),
    "opt.match": ("as a Match", "wie ein Match", "comme un Match", "come un Match"),
    "opt.double": ("tricks doubled", "Stiche doppelt", "plis doublés", "prese doppie"),
    "opt.bonus": ("fixed bonus", "fester Bonus", "bonus fixe", "bonus fisso"),
    # Table
    "hand_no": ("Hand {n}", "Spiel {n}", "Donne {n}", "Mano {n}"),
    "score_line": ("{team0} {s0} : {s1} {team1}  (target {target})",
                   "{team0} {s0} : {s1} {team1}  (Ziel {target})",
                   "{team0} {s0} : {s1} {team1}  (objectif {target})",
                   "{team0} {s0} : {s1} {team1}  (traguardo {target})"),
    "no_contract": ("Contract not chosen yet", "Noch kein Trumpf", "Atout pas encore choisi",
                    "Briscola non ancora scelta"),
    "contract_by": ("{contract} ×{mult}, chosen by {seat}",
                    "{contract} ×{mult}, gewählt von {seat}",
                    "{contract} ×{mult}, choisi par {seat}",
                    "{contract} ×{mult}, scelto da {seat}"),
    "pushed_by": ("pushed by {seat}", "geschoben von {seat}", "passé par {seat}",
                  "passato da {seat}"),
    "hand_points": ("This hand: {p0} : {p1}", "Dieses Spiel: {p0} : {p1}",
                    "Cette donne : {p0} : {p1}", "Questa mano: {p0} : {p1}"),
    "leads": ("leads", "spielt aus", "entame", "apre"),
    "to_move": ("to play", "am Zug", "à jouer", "di turno"),
    "cards_left": ("{n} cards", "{n} Karten", "{n} cartes", "{n} carte"),
    "cards_left.one": ("{n} card", "{n} Karte", "{n} carte", "{n} carta"),
    "your_hand": ("Your hand", "Deine Karten", "Votre main", "La tua mano"),
    "waiting": ("{seat} is thinking …", "{seat} überlegt …", "{seat} réfléchit …",
                "{seat} sta pensando …"),
    "trick": ("Trick {n}", "Stich {n}", "Pli {n}", "Presa {n}"),
    "trick_won_by": ("{seat} takes the trick", "{seat} nimmt den Stich", "{seat} prend le pli",
                     "{seat} prende la presa"),
    "last_trick": ("Last trick", "Letzter Stich", "Dernier pli", "Ultima presa"),
    "no_last_trick": ("No trick played yet", "Noch kein Stich gespielt",
                      "Aucun pli joué pour l'instant", "Nessuna presa ancora giocata"),
    "your_turn_play": ("Your turn: play a bright card (1-9, ←→ and Enter, or click)",
                       "Du bist dran: spiel eine helle Karte (1-9, ←→ und Enter oder Klick)",
                       "À vous : jouez une carte claire (1-9, ←→ et Entrée, ou clic)",
                       "Tocca a te: gioca una carta chiara (1-9, ←→ e Invio, o clic)"),
    # Events
    "ev.push": ("{seat} pushes (schiebt)", "{seat} schiebt", "{seat} passe (schiebe)",
                "{seat} passa (schiebe)"),
    "ev.push_back": ("{seat} pushes back", "{seat} schiebt zurück", "{seat} renvoie",
                     "{seat} rimanda"),
    "ev.choose": ("{seat} chooses {contract}", "{seat} macht {contract}",
                  "{seat} choisit {contract}", "{seat} sceglie {contract}"),
    "ev.play": ("{seat} plays {card}", "{seat} spielt {card}", "{seat} joue {card}",
                "{seat} gioca {card}"),
    "ev.weis": ("{seat} declares Weis: {what}", "Weis von {seat}: {what}",
                "{seat} annonce Weis : {what}", "{seat} dichiara Weis: {what}"),
    "ev.weis_best": ("Best Weis: {seat} — {team} scores {points}",
                     "Bester Weis: {seat} — {team} schreibt {points}",
                     "Meilleur Weis : {seat} — {team} marque {points}",
                     "Miglior Weis: {seat} — {team} segna {points}"),
    "ev.weis_shown": ("{seat} shows {cards}", "{seat} zeigt {cards}", "{seat} montre {cards}",
                      "{seat} mostra {cards}"),
    "ev.stoeck": ("{seat} announces Stöck (20)", "{seat} sagt Stöck (20)",
                  "{seat} annonce Stöck (20)", "{seat} annuncia Stöck (20)"),
    "ev.weis_quiet": ("{seat} keeps quiet about Weis", "{seat} sagt keinen Weis an",
                      "{seat} n'annonce pas de Weis", "{seat} non dichiara il Weis"),
    "ev.stoeck_quiet": ("{seat} keeps quiet about Stöck", "{seat} sagt kein Stöck",
                        "{seat} n'annonce pas le Stöck", "{seat} non annuncia lo Stöck"),
    "ev.trick": ("{seat} takes trick {n} ({points})", "{seat} nimmt Stich {n} ({points})",
                 "{seat} prend le pli {n} ({points})", "{seat} prende la presa {n} ({points})"),
    "ev.hand_over": ("Hand {n} is over", "Spiel {n} ist fertig", "Donne {n} terminée",
                     "Mano {n} finita"),
    "cards_n": ("{n} cards", "{n} Karten", "{n} cartes", "{n} carte"),
    "cards_n.one": ("{n} card", "{n} Karte", "{n} carte", "{n} carta"),
    "points_n": ("{n} points", "{n} Punkte", "{n} points", "{n} punti"),
    "points_n.one": ("{n} point", "{n} Punkt", "{n} point", "{n} punto"),
    # Decisions
    "choose.title": ("Choose the contract", "Trumpf wählen", "Choisissez l'atout",
                     "Scegli la briscola"),
    "choose.pushed": ("Your partner pushed to you", "Dein Partner hat geschoben",
                      "Votre partenaire vous a passé la main", "Il tuo compagno ti ha passato"),
    "choose.pushed_back": ("Your partner pushed it back to you",
                           "Dein Partner hat zurückgeschoben",
                           "Votre partenaire vous l'a renvoyé",
                           "Il tuo compagno te l'ha rimandato"),
    "push": ("Schieben (push)", "Schieben", "Schieben (passer)", "Schieben (passare)"),
    "push_back": ("Push back", "Zurückschieben", "Renvoyer", "Rimandare"),
    "weis.title": ("Weis", "Weis", "Weis", "Weis"),
    "weis.prompt": ("You hold Weis. Declare it now, with your first card?",
                    "Du hast Weis. Jetzt mit der ersten Karte weisen?",
                    "Vous avez du Weis. L'annoncer maintenant, avec votre première carte ?",
                    "Hai del Weis. Dichiararlo ora, con la prima carta?"),
    "weis.suggested": ("suggested", "empfohlen", "conseillé", "consigliato"),
    "weis.quiet": ("Keep quiet", "Nicht weisen", "Ne rien annoncer", "Tacere"),
    "weis.option": ("Declare {melds}: {points}", "{melds} weisen: {points}",
                    "Annoncer {melds} : {points}", "Dichiarare {melds}: {points}"),
    "weis.and": (" and ", " und ", " et ", " e "),
    "seq": ("{n} in a row", "{n} Blatt", "suite de {n}", "scala di {n}"),
    "four": ("four of a kind", "Vier Gleiche", "carré", "poker"),
    "stoeck.title": ("Stöck", "Stöck", "Stöck", "Stöck"),
    "stoeck.prompt": ("You hold King and Ober of trumps: announce Stöck (20)?",
                      "Du hast König und Ober im Trumpf: Stöck ansagen (20)?",
                      "Vous avez roi et dame d'atout : annoncer Stöck (20) ?",
                      "Hai re e donna di briscola: annunciare Stöck (20)?"),
    "stoeck.announce": ("Announce Stöck", "Stöck ansagen", "Annoncer Stöck", "Annunciare Stöck"),
    "stoeck.quiet": ("Keep quiet", "Nichts sagen", "Ne rien dire", "Tacere"),
    # Summary and end
    "summary.title": ("Hand {n}: summary", "Spiel {n}: Abrechnung", "Donne {n} : décompte",
                      "Mano {n}: conteggio"),
    "summary.tricks": ("Trick points", "Stichpunkte", "Points des plis", "Punti delle prese"),
    "summary.match_bonus": ("Match bonus", "Match-Bonus", "Bonus de Match", "Bonus Match"),
    "summary.weis": ("Weis", "Weis", "Weis", "Weis"),
    "summary.stoeck": ("Stöck", "Stöck", "Stöck", "Stöck"),
    "summary.multiplier": ("Multiplier", "Multiplikator", "Multiplicateur", "Moltiplicatore"),
    "summary.hand_total": ("Hand total", "Total Spiel", "Total donne", "Totale mano"),
    "summary.game_total": ("Game total", "Total Partie", "Total partie", "Totale partita"),
    "summary.match": ("Match for {team}!", "Match für {team}!", "Match pour {team} !",
                      "Match per {team}!"),
    "summary.kontermatch": ("Kontermatch for {team}!", "Kontermatch für {team}!",
                            "Kontermatch pour {team} !", "Kontermatch per {team}!"),
    "continue": ("Continue", "Weiter", "Continuer", "Continua"),
    "tafel": ("Jasstafel", "Jasstafel", "Jasstafel", "Jasstafel"),
    "striche": ("Striche: {n}", "Striche: {n}", "Striche : {n}", "Striche: {n}"),
    "rest": ("rest {n}", "Rest {n}", "reste {n}", "resto {n}"),
    "game_over": ("Game over", "Partie fertig", "Partie terminée", "Partita finita"),
    "winner": ("{team} win with {points}", "{team} gewinnen mit {points}",
               "{team} gagnent avec {points}", "{team} vincono con {points}"),
    "points_dat": ("{n} points", "{n} Punkten", "{n} points", "{n} punti"),
    "points_dat.one": ("{n} point", "{n} Punkt", "{n} point", "{n} punto"),
    "reason.stoeck": ("reached the target with Stöck", "mit Stöck ans Ziel",
                      "objectif atteint par le Stöck", "traguardo raggiunto con lo Stöck"),
    "reason.weis": ("reached the target with Weis", "mit Weis ans Ziel",
                    "objectif atteint par le Weis", "traguardo raggiunto con il Weis"),
    "reason.trick": ("reached the target with a trick", "mit einem Stich ans Ziel",
                     "objectif atteint par un pli", "traguardo raggiunto con una presa"),
    "reason.last": ("reached the target with the last trick", "mit dem letzten Stich ans Ziel",
                    "objectif atteint par le dernier pli",
                    "traguardo raggiunto con l'ultima presa"),
    "reason.match": ("reached the target with the Match", "mit dem Match ans Ziel",
                     "objectif atteint par le Match", "traguardo raggiunto con il Match"),
    "new_game": ("New game", "Neues Spiel", "Nouvelle partie", "Nuova partita"),
    # Keys and commands
    "key.hint": ("Hint", "Tipp", "Conseil", "Suggerimento"),
    "key.undo": ("Undo", "Zurück", "Annuler", "Annulla"),
    "key.last": ("Last", "Letzter", "Dernier", "Ultima"),
    "key.save": ("Save", "Speichern", "Enregistrer", "Salva"),
    "key.tafel": ("Tafel", "Tafel", "Tafel", "Tafel"),
    "key.deck": ("Deck", "Karten", "Cartes", "Carte"),
    "key.lang": ("Lang", "Sprache", "Langue", "Lingua"),
    "key.quit": ("Quit", "Beenden", "Quitter", "Esci"),
    "key.next": ("Next", "Weiter", "Suivant", "Avanti"),
    "key.prev": ("Back", "Zurück", "Retour", "Indietro"),
    "key.next_hand": ("Next hand", "Nächstes Spiel", "Donne suivante", "Mano successiva"),
    "key.prev_hand": ("Previous hand", "Voriges Spiel", "Donne précédente", "Mano precedente"),
    "hint.play": ("Hint: {action} — your team can expect about {value} more card points in this "
                  "hand (from this trick on, before the multiplier)",
                  "Tipp: {action} — dein Team kann in diesem Spiel noch etwa {value} Kartenpunkte "
                  "erwarten (ab diesem Stich, vor dem Multiplikator)",
                  "Conseil : {action} — votre équipe peut encore attendre environ {value} points "
                  "de cartes dans cette donne (dès ce pli, avant le multiplicateur)",
                  "Suggerimento: {action} — la tua squadra può attendersi ancora circa {value} "
                  "punti di carte in questa mano (da questa presa, prima del moltiplicatore)"),
    "hint.choose": ("Hint: {action} — expected result of this hand: about {value} points for "
                    "your team against the other (multiplier included)",
                    "Tipp: {action} — erwartetes Ergebnis dieses Spiels: etwa {value} Punkte für "
                    "dein Team gegenüber dem anderen (mit Multiplikator)",
                    "Conseil : {action} — résultat attendu de cette donne : environ {value} "
                    "points pour votre équipe face à l'autre (multiplicateur compris)",
                    "Suggerimento: {action} — risultato atteso di questa mano: circa {value} "
                    "punti per la tua squadra rispetto all'altra (moltiplicatore compreso)"),
    "hint_plain": ("Hint: {action}", "Tipp: {action}", "Conseil : {action}",
                   "Suggerimento: {action}"),
    "hint_none": ("No hint now: it is not your turn", "Kein Tipp: du bist nicht dran",
                  "Pas de conseil : ce n'est pas votre tour",
                  "Nessun suggerimento: non è il tuo turno"),
    "undone": ("Your last card was taken back", "Deine letzte Karte ist zurückgenommen",
               "Votre dernière carte est reprise", "La tua ultima carta è stata ripresa"),
    "nothing_to_undo": ("Nothing to undo in this hand",
                        "In diesem Spiel gibt es nichts zurückzunehmen",
                        "Rien à annuler dans cette donne", "Niente da annullare in questa mano"),
    "saved": ("Game saved to {path}", "Partie gespeichert in {path}",
              "Partie enregistrée dans {path}", "Partita salvata in {path}"),
    "saved_resume": ("Game saved to {path}; continue it with: puur play --resume {path}",
                     "Partie gespeichert in {path}; weiterspielen mit: puur play --resume {path}",
                     "Partie enregistrée dans {path} ; pour la reprendre : "
                     "puur play --resume {path}",
                     "Partita salvata in {path}; per riprenderla: puur play --resume {path}"),
    "settings_not_saved": ("Settings not saved: {error}",
                           "Einstellungen nicht gespeichert: {error}",
                           "Réglages non enregistrés : {error}",
                           "Impostazioni non salvate: {error}"),
    "save_failed": ("Could not save: {error}", "Speichern fehlgeschlagen: {error}",
                    "Échec de l'enregistrement : {error}", "Salvataggio non riuscito: {error}"),
    "not_legal": ("Not legal: {what} — {why}", "Nicht erlaubt: {what} — {why}",
                  "Pas permis : {what} — {why}", "Non permesso: {what} — {why}"),
    "not_understood": ("Not understood: {what} — answer with the number of a choice, its name "
                       "(a card as printed, e.g. {example}) or a command (help)",
                       "Nicht verstanden: {what} — antworte mit der Nummer einer Wahl, ihrem "
                       "Namen (eine Karte wie angezeigt, z. B. {example}) oder einem Befehl (help)",
                       "Pas compris : {what} — répondez par le numéro d'un choix, son nom (une "
                       "carte comme affichée, p. ex. {example}) ou une commande (help)",
                       "Non capito: {what} — rispondi con il numero di una scelta, il suo nome "
                       "(una carta come mostrata, p. es. {example}) o un comando (help)"),
    "why.follow": ("you must follow {suit}", "du musst {suit} angeben",
                   "vous devez fournir {suit}", "devi rispondere a {suit}"),
    "why.follow_trumps": ("trumps were led: you must follow trumps ({suit})",
                          "Trumpf ist ausgespielt: du musst Trumpf ({suit}) angeben",
                          "atout demandé : vous devez fournir atout ({suit})",
                          "è uscita briscola: devi rispondere a briscola ({suit})"),
    "why.undertrump": ("you may not undertrump: {card} is lower than {best}, the trump already "
                       "in the trick",
                       "Untertrumpfen ist nicht erlaubt: {card} ist tiefer als {best}, der "
                       "Trumpf im Stich",
                       "vous ne pouvez pas sous-couper : {card} est plus bas que {best}, l'atout "
                       "déjà dans le pli",
                       "non puoi sottotagliare: {card} è più bassa di {best}, la briscola già "
                       "nella presa"),
    "why.not_held": ("you do not hold {card}", "du hast {card} nicht", "vous n'avez pas {card}",
                     "non hai {card}"),
    "why.choose": ("first choose the contract (or push)",
                   "zuerst den Trumpf wählen (oder schieben)",
                   "choisissez d'abord l'atout (ou passez)",
                   "prima scegli la briscola (o passa)"),
    "why.weis": ("first say whether you declare your Weis (yes or quiet)",
                 "zuerst sagen, ob du Weis ansagst (yes oder quiet)",
                 "dites d'abord si vous annoncez votre Weis (yes ou quiet)",
                 "prima di' se dichiari il tuo Weis (yes o quiet)"),
    "why.stoeck": ("first say whether you announce Stöck (yes or no)",
                   "zuerst sagen, ob du Stöck ansagst (yes oder no)",
                   "dites d'abord si vous annoncez Stöck (yes ou no)",
                   "prima di' se annunci Stöck (yes o no)"),
    "why.play": ("now a card is to be played", "jetzt ist eine Karte zu spielen",
                 "c'est le moment de jouer une carte", "ora si gioca una carta"),
    "why.must_choose": ("it was pushed back to you: you must choose",
                        "es wurde zurückgeschoben: du musst wählen",
                        "on vous l'a renvoyé : vous devez choisir",
                        "ti è stato rimandato: devi scegliere"),
    "why.no_push_back": ("your partner pushed to you and these rules do not allow pushing back: "
                         "you must choose",
                         "dein Partner hat geschoben, und Zurückschieben ist nicht erlaubt: du "
                         "musst wählen",
                         "votre partenaire a passé et ces règles ne permettent pas le renvoi : "
                         "vous devez choisir",
                         "il tuo compagno ha passato e queste regole non permettono il rimando: "
                         "devi scegliere"),
    "why.contract_off": ("{contract} is not played with these rules",
                         "{contract} wird mit diesen Regeln nicht gespielt",
                         "{contract} ne se joue pas avec ces règles",
                         "{contract} non si gioca con queste regole"),
    "why.number": ("there is no choice {n}: the choices are 1 to {count}",
                   "es gibt keine Wahl {n}: die Wahlen sind 1 bis {count}",
                   "il n'y a pas de choix {n} : les choix vont de 1 à {count}",
                   "non c'è la scelta {n}: le scelte vanno da 1 a {count}"),
    "why.not_your_turn": ("it is not your turn", "du bist nicht dran", "ce n'est pas votre tour",
                          "non è il tuo turno"),
    "why.other": ("the rules do not allow it now", "die Regeln erlauben das jetzt nicht",
                  "les règles ne le permettent pas maintenant",
                  "le regole non lo permettono ora"),
    "commands": ("Commands: hint, undo, last, score, tafel, save [FILE], help, quit",
                 "Befehle: hint, undo, last, score, tafel, save [DATEI], help, quit",
                 "Commandes : hint, undo, last, score, tafel, save [FICHIER], help, quit",
                 "Comandi: hint, undo, last, score, tafel, save [FILE], help, quit"),
    "help.answer": ("Answer with the number of a choice or its name: a card as printed "
                    "(Schilten A, Eicheln U, cœur J) or its code (SA), a contract (Rosen, obe, "
                    "unde, push), yes / quiet for Weis, yes / no for Stöck.",
                    "Antworte mit der Nummer einer Wahl oder ihrem Namen: eine Karte wie "
                    "angezeigt (Schilten A, Eicheln U, Herz J) oder ihr Code (SA), ein Trumpf "
                    "(Rosen, obe, unde, push), yes / quiet beim Weis, yes / no beim Stöck.",
                    "Répondez par le numéro d'un choix ou son nom : une carte comme affichée "
                    "(Schilten A, Eicheln U, cœur J) ou son code (SA), un atout (Rosen, obe, "
                    "unde, push), yes / quiet pour le Weis, yes / no pour le Stöck.",
                    "Rispondi con il numero di una scelta o il suo nome: una carta come mostrata "
                    "(Schilten A, Eicheln U, cuori J) o il suo codice (SA), una briscola (Rosen, "
                    "obe, unde, push), yes / quiet per il Weis, yes / no per lo Stöck."),
    "help.hint": ("  hint         what the strongest computer player would do, and why",
                  "  hint         was der stärkste Computerspieler täte, und warum",
                  "  hint         ce que ferait le meilleur joueur ordinateur, et pourquoi",
                  "  hint         cosa farebbe il giocatore computer più forte, e perché"),
    "help.undo": ("  undo         take back your last card of this hand (and the cards after it)",
                  "  undo         deine letzte Karte dieses Spiels zurücknehmen (und die danach)",
                  "  undo         reprendre votre dernière carte de la donne (et celles d'après)",
                  "  undo         riprendere la tua ultima carta della mano (e quelle dopo)"),
    "help.last": ("  last         the last trick taken", "  last         der letzte Stich",
                  "  last         le dernier pli", "  last         l'ultima presa"),
    "help.score": ("  score        the points of both teams and the target",
                   "  score        die Punkte beider Teams und das Ziel",
                   "  score        les points des deux équipes et l'objectif",
                   "  score        i punti delle due squadre e il traguardo"),
    "help.tafel": ("  tafel        the Jasstafel", "  tafel        die Jasstafel",
                   "  tafel        la Jasstafel", "  tafel        la Jasstafel"),
    "help.save": ("  save [FILE]  save the game (without FILE to {path}); "
                  "puur play --resume FILE continues it",
                  "  save [DATEI] die Partie speichern (ohne DATEI in {path}); "
                  "puur play --resume DATEI spielt weiter",
                  "  save [FICHIER] enregistrer la partie (sans FICHIER dans {path}) ; "
                  "puur play --resume FICHIER la reprend",
                  "  save [FILE]  salvare la partita (senza FILE in {path}); "
                  "puur play --resume FILE la riprende"),
    "help.help": ("  help         this list", "  help         diese Liste",
                  "  help         cette liste", "  help         questo elenco"),
    "help.quit": ("  quit         leave; an unfinished game is saved first (as save does)",
                  "  quit         aufhören; eine offene Partie wird zuerst gespeichert (wie save)",
                  "  quit         quitter ; une partie en cours est d'abord enregistrée",
                  "  quit         uscire; una partita in corso viene prima salvata"),
    "quit.title": ("Leave the game?", "Partie verlassen?", "Quitter la partie ?",
                   "Lasciare la partita?"),
    "quit.text": ("This game is not saved yet. Saving writes it to {path}; "
                  "puur play --resume continues it.",
                  "Diese Partie ist noch nicht gespeichert. Speichern schreibt sie in {path}; "
                  "puur play --resume spielt weiter.",
                  "Cette partie n'est pas encore enregistrée. L'enregistrer l'écrit dans {path} ; "
                  "puur play --resume la reprend.",
                  "Questa partita non è ancora salvata. Salvarla la scrive in {path}; "
                  "puur play --resume la riprende."),
    "quit.save": ("Save and quit", "Speichern und beenden", "Enregistrer et quitter",
                  "Salva ed esci"),
    "quit.discard": ("Quit without saving", "Beenden ohne Speichern", "Quitter sans enregistrer",
                     "Esci senza salvare"),
    "quit.stay": ("Keep playing", "Weiterspielen", "Continuer à jouer", "Continua a giocare"),
    "bye": ("Game left unfinished", "Partie abgebrochen", "Partie interrompue",
            "Partita interrotta"),
    # Replay
    "replay.title": ("Replay: hand {hand}, move {move} of {moves}",
                     "Wiedergabe: Spiel {hand}, Zug {move} von {moves}",
                     "Relecture : donne {hand}, coup {move} sur {moves}",
                     "Replay: mano {hand}, mossa {move} di {moves}"),
}

_INDEX: Final = {code: i for i, code in enumerate(LANGUAGES)}


def _lang_index(lang: str) -> int:
    try:
        return _INDEX[lang]
    except KeyError:
        raise I18nError(
            f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}"
        ) from None


def is_singular(n: int, lang: str) -> bool:
    """True when a count of ``n`` takes the singular in ``lang`` (French: 0 and 1)."""
    _lang_index(lang)
    return n in (0, 1) if lang == "fr" else n == 1


def tn(key: str, n: int, lang: str = "en", /, **fmt: object) -> str:
    """The text ``key`` for a count ``n`` (filled in as ``{n}``), in the singular form
    ``KEY.one`` when the language wants it.

    >>> tn("cards_left", 1, "en"), tn("cards_left", 0, "fr"), tn("cards_left", 0, "de")
    ('1 card', '0 carte', '0 Karten')
    """
    form = f"{key}.one" if is_singular(n, lang) and f"{key}.one" in _TEXTS else key
    return t(form, lang, n=n, **fmt)


def t(key: str, lang: str = "en", /, **fmt: object) -> str:
    """The text ``key`` in ``lang`` with its ``{placeholders}`` filled from ``fmt``.

    >>> t("hand_no", "it", n=3)
    'Mano 3'
    """
    i = _lang_index(lang)
    try:
        row = _TEXTS[key]
    except KeyError:
        raise I18nError(f"unknown text key {key!r}") from None
    text = row[i] or row[0]
    return text.format(**fmt) if fmt else text


def catalog(lang: str) -> dict[str, str]:
    """Every text of ``lang`` by key (unformatted), e.g. to send to a web client."""
    i = _lang_index(lang)
    return {k: (row[i] or row[0]) for k, row in _TEXTS.items()}


def placeholders(text: str) -> set[str]:
    """The names of the ``{placeholders}`` in ``text``.

    >>> sorted(placeholders("{seat} plays {card}"))
    ['card', 'seat']
    """
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}
