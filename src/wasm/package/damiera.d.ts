// Damiera's WebAssembly engine: the module factory (the Web Worker form takes and sends plain
// strings, one protocol line per message). The protocol is PROTOCOL.md of the Damiera sources.

export interface DamieraOptions {
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

export interface DamieraEngine {
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

declare function Damiera(options?: DamieraOptions): Promise<DamieraEngine>;
export = Damiera;
