// "Analyse a game" for the demo page (docs/web.md, "Analysing a game"): every position of a PDN
// game scored, each move's loss, its mark (?!, ?, ??) and the better move where it lost, by
// either back end:
//  - the page's engine, through the promise API only (setPosition, play, legalMoves, result,
//    bestMove with a node count): each position searched at one node count, one after another
//    after a new game (one hash table, cleared first), as damiera-analyse --nodes N does;
//  - a server's HTTP API (`damiera --listen ... --http`, docs/http.md): POST /v1/analyse, then
//    GET /v1/analyse/ID until done; the server judges the moves itself.
// Both give the same result object (below), which analysis-view.js draws.
//
// The engine's positions are judged here by a copy of the analysis library's rules, which the
// WebAssembly engine does not carry: src/analysis/score_model.cpp (winningChances,
// expectedPercent, cappedScore, judge, the marks) and judgeMoves() in
// src/analysis/game_analysis.cpp (a move the search chose loses nothing; otherwise the mover's
// expected score before minus after, never below 0). A change there must be made here too: the
// page test checks the page's marks against damiera-analyse's on the same game.
(function (global) {
  'use strict';
  var Pdn = global.DamieraPdn;

  // ---- The score model (src/analysis/score_model.{h,cpp}) ------------------------------------

  var WINNING_CHANCES_SCALE = 200;  // kWinningChancesScale
  var LOSS_CAP = 1000;              // kLossCap
  var SCORE_MATE = 31000;           // kScoreMate (src/search/score.h)
  var DATABASE_BOUND = 20000 - 128;  // kScoreDatabaseBound = kScoreDatabaseWin - kMaxPly
  var THRESHOLDS = {inaccuracy: 5, mistake: 10, blunder: 20};  // Thresholds' defaults
  var MARKS = {Inaccuracy: '?!', Mistake: '?', Blunder: '??'};

  // A protocol score ({cp} or {mate: moves}, side to move's view) as a raw search score: a
  // forced result beyond every bound (its length does not matter to the judgement).
  function rawScore(score) {
    if (!score) return 0;
    if ('mate' in score) return score.mate > 0 ? SCORE_MATE - (2 * score.mate - 1) : -(SCORE_MATE - 2 * -score.mate);
    return score.cp;
  }
  function winningChances(score) {
    if (score >= DATABASE_BOUND) return 1;
    if (score <= -DATABASE_BOUND) return -1;
    return Math.tanh(score / WINNING_CHANCES_SCALE);
  }
  function expectedPercent(score) {
    return (winningChances(score) + 1) * 50;
  }
  function cappedScore(score) {
    return Math.min(LOSS_CAP, Math.max(-LOSS_CAP, score));
  }
  // A raw score as damiera-analyse prints it (formatScore): "+0.35", "-1.20", "0.00", a forced
  // result "#3" / "#-3" (moves, the winner's sign), a database one "db+" / "db-".
  function formatScore(score) {
    if (Math.abs(score) >= SCORE_MATE - 128) {  // kScoreMateBound
      var plies = SCORE_MATE - Math.abs(score);
      return '#' + (score > 0 ? '' : '-') + Math.floor((plies + 1) / 2);
    }
    if (Math.abs(score) >= DATABASE_BOUND) return score > 0 ? 'db+' : 'db-';
    return (score > 0 ? '+' : '') + (score / 100).toFixed(2);
  }
  function judge(lostPercent, thresholds) {
    if (lostPercent >= thresholds.blunder) return 'Blunder';
    if (lostPercent >= thresholds.mistake) return 'Mistake';
    if (lostPercent >= thresholds.inaccuracy) return 'Inaccuracy';
    return '';
  }

  // The result object: {source, effort, tags, result, positions: [{fen, whiteScore, depth}],
  // moves: [{ply, move (full path), mover 'W' | 'B', best, lost (percentage points), judgement,
  // mark, better: {moves: [...], whiteScore} | null}], white, black: {moves, averageLoss,
  // inaccuracies, mistakes, blunders}}. Scores are raw (hundredths of a man, White's view).
  function summaries(moves, lostScores) {
    var sides = {W: null, B: null};
    ['W', 'B'].forEach(function (side) {
      var summary = {moves: 0, averageLoss: 0, inaccuracies: 0, mistakes: 0, blunders: 0};
      moves.forEach(function (move, i) {
        if (move.mover !== side) return;
        ++summary.moves;
        summary.averageLoss += lostScores ? lostScores[i] : 0;
        summary.inaccuracies += move.judgement === 'Inaccuracy';
        summary.mistakes += move.judgement === 'Mistake';
        summary.blunders += move.judgement === 'Blunder';
      });
      if (summary.moves > 0) summary.averageLoss /= summary.moves;
      sides[side] = summary;
    });
    return sides;
  }

  // judgeMoves() of src/analysis/game_analysis.cpp, on the positions' searches: scores[i] is
  // position i's raw score from its side to move, lines[i] its search line (full paths).
  function judgeMoves(played, movers, scores, lines, thresholds) {
    var moves = [];
    var lostScores = [];
    for (var ply = 0; ply < played.length; ++ply) {
      var before = scores[ply];
      var after = scores[ply + 1];
      var best = lines[ply].length > 0 && Pdn.sameMove(lines[ply][0], played[ply]);
      var lost = 0;
      var lostScore = 0;
      var judgement = '';
      if (!best) {  // the mover's view both times: the next position's score is the opponent's
        lost = Math.max(0, expectedPercent(before) - expectedPercent(-after));
        lostScore = Math.max(0, cappedScore(before) - cappedScore(-after));
        judgement = judge(lost, thresholds);
      }
      var white = movers[ply] === 'W';
      moves.push({ply: ply + 1, move: played[ply], mover: movers[ply], best: best, lost: lost,
                  judgement: judgement, mark: MARKS[judgement] || '',
                  better: best || lines[ply].length === 0 ? null :
                      {moves: lines[ply], whiteScore: white ? before : -before}});
      lostScores.push(lostScore);
    }
    var sides = summaries(moves, lostScores);
    return {moves: moves, white: sides.W, black: sides.B};
  }

  function cancelled() {
    var error = new Error('analysis cancelled');
    error.name = 'Cancelled';
    return error;
  }

  // ---- The page's engine ---------------------------------------------------------------------

  // The PDN number of the ply-th move (0-based), as damiera-analyse's errors name a move
  // (moveLabel, src/core/pdn.cpp): "2." for White's second move, "1..." for Black's first.
  function moveLabel(firstMover, ply) {
    var fromWhite = ply + (firstMover === 'B' ? 1 : 0);
    return (Math.floor(fromWhite / 2) + 1) + (fromWhite % 2 === 0 ? '.' : '...');
  }

  // Checks the game move by move on the engine, each move turned into its full path (the
  // engine's legal moves); the first refused one is named as damiera-analyse names it:
  // "line 3: move 2. '18-13': <reason>", the reason in `language` (the promise API's refusal
  // catalogues).
  async function replay(engine, game, language) {
    await engine.setPosition({fen: game.fen});
    var fens = [await engine.fen()];
    var paths = [];
    for (var ply = 0; ply < game.moves.length; ++ply) {
      var move = game.moves[ply];
      var legal = await engine.legalMoves();
      try {
        await engine.play(move.text);
      } catch (error) {
        var why = error instanceof Damiera.Refusal ? error.explain(language) : error.message;
        throw new Error('line ' + move.line + ': move ' + moveLabel(fens[0][0], ply) + ' \'' + move.text +
                        '\': ' + why);
      }
      var exact = legal.find(function (m) {
        return m === move.text;
      });
      // A short capture ("9x25") the engine took: the legal path with those ends (any of
      // several with one result, the engine's own choice the same way).
      var path = exact || legal.find(function (m) {
        var a = m.split(/[-x]/);
        var b = move.text.split(/[-x]/);
        return a[0] === b[0] && a[a.length - 1] === b[b.length - 1];
      }) || move.text;
      paths.push(path);
      fens.push(await engine.fen());
    }
    return {paths: paths, fens: fens};
  }

  // options: nodes (each position's search), language, thresholds, onProgress(done, total),
  // isCancelled(). The engine's game is put back as it was afterwards, and its book on again.
  async function analyseWithEngine(engine, game, options) {
    var thresholds = options.thresholds || THRESHOLDS;
    var saved = engine.game();
    var hasBook = engine.options.some(function (option) {
      return option.name === 'OwnBook';
    });
    try {
      var replayed = await replay(engine, game, options.language || 'en');
      // The analysis searches every position (damiera-analyse has no book): a book move would
      // come with no score.
      if (hasBook) await engine.setOption('OwnBook', 'false');
      await engine.newGame();  // one hash table for the game, cleared first
      var scores = [];
      var lines = [];
      var depths = [];
      var total = game.moves.length + 1;
      for (var ply = 0; ply < total; ++ply) {
        if (options.isCancelled && options.isCancelled()) throw cancelled();
        await engine.setPosition({fen: game.fen, moves: replayed.paths.slice(0, ply)});
        var over = await engine.result();
        if (over.outcome !== '*') {
          // A finished game is scored by the rules (GameAnalyser::searchPosition): no move loses
          // (R13), a draw is 0.
          scores.push(over.outcome === '1/2-1/2' ? 0 : -SCORE_MATE);
          lines.push([]);
          depths.push(0);
        } else {
          var found = await engine.bestMove({nodes: options.nodes});
          if (options.isCancelled && options.isCancelled()) throw cancelled();
          // A limit so small that not even depth 1 completed: depth 1 (as the library does).
          if (!found.info || !found.info.score) found = await engine.bestMove({depth: 1});
          var info = found.info || {};
          var line = info.pv && info.pv.length && Pdn.sameMove(info.pv[0], found.move) ? info.pv : [found.move];
          scores.push(rawScore(info.score));
          lines.push(line);
          depths.push(info.depth || 0);
        }
        if (options.onProgress) options.onProgress(ply + 1, total);
      }
      var movers = replayed.fens.slice(0, -1).map(function (fen) {
        return fen[0];
      });
      var judged = judgeMoves(replayed.paths, movers, scores, lines, thresholds);
      return {
        source: 'engine',
        effort: 'nodes ' + options.nodes,
        tags: game.tags,
        result: game.result,
        positions: replayed.fens.map(function (fen, i) {
          return {fen: fen, whiteScore: fen[0] === 'W' ? scores[i] : -scores[i], depth: depths[i]};
        }),
        moves: judged.moves,
        white: judged.white,
        black: judged.black,
      };
    } finally {
      if (hasBook) await engine.setOption('OwnBook', 'true').catch(function () {});
      await engine.setPosition(saved).catch(function () {});
    }
  }

  // ---- A server's HTTP API ------------------------------------------------------------------

  // {cp} or {mate} of the API (White's view) as a raw score.
  function whiteRaw(score) {
    return score && ('cp' in score || 'mate' in score) ? rawScore(score) : 0;
  }

  async function apiCall(url, init) {
    var response;
    try {
      response = await fetch(url, init);
    } catch (error) {
      // A refused connection, or a reply the browser withheld: a server of another origin must
      // be started with --allow-origin naming this page's (docs/http.md, "From a web page").
      throw new Error('cannot reach ' + url + ' (is the server running with --http and ' +
                      '--allow-origin ' + location.origin + '?)');
    }
    var body = await response.json().catch(function () {
      return {};
    });
    if (!response.ok) throw new Error(body.error || 'the server answered ' + response.status);
    return body;
  }

  // `ms` milliseconds, or less when `signal` aborts first.
  function pause(ms, signal) {
    return new Promise(function (resolve) {
      if (signal && signal.aborted) return resolve();
      var done = function () {
        clearTimeout(timer);
        if (signal) signal.removeEventListener('abort', done);
        resolve();
      };
      var timer = setTimeout(done, ms);
      if (signal) signal.addEventListener('abort', done);
    });
  }

  // options: depth, token (a Bearer token, when the server asks for one), onProgress(done,
  // total), isCancelled(), signal (an AbortSignal: its abort ends the wait between two polls,
  // so the server hears of a cancel at once, not a poll later), pollMs. `text` is the PDN as
  // pasted (the server reads it itself: a malformed game is its 400, naming the move); `game`
  // is the same read here, for the boards.
  async function analyseWithServer(baseUrl, text, game, options) {
    var base = baseUrl.replace(/\/+$/, '');
    var headers = {'Content-Type': 'text/plain'};
    if (options.token) headers.Authorization = 'Bearer ' + options.token;
    var job = await apiCall(base + '/v1/analyse?depth=' + options.depth,
                            {method: 'POST', body: text, headers: headers});
    var jobUrl = base + job.url;
    var getHeaders = options.token ? {Authorization: headers.Authorization} : {};
    var isCancelled = function () {
      return (options.signal && options.signal.aborted) || (options.isCancelled && options.isCancelled());
    };
    for (;;) {
      if (isCancelled()) {
        // The server stops the job too (DELETE: docs/http.md); an older server without it goes
        // on, which only costs it the searches.
        fetch(jobUrl, {method: 'DELETE', headers: getHeaders}).catch(function () {});
        throw cancelled();
      }
      var state = await apiCall(jobUrl, {headers: getHeaders});
      if (options.onProgress) options.onProgress(state.analysed, state.positions);
      if (state.status === 'done') return fromServer(state.analysis, game);
      await pause(options.pollMs || 250, options.signal);
    }
  }

  // The API's analysis (docs/http.md, "GET /v1/analyse/ID") as the result object; the boards
  // from the game's start and the server's moves (full paths).
  function fromServer(analysis, game) {
    var board = Pdn.readFen(game.fen || Pdn.START_FEN);
    var positions = [{fen: Pdn.writeFen(board), whiteScore: whiteRaw(analysis.start), depth: 0}];
    var moves = analysis.moves.map(function (entry) {
      var mover = board.side;
      board = Pdn.play(board, entry.move);
      positions.push({fen: Pdn.writeFen(board), whiteScore: whiteRaw(entry), depth: entry.depth});
      return {ply: entry.ply, move: entry.move, mover: mover, best: entry.best, lost: entry.lost,
              judgement: entry.judgement, mark: entry.mark,
              better: entry.better ? {moves: entry.better.moves.split(' '), whiteScore: whiteRaw(entry.better)} : null};
    });
    var side = function (s) {
      return {moves: s.moves, averageLoss: s.averageLoss, inaccuracies: s.inaccuracies,
              mistakes: s.mistakes, blunders: s.blunders};
    };
    return {source: 'server', effort: analysis.effort, tags: analysis.tags, result: analysis.result,
            positions: positions, moves: moves, white: side(analysis.white), black: side(analysis.black)};
  }

  global.DamieraAnalysis = {
    THRESHOLDS: THRESHOLDS,
    rawScore: rawScore,
    winningChances: winningChances,
    expectedPercent: expectedPercent,
    cappedScore: cappedScore,
    judge: judge,
    formatScore: formatScore,
    judgeMoves: judgeMoves,
    analyseWithEngine: analyseWithEngine,
    analyseWithServer: analyseWithServer,
  };
})(typeof window !== 'undefined' ? window : globalThis);
