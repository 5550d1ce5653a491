// The demo page's "Analyse a game" panel (docs/web.md, "Analysing a game"): a PDN pasted or the
// game on the board, analysed by the page's engine or a server's HTTP API (game-analysis.js),
// with progress and cancel; then the evaluation graph (SVG, White's expected score as
// damiera-analyse's HTML report draws it), the moves with their marks, and at each mistake the
// better move. A click on a move (or a mark on the graph) shows that position on the board.
'use strict';

const analysisView = {
  running: false,
  abort: null,    // an AbortController while an analysis runs: Cancel aborts it
  result: null,   // the last analysis (game-analysis.js's result object)
  error: '',      // the last error shown
  shownPly: null, // the move whose position the board shows
};
window.damieraAnalysis = analysisView;

const SVG_NS = 'http://www.w3.org/2000/svg';
const GRAPH = {width: 600, height: 160};

const formatScore = DamieraAnalysis.formatScore;

// The game on the board as PDN (a FEN tag when it did not start from the start position).
function boardGamePdn() {
  const game = page.engine.game();
  const words = [];
  let side = game.fen ? game.fen[0] : 'W';
  let number = 1;
  game.moves.forEach((move, i) => {
    if (side === 'W') words.push(number + '.');
    else if (i === 0) words.push(number + '...');
    words.push(move);
    if (side === 'B') ++number;
    side = side === 'W' ? 'B' : 'W';
  });
  const tags = ['[Event "Damiera demo page"]', '[GameType "22"]'];
  if (game.fen) tags.push('[SetUp "1"]', `[FEN "${game.fen}"]`);
  return tags.join('\n') + '\n\n' + words.concat('*').join(' ') + '\n';
}

function showBackend() {
  const server = $('analysis-backend').value === 'server';
  $('analysis-engine-options').hidden = server;
  $('analysis-server-options').hidden = !server;
}

function showAnalysisError(text) {
  analysisView.error = text;
  $('analysis-error').textContent = text;
}

function showProgress(done, total, started) {
  const bar = $('analysis-progress');
  bar.max = total || 1;
  bar.value = done || 0;
  const elapsed = (performance.now() - started) / 1000;
  const eta = done > 0 && total > done ? ` (about ${Math.ceil(elapsed / done * (total - done))} s left)` : '';
  $('analysis-status').textContent = `Position ${done} of ${total}${eta}`;
}

async function analyseGame() {
  if (analysisView.running || page.thinking || !page.engine) return;
  showAnalysisError('');
  const text = $('pdn').value;
  let game;
  try {
    game = DamieraPdn.parsePdn(text);
  } catch (error) {
    showAnalysisError(error.message);
    return;
  }
  analysisView.running = true;
  analysisView.abort = new AbortController();
  page.analysing = true;
  $('analyse-game').disabled = true;
  $('cancel-analysis').disabled = false;
  $('analysis-progress').hidden = false;
  const started = performance.now();
  const options = {
    language: $('language').value,
    isCancelled: () => analysisView.abort.signal.aborted,  // the page's engine asks between positions
    signal: analysisView.abort.signal,
    onProgress: (done, total) => showProgress(done, total, started),
  };
  showProgress(0, game.moves.length + 1, started);
  let result = null;
  try {
    result = $('analysis-backend').value === 'server' ?
        await DamieraAnalysis.analyseWithServer($('analysis-url').value, text, game,
            Object.assign(options, {depth: Number($('analysis-depth').value), token: $('analysis-token').value})) :
        await DamieraAnalysis.analyseWithEngine(page.engine, game,
            Object.assign(options, {nodes: Number($('analysis-nodes').value)}));
  } catch (error) {
    if (error.name === 'Cancelled') $('analysis-status').textContent = 'Cancelled.';
    else showAnalysisError(error.message);
  }
  page.analysing = false;
  $('analyse-game').disabled = false;
  $('cancel-analysis').disabled = true;
  $('analysis-progress').hidden = true;
  try {
    await page.refresh();  // the engine's game is the one before the analysis again
    if (result) {
      analysisView.result = result;
      drawAnalysis(result);
      $('analysis-status').textContent = `Done: ${result.positions.length} positions (${result.effort}).`;
    }
  } finally {
    analysisView.running = false;  // last: the page test waits for it
  }
}

function cancelAnalysis() {
  // The page's engine ends the position it is searching at once; a server's job is cancelled
  // there (DELETE) at once too: the abort ends the wait for the next poll.
  if (analysisView.abort) analysisView.abort.abort();
  if ($('analysis-backend').value === 'engine' && page.engine) page.engine.stop();
}

// ---- The result -----------------------------------------------------------------------------

function element(tag, attributes, text) {
  const node = tag === 'svg' || ['polygon', 'line', 'circle', 'rect', 'title'].includes(tag) ?
      document.createElementNS(SVG_NS, tag) : document.createElement(tag);
  for (const [name, value] of Object.entries(attributes || {})) node.setAttribute(name, value);
  if (text !== undefined) node.textContent = text;
  return node;
}

