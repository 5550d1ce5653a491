// The demo page (tools/web/, README "Damiera on a web page"): a board drawn from the engine's
// own position (its `d` command's fen line), moves entered by clicking among the engine's
// `legalmoves`, the engine's reply with its score and PV. The engine is the WebAssembly build
// in a Web Worker (engine/damiera.js, served by tools/serve-web from dist/wasm/) or any
// server speaking the same protocol over a WebSocket: one protocol line per message both ways.
'use strict';

const page = {
  engine: null,         // {send(line)}; replies come to onLine()
  moves: [],            // the game so far, in the protocol's notation
  legal: [],            // legalmoves of the current position
  pieces: new Map(),    // square number -> 'w' | 'W' | 'b' | 'B'
  selected: null,       // the square clicked first
  waiting: [],          // [regex, resolve]: replies awaited in order
  thinking: false,
  illegal: 0,           // moves the engine refused (the test checks there are none)
};
window.damieraPage = page;

const $ = (id) => document.getElementById(id);
function log(line) {
  const box = $('log');
  box.textContent += line + '\n';
  box.scrollTop = box.scrollHeight;
}

// ---- The engine ----------------------------------------------------------------------------

function onLine(line) {
  log('< ' + line);
  if (line.startsWith('info ') && / pv /.test(line)) {
    const score = line.match(/ score (cp|mate) (-?\d+)/);
    if (score) $('score').textContent = score[1] === 'cp' ? (score[2] / 100).toFixed(2) : 'mate ' + score[2];
    $('pv').textContent = line.replace(/.* pv /, '');
  }
  if (line.startsWith('error')) page.illegal += /illegal/.test(line) ? 1 : 0;
  const index = page.waiting.findIndex(([pattern]) => pattern.test(line));
  if (index >= 0) page.waiting.splice(index, 1)[0][1](line);
}
function send(line) {
  log('> ' + line);
  page.engine.send(line);
}
// Sends `line`, resolves with the first reply matching `pattern`.
function ask(line, pattern) {
  return new Promise((resolve) => {
    page.waiting.push([pattern, resolve]);
    send(line);
  });
}

function connect(kind) {
  if (page.engine) page.engine.close();
  page.waiting = [];
  $('status').textContent = 'Connecting...';
  if (kind === 'ws') {
    const socket = new WebSocket($('wsurl').value);
    socket.onmessage = (event) => onLine(String(event.data));
    page.engine = {send: (line) => socket.send(line), close: () => socket.close()};
    return new Promise((resolve, reject) => {
      socket.onopen = resolve;
      socket.onerror = () => reject(new Error('cannot connect to ' + $('wsurl').value));
    });
  }
  // ?egdb: the worker loads the 2..4 piece endgame database shipped beside it (engine/egdb/,
  // 0.6 MB) before the engine starts; EGDBPath's default is then that database.
  const worker = new Worker((kind === 'threaded' ? 'engine/damiera-threaded.js' : 'engine/damiera.js') + '?egdb');
  worker.onmessage = (event) => onLine(event.data);
  page.engine = {send: (line) => worker.postMessage(line), close: () => worker.terminate()};
  return Promise.resolve();
}

async function start(kind) {
  await connect(kind);
  await ask('uci', /^uciok$/);
  await ask('isready', /^readyok$/);
  page.uciok = true;
  await setLevel();
  await refresh();
}

async function setLevel() {
  send('setoption name Skill Level value ' + $('level').value);
  await ask('isready', /^readyok$/);
}

// ---- The position ---------------------------------------------------------------------------

function positionCommand() {
  return 'position startpos' + (page.moves.length ? ' moves ' + page.moves.join(' ') : '');
}

// Reads the position back from the engine: its fen and its legal moves.
async function refresh() {
  send(positionCommand());
  const fen = await ask('d', /^fen /);
  page.pieces = parseFen(fen.slice(4));
  page.sideToMove = fen[4];
  const legal = await ask('legalmoves', /^legalmoves/);
  page.legal = legal.split(' ').slice(1);
  page.selected = null;
  draw();
  $('moves').textContent = page.moves.join(' ');
  $('status').textContent = page.legal.length === 0 ? 'Game over.' :
      (page.sideToMove === 'W' ? 'Your move (White).' : 'Black to move: "Engine, play".');
}

// "W:W21,22,K30:B1,2": side to move, then each colour's squares (K: a king).
function parseFen(fen) {
  const pieces = new Map();
  for (const part of fen.split(':').slice(1)) {
    const colour = part[0] === 'W' ? 'w' : 'b';
    for (const item of part.slice(1).split(',').filter(Boolean)) {
      const king = item.startsWith('K');
      pieces.set(Number(king ? item.slice(1) : item), king ? colour.toUpperCase() : colour);
    }
  }
  return pieces;
}

