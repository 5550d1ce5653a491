#!/usr/bin/env node
// The WebAssembly engine on stdin and stdout, as the native `damiera` (the native transcripts
// replay against it, tests/wasm/): `damiera-wasm [--threaded] [--egdb[=FOLDER]] [hub]`.
// --egdb: the 2..4 piece endgame database shipped in the package (or the slices in FOLDER) is
// EGDBPath's default, as DAMIERA_EGDB natively. Input bytes go to the engine as they come; the
// process exits when the engine does (quit, or the end of input).
'use strict';
const path = require('path');

let args = process.argv.slice(2);
const flag = (name) => {
  const found = args.find((a) => a === name || a.startsWith(name + '='));
  args = args.filter((a) => a !== found);
  return found === undefined ? undefined : found.slice(name.length + 1) || true;
};
const threaded = flag('--threaded') !== undefined;
const egdb = flag('--egdb');
const Damiera = require(path.join(__dirname, threaded ? 'damiera-threaded.js' : 'damiera.js'));

Damiera({
  arguments: args,
  egdb: typeof egdb === 'string' ? path.resolve(egdb) : egdb,
  onEngineExit: (code) => {
    // Every reply is out (writes to a pipe complete in order) before the process ends.
    process.stdout.write('', () => process.exit(code));
  },
}).then((engine) => {
  engine.addMessageListener((line) => process.stdout.write(line + '\n'));
  process.stdin.on('data', (chunk) => engine.pushInput(chunk));
  process.stdin.on('end', () => engine.endInput());
});
