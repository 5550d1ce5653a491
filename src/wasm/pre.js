// The engine's JavaScript API, inside Emscripten's module factory (src/wasm/main.cpp is the
// other side): the ecosystem's habit, as stockfish.js's module build:
//   const engine = await Damiera();
//   engine.addMessageListener((line) => console.log(line));   // one reply line per call
//   engine.postMessage('go movetime 500');                     // one command line per call
// Under Node, this Emscripten (3.1.6) would load damiera.wasm with Node's fetch (built in since
// Node 18), which takes no file paths, and fail; hidden in the factory, it reads the file.
var fetch = typeof process === 'object' && process.versions && process.versions.node ?
    undefined : globalThis.fetch;

// Endgame databases (docs/web.md): `Damiera({egdb: true})` (a Worker: `damiera.js?egdb`) puts
// the 2..4 piece slices shipped beside damiera.js (egdb/, listed in egdb/files.txt) into the
// engine's file system at /egdb before the engine starts, and makes that folder EGDBPath's
// default, as DAMIERA_EGDB does natively; `egdb: 'URL or folder'` takes them from elsewhere.
// Fetched, not built here: building them takes the native builder 10 s, the page would take
// longer on every load; the files are 0.6 MB, cached as any other.
if (Module['egdb']) {
  Module['preRun'] = [].concat(Module['preRun'] || [], function () {
    var where = Module['egdb'] === true ? locateFile('egdb/') : String(Module['egdb']);
    if (!/\/$/.test(where)) where += '/';
    var read;
    if (typeof process === 'object' && process.versions && process.versions.node &&
        !/^https?:/.test(where)) {
      var nodeFs = require('fs');
      read = function (name) {
        return Promise.resolve(new Uint8Array(nodeFs.readFileSync(where + name)));
      };
    } else {
      read = function (name) {
        return globalThis.fetch(where + name).then(function (response) {
          if (!response.ok) throw new Error(where + name + ': HTTP ' + response.status);
          return response.arrayBuffer();
        }).then(function (buffer) {
          return new Uint8Array(buffer);
        });
      };
    }
    addRunDependency('damiera-egdb');
    read('files.txt').then(function (list) {
      var names = new TextDecoder().decode(list).split('\n').filter(Boolean);
      return Promise.all(names.map(function (name) {
        return read(name).then(function (bytes) {
          return [name, bytes];
        });
      }));
    }).then(function (files) {
      FS.mkdir('/egdb');
      files.forEach(function (file) {
        FS.writeFile('/egdb/' + file[0], file[1]);
      });
      ENV['DAMIERA_EGDB'] = '/egdb';
    }).catch(function (error) {
      // The engine still starts, without a database, as natively with a bad DAMIERA_EGDB.
      err('damiera: no endgame database: ' + error.message);
    }).then(function () {
      removeRunDependency('damiera-egdb');
    });
  });
}

var damieraListeners = [];
Module['addMessageListener'] = function (listener) {
  damieraListeners.push(listener);
};
Module['removeMessageListener'] = function (listener) {
  damieraListeners = damieraListeners.filter(function (l) {
    return l !== listener;
  });
};
// One command line (a string; a trailing newline is added).
Module['postMessage'] = function (line) {
  Module['pushInput'](new TextEncoder().encode(String(line) + '\n'));
};
// Raw input bytes, whole lines or not (the Node command line passes stdin through as it is).
Module['pushInput'] = function (bytes) {
  if (bytes.length === 0) return;
  var pointer = _malloc(bytes.length);
  writeArrayToMemory(bytes, pointer);
  _damiera_input(pointer, bytes.length);
  _free(pointer);
  Module['damieraInputArrived']();
};
// The end of input: counts as quit, as on stdin.
Module['endInput'] = function () {
  _damiera_input(0, -1);
  Module['damieraInputArrived']();
};
// Wakes the single-threaded engine if it waits for input (main.cpp, waitForInput); the
// threaded one blocks on its own thread instead and never sets a waiter.
Module['damieraInputWaiter'] = null;
Module['damieraInputArrived'] = function () {
  var waiter = Module['damieraInputWaiter'];
  Module['damieraInputWaiter'] = null;
  if (waiter) waiter();
};
// Called once the engine has quit (quit, or the end of input), with its exit code.
Module['onEngineExit'] = Module['onEngineExit'] || function () {};

Module['damieraEmit'] = function (line) {
  damieraListeners.slice().forEach(function (listener) {
    listener(line);
  });
};
Module['damieraExited'] = function (code) {
  Module['onEngineExit'](code);
};
// Runs `callback` as soon as the event loop has handled what is pending: setImmediate under
// Node, a MessageChannel in a browser (setTimeout is clamped to 4 ms and more there).
Module['damieraSoon'] = (function () {
  if (typeof setImmediate === 'function') return setImmediate;
  var waiting = [];
  var channel = new MessageChannel();
  channel.port1.onmessage = function () {
    waiting.shift()();
  };
  return function (callback) {
    waiting.push(callback);
    channel.port2.postMessage(0);
  };
})();
