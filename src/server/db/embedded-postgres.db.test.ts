import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { firstClosedFolder, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded-postgres';

const dataDir = mkdtempSync(path.join(tmpdir(), 'servc-lock-'));
chmodSync(dataDir, 0o755);
let first: EmbeddedDatabase | undefined;
afterAll(async () => {
  await first?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded PostgreSQL', () => {
  it('listens on a loopback port of its own and answers queries', async () => {
    first = await startEmbeddedPostgres(dataDir);
    const url = new URL(first.url);
    expect(url.hostname).toBe('127.0.0.1');
    expect(Number(url.port)).toBeGreaterThan(1024);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const { rows } = await client.query<{ listen: string }>(
      `select current_setting('listen_addresses') as listen`,
    );
    expect(rows[0]!.listen).toBe('127.0.0.1');
    await client.end();
  });

  it('refuses, clearly and without touching it, a DATA_DIR another running server holds', async () => {
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrow(
      /is in use by another running database \(pid \d+\)/,
    );
    const client = new pg.Client({ connectionString: first!.url });
    await client.connect();
    expect((await client.query('select 1 as ok')).rows[0].ok).toBe(1);
    await client.end();
  });

  it('starts again on the same folder after a clean stop', async () => {
    await first!.stop();
    first = await startEmbeddedPostgres(dataDir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    expect((await client.query('select 1 as ok')).rows[0].ok).toBe(1);
    await client.end();
  });

  it('names the folder the "postgres" user cannot enter', () => {
    const outer = mkdtempSync(path.join(tmpdir(), 'servc-closed-'));
    const inner = path.join(outer, 'data');
    try {
      mkdirSync(inner, { mode: 0o755 });
      chmodSync(outer, 0o700);
      expect(firstClosedFolder(inner)).toBe(outer);
      chmodSync(outer, 0o711);
      expect(firstClosedFolder(inner)).toBeUndefined();
    } finally {
      rmSync(outer, { recursive: true, force: true });
    }
  });
});
