// The typed example (tests/wasm/test-types): every call of the promise API and of the line API,
// in both flavours, checked by tsc --strict. Compiled, not run (tests/wasm/test-promise-api runs
// the same calls).
import Damiera = require('damiera-wasm');
import DamieraThreaded = require('damiera-wasm/threaded');

async function playOneGame(factory: typeof Damiera, lang: Damiera.Language): Promise<string[]> {
  const engine: Damiera.Engine = await factory.start({threads: 2, egdb: true});
  engine.onLine = (line: string) => console.log(line);
  const hasLevel: boolean = engine.options.some((option) => option.name === 'Level');
  await engine.newGame();
  const legal: string[] = await engine.legalMoves();
  try {
    await engine.play('9-13');
  } catch (error) {
    if (error instanceof factory.Refusal) {
      const code: Damiera.RefusalCode = error.code;
      const square: string | undefined = error.params.square;
      console.log(code, square, error.text, error.explain(lang), error.explain('pt-BR'));
    } else if (error instanceof factory.EngineError) {
      console.log(error.line);
    }
  }
  await engine.play(legal[0]);
  const reply: Damiera.BestMove = await engine.bestMove({
    level: hasLevel ? 'easy' : 5,
    onInfo: (info: Damiera.SearchInfo) => {
      if (info.score && 'cp' in info.score) console.log(info.depth, info.score.cp, info.pv);
    },
  });
  if (reply.move !== null) await engine.play(reply.move);
  await engine.bestMove({movetime: 100});
  await engine.bestMove({depth: 6, nodes: 10000});
  const thinking = engine.bestMove({level: 5});
  await engine.stop();
  await thinking;
  await engine.undo(2);
  await engine.setPosition({fen: 'W:W22:B18,10,19,11', moves: []});
  await engine.setOption('MultiPV', 1);
  const fen: string = await engine.fen();
  const {outcome, reason} = await engine.result();
  const game: {fen: string | null; moves: string[]} = engine.game();
  await engine.quit();
  const sentence: string | null = factory.explainRefusal('must-capture', {side: 'white', captures: '19x10'}, 'it');
  return [fen, outcome, reason, ...game.moves, sentence ?? ''];
}

// The line API of both flavours.
async function lines(): Promise<void> {
  const module: Damiera.DamieraModule = await DamieraThreaded({egdb: '/srv/egdb', onEngineExit: (code: number) => console.log(code)});
  module.addMessageListener((line: string) => console.log(line));
  module.postMessage('uci');
  // Any channel of lines, e.g. a WebSocket to the native server.
  const socket = {sent: [] as string[], onClose: null as ((reason: string) => void) | null};
  const engine = await Damiera.connect({
    send: (line: string) => void socket.sent.push(line),
    listen: (listener: (line: string) => void) => listener('uciok'),
    close: () => undefined,
    failed: (listener: (reason: string) => void) => void (socket.onClose = listener),
  });
  await engine.quit();
}

void playOneGame(Damiera, 'it');
void playOneGame(DamieraThreaded, 'ro');
void lines();
