// The refusal catalogues (PROTOCOL.md "Refusal codes"): each refused move's code and parameters
// worded in English, Italian, Portuguese, Spanish and Romanian, with the words each game's
// players use (Italian pedina, dama, presa obbligatoria; Portuguese pedra, dama; Spanish peón,
// dama; Romanian piesă simplă, damă). Appended to damiera.js after the module factory
// (src/wasm/CMakeLists.txt): Damiera.refusalMessages, Damiera.explainRefusal(code, params, lang).
// tests/wasm/test-promise-api renders every code of protocol/refusals.json in every language.
(function (Damiera) {
  'use strict';
  // "21-17,21-18" -> "21-17, 21-18": a list parameter as a sentence shows it.
  var list = function (value) {
    return String(value).split(',').join(', ');
  };
  var sides = {
    en: {white: 'White', black: 'Black'},
    it: {white: 'Bianco', black: 'Nero'},
    pt: {white: 'as brancas', black: 'as pretas'},
    es: {white: 'las blancas', black: 'las negras'},
    ro: {white: 'albul', black: 'negrul'},
  };
  var reasons = {
    en: {'no-pieces': 'no pieces left', 'no-moves': 'no move left', repetition: 'repetition',
         'no-progress': 'no progress'},
    it: {'no-pieces': 'pezzi finiti', 'no-moves': 'nessuna mossa possibile',
         repetition: 'ripetizione', 'no-progress': 'nessun progresso'},
    pt: {'no-pieces': 'sem peças', 'no-moves': 'sem lances', repetition: 'repetição',
         'no-progress': 'sem progresso'},
    es: {'no-pieces': 'sin piezas', 'no-moves': 'sin jugadas', repetition: 'repetición',
         'no-progress': 'sin progreso'},
    ro: {'no-pieces': 'fără piese', 'no-moves': 'fără mutări', repetition: 'repetare',
         'no-progress': 'fără progres'},
  };
  var capital = function (text) {
    return text.charAt(0).toUpperCase() + text.slice(1);
  };
  var side = function (lang, p) {
    return sides[lang][p.side] || p.side;
  };
  var reason = function (lang, p) {
    return reasons[lang][p.reason] || p.reason;
  };
  var messages = {
    en: {
      'malformed': function () { return 'That is not a move: write squares 1..32 joined by - or x, e.g. 21-17 or 22x13.'; },
      'empty-square': function (p) { return 'Square ' + p.square + ' is empty: ' + side('en', p) + ' is to move.'; },
      'opponent-piece': function (p) { return 'The piece on ' + p.square + ' is not yours: ' + side('en', p) + ' is to move.'; },
      'no-legal-move': function (p) { return side('en', p) + ' has no legal move: the game is lost.'; },
      'is-capture': function (p) { return 'That is a capture: write ' + list(p.moves) + '.'; },
      'is-quiet': function (p) { return 'That is not a capture: write ' + p.move + '.'; },
      'must-capture': function (p) { return 'Capturing is compulsory: ' + side('en', p) + ' must capture (' + list(p.captures) + ').'; },
      'no-capture': function (p) { return side('en', p) + ' has no capture here.'; },
      'precedence-pieces': function (p) { return 'You must take the most pieces: this capture takes ' + p.pieces + ', ' + p.best + ' takes ' + p['best-pieces'] + '. Legal: ' + list(p.captures) + '.'; },
      'precedence-king': function (p) { return 'With as many pieces to take, the king must capture, not the man: ' + p.best + '. Legal: ' + list(p.captures) + '.'; },
      'precedence-kings': function (p) { return 'You must take the most kings: this capture takes ' + p.kings + ', ' + p.best + ' takes ' + p['best-kings'] + '. Legal: ' + list(p.captures) + '.'; },
      'precedence-order': function (p) { return 'You must take a king as early as possible: this capture meets one at jump ' + list(p.jumps) + ', ' + p.best + ' at jump ' + list(p['best-jumps']) + '. Legal: ' + list(p.captures) + '.'; },
      'incomplete': function (p) { return 'The capture must go on while it can: ' + p.move + '.'; },
      'no-such-move': function (p) { return 'That move is not possible. From ' + p.square + ': ' + list(p.moves) + '.'; },
      'cannot-move': function (p) { return 'The piece on ' + p.square + ' cannot move.'; },
      'cannot-capture': function (p) { return 'The piece on ' + p.square + ' cannot capture, and capturing is compulsory: ' + list(p.captures) + '.'; },
      'ambiguous': function (p) { return 'Two captures end there: choose ' + list(p.moves) + '.'; },
      'game-over': function (p) { return 'The game is over (' + p.outcome + ', ' + reason('en', p) + ', ' + p.rule + ').'; },
    },
    it: {
      'malformed': function () { return 'Non è una mossa: scrivi le caselle 1..32 unite da - o x, per esempio 21-17 o 22x13.'; },
      'empty-square': function (p) { return 'La casella ' + p.square + ' è vuota: tocca al ' + side('it', p) + '.'; },
      'opponent-piece': function (p) { return 'Il pezzo sulla casella ' + p.square + ' è dell\'avversario: tocca al ' + side('it', p) + '.'; },
      'no-legal-move': function (p) { return 'Il ' + side('it', p) + ' non ha nessuna mossa: la partita è persa.'; },
      'is-capture': function (p) { return 'È una presa: scrivi ' + list(p.moves) + '.'; },
      'is-quiet': function (p) { return 'Non è una presa: scrivi ' + p.move + '.'; },
      'must-capture': function (p) { return 'La presa è obbligatoria: il ' + side('it', p) + ' deve mangiare (' + list(p.captures) + ').'; },
      'no-capture': function (p) { return 'Qui il ' + side('it', p) + ' non ha nessuna presa.'; },
      'precedence-pieces': function (p) { return 'Si deve mangiare il maggior numero di pezzi: questa presa ne mangia ' + p.pieces + ', ' + p.best + ' ne mangia ' + p['best-pieces'] + '. Prese valide: ' + list(p.captures) + '.'; },
      'precedence-king': function (p) { return 'A parità di pezzi, deve mangiare la dama, non la pedina: ' + p.best + '. Prese valide: ' + list(p.captures) + '.'; },
      'precedence-kings': function (p) { return 'Si deve mangiare il maggior numero di dame: questa presa ne mangia ' + p.kings + ', ' + p.best + ' ne mangia ' + p['best-kings'] + '. Prese valide: ' + list(p.captures) + '.'; },
      'precedence-order': function (p) { return 'Si deve mangiare la dama il prima possibile: questa presa la incontra al salto ' + list(p.jumps) + ', ' + p.best + ' al salto ' + list(p['best-jumps']) + '. Prese valide: ' + list(p.captures) + '.'; },
      'incomplete': function (p) { return 'La presa deve continuare finché è possibile: ' + p.move + '.'; },
      'no-such-move': function (p) { return 'Questa mossa non è possibile. Dalla casella ' + p.square + ': ' + list(p.moves) + '.'; },
      'cannot-move': function (p) { return 'Il pezzo sulla casella ' + p.square + ' non può muovere.'; },
      'cannot-capture': function (p) { return 'Il pezzo sulla casella ' + p.square + ' non può mangiare, e la presa è obbligatoria: ' + list(p.captures) + '.'; },
      'ambiguous': function (p) { return 'Due prese finiscono lì: scegli ' + list(p.moves) + '.'; },
      'game-over': function (p) { return 'La partita è finita (' + p.outcome + ', ' + reason('it', p) + ', ' + p.rule + ').'; },
    },
    pt: {
      'malformed': function () { return 'Isso não é um lance: escreva as casas 1..32 unidas por - ou x, por exemplo 21-17 ou 22x13.'; },
      'empty-square': function (p) { return 'A casa ' + p.square + ' está vazia: é a vez d' + side('pt', p) + '.'; },
      'opponent-piece': function (p) { return 'A peça da casa ' + p.square + ' é do adversário: é a vez d' + side('pt', p) + '.'; },
      'no-legal-move': function (p) { return 'Não há nenhum lance para ' + side('pt', p) + ': a partida está perdida.'; },
      'is-capture': function (p) { return 'Isso é uma captura: escreva ' + list(p.moves) + '.'; },
      'is-quiet': function (p) { return 'Isso não é uma captura: escreva ' + p.move + '.'; },
      'must-capture': function (p) { return 'A captura é obrigatória: ' + side('pt', p) + ' devem capturar (' + list(p.captures) + ').'; },
      'no-capture': function (p) { return 'Aqui não há captura para ' + side('pt', p) + '.'; },
      'precedence-pieces': function (p) { return 'É preciso tomar o máximo de peças: esta captura toma ' + p.pieces + ', ' + p.best + ' toma ' + p['best-pieces'] + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-king': function (p) { return 'Com o mesmo número de peças, é preciso capturar com a dama, não com a pedra: ' + p.best + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-kings': function (p) { return 'É preciso tomar o máximo de damas: esta captura toma ' + p.kings + ', ' + p.best + ' toma ' + p['best-kings'] + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-order': function (p) { return 'É preciso comer uma dama o quanto antes: esta captura a encontra no salto ' + list(p.jumps) + ', ' + p.best + ' no salto ' + list(p['best-jumps']) + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'incomplete': function (p) { return 'A captura múltipla deve ser concluída: ' + p.move + '.'; },
      'no-such-move': function (p) { return 'Esse lance não existe. Da casa ' + p.square + ': ' + list(p.moves) + '.'; },
      'cannot-move': function (p) { return 'A peça da casa ' + p.square + ' não pode se mover.'; },
      'cannot-capture': function (p) { return 'A peça da casa ' + p.square + ' não pode capturar, e a captura é obrigatória: ' + list(p.captures) + '.'; },
      'ambiguous': function (p) { return 'Duas capturas terminam ali: escolha ' + list(p.moves) + '.'; },
      'game-over': function (p) { return 'A partida terminou (' + p.outcome + ', ' + reason('pt', p) + ', ' + p.rule + ').'; },
    },
    es: {
      'malformed': function () { return 'Eso no es una jugada: escribe las casillas 1..32 unidas por - o x, por ejemplo 21-17 o 22x13.'; },
      'empty-square': function (p) { return 'La casilla ' + p.square + ' está vacía: juegan ' + side('es', p) + '.'; },
      'opponent-piece': function (p) { return 'La pieza de la casilla ' + p.square + ' es del rival: juegan ' + side('es', p) + '.'; },
      'no-legal-move': function (p) { return 'No hay ninguna jugada para ' + side('es', p) + ': la partida está perdida.'; },
      'is-capture': function (p) { return 'Eso es una captura: escribe ' + list(p.moves) + '.'; },
      'is-quiet': function (p) { return 'Eso no es una captura: escribe ' + p.move + '.'; },
      'must-capture': function (p) { return 'La captura es obligatoria: ' + side('es', p) + ' deben capturar (' + list(p.captures) + ').'; },
      'no-capture': function (p) { return 'Aquí ' + side('es', p) + ' no tienen ninguna captura.'; },
      'precedence-pieces': function (p) { return 'Hay que tomar el máximo de piezas: esta captura toma ' + p.pieces + ', ' + p.best + ' toma ' + p['best-pieces'] + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-king': function (p) { return 'Con las mismas piezas, hay que capturar con dama antes que con peón: ' + p.best + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-kings': function (p) { return 'Hay que tomar el máximo de damas: esta captura toma ' + p.kings + ', ' + p.best + ' toma ' + p['best-kings'] + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'precedence-order': function (p) { return 'Hay que tomar la ruta que encuentra antes una dama: esta captura la encuentra en el salto ' + list(p.jumps) + ', ' + p.best + ' en el salto ' + list(p['best-jumps']) + '. Capturas válidas: ' + list(p.captures) + '.'; },
      'incomplete': function (p) { return 'Una captura múltiple debe completarse: ' + p.move + '.'; },
      'no-such-move': function (p) { return 'Esa jugada no es posible. Desde la casilla ' + p.square + ': ' + list(p.moves) + '.'; },
      'cannot-move': function (p) { return 'La pieza de la casilla ' + p.square + ' no puede moverse.'; },
      'cannot-capture': function (p) { return 'La pieza de la casilla ' + p.square + ' no puede capturar, y la captura es obligatoria: ' + list(p.captures) + '.'; },
      'ambiguous': function (p) { return 'Dos capturas terminan ahí: elige ' + list(p.moves) + '.'; },
      'game-over': function (p) { return 'La partida ha terminado (' + p.outcome + ', ' + reason('es', p) + ', ' + p.rule + ').'; },
    },
    ro: {
      'malformed': function () { return 'Aceasta nu este o mutare: scrie căsuțele 1..32 unite prin - sau x, de exemplu 21-17 sau 22x13.'; },
      'empty-square': function (p) { return 'Căsuța ' + p.square + ' este goală: la mutare este ' + side('ro', p) + '.'; },
      'opponent-piece': function (p) { return 'Piesa de pe căsuța ' + p.square + ' este a adversarului: la mutare este ' + side('ro', p) + '.'; },
      'no-legal-move': function (p) { return capital(side('ro', p)) + ' nu are nicio mutare: partida este pierdută.'; },
      'is-capture': function (p) { return 'Aceasta este o captură: scrie ' + list(p.moves) + '.'; },
      'is-quiet': function (p) { return 'Aceasta nu este o captură: scrie ' + p.move + '.'; },
      'must-capture': function (p) { return 'Captura este obligatorie: ' + side('ro', p) + ' trebuie să captureze (' + list(p.captures) + ').'; },
      'no-capture': function (p) { return 'Aici ' + side('ro', p) + ' nu are nicio captură.'; },
      'precedence-pieces': function (p) { return 'Trebuie aleasă seria care capturează cele mai multe piese: aceasta capturează ' + p.pieces + ', ' + p.best + ' capturează ' + p['best-pieces'] + '. Capturi permise: ' + list(p.captures) + '.'; },
      'precedence-king': function (p) { return 'La egalitate, capturezi cu dama, nu cu piesa simplă: ' + p.best + '. Capturi permise: ' + list(p.captures) + '.'; },
      'precedence-kings': function (p) { return 'Trebuie aleasă seria care capturează mai multe dame: aceasta capturează ' + p.kings + ', ' + p.best + ' capturează ' + p['best-kings'] + '. Capturi permise: ' + list(p.captures) + '.'; },
      'precedence-order': function (p) { return 'Trebuie aleasă seria care întâlnește prima o damă: aceasta o întâlnește la săritura ' + list(p.jumps) + ', ' + p.best + ' la săritura ' + list(p['best-jumps']) + '. Capturi permise: ' + list(p.captures) + '.'; },
      'incomplete': function (p) { return 'Capturile se înlănțuie: piesa trebuie să sară mai departe, ' + p.move + '.'; },
      'no-such-move': function (p) { return 'Această mutare nu este posibilă. De pe căsuța ' + p.square + ': ' + list(p.moves) + '.'; },
      'cannot-move': function (p) { return 'Piesa de pe căsuța ' + p.square + ' nu se poate muta.'; },
      'cannot-capture': function (p) { return 'Piesa de pe căsuța ' + p.square + ' nu poate captura, iar captura este obligatorie: ' + list(p.captures) + '.'; },
      'ambiguous': function (p) { return 'Două capturi se termină acolo: alege ' + list(p.moves) + '.'; },
      'game-over': function (p) { return 'Partida s-a terminat (' + p.outcome + ', ' + reason('ro', p) + ', ' + p.rule + ').'; },
    },
  };
  Damiera.refusalLanguages = ['en', 'it', 'pt', 'es', 'ro'];
  Damiera.refusalMessages = messages;
  // The refusal in `lang` (a language tag: 'it', 'pt-BR'; English when it has no catalogue),
  // or null for a code the catalogue does not know (show the engine's English text then).
  Damiera.explainRefusal = function (code, params, lang) {
    var base = String(lang || 'en').toLowerCase().split(/[-_]/)[0];
    var catalogue = messages[base] || messages.en;
    var message = catalogue[code];
    return message ? message(params || {}) : null;
  };
})(typeof Damiera !== 'undefined' ? Damiera : (globalThis.Damiera = {}));
