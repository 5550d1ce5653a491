#!/usr/bin/env node
// The WebAssembly engine on stdin and stdout, as the native `damiera` (the native transcripts
// replay against it, tests/wasm/): `damiera-wasm [--threaded] [hub]`. Input bytes go to the
// engine as they come; the process exits when the engine does (quit, or the end of input).
'use strict';
const path = require('path');

const args = process.argv.slice(2);
const threaded = args[0] === '--threaded';
const Damiera = require(path.join(__dirname, threaded ? 'damiera-threaded.js' : 'damiera.js'));

Damiera({
  arguments: threaded ? args.slice(1) : args,
  onEngineExit: (code) => {
    // Every reply is out (writes to a pipe complete in order) before the process ends.
    process.stdout.write('', () => process.exit(code));
  },
}).then((engine) => {
  engine.addMessageListener((line) => process.stdout.write(line + '\n'));
  process.stdin.on('data', (chunk) => engine.pushInput(chunk));
  process.stdin.on('end', () => engine.endInput());
});
