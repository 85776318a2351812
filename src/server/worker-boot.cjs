// A worker thread's TypeScript, from source (worker-threads.ts, startWorker):
// Node 20 gives a worker thread tsx's require hook but not its ESM loader, so
// the file named in argv is loaded through require.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS: require is how this file loads another
require(process.argv[2]);
