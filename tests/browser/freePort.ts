// A TCP port nothing listens on now, for a test server of our own: never a fixed port that
// another checkout's server (another build) may already be answering on.

import { createServer } from 'node:net';

/** Asks the system for a free port on 127.0.0.1 (binds port 0, reads the port, lets it go). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port > 0 ? resolve(port) : reject(new Error('no port was given'))));
    });
  });
}

/**
 * The port a suite serves the build on: $PREVIEW_PORT when set, else a free one — chosen once
 * and written to $PREVIEW_PORT, so the processes the runner starts later (Playwright's workers
 * load the config again) serve and browse the same one.
 */
export async function previewPort(): Promise<number> {
  const named = process.env.PREVIEW_PORT;
  if (named !== undefined && named !== '') {
    const port = Number(named);
    if (!Number.isInteger(port) || port <= 0 || port > 65535) {
      throw new Error(`PREVIEW_PORT=${named} is invalid: expected a port number from 1 to 65535.`);
    }
    return port;
  }
  const port = await freePort();
  process.env.PREVIEW_PORT = String(port);
  return port;
}
