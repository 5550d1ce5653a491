// The engine's worker script and its WebAssembly go to the built site as they are, unhashed
// and side by side (damiera.js finds damiera.wasm beside itself): a bundler must not rename them.
import {readFileSync} from 'node:fs';
import {createRequire} from 'node:module';
import {dirname, join} from 'node:path';

const packageDir = dirname(createRequire(import.meta.url).resolve('damiera-wasm/package.json'));

export default {
  build: {target: 'es2022'},  // top-level await in main.js
  plugins: [{
    name: 'damiera-engine-files',
    generateBundle() {
      for (const fileName of ['damiera.js', 'damiera.wasm'])
        this.emitFile({type: 'asset', fileName, source: readFileSync(join(packageDir, fileName))});
    },
  }],
};
