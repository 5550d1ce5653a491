// Damiera's WebAssembly engine: the module factory (the line API: one protocol line per call,
// PROTOCOL.md of the Damiera sources) and, on it, the promise API (Damiera.start). The same
// types for both flavours: 'damiera-wasm' and 'damiera-wasm/threaded' (threaded.d.ts).

declare namespace Damiera {
  interface DamieraOptions {
    /** `['hub']`: Scan's Hub protocol instead of the native one. */
    arguments?: string[];
    /** Endgame database: true, the 2..4 piece slices shipped in the package (its egdb/ folder);
     *  a string, a folder (Node) or URL holding slices and their files.txt. They are put in the
     *  engine's file system at /egdb, EGDBPath's default, before the engine starts. */
    egdb?: boolean | string;
    /** Called once the engine has quit (`quit`, or endInput()), with its exit code. */
    onEngineExit?: (code: number) => void;
    /** Where damiera.wasm (and the threaded flavour's worker script) are, as in Emscripten. */
    locateFile?: (path: string, prefix: string) => string;
    [option: string]: unknown;
  }

  /** The line API: what the module factory resolves with. */
  interface DamieraModule {
    /** One command line, e.g. 'go movetime 500'. */
    postMessage(line: string): void;
    /** Called with each reply line, e.g. 'bestmove 22-18 ponder 11-15'. */
    addMessageListener(listener: (line: string) => void): void;
    removeMessageListener(listener: (line: string) => void): void;
    /** Raw input bytes, whole lines or not (what a stdin passes on). */
    pushInput(bytes: Uint8Array): void;
    /** The end of input: the engine quits, as on stdin. */
    endInput(): void;
    /** Emscripten's file system: where EGDBPath's files are put for the engine to read. */
    FS: any;
  }
  /** The line API's former name. */
  type DamieraEngine = DamieraModule;

  /** The refusal codes (PROTOCOL.md "Refusal codes", protocol/refusals.json). */
  type RefusalCode =
    | 'malformed' | 'empty-square' | 'opponent-piece' | 'no-legal-move' | 'is-capture'
    | 'is-quiet' | 'must-capture' | 'no-capture' | 'precedence-pieces' | 'precedence-king'
    | 'precedence-kings' | 'precedence-order' | 'incomplete' | 'no-such-move' | 'cannot-move'
    | 'cannot-capture' | 'ambiguous' | 'game-over';

  /** A catalogue's language: English, Italian, Portuguese, Spanish, Romanian. */
  type Language = 'en' | 'it' | 'pt' | 'es' | 'ro';

  /** A refused move: the engine's code and parameters, its English text, the move as given.
   *  Parameters are as on the protocol line: squares as numbers, side 'white' | 'black', lists
   *  comma-separated ('21-17,21-18'). */
  interface Refusal extends Error {
    readonly name: 'Refusal';
    readonly code: RefusalCode;
    readonly params: Readonly<Record<string, string>>;
    readonly text: string;
    readonly move: string | undefined;
    /** The refusal in `lang` (a tag such as 'it' or 'pt-BR'; English without a catalogue). */
    explain(lang?: Language | string): string;
  }
  /** Any other error line of the engine (a bad FEN, an option refused). */
  interface EngineError extends Error {
    readonly name: 'EngineError';
    /** The whole line, 'error ...'. */
    readonly line: string;
  }

  type Level = 'easy' | 'medium' | 'hard' | number;

  /** A search's progress, from its `info` line. */
  interface SearchInfo {
    depth?: number;
    seldepth?: number;
    score?: {cp: number} | {mate: number};
    nodes?: number;
    nps?: number;
    time?: number;
    pv?: string[];
    [field: string]: unknown;
  }

  interface BestMoveOptions {
    /** The Level option ('easy', 'medium', 'hard' or 0..20: a node budget), then a plain `go`.
     *  Without it the call sets Level back to off and searches with the full engine. */
    level?: Level;
    /** Milliseconds. */
    movetime?: number;
    depth?: number;
    nodes?: number;
    /** Each progress report of the search. */
    onInfo?: (info: SearchInfo) => void;
  }