function summaryText(name, side) {
  return `${name}: average loss ${(side.averageLoss / 100).toFixed(2)} a move, ` +
      `${side.inaccuracies} inaccuracies, ${side.mistakes} mistakes, ${side.blunders} blunders`;
}

// White's expected score, 100% at the top, light where White stands better; a dot on every
// marked move (damiera-analyse's evalGraphSvg, src/analysis/eval_graph.cpp).
function drawGraph(result) {
  const svg = $('analysis-graph');
  svg.textContent = '';
  const plies = result.positions.length - 1;
  const step = GRAPH.width / Math.max(1, plies);
  const y = (ply) => GRAPH.height * (1 - DamieraAnalysis.expectedPercent(result.positions[ply].whiteScore) / 100);
  svg.append(element('title', {}, 'White\'s expected score, move by move'));
  svg.append(element('rect', {width: GRAPH.width, height: GRAPH.height, fill: '#303030'}));
  let area = `0,${GRAPH.height}`;
  for (let ply = 0; ply <= plies; ++ply) area += ` ${(ply * step).toFixed(1)},${y(ply).toFixed(1)}`;
  area += ` ${(plies * step).toFixed(1)},${GRAPH.height}`;
  svg.append(element('polygon', {points: area, fill: '#e8e8e8'}));
  svg.append(element('line', {x1: 0, y1: GRAPH.height / 2, x2: GRAPH.width, y2: GRAPH.height / 2,
                              stroke: '#808080', 'stroke-width': 1, 'vector-effect': 'non-scaling-stroke'}));
  result.moves.forEach((move) => {
    if (!move.judgement) return;
    const dot = element('circle', {cx: (move.ply * step).toFixed(1), cy: y(move.ply).toFixed(1), r: 6,
                                   class: 'mark-' + move.judgement.toLowerCase(), 'data-ply': move.ply});
    dot.append(element('title', {}, `${move.judgement}: ${moveLabel(move)}`));
    dot.addEventListener('click', () => showMove(move.ply));
    svg.append(dot);
  });
}

function moveLabel(move) {
  const number = Math.ceil(move.ply / 2);
  return `${number}${move.mover === 'W' ? '.' : '...'} ${move.move}${move.mark}`;
}

function drawAnalysis(result) {
  $('analysis-result').hidden = false;
  document.body.classList.add('analysis-shown');  // on a phone, the board stays in view (index.html)
  const names = `${result.tags.White || 'White'} - ${result.tags.Black || 'Black'}`;
  $('analysis-summary').textContent = '';
  $('analysis-summary').append(element('b', {}, names), element('br'),
                               summaryText('White', result.white), element('br'),
                               summaryText('Black', result.black));
  drawGraph(result);
  const list = $('analysis-moves');
  list.textContent = '';
  let pair = null;  // a move number with its moves, kept on one line
  for (const move of result.moves) {
    if (move.mover === 'W' || !pair) {
      pair = element('span', {class: 'pair'});
      pair.append(element('span', {class: 'number'}, Math.ceil(move.ply / 2) + (move.mover === 'W' ? '.' : '...')));
      list.append(pair, ' ');
    }
    const button = element('button', {class: 'move' + (move.judgement ? ' mark-' + move.judgement.toLowerCase() : ''),
                                      'data-ply': move.ply, title: move.judgement || 'no loss'},
                           move.move + move.mark);
    button.addEventListener('click', () => showMove(move.ply));
    pair.append(button);
  }
  showMove(null);
}

// The position after move `ply` (null: the start) on the board, and what the analysis says.
function showMove(ply) {
  const result = analysisView.result;
  analysisView.shownPly = ply;
  document.querySelectorAll('#analysis-moves button').forEach((b) => b.classList.toggle('shown', Number(b.dataset.ply) === ply));
  const position = result.positions[ply || 0];
  page.showPosition(position.fen);
  const detail = $('analysis-detail');
  detail.textContent = '';
  if (!ply) {
    detail.append(`Start: ${formatScore(position.whiteScore)}`);
    return;
  }
  const move = result.moves[ply - 1];
  detail.append(element('b', {}, moveLabel(move)), ` ${formatScore(position.whiteScore)}`);
  if (move.judgement) detail.append(` ${move.judgement} (-${move.lost.toFixed(1)}%).`);
  else if (move.best) detail.append(' The engine\'s move.');
  if (move.better) {
    detail.append(element('br'), element('b', {class: 'better'}, move.better.moves[0]),
                  ` was best (${formatScore(move.better.whiteScore)}): ${move.better.moves.join(' ')}`);
  }
}

$('analysis-backend').addEventListener('change', showBackend);
$('use-game').addEventListener('click', () => page.engine && ($('pdn').value = boardGamePdn()));
$('analyse-game').addEventListener('click', analyseGame);
$('cancel-analysis').addEventListener('click', cancelAnalysis);
$('back-to-game').addEventListener('click', () => !analysisView.running && page.refresh());
showBackend();
