// The demo page (tools/web/, docs/web.md "The demo page"), built only on the package's promise
// API (src/wasm/promise-api.js: Damiera.start, play, bestMove, stop...): a board drawn from the
// engine's own position (engine.fen()), a move entered by two clicks and sent to the engine as
// it is, so a refused one is explained in the chosen language (refusal.explain), two captures
// with the same ends asked of the player, three levels, new game, undo and flip. The engine is
// the WebAssembly build in a Web Worker (engine/damiera.js, served by tools/serve-web from
// dist/wasm/) or any server speaking the same protocol over a WebSocket (Damiera.connect).
'use strict';

const page = {
  engine: null,         // the promise API's engine
  moves: [],            // the game so far, in the protocol's notation (engine.game().moves)
  legal: [],            // legal moves of the current position
  pieces: new Map(),    // square number -> 'w' | 'W' | 'b' | 'B'
  sideToMove: 'W',
  human: 'W',           // the side the player moves (the engine answers for the other)
  flipped: false,       // the board seen from Black's side
  selected: null,       // the square clicked first
  choice: [],           // the paths offered when two captures have the same ends
  thinking: false,
  analysing: false,     // an analysis runs (analysis-view.js): the game's controls wait
  viewing: false,       // the board shows a position of the analysis, not the game
  illegal: 0,           // moves the engine refused
  refusal: '',          // the last refusal, as shown
};
window.damieraPage = page;
page.refresh = () => refresh();  // for the page test, after it sets a position itself
// The analysis panel shows one of its positions; refresh() goes back to the game.
page.showPosition = (fen) => {
  page.viewing = true;
  page.pieces = parseFen(fen);
  page.selected = null;
  page.choice = [];
  draw();
  $('status').textContent = 'The board shows a position of the analysis ("Back to the game").';
};

const $ = (id) => document.getElementById(id);
function log(line) {
  const box = $('log');
  box.textContent += line + '\n';
  box.scrollTop = box.scrollHeight;
}

// ---- The engine ----------------------------------------------------------------------------

// The native server over a WebSocket, as a channel of lines for Damiera.connect.
function websocketChannel(url) {
  const socket = new WebSocket(url);
  const listeners = [];
  socket.onmessage = (event) => listeners.forEach((listener) => listener(String(event.data)));
  return new Promise((resolve, reject) => {
    socket.onopen = () => resolve({
      send: (line) => socket.send(line),
      listen: (listener) => listeners.push(listener),
      close: () => socket.close(),
      failed: (listener) => socket.addEventListener('close', () => listener('the connection to ' + url + ' closed')),
    });
    socket.onerror = () => reject(new Error('cannot connect to ' + url));
  });
}

async function start(kind) {
  if (page.engine) page.engine.quit();
  page.engine = null;
  $('status').textContent = 'Connecting...';
  // The worker loads the 2..4 piece endgame database shipped beside it (engine/egdb/, 0.6 MB)
  // before the engine starts (egdb: true); EGDBPath's default is then that database.
  const engine = kind === 'ws' ?
      await Damiera.connect(await websocketChannel($('wsurl').value)) :
      await Damiera.start({url: kind === 'threaded' ? 'engine/damiera-threaded.js' : 'engine/damiera.js',
                           egdb: true});
  engine.onLine = (line) => log('< ' + line);
  page.engine = engine;
  page.uciok = true;
  await engine.newGame();
  await refresh();
}

// The engine's move at the chosen level. `Level` (easy, medium, hard) is the engine's preset, a
// node budget; an engine without it (an older server) plays at a Skill Level for 0.5 s instead.
const skillOfLevel = {easy: 3, medium: 10, hard: 20};
async function engineMove() {
  const level = $('level').value;
  if (page.engine.options.some((option) => option.name === 'Level'))
    return page.engine.bestMove({level, onInfo: showInfo});
  await page.engine.setOption('Skill Level', skillOfLevel[level]);
  return page.engine.bestMove({movetime: 500, onInfo: showInfo});
}

function showInfo(info) {
  if (info.score) $('score').textContent = 'cp' in info.score ? (info.score.cp / 100).toFixed(2) : 'mate ' + info.score.mate;
  if (info.pv) $('pv').textContent = info.pv.join(' ');
}

// ---- The position ---------------------------------------------------------------------------