// Square numbers 1..32 from the top-left dark square (a8), four a row, as `d` shows them.
function squareAt(square) {
  const row = Math.floor((square - 1) / 4);
  const column = 2 * ((square - 1) % 4) + (row % 2);
  return {row, column};
}
const squaresOf = (move) => move.split(/[-x]/).map(Number);

function draw() {
  const svg = $('board');
  const ns = 'http://www.w3.org/2000/svg';
  svg.textContent = '';
  const targets = page.selected === null ? [] :
      page.legal.filter((m) => squaresOf(m)[0] === page.selected).map((m) => squaresOf(m).pop());
  for (let row = 0; row < 8; ++row) {
    for (let column = 0; column < 8; ++column) {
      const rect = document.createElementNS(ns, 'rect');
      rect.setAttribute('x', column);
      rect.setAttribute('y', row);
      rect.setAttribute('width', 1);
      rect.setAttribute('height', 1);
      rect.setAttribute('class', (row + column) % 2 === 0 ? 'dark' : 'light');
      svg.appendChild(rect);
    }
  }
  for (let square = 1; square <= 32; ++square) {
    const {row, column} = squareAt(square);
    const cell = document.createElementNS(ns, 'rect');
    cell.setAttribute('x', column);
    cell.setAttribute('y', row);
    cell.setAttribute('width', 1);
    cell.setAttribute('height', 1);
    cell.setAttribute('class', 'dark' + (square === page.selected ? ' selected' : '') +
                                   (targets.includes(square) ? ' target' : ''));
    cell.setAttribute('data-square', square);
    cell.addEventListener('click', () => clicked(square));
    svg.appendChild(cell);
    const piece = page.pieces.get(square);
    if (!piece) continue;
    const disc = document.createElementNS(ns, 'circle');
    disc.setAttribute('cx', column + 0.5);
    disc.setAttribute('cy', row + 0.5);
    disc.setAttribute('r', 0.38);
    disc.setAttribute('class', piece.toLowerCase() === 'w' ? 'man-w' : 'man-b');
    disc.setAttribute('vector-effect', 'non-scaling-stroke');
    disc.setAttribute('pointer-events', 'none');
    svg.appendChild(disc);
    if (piece === 'W' || piece === 'B') {
      const crown = document.createElementNS(ns, 'circle');
      crown.setAttribute('cx', column + 0.5);
      crown.setAttribute('cy', row + 0.5);
      crown.setAttribute('r', 0.2);
      crown.setAttribute('class', 'crown');
      crown.setAttribute('vector-effect', 'non-scaling-stroke');
      crown.setAttribute('pointer-events', 'none');
      svg.appendChild(crown);
    }
  }
}

// First click: a square some legal move starts from; second: where that move ends.
async function clicked(square) {
  if (page.thinking || page.sideToMove !== 'W') return;
  const from = page.legal.filter((m) => squaresOf(m)[0] === square);
  if (page.selected === null || from.length > 0) {
    page.selected = from.length > 0 ? square : null;
    draw();
    return;
  }
  const move = page.legal.find((m) => squaresOf(m)[0] === page.selected && squaresOf(m).pop() === square);
  page.selected = null;
  if (!move) {
    draw();
    return;
  }
  // Busy from our move until the engine's reply is on the board: no click counts meanwhile.
  page.thinking = true;
  page.moves.push(move);
  await refresh();
  if (page.legal.length > 0) await enginePlays();
  page.thinking = false;
}

async function enginePlays() {
  page.thinking = true;
  $('status').textContent = 'Thinking...';
  send(positionCommand());
  const best = await ask('go movetime 500', /^bestmove /);
  const move = best.split(' ')[1];
  if (move && move !== 'none') page.moves.push(move);
  await refresh();
  page.thinking = false;
}

// ---- Controls -------------------------------------------------------------------------------

for (let level = 0; level <= 20; ++level) {
  const option = document.createElement('option');
  option.value = option.textContent = level;
  if (level === 5) option.selected = true;
  $('level').appendChild(option);
}
$('level').addEventListener('change', setLevel);
$('go').addEventListener('click', () => page.legal.length > 0 && !page.thinking && enginePlays());
$('newgame').addEventListener('click', async () => {
  page.moves = [];
  send('ucinewgame');
  await refresh();
});
$('analyse').addEventListener('click', () => {
  send(positionCommand());
  send('go infinite');
});
$('stop').addEventListener('click', () => send('stop'));
$('connect').addEventListener('click', () => start($('engine').value).catch((e) => {
  $('status').textContent = e.message;
}));
if (!self.crossOriginIsolated) $('engine').querySelector('[value=threaded]').disabled = true;
// ?engine=ws&url=ws://host:port/ picks the engine at load (the tests' hook).
const params = new URLSearchParams(location.search);
if (params.get('url')) $('wsurl').value = params.get('url');
if (params.get('engine')) $('engine').value = params.get('engine');
page.ready = start($('engine').value).catch((e) => {
  $('status').textContent = e.message;
  throw e;
});
