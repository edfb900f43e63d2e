// Preload for the npm Stockfish WASM wrapper under Deno: the wrapper takes a
// defined `self` as a sign of a browser worker and crashes; without it, it
// runs as a Node-style main module reading UCI from stdin.
delete globalThis.self;
