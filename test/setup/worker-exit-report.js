/**
 * Names what keeps a jest worker alive after jest told it to end. Jest then waits 500 ms,
 * kills it and prints only "A worker process has failed to exit gracefully"; a file that
 * leaves a referenced timer, socket or child process behind is not named. Loaded into every
 * process of the run (NODE_OPTIONS `--require`, scripts/test.ts), it acts only in jest's
 * workers: it keeps their timers in a set (no stack: cheap), and 400 ms after the end message
 * prints to stderr the referenced timers' callbacks and the open handles.
 *
 * A worker can also be late with nothing holding it: its event loop busy, or its exit slow
 * after the loop emptied (an unreferenced timer never fires then). Each worker appends when it
 * got the end message, what was pending then, and when its 'beforeExit' and 'exit' events came
 * to test-results/worker-exits.log: a warning with no report above it is told apart there.
 *
 * Plain JavaScript: it loads before any transform.
 */
const WORKER_SCRIPT = /[\\/]jest-worker[\\/]build[\\/]processChild\.js$/;
const isJestWorker = WORKER_SCRIPT.test(process.argv[1] ?? '');
const EXIT_LOG = require('node:path').resolve(__dirname, '..', '..', 'test-results', 'worker-exits.log');
const note = (line) => {
  try {
    require('node:fs').appendFileSync(EXIT_LOG, `${new Date().toISOString()} ${line}\n`);
  } catch {
    // No folder (a run outside scripts/test.ts): nothing to note.
  }
};

// In jest's parent: when each worker process really ended, and how (killed or on its own).
if (!isJestWorker && /[\\/]jest(-cli)?[\\/]|[\\/]\.bin[\\/]jest$/.test(process.argv[1] ?? '')) {
  const childProcess = require('node:child_process');
  const fork = childProcess.fork;
  childProcess.fork = function (modulePath, ...rest) {
    const child = fork.call(this, modulePath, ...rest);
    if (WORKER_SCRIPT.test(String(modulePath)))
      child.once('exit', (code, signal) => note(`worker process pid ${child.pid} ended: code ${code}, signal ${signal}`));
    return child;
  };
}

if (isJestWorker) {
  const timers = require('node:timers');
  const live = new Set();
  const track = (create) => {
    const tracked = function (...args) {
      const timer = create.apply(this, args);
      // Fired and cleared timers are marked destroyed; pruned now and then, never scanned per call.
      if (live.size >= 20_000) for (const t of live) if (t._destroyed) live.delete(t);
      live.add(timer);
      return timer;
    };
    // The original's own properties too: its name, and util.promisify's custom form.
    return Object.defineProperties(tracked, Object.getOwnPropertyDescriptors(create));
  };
  // jest's node environment hands the test context this realm's globals, so both paths are covered.
  for (const name of ['setTimeout', 'setInterval']) {
    const wrapped = track(globalThis[name]);
    globalThis[name] = wrapped;
    timers[name] = wrapped;
  }

  const describeTimer = (t) =>
    `Timeout ${t._idleTimeout} ms${t._repeat ? ' (repeating)' : ''}: ${String(t._onTimeout).replace(/\s+/g, ' ').slice(0, 300)}`;
  const describeHandle = (h) => {
    const kind = h?.constructor?.name ?? typeof h;
    if (kind === 'Socket' || kind === 'TLSSocket') {
      if (h === process.stdout || h === process.stderr || h === process.stdin) return undefined;
      return `${kind} ${h.localAddress ?? ''}:${h.localPort ?? ''} → ${h.remoteAddress ?? h._host ?? '?'}:${h.remotePort ?? ''}`;
    }
    if (kind === 'ChildProcess')
      return `ChildProcess pid ${h.pid}: ${[h.spawnfile, ...(h.spawnargs ?? []).slice(1)].join(' ').slice(0, 300)}`;
    if (kind === 'Server') return `Server ${JSON.stringify(h.address?.())}`;
    if (kind === 'Pipe' || kind === 'WriteStream' || kind === 'ReadStream') return undefined;
    return kind;
  };
  const report = () => {
    const refTimers = [...live].filter((t) => !t._destroyed && t.hasRef());
    const handles = process
      ._getActiveHandles()
      .filter((h) => typeof h.hasRef !== 'function' || h.hasRef())
      .map(describeHandle)
      .filter(Boolean);
    const lines = [...refTimers.map(describeTimer), ...handles];
    process.stderr.write(
      `\n[jest worker ${process.env.JEST_WORKER_ID}] still running 400 ms after jest ended it; ` +
        `resources ${JSON.stringify(process.getActiveResourcesInfo())}\n` +
        lines.map((l) => `  - ${l}\n`).join(''),
    );
  };
  const path = require('node:path');
  const noteHere = (line) => note(`worker ${process.env.JEST_WORKER_ID} pid ${process.pid}: ${line}`);
  // What Node tears down after 'exit' — native addons' cleanup hooks, worker threads still
  // running — named at 'exit': a worker late with nothing pending is slow there.
  const addons = new Set();
  const dlopen = process.dlopen;
  process.dlopen = function (module, filename, ...rest) {
    addons.add(path.basename(String(filename)));
    return dlopen.call(this, module, filename, ...rest);
  };
  // The process's own threads (Linux): native runtimes' thread pools show here, not in worker_threads.
  const osThreads = () => {
    try {
      return /^Threads:\s+(\d+)/m.exec(require('node:fs').readFileSync('/proc/self/status', 'utf8'))?.[1] ?? '?';
    } catch {
      return '?';
    }
  };
  // Node frees the heap after 'exit': about 120 ms a GB here, so a large one alone outlasts jest's 500 ms.
  const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;
  const threads = new Map();
  const workerThreads = require('node:worker_threads');
  const Worker = workerThreads.Worker;
  workerThreads.Worker = class TrackedWorker extends Worker {
    constructor(script, ...rest) {
      super(script, ...rest);
      threads.set(this, String(script).slice(-80));
      this.once('exit', () => threads.delete(this));
    }
  };
  const CHILD_MESSAGE_CALL = 1;
  const CHILD_MESSAGE_END = 2;
  // The last files this worker ran, from jest's calls ([CALL, …, 'worker', [{ path }]]).
  const lastFiles = [];
  const onMessage = (message) => {
    if (!Array.isArray(message)) return;
    const file = message[0] === CHILD_MESSAGE_CALL ? message[3]?.[0]?.path : undefined;
    if (typeof file === 'string' && lastFiles.push(path.relative(process.cwd(), file)) > 3) lastFiles.shift();
    if (message[0] !== CHILD_MESSAGE_END) return;
    // A 'message' listener holds the IPC channel open: this one must not be what keeps the worker.
    process.off('message', onMessage);
    const endedAt = performance.now();
    const since = () => `${(performance.now() - endedAt).toFixed(0)} ms after the end message`;
    noteHere(`end message; pending ${JSON.stringify(process.getActiveResourcesInfo())}; last files ${lastFiles.join(', ')}`);
    process.once('beforeExit', () => noteHere(`beforeExit ${since()}`));
    process.once('exit', () =>
      noteHere(
        `exit ${since()}; heap used ${mb(process.memoryUsage().heapUsed)}, rss ${mb(process.memoryUsage.rss())}; ` +
          `addons loaded ${[...addons].join(', ') || 'none'}; OS threads ${osThreads()}; worker threads running ${threads.size}` +
          (threads.size ? ` (${[...threads.values()].join(', ')})` : ''),
      ),
    );
    setTimeout(report, 400).unref();
  };
  process.on('message', onMessage);
}