// Reads the position back from the engine: its fen and its legal moves.
async function refresh() {
  const fen = await page.engine.fen();
  page.pieces = parseFen(fen);
  page.sideToMove = fen[0];
  page.legal = await page.engine.legalMoves();
  page.moves = page.engine.game().moves;
  page.selected = null;
  page.choice = [];
  page.viewing = false;
  draw();
  $('moves').textContent = page.moves.join(' ');
  $('status').textContent = page.legal.length === 0 ? 'Game over.' :
      (page.sideToMove === page.human ? 'Your move (' + (page.human === 'W' ? 'White' : 'Black') + ').' :
                                       'The engine is to move: "Engine, play".');
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
function squareOf(row, column) {
  return row * 4 + Math.floor(column / 2) + 1;
}
const squaresOf = (move) => move.split(/[-x]/).map(Number);
// The squares a capture's path jumps over (each between two landing squares), sorted: two
// paths with the same ends and the same set are one move (the same result).
function capturedBy(move) {
  const path = squaresOf(move);
  const jumped = [];
  for (let i = 1; i < path.length && move.includes('x'); ++i) {
    const a = squareAt(path[i - 1]);
    const b = squareAt(path[i]);
    jumped.push(squareOf((a.row + b.row) / 2, (a.column + b.column) / 2));
  }
  return jumped.sort((x, y) => x - y).join(',');
}

function draw() {
  const svg = $('board');
  const ns = 'http://www.w3.org/2000/svg';
  svg.textContent = '';
  const view = (n) => (page.flipped ? 7 - n : n);
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
    const at = squareAt(square);
    const row = view(at.row);
    const column = view(at.column);
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
  drawChoice();
}

// Two captures with the same ends but different pieces taken: the player picks the path.
function drawChoice() {
  const box = $('choice');
  box.textContent = '';
  if (page.choice.length === 0) return;
  box.append('Which capture? ');
  for (const move of page.choice) {
    const button = document.createElement('button');
    button.textContent = move;
    button.dataset.move = move;
    button.addEventListener('click', () => playOurs(move));
    box.append(button, ' ');
  }
}

function showRefusal(text) {
  page.refusal = text;
  $('refusal').textContent = text;
}

// First click: a piece; second: where it goes. The move is sent to the engine as clicked, so
// one the rules forbid comes back refused, with the reason in the chosen language.
async function clicked(square) {
  if (page.thinking || page.analysing || page.viewing || page.sideToMove !== page.human ||
      page.legal.length === 0)
    return;
  const own = (n) => (page.pieces.get(n) || '').toUpperCase() === page.human;
  if (page.selected === null || page.selected === square || own(square)) {
    page.selected = page.pieces.has(square) && page.selected !== square ? square : null;
    page.choice = [];
    draw();
    return;
  }
  const from = page.selected;
  page.selected = null;
  const candidates = page.legal.filter((m) => squaresOf(m)[0] === from && squaresOf(m).pop() === square);
  // Paths with the same captured pieces are one move; different ones are the player's choice.
  const results = new Map();
  for (const move of candidates) if (!results.has(capturedBy(move))) results.set(capturedBy(move), move);
  if (results.size > 1) {
    page.choice = [...results.values()];
    draw();
    return;
  }
  // None legal: sent as typed ('x' for a jump), for the engine to say why not.
  const far = Math.abs(squareAt(from).row - squareAt(square).row) > 1;
  await playOurs(results.size === 1 ? [...results.values()][0] : from + (far ? 'x' : '-') + square);
}

// Busy from our move until the engine's reply is on the board: no click counts meanwhile.
async function playOurs(move) {
  page.choice = [];
  page.thinking = true;
  try {
    await page.engine.play(move);
    showRefusal('');
    await refresh();
    if (page.legal.length > 0) await enginePlays();
  } catch (error) {
    if (!(error instanceof Damiera.Refusal)) throw error;
    ++page.illegal;
    showRefusal(error.explain($('language').value));
    draw();
  } finally {
    page.thinking = false;
  }
}

async function enginePlays() {
  page.thinking = true;
  $('status').textContent = 'Thinking...';
  const best = await engineMove();
  if (best.move) await page.engine.play(best.move);
  page.human = page.sideToMove === 'W' ? 'B' : 'W';  // the player has the other side
  await refresh();
  page.thinking = false;
}

// ---- Controls -------------------------------------------------------------------------------

$('go').addEventListener('click', () => page.legal.length > 0 && !page.thinking && !page.analysing && enginePlays());
$('newgame').addEventListener('click', async () => {
  if (page.analysing) return;
  await page.engine.stop();
  page.human = 'W';
  showRefusal('');
  await page.engine.newGame();
  await refresh();
});
// Takes back to the player's last turn: the engine's reply and the player's move.
$('undo').addEventListener('click', async () => {
  if (page.thinking || page.analysing) return;
  const count = page.sideToMove === page.human ? 2 : 1;
  await page.engine.undo(Math.min(count, page.moves.length));
  showRefusal('');
  await refresh();
});
$('flip').addEventListener('click', () => {
  page.flipped = !page.flipped;
  draw();
});
$('analyse').addEventListener('click', () => !page.analysing && page.engine.bestMove({onInfo: showInfo}));
$('stop').addEventListener('click', () => !page.analysing && page.engine.stop());
$('connect').addEventListener('click', () => start($('engine').value).catch((e) => {
  $('status').textContent = e.message;
}));
if (!self.crossOriginIsolated) $('engine').querySelector('[value=threaded]').disabled = true;
// ?engine=ws&url=ws://host:port/ picks the engine at load (the tests' hook); ?lang=it the
// language of refusals.
const params = new URLSearchParams(location.search);
if (params.get('url')) $('wsurl').value = params.get('url');
if (params.get('engine')) $('engine').value = params.get('engine');
if (params.get('lang')) $('language').value = params.get('lang');
page.ready = start($('engine').value).catch((e) => {
  $('status').textContent = e.message;
  throw e;
});
