/**
 * For the tests: the web chat started by its documented command, `npm run example -- web-chat --port 0 --db
 * <path>` from the repository root, with no provider key (the scripted model).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** A running web chat server. */
export interface WebChatProcess {
  /** The address it printed (`http://127.0.0.1:<port>/`). */
  url: string;
  /** Everything it wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM to its process group (npm and the server); resolves when both closed their output. */
  stop(): Promise<void>;
}

/** Starts the server on a free port with the SQLite file `db`; resolves once it printed its address. */
export function startWebChat(db: string, timeoutMs = 60_000): Promise<WebChatProcess> {
  const env: NodeJS.ProcessEnv = { ...process.env, npm_config_update_notifier: 'false' };
  delete env.OPENAI_API_KEY;
  const child = spawn('npm', ['run', '--silent', 'example', '--', 'web-chat', '--port', '0', '--db', db], {
    cwd: root,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  // 'close': npm and the server (which shares its pipes) have both ended.
  const closed = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined)
      process.kill(-child.pid, 'SIGTERM');
    await closed;
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`the web chat printed no address within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    void closed.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the web chat exited with ${code}:\n${output}`));
    });
    const read = (data: Buffer) => {
      output += data.toString();
      const url = /(http:\/\/127\.0\.0\.1:\d+\/)/.exec(output)?.[1];
      if (url === undefined) return;
      clearTimeout(timer);
      resolve({ url, output: () => output, stop });
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
  });
}
