// A small client of Chromium's DevTools protocol over --remote-debugging-pipe (messages as JSON,
// each ended by a NUL, written to the browser's descriptor 3 and read from its descriptor 4), so
// the page's test needs no WebSocket and no test framework.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export async function openBrowser() {
  const profile = mkdtempSync(path.join(tmpdir(), 'movimentum-chromium-'));
  const browser = spawn('chromium', [
    '--headless=new', '--remote-debugging-pipe', `--user-data-dir=${profile}`, '--no-sandbox',
    '--no-first-run', '--disable-gpu', '--allow-file-access-from-files', 'about:blank',
  ], { stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'], detached: true });
  const pending = new Map();
  let nextId = 1;
  let buffer = '';
  browser.stdio[4].on('data', (chunk) => {
    buffer += chunk.toString('utf8');
    for (let end = buffer.indexOf('\0'); end >= 0; end = buffer.indexOf('\0')) {
      const message = JSON.parse(buffer.slice(0, end));
      buffer = buffer.slice(end + 1);
      const waiting = pending.get(message.id);
      if (!waiting) continue;
      pending.delete(message.id);
      if (message.error) waiting.reject(new Error(JSON.stringify(message.error)));
      else waiting.resolve(message.result);
    }
  });
  const send = (method, params = {}, sessionId = undefined) => new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    browser.stdio[3].write(JSON.stringify({ id, method, params, sessionId }) + '\0');
  });
  return {
    send,
    // A new tab at `url`, and an evaluate(expression) that awaits what the page's expression
    // returns (a promise's value included).
    async open(url) {
      const { targetId } = await send('Target.createTarget', { url });
      const { sessionId } = await send('Target.attachToTarget', { targetId, flatten: true });
      const tab = {
        send: (method, params) => send(method, params, sessionId),
        async evaluate(expression) {
          const { result, exceptionDetails } = await tab.send('Runtime.evaluate',
            { expression, awaitPromise: true, returnByValue: true });
          if (exceptionDetails) throw new Error(JSON.stringify(exceptionDetails));
          return result.value;
        },
      };
      return tab;
    },
    async close() {
      const exited = new Promise((resolve) => browser.once('exit', resolve));
      // Asked over the protocol, Chromium ends its helper processes and stops writing to its
      // profile before it exits; killed, it may leave them writing there for a while.
      send('Browser.close').catch(() => browser.kill());
      await exited;
      // Any helper still alive is in the browser's process group (spawned detached, it leads one).
      try { process.kill(-browser.pid, 'SIGKILL'); } catch { /* none left */ }
      // A profile left in the temporary folder is no failure of the page's test.
      try {
        rmSync(profile, { recursive: true, force: true, maxRetries: 20, retryDelay: 100 });
      } catch (error) {
        console.warn(`devtools: ${profile} left behind (${error.code})`);
      }
    },
  };
}
