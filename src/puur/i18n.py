"""Translations of the interface texts: English, German, French and Italian.

The Swiss Jass terms Puur, Nell, Weis, Stöck, Match, Obenabe and Undenufe are kept as they are in
every language, as Swiss players say them whatever language they speak at the table. The Swiss
German suit names (Schellen, Rosen, Schilten, Eicheln) are proper names of the cards and are kept
too; the French-suited deck uses each language's own suit and rank names.

Texts are looked up by key; ``{name}`` placeholders are filled from keyword arguments. A key that
a language lacks falls back to English; an unknown key or language raises :class:`I18nError`.

>>> t("trick_won_by", "de", seat="Nord")
'Nord nimmt den Stich'
>>> catalog("fr")["push"]
'Schieben (passer)'

Standard library only, so any client (terminal game, web app) can use it.
"""

from __future__ import annotations

import string
from typing import Final

__all__ = ["KEPT_TERMS", "LANGUAGES", "I18nError", "catalog", "placeholders", "t"]

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
    "deck.swiss": ("Swiss German cards", "Deutschschweizer Karten", "cartes suisses allemandes",
                   "carte svizzero-tedesche"),
    "deck.french": ("French cards", "Französische Karten", "cartes françaises",
                    "carte francesi"),
    # Setup screen
    "setup.title": ("New game", "Neues Spiel", "Nouvelle partie", "Nuova partita"),
    "setup.preset": ("Rule preset", "Regelwerk", "Règles prédéfinies", "Regole predefinite"),
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
    "setup.stoeck_announce": ("Stöck announced", "Stöck ansagen", "Annonce des Stöck",
                              "Annuncio dello Stöck"),
    "setup.count_order": ("Count order", "Zählfolge", "Ordre de comptage",
                          "Ordine di conteggio"),
    "setup.kontermatch": ("Kontermatch", "Kontermatch", "Kontermatch", "Kontermatch"),
    "setup.striche": ("Striche", "Striche", "Striche", "Striche"),
    "setup.start_card": ("First chooser holds", "Erster Trumpf: wer hat",
                         "Premier à choisir : qui a", "Sceglie per primo chi ha"),
    "setup.extra": ("Extra contracts", "Zusätzliche Spielarten", "Contrats supplémentaires",
                    "Contratti aggiuntivi"),
    "setup.deck": ("Deck", "Karten", "Cartes", "Carte"),
    "setup.language": ("Language", "Sprache", "Langue", "Lingua"),
    "setup.bot": ("{seat} plays", "{seat} spielt", "{seat} joue", "{seat} gioca"),
    "setup.start": ("Start", "Los", "Commencer", "Inizia"),
    "setup.quit": ("Quit", "Beenden", "Quitter", "Esci"),
    "setup.sample": ("Sample", "Beispiel", "Exemple", "Esempio"),
    "setup.bad_target": ("The target must be a whole number from 1 to 1000000",
                         "Das Ziel muss eine ganze Zahl von 1 bis 1000000 sein",
                         "L'objectif doit être un nombre entier de 1 à 1000000",
                         "Il traguardo deve essere un numero intero da 1 a 1000000"),
    "opt.none": ("none", "keine", "aucun", "nessuno"),
    "opt.standard": ("standard", "Standard", "standard", "standard"),
    "opt.second-card": ("with the second card", "mit der zweiten Karte", "avec la seconde carte",
                        "con la seconda carta"),
    "opt.with-weis": ("with the Weis", "mit dem Weis", "avec le Weis", "con il Weis"),
    "opt.stoeck-weis-stich": ("Stöck, Weis, tricks", "Stöck, Weis, Stich", "Stöck, Weis, plis",
                              "Stöck, Weis, prese"),
    "opt.stoeck-stich-weis": ("Stöck, tricks, Weis", "Stöck, Stich, Weis", "Stöck, plis, Weis",
                              "Stöck, prese, Weis"),
    "opt.match": ("as a Match", "wie ein Match", "comme un Match", "come un Match"),
    "opt.double": ("trick points doubled", "Stichpunkte doppelt", "points des plis doublés",
                   "punti delle prese raddoppiati"),
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
    "your_hand": ("Your hand", "Deine Karten", "Votre main", "La tua mano"),
    "your_turn": ("Your turn: play a card", "Du bist dran: spiel eine Karte",
                  "À vous : jouez une carte", "Tocca a te: gioca una carta"),
    "waiting": ("{seat} is thinking …", "{seat} überlegt …", "{seat} réfléchit …",
                "{seat} sta pensando …"),
    "trick": ("Trick {n}", "Stich {n}", "Pli {n}", "Presa {n}"),
    "trick_won_by": ("{seat} takes the trick", "{seat} nimmt den Stich", "{seat} prend le pli",
                     "{seat} prende la presa"),
    "last_trick": ("Last trick", "Letzter Stich", "Dernier pli", "Ultima presa"),
    "no_last_trick": ("No trick played yet", "Noch kein Stich gespielt",
                      "Aucun pli joué pour l'instant", "Nessuna presa ancora giocata"),
    "legal_marked": ("Playable cards are bright; 1-9 or click to play",
                     "Spielbare Karten sind hell; 1-9 oder Klick zum Spielen",
                     "Les cartes jouables sont claires ; 1-9 ou clic pour jouer",
                     "Le carte giocabili sono chiare; 1-9 o clic per giocare"),
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
    "ev.trick": ("{seat} takes trick {n} ({points} points)",
                 "{seat} nimmt Stich {n} ({points} Punkte)",
                 "{seat} prend le pli {n} ({points} points)",
                 "{seat} prende la presa {n} ({points} punti)"),
    "ev.hand_over": ("Hand {n} is over", "Spiel {n} ist fertig", "Donne {n} terminée",
                     "Mano {n} finita"),
    "cards_n": ("{n} cards", "{n} Karten", "{n} cartes", "{n} carte"),
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
    "weis.option": ("{melds} = {points}", "{melds} = {points}", "{melds} = {points}",
                    "{melds} = {points}"),
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
    "winner": ("{team} win with {points} points", "{team} gewinnen mit {points} Punkten",
               "{team} gagnent avec {points} points", "{team} vincono con {points} punti"),
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
    "key.last": ("Last trick", "Letzter Stich", "Dernier pli", "Ultima presa"),
    "key.save": ("Save", "Speichern", "Enregistrer", "Salva"),
    "key.tafel": ("Jasstafel", "Jasstafel", "Jasstafel", "Jasstafel"),
    "key.deck": ("Deck", "Karten", "Cartes", "Carte"),
    "key.lang": ("Language", "Sprache", "Langue", "Lingua"),
    "key.quit": ("Quit", "Beenden", "Quitter", "Esci"),
    "key.next": ("Next", "Weiter", "Suivant", "Avanti"),
    "key.prev": ("Back", "Zurück", "Retour", "Indietro"),
    "hint": ("Hint: {action} (value {value})", "Tipp: {action} (Wert {value})",
             "Conseil : {action} (valeur {value})", "Suggerimento: {action} (valore {value})"),
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
    "save_failed": ("Could not save: {error}", "Speichern fehlgeschlagen: {error}",
                    "Échec de l'enregistrement : {error}", "Salvataggio non riuscito: {error}"),
    "not_legal": ("Not legal: {what}. Legal: {legal}", "Nicht erlaubt: {what}. Erlaubt: {legal}",
                  "Pas permis : {what}. Permis : {legal}",
                  "Non permesso: {what}. Permesso: {legal}"),
    "not_understood": ("Not understood: {what}. Legal: {legal}",
                       "Nicht verstanden: {what}. Erlaubt: {legal}",
                       "Pas compris : {what}. Permis : {legal}",
                       "Non capito: {what}. Permesso: {legal}"),
    "commands": ("Commands: hint, undo, last, score, save FILE, help, quit",
                 "Befehle: hint, undo, last, score, save DATEI, help, quit",
                 "Commandes : hint, undo, last, score, save FICHIER, help, quit",
                 "Comandi: hint, undo, last, score, save FILE, help, quit"),
    "bye": ("Game left unfinished", "Partie abgebrochen", "Partie interrompue",
            "Partita interrotta"),
    # Replay
    "replay.title": ("Replay: hand {hand}, move {move} of {moves}",
                     "Wiedergabe: Spiel {hand}, Zug {move} von {moves}",
                     "Relecture : donne {hand}, coup {move} sur {moves}",
                     "Replay: mano {hand}, mossa {move} di {moves}"),
    "replay.keys": ("→ next move, ← back, n next hand, p previous hand, q quit",
                    "→ nächster Zug, ← zurück, n nächstes Spiel, p voriges Spiel, q Ende",
                    "→ coup suivant, ← retour, n donne suivante, p donne précédente, q quitter",
                    "→ mossa successiva, ← indietro, n mano successiva, p mano precedente, q esci"),
}

_INDEX: Final = {code: i for i, code in enumerate(LANGUAGES)}


def _lang_index(lang: str) -> int:
    try:
        return _INDEX[lang]
    except KeyError:
        raise I18nError(
            f"unknown language {lang!r}; known: {', '.join(LANGUAGES)}"
        ) from None


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
