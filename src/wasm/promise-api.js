// The promise API (src/wasm/package/README.md, "Promise API"), appended to damiera.js and
// damiera-threaded.js after the module factory and the refusal catalogues
// (src/wasm/CMakeLists.txt): the same native protocol lines (PROTOCOL.md), one call each.
//   const engine = await Damiera.start({threads: 1, egdb: true});
//   await engine.play('22-18');            // or a Damiera.Refusal: code, params, text, explain()
//   const {move} = await engine.bestMove({level: 'easy'});
//
// Calls are queued and run one at a time, in order, so none is lost while the engine thinks:
// a play() sent during a search waits for its bestmove (stop() ends the search first). Every
// call that can be refused is followed by `isready`: the lines up to `readyok` are that call's,
// so an `error` line is always tied to the call that caused it (a search's own error comes
// before its bestmove: `go` is refused at once or not at all).
(function (Damiera) {
  'use strict';
  var scriptUrl = typeof document !== 'undefined' && document.currentScript ?
      document.currentScript.src : undefined;

  // A refused move: the engine's code and parameters (PROTOCOL.md "Refusal codes"), its
  // English text, and the move as given.
  function Refusal(code, params, text, move) {
    var error = new Error(text);
    Object.setPrototypeOf(error, Refusal.prototype);
    error.name = 'Refusal';
    error.code = code;
    error.params = params;
    error.text = text;
    error.move = move;
    return error;
  }
  Refusal.prototype = Object.create(Error.prototype, {constructor: {value: Refusal}});
  // The refusal in a catalogue's language ('en', 'it', 'pt', 'es', 'ro'), or the engine's English
  // text for a code the catalogue does not know.
  Refusal.prototype.explain = function (lang) {
    return Damiera.explainRefusal(this.code, this.params, lang) || this.text;
  };

  // Any other error line of the engine (an invalid FEN, an option refused): `line` is the whole.
  function EngineError(line) {
    var error = new Error(line.replace(/^error /, ''));
    Object.setPrototypeOf(error, EngineError.prototype);
    error.name = 'EngineError';
    error.line = line;
    return error;
  }
  EngineError.prototype = Object.create(Error.prototype, {constructor: {value: EngineError}});

  // "error illegal move 1 '9-13': square 9 ... [refusal opponent-piece square=9 side=white]"
  function errorFrom(line, move) {
    var found = /^error (.*) \[refusal ([a-z0-9-]+)((?: [a-z0-9-]+=\S+)*)\]$/.exec(line);
    if (!found) return new EngineError(line);
    var params = {};
    found[3].split(' ').filter(Boolean).forEach(function (pair) {
      var at = pair.indexOf('=');
      params[pair.slice(0, at)] = pair.slice(at + 1);
    });
    return new Refusal(found[2], params, found[1], move);
  }

  // "info depth 5 seldepth 9 score cp 12 nodes 3012 nps 150600 time 20 pv 22-18 9-13"
  function parseInfo(line) {
    var words = line.split(' ');
    var info = {};
    for (var i = 1; i < words.length; ++i) {
      var word = words[i];
      if (word === 'string') return null;  // a notice, not the search's progress
      if (word === 'pv') {
        info.pv = words.slice(i + 1);
        break;
      }
      if (word === 'score') {
        info.score = words[i + 1] === 'mate' ? {mate: Number(words[i + 2])} :
            {cp: Number(words[i + 2])};
        i += 2;
      } else if (word === 'currmove') {
        info.currmove = words[++i];
      } else if (/^[a-z]+$/.test(word) && i + 1 < words.length) {
        info[word] = Number(words[++i]);
      }
    }
    return info;
  }

  function Engine(channel) {
    var self = this;
    this._channel = channel;
    this._queue = Promise.resolve();
    this._handler = null;   // the running call's reader of reply lines
    this._search = null;    // the running bestMove: {go: sent yet, stop: asked}
    this._quit = null;
    this._closing = false;  // quit() closed the channel: its end is no failure
    this._gone = null;      // an EngineError once the channel failed (the engine is gone)
    this._reject = null;    // the running call's way to fail when the channel does
    this._level = 'off';    // the Level option as last set (the engine starts with off)
    this._startFen = null;  // null: the start position
    this._moves = [];
    this.options = [];      // the options the engine declared: [{name, type}]
    channel.listen(function (line) {
      if (self.onLine) self.onLine(line);
      if (self._handler) self._handler(line);
    });
    // A channel that can fail (a Worker that could not start, a closed WebSocket, a child
    // process that died) says so; without this the running call would wait forever.
    if (channel.failed) {
      channel.failed(function (reason) {
        self._fail(reason);
      });
    }
  }

  // The engine is gone without quit(): the running call and every later one reject with
  // "engine gone".
  Engine.prototype._fail = function (reason) {
    if (this._gone || this._closing) return;
    this._gone = new EngineError('error engine gone: ' + reason);
    var reject = this._reject;
    var search = this._search;
    this._reject = null;
    this._handler = null;
    this._search = null;
    if (search) search.ended();
    if (reject) reject(this._gone);
  };

  // A promise of the engine's replies that also rejects when the channel fails: `start` gets
  // (resolve, reject) as a Promise executor does and sets the handler of reply lines.
  Engine.prototype._awaitReplies = function (start) {
    var self = this;
    return new Promise(function (resolve, reject) {
      if (self._gone) return void reject(self._gone);
      var settle = function (how) {
        return function (value) {
          self._reject = null;
          how(value);
        };
      };
      self._reject = reject;
      start(settle(resolve), settle(reject));
    });
  };

  Engine.prototype._send = function (line) {
    this._channel.send(line);
  };

  // Runs `call` once every call before it is done; a call after quit() is refused.
  Engine.prototype._enqueue = function (call) {
    var self = this;
    var result = this._queue.then(function () {
      if (self._quit) throw new Error('damiera: the engine has quit');
      if (self._gone) throw self._gone;
      return call();
    });
    this._queue = result.catch(function () {});
    return result;
  };

  // Sends `lines`, then isready: resolves with every line before readyok (this call's replies).
  Engine.prototype._fenced = function (lines) {
    var self = this;
    return this._awaitReplies(function (resolve) {
      var replies = [];
      self._handler = function (line) {
        if (line !== 'readyok') return void replies.push(line);
        self._handler = null;
        resolve(replies);
      };
      lines.forEach(function (line) {
        self._send(line);
      });
      self._send('isready');
    });
  };

  // Sends `lines` fenced; rejects with the first error line's Refusal or EngineError.
  Engine.prototype._command = function (lines, move) {
    return this._fenced(lines).then(function (replies) {
      var error = replies.find(function (line) {
        return line.startsWith('error ');
      });
      if (error) throw errorFrom(error, move);
      return replies;
    });
  };

  Engine.prototype._positionLine = function (moves) {
    return 'position ' + (this._startFen ? 'fen ' + this._startFen : 'startpos') +
        (moves.length ? ' moves ' + moves.join(' ') : '');
  };

  // A new game from the start position; the engine forgets what it learnt (ucinewgame).
  Engine.prototype.newGame = function () {
    var self = this;
    return this._enqueue(function () {
      return self._command(['ucinewgame', 'position startpos']).then(function () {
        self._startFen = null;
        self._moves = [];
      });
    });
  };

  // Any position: a FEN (null: the start position) and moves from it. Rejects, changing
  // nothing, with a Refusal for a refused move or an EngineError for a bad FEN.
  Engine.prototype.setPosition = function (position) {
    var self = this;
    var fen = position && position.fen ? String(position.fen) : null;
    var moves = (position && position.moves ? position.moves : []).map(String);
    return this._enqueue(function () {
      var before = self._startFen;
      self._startFen = fen;
      return self._command([self._positionLine(moves)]).then(function () {
        self._moves = moves;
      }, function (error) {
        self._startFen = before;
        throw error;
      });
    });
  };

  // Plays `move` (native notation: '22-18', '22x13x6', or '22x6' when that names one capture).
  // Resolves with the move once the engine took it; rejects with a Refusal, the game unchanged.
  Engine.prototype.play = function (move) {
    var self = this;
    var text = String(move).trim();
    return this._enqueue(function () {
      if (text === '' || /\s/.test(text))
        throw new Refusal('malformed', {}, 'malformed move \'' + text + '\': one move, no blanks',
                          move);
      var moves = self._moves.concat([text]);
      return self._command([self._positionLine(moves)], text).then(function () {
        self._moves = moves;
        return text;
      });
    });
  };

  // Takes back the last `count` moves (default 1; fewer if the game has fewer).
  Engine.prototype.undo = function (count) {
    var self = this;
    return this._enqueue(function () {
      var moves = self._moves.slice(0, Math.max(0, self._moves.length - (count === undefined ? 1 : count)));
      return self._command([self._positionLine(moves)]).then(function () {
        self._moves = moves;
      });
    });
  };

  // The game so far: its start (null: the start position) and its moves.
  Engine.prototype.game = function () {
    return {fen: this._startFen, moves: this._moves.slice()};
  };

  // The moves the engine would take next, in full-path notation (none once the game is over).
  Engine.prototype.legalMoves = function () {
    var self = this;
    return this._enqueue(function () {
      return self._command(['legalmoves']).then(function (replies) {
        var line = replies.find(function (l) {
          return l.startsWith('legalmoves');
        });
        return line.split(' ').slice(1);
      });
    });
  };

  // The current position's FEN ("W:W21,22,K30:B1,2").
  Engine.prototype.fen = function () {
    var self = this;
    return this._enqueue(function () {
      return self._command(['d']).then(function (replies) {
        return replies.find(function (l) {
          return l.startsWith('fen ');
        }).slice(4);
      });
    });
  };

  // The game's result: {outcome: '*' | '1-0' | '0-1' | '1/2-1/2', reason}.
  Engine.prototype.result = function () {
    var self = this;
    return this._enqueue(function () {
      return self._command(['result']).then(function (replies) {
        var words = replies.find(function (l) {
          return l.startsWith('result ');
        }).split(' ');
        return {outcome: words[1], reason: words[2]};
      });
    });
  };

  // `setoption name <name> value <value>` (PROTOCOL.md "Options"); rejects with its error.
  Engine.prototype.setOption = function (name, value) {
    var self = this;
    return this._enqueue(function () {
      return self._command(['setoption name ' + name + ' value ' + value]).then(function () {});
    });
  };

  // The engine's move for the current position, not played: {move, ponder, info} (move null when
  // the game is over). Limits: level ('easy', 'medium', 'hard' or 0..20: the Level option, then a
  // plain go, which plays the level's node budget), or the full engine with movetime (ms), depth,
  // nodes; none at all: a search until stop(). A level belongs to its call: one without a level
  // sets Level back to off. onInfo gets each progress report as {depth, score: {cp} | {mate},
  // nodes, nps, time, pv: [...]}.
  Engine.prototype.bestMove = function (options) {
    var self = this;
    options = options || {};
    var level = options.level === undefined ? 'off' : String(options.level);
    return this._enqueue(function () {
      var hasLevel = self.options.some(function (option) {
        return option.name === 'Level';
      });
      // An engine without Level (an older server) is told only when a level is asked for: it
      // refuses it, and the call rejects with that error.
      var ready = level === self._level || (level === 'off' && !hasLevel) ? Promise.resolve() :
          self._command(['setoption name Level value ' + level]).then(function () {
            self._level = level;
          });
      return ready.then(function () {
        return self._think(options, level !== 'off');
      });
    });
  };

  Engine.prototype._think = function (options, byLevel) {
    var self = this;
    var go = 'go';
    ['movetime', 'depth', 'nodes'].forEach(function (limit) {
      if (options[limit] !== undefined) go += ' ' + limit + ' ' + Math.floor(Number(options[limit]));
    });
    if (go === 'go' && !byLevel) go = 'go infinite';
    var search = {go: false, stop: false, ended: null};
    search.done = new Promise(function (resolve) {
      search.ended = resolve;
    });
    var finish = function () {
      self._handler = null;
      self._search = null;
      search.ended();
    };
    return this._awaitReplies(function (resolve, reject) {
      var last = null;
      self._search = search;
      self._handler = function (line) {
        if (line.startsWith('info ')) {
          var info = parseInfo(line);
          if (!info) return;
          if (info.pv) last = info;
          if (options.onInfo) options.onInfo(info);
        } else if (line.startsWith('error ')) {  // go refused: no bestmove follows
          finish();
          reject(errorFrom(line));
        } else if (line.startsWith('bestmove ')) {
          finish();
          var words = line.split(' ');
          resolve({move: words[1] === 'none' ? null : words[1],
                   ponder: words[2] === 'ponder' ? words[3] : null, info: last});
        }
      };
      self._send(go);
      search.go = true;
      if (search.stop) self._send('stop');
    });
  };

  // Ends the running search at once (its bestMove resolves with the best move so far); with
  // none running, nothing. Not queued: it acts now. Resolves once that search is done.
  Engine.prototype.stop = function () {
    var search = this._search;
    if (!search) return Promise.resolve();
    if (search.go && !search.stop) this._send('stop');
    search.stop = true;
    return search.done;
  };

  // Stops a search, refuses every call still queued, and ends the engine; resolves once it is
  // gone.
  Engine.prototype.quit = function () {
    if (this._quit) return this._quit;
    var self = this;
    var running = this._queue;
    this._quit = Promise.resolve().then(function () {
      self.stop();
      return running;
    }).then(function () {
      self._closing = true;
      return self._channel.close();
    });
    return this._quit;
  };

  // A channel over the module factory in this thread (Node, or a page that wants no Worker).
  function moduleChannel(options) {
    var exited;
    var gone = new Promise(function (resolve) {
      exited = resolve;
    });
    var settings = {egdb: options.egdb, onEngineExit: function () {
      exited();
    }};
    if (options.locateFile) settings.locateFile = options.locateFile;
    return Damiera(settings).then(function (module) {
      return {
        send: function (line) {
          module.postMessage(line);
        },
        listen: function (listener) {
          module.addMessageListener(listener);
        },
        close: function () {
          module.postMessage('quit');
          return gone;
        },
      };
    });
  }

  // A channel over a Web Worker running this same script (the page's usual way).
  function workerChannel(options) {
    var url = options.url || scriptUrl;
    if (!url) throw new Error('damiera: Damiera.start needs {url} (the damiera.js to run in a Worker)');
    var script = url + (options.egdb ? (url.indexOf('?') < 0 ? '?' : '&') + 'egdb' : '');
    var worker = new Worker(script);
    return Promise.resolve({
      send: function (line) {
        worker.postMessage(line);
      },
      listen: function (listener) {
        worker.addEventListener('message', function (event) {
          listener(String(event.data));
        });
      },
      close: function () {
        worker.postMessage('quit');
        worker.terminate();
        return Promise.resolve();
      },
      // A script that does not load (a wrong url, a server without the file) or an uncaught
      // error in the engine's thread.
      failed: function (listener) {
        worker.addEventListener('error', function (event) {
          listener(event.message ? 'the Worker of ' + script + ': ' + event.message :
                                   'the Worker of ' + script + ' could not start');
        });
      },
    });
  }

  // Starts the engine and waits until it is ready. options: threads (the Threads option), egdb
  // (true: the 2..4 piece slices shipped in the package), worker (in a page: true by default,
  // the engine in a Web Worker of this script; false: in the page's own thread), url (the
  // script the Worker runs, default this one), locateFile (as Emscripten's).
  Damiera.start = function (options) {
    options = options || {};
    var inPage = typeof window !== 'undefined' && typeof Worker !== 'undefined';
    var useWorker = options.worker !== undefined ? options.worker : inPage;
    var opened = useWorker ? workerChannel(options) : moduleChannel(options);
    return opened.then(function (channel) {
      return Damiera.connect(channel, options);
    });
  };

  // The promise API over any channel speaking the native protocol, one line per message:
  // {send(line), listen(listener), close()} (e.g. a WebSocket to `damiera --websocket`).
  Damiera.connect = function (channel, options) {
    options = options || {};
    var engine = new Engine(channel);
    return engine._awaitReplies(function (resolve) {
      engine._handler = function (line) {
        // "option name Skill Level type spin default 20 min 0 max 20": what setOption takes.
        var option = /^option name (.+?) type (\S+)/.exec(line);
        if (option) engine.options.push({name: option[1], type: option[2]});
        if (line !== 'uciok') return;
        engine._handler = null;
        resolve();
      };
      engine._send('uci');
    }).then(function () {
      var lines = options.threads ? ['setoption name Threads value ' + options.threads] : [];
      return engine._command(lines);
    }).then(function () {
      return engine;
    });
  };

  Damiera.Refusal = Refusal;
  Damiera.EngineError = EngineError;
})(typeof Damiera !== 'undefined' ? Damiera : (globalThis.Damiera = {}));
