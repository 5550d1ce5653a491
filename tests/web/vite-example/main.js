// The package as a bundler sees it: imported by name, from node_modules (installed from its
// tarball: npm install ./damiera-wasm-VERSION.tgz). The engine runs in a Web Worker of the
// package's own damiera.js, which vite.config.js copies beside the page with its .wasm.
import Damiera from 'damiera-wasm';

const shown = document.getElementById('move');
const engine = await Damiera.start({url: new URL('damiera.js', document.baseURI).href});
const {move} = await engine.bestMove({level: 'easy'});
await engine.play(move);
shown.textContent = move;
window.damieraExample = {move, crossOriginIsolated: self.crossOriginIsolated};
