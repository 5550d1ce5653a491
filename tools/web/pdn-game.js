// One PDN game for the demo page's "Analyse a game" (tools/web/analysis-view.js): its tags, its
// start (the FEN tag, or the start position) and its moves, read from pasted text; and the
// board after each move, computed here so that a server's analysis (which sends moves, not
// positions) can be shown move by move too. The moves are checked by the engine (or the server),
// not here: this reader only splits the text (docs/rules.md, "Move notation", "FEN syntax").
(function (global) {
  'use strict';

  var START_FEN = 'W:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12';
  var RESULTS = ['1-0', '0-1', '1/2-1/2', '*', '2-0', '0-2', '1-1', '0-0'];

  function PdnError(message) {
    var error = new Error(message);
    error.name = 'PdnError';
    return error;
  }

  // The text's first game: {tags, fen, moves: [{text, line}], result}. Comments ({...}, ';' to
  // the end of the line), variations ((...)), NAGs ($n), move numbers and marks (!, ?) are
  // skipped; a second game is refused (one game at a time, as the server's API).
  function parsePdn(text) {
    var tags = {};
    var moves = [];
    var result = '*';
    var ended = false;  // a result token was read: what follows is another game
    var line = 1;
    var i = 0;
    var depth = 0;  // inside variations
    var sawMoves = false;
    var n = text.length;
    while (i < n) {
      var c = text[i];
      if (c === '\n') {
        ++line;
        ++i;
        continue;
      }
      if (/\s/.test(c)) {
        ++i;
        continue;
      }
      if (c === '{') {
        var close = text.indexOf('}', i);
        if (close < 0) throw PdnError('line ' + line + ': a comment { is never closed');
        line += (text.slice(i, close).match(/\n/g) || []).length;
        i = close + 1;
        continue;
      }
      if (c === ';') {
        while (i < n && text[i] !== '\n') ++i;
        continue;
      }
      if (c === '(') {
        ++depth;
        ++i;
        continue;
      }
      if (c === ')') {
        if (depth === 0) throw PdnError('line ' + line + ': a ) without its (');
        --depth;
        ++i;
        continue;
      }
      if (c === '[' && depth === 0) {
        var end = text.indexOf(']', i);
        if (end < 0) throw PdnError('line ' + line + ': a tag [ is never closed');
        var tag = /^\[\s*(\w+)\s+"([^"]*)"\s*\]$/.exec(text.slice(i, end + 1));
        if (!tag) throw PdnError('line ' + line + ': a malformed tag ' + text.slice(i, end + 1));
        if (sawMoves || ended) throw PdnError('line ' + line + ': a second game: paste one game at a time');
        tags[tag[1]] = tag[2];
        i = end + 1;
        continue;
      }
      var start = i;
      while (i < n && !/[\s{}();\[\]]/.test(text[i])) ++i;
      var word = text.slice(start, i);
      if (depth > 0) continue;
      if (RESULTS.indexOf(word) >= 0) {
        result = word;
        ended = true;
        continue;
      }
      if (/^\$\d+$/.test(word) || /^\d+\.+$/.test(word)) continue;  // a NAG, a move number
      // "5." glued to its move ("5.18-13"), marks glued after it ("18-13??").
      var move = word.replace(/^\d+\.+/, '').replace(/[!?]+$/, '');
      if (move === '') continue;
      if (ended) throw PdnError('line ' + line + ': moves after the result: paste one game at a time');
      sawMoves = true;
      moves.push({text: move, line: line});
    }
    if (depth > 0) throw PdnError('a variation ( is never closed');
    if (moves.length === 0) throw PdnError('no moves: paste a PDN game (e.g. 1. 22-18 10-14 2. 18x11 ...)');
    if (tags.Result && !ended) result = tags.Result;
    return {tags: tags, fen: tags.FEN || null, moves: moves, result: result};
  }

  // ---- The board -------------------------------------------------------------------------

  // "W:W21,22,K30:B1,2" -> {side: 'W', pieces: Map(square -> 'w' | 'W' | 'b' | 'B')}.
  function readFen(fen) {
    var parts = fen.split(':');
    var pieces = new Map();
    parts.slice(1).forEach(function (part) {
      var colour = part[0] === 'W' ? 'w' : 'b';
      part.slice(1).split(',').filter(Boolean).forEach(function (item) {
        var king = item[0] === 'K';
        var range = (king ? item.slice(1) : item).split('-').map(Number);  // "1-12" as well
        for (var square = range[0]; square <= range[range.length - 1]; ++square)
          pieces.set(square, king ? colour.toUpperCase() : colour);
      });
    });
    return {side: parts[0][0], pieces: pieces};
  }

  function writeFen(board) {
    var of = function (colour) {
      var squares = [];
      board.pieces.forEach(function (piece, square) {
        if (piece.toLowerCase() === colour) squares.push({square: square, king: piece === piece.toUpperCase()});
      });
      squares.sort(function (a, b) {
        return a.square - b.square;
      });
      return squares.map(function (s) {
        return (s.king ? 'K' : '') + s.square;
      }).join(',');
    };
    return board.side + ':W' + of('w') + ':B' + of('b');
  }

  // Square numbers 1..32 from the top-left dark square, four a row (as the engine's `d`).
  function squareAt(square) {
    var row = Math.floor((square - 1) / 4);
    return {row: row, column: 2 * ((square - 1) % 4) + (row % 2)};
  }
  function squareOf(row, column) {
    return row * 4 + Math.floor(column / 2) + 1;
  }

  // The board after a move given as its full path ('22-18', '28x19x12': every landing square,
  // as the engine's legal moves and lines give it): the jumped pieces go, a man that ends on
  // the far row is crowned (R12), the other side is to move.
  function play(board, path) {
    var squares = path.split(/[-x]/).map(Number);
    var pieces = new Map(board.pieces);
    var piece = pieces.get(squares[0]);
    pieces.delete(squares[0]);
    if (path.indexOf('x') >= 0) {
      for (var k = 1; k < squares.length; ++k) {
        var a = squareAt(squares[k - 1]);
        var b = squareAt(squares[k]);
        pieces.delete(squareOf((a.row + b.row) / 2, (a.column + b.column) / 2));
      }
    }
    var last = squares[squares.length - 1];
    if (piece === 'w' && last <= 4) piece = 'W';
    if (piece === 'b' && last >= 29) piece = 'B';
    pieces.set(last, piece);
    return {side: board.side === 'W' ? 'B' : 'W', pieces: pieces};
  }

  // The squares a capture jumps over, sorted: two paths with the same ends and the same set
  // are one move (the same result), as the engine's Move compares them.
  function capturedBy(path) {
    var squares = path.split(/[-x]/).map(Number);
    var jumped = [];
    for (var k = 1; k < squares.length && path.indexOf('x') >= 0; ++k) {
      var a = squareAt(squares[k - 1]);
      var b = squareAt(squares[k]);
      jumped.push(squareOf((a.row + b.row) / 2, (a.column + b.column) / 2));
    }
    return jumped.sort(function (x, y) {
      return x - y;
    }).join(',');
  }

  function sameMove(a, b) {
    var x = a.split(/[-x]/);
    var y = b.split(/[-x]/);
    return x[0] === y[0] && x[x.length - 1] === y[y.length - 1] && capturedBy(a) === capturedBy(b);
  }

  global.DamieraPdn = {
    START_FEN: START_FEN,
    parsePdn: parsePdn,
    readFen: readFen,
    writeFen: writeFen,
    play: play,
    sameMove: sameMove,
    squareAt: squareAt,
  };
})(typeof window !== 'undefined' ? window : globalThis);
