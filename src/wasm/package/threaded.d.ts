// 'damiera-wasm/threaded' (damiera-threaded.js): the same API as 'damiera-wasm' (damiera.d.ts).
import Damiera = require('./damiera');
export = Damiera;
