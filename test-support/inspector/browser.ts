import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type BrowserContext, chromium } from 'playwright-core';

const script = fileURLToPath(new URL('../../scripts/chromium.sh', import.meta.url));

/**
 * Debian's Chromium, installed by `scripts/chromium.sh` when missing; returns its path. Throws with the
 * script's output when it cannot be had, so a browser test fails loudly instead of skipping.
 */
export function ensureChromium(): string {
  const r = spawnSync('bash', [script], { encoding: 'utf8', timeout: 900_000 });
  const path = r.stdout.trim().split('\n').at(-1);
  if (r.status !== 0 || !path)
    throw new Error(`scripts/chromium.sh failed (exit ${r.status ?? r.signal}):\n${r.stdout}${r.stderr}`);
  return path;
}

/** The flags this machine needs (no network but loopback, no sandbox as root, no GPU). */
export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A headless Chromium with a fresh profile; `close()` ends it and deletes the profile. */
export async function launchBrowser(
  executablePath: string,
  viewport = { width: 1280, height: 860 },
): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'engram-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    args: chromiumArgs,
    viewport,
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