  interface BestMove {
    /** Null when the game is over. */
    move: string | null;
    ponder: string | null;
    /** The last report with a principal variation. */
    info: SearchInfo | null;
  }

  interface StartOptions {
    /** The Threads option (the threaded flavour searches with them; the other with one). */
    threads?: number;
    /** As DamieraOptions.egdb. */
    egdb?: boolean | string;
    /** In a page: true (the default), the engine in a Web Worker running this script; false:
     *  in the page's own thread. Outside a page the engine always runs in this thread. */
    worker?: boolean;
    /** The script the Worker runs (default: the damiera.js this page loaded). */
    url?: string;
    locateFile?: (path: string, prefix: string) => string;
  }

  /** Any transport of protocol lines, e.g. a WebSocket to `damiera --websocket`. */
  interface Channel {
    send(line: string): void;
    listen(listener: (line: string) => void): void;
    close(): Promise<unknown> | void;
    /** Optional: the channel calls `listener` when the engine is gone without quit() (a closed
     *  socket, a process that died); the running call and every later one then reject with an
     *  EngineError "engine gone: <reason>" instead of waiting forever. */
    failed?(listener: (reason: string) => void): void;
  }

  /** The promise API. Calls run one at a time in order: a call made while the engine thinks
   *  waits for the search's bestmove (stop() ends it first). */
  interface Engine {
    /** A new game from the start position. */
    newGame(): Promise<void>;
    /** A FEN (null or absent: the start position) and moves from it. */
    setPosition(position: {fen?: string | null; moves?: string[]}): Promise<void>;
    /** Resolves with the move once played; rejects with a Refusal, the game unchanged. */
    play(move: string): Promise<string>;
    /** Takes back the last `count` moves (default 1). */
    undo(count?: number): Promise<void>;
    /** The game so far: its start FEN (null: the start position) and its moves. */
    game(): {fen: string | null; moves: string[]};
    /** The legal moves in full-path notation; none once the game is over. */
    legalMoves(): Promise<string[]>;
    /** The current position's FEN. */
    fen(): Promise<string>;
    result(): Promise<{outcome: '*' | '1-0' | '0-1' | '1/2-1/2'; reason: string}>;
    setOption(name: string, value: string | number | boolean): Promise<void>;
    /** The engine's move (not played). No level and no limit: it searches until stop(). */
    bestMove(options?: BestMoveOptions): Promise<BestMove>;
    /** Ends the running search now; resolves once it is done. */
    stop(): Promise<void>;
    /** Stops, refuses what is still queued, ends the engine. */
    quit(): Promise<void>;
    /** The options the engine declared (its uci reply), e.g. {name: 'Skill Level', type: 'spin'}. */
    readonly options: ReadonlyArray<{name: string; type: string}>;
    /** Every reply line, for a log. */
    onLine?: (line: string) => void;
  }
}

interface DamieraFactory {
  (options?: Damiera.DamieraOptions): Promise<Damiera.DamieraModule>;
  start(options?: Damiera.StartOptions): Promise<Damiera.Engine>;
  connect(channel: Damiera.Channel, options?: {threads?: number}): Promise<Damiera.Engine>;
  Refusal: new (code: string, params: Record<string, string>, text: string, move?: string) =>
    Damiera.Refusal;
  EngineError: new (line: string) => Damiera.EngineError;
  refusalLanguages: Damiera.Language[];
  refusalMessages: Record<Damiera.Language, Record<Damiera.RefusalCode, (params: Record<string, string>) => string>>;
  /** A code and its parameters in `lang`; null for a code without a message. */
  explainRefusal(code: string, params: Record<string, string>, lang?: string): string | null;
}

declare const Damiera: DamieraFactory;
export = Damiera;
