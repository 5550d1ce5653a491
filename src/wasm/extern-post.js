// As a Web Worker (new Worker('damiera.js')), as stockfish.js: each message to the worker is
// one command line, each message from it one reply line. Not in the threaded flavour's own
// pthread workers, which load this file too: Emscripten's worker script (damiera-threaded.
// worker.js) makes a global Module marked ENVIRONMENT_IS_PTHREAD before it loads this file.
(function () {
  var isWorker = typeof WorkerGlobalScope !== 'undefined' && typeof self !== 'undefined' &&
      self instanceof WorkerGlobalScope;
  if (!isWorker || (typeof Module !== 'undefined' && Module['ENVIRONMENT_IS_PTHREAD'])) return;
  var engine = null;
  var early = [];
  self.onmessage = function (event) {
    if (engine) engine.postMessage(event.data);
    else early.push(event.data);
  };
  // damiera.js?egdb: with the endgame database shipped beside it (pre.js).
  var egdb = /[?&]egdb(&|$)/.test(self.location.search);
  Damiera({mainScriptUrlOrBlob: self.location.href, egdb: egdb}).then(function (module) {
    module.addMessageListener(function (line) {
      self.postMessage(line);
    });
    engine = module;
    early.forEach(function (line) {
      module.postMessage(line);
    });
    early = null;
  });
})();
