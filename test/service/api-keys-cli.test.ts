// The API key commands of the compiled command line (`npm run cli -- …`) on an embedded store:
// list-platforms (the ids create-api-key takes), create-api-key with a role, projects, an expiry and
// a displayName (the secret printed once), list-api-keys (never a secret), revoke-api-key; the key
// events logged on stderr without the secret; and the refusals, in the words of the options.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/engine/database';
import { isApiKey, principalOfApiKey } from '../../src/store/secrets/api-keys';
import { projectRoot } from '../support/bundle';

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

const dataDir = mkdtempSync(join(tmpdir(), 'api-keys-cli-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function cli(...args: string[]): Promise<Finished> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(projectRoot, 'dist', 'src', 'cli.js'), ...args], {
      cwd: projectRoot,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.once('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Who the key is, read from the store as a fresh instance would. */
async function principalOf(apiKey: string) {
  const store = openStore({ kind: 'sqlite', dataDir });
  try {
    return await principalOfApiKey(store, apiKey);
  } finally {
    await store.close();
  }
}

describe('the API key commands', () => {
  let platformId = '';
  let projectId = '';
  beforeAll(async () => {
    const platform = await cli('create-platform', '--name', 'Acme', '--admin-email', 'ada@example.com');
    expect(platform.code, platform.stderr).toBe(0);
    platformId = /Platform (\w{21})/.exec(platform.stdout)?.[1] ?? '';
    const demo = await cli('demo-data', '--platform', platformId);
    expect(demo.code, demo.stderr).toBe(0);
    projectId = /project (\w{21})/.exec(demo.stdout)?.[1] ?? '';
  }, 60_000);

  it('creates a key with a role, a project, an expiry and a displayName, prints it once, and lists and revokes it', async () => {
    const made = await cli(
      'create-api-key',
      '--platform',
      platformId,
      '--role',
      'viewer',
      '--project',
      projectId,
      '--expires',
      '30d',
      '--display-name',
      'Run dashboard',
    );
    expect(made.code, made.stderr).toBe(0);
    const apiKey = made.stdout.split(/\s+/).find(isApiKey) ?? '';
    const keyId = made.stdout.split(/\s+/)[0] ?? '';
    expect(made.stdout).toContain(`projects ${projectId}`);
    expect(await principalOf(apiKey)).toMatchObject({ keyId, role: 'VIEWER', projectIds: [projectId] });

    const listed = await cli('list-api-keys');
    expect(listed.code, listed.stderr).toBe(0);
    const line = listed.stdout.split('\n').find((text) => text.startsWith(keyId)) ?? '';
    expect(line).toContain(`…${apiKey.slice(-4)}`);
    expect(line).toContain('VIEWER');
    expect(line).toContain('"Run dashboard"');
    expect(line).toMatch(/expires \d{4}-\d{2}-\d{2}T/);
    expect(listed.stdout).toContain('"Admin key"');
    expect(listed.stdout).not.toContain(apiKey);

    const revoked = await cli('revoke-api-key', keyId);
    expect(revoked.code, revoked.stderr).toBe(0);
    expect(revoked.stdout).toMatch(new RegExp(`^Revoked: ${keyId}`));
    expect(await principalOf(apiKey)).toBeUndefined();
    expect((await cli('list-api-keys', '--platform', platformId)).stdout).not.toContain(keyId);

    const events = [made.stderr, revoked.stderr]
      .join('\n')
      .split('\n')
      .filter((text) => text.startsWith('{'))
      .map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(events).toContainEqual(expect.objectContaining({ msg: 'api key created', keyId, byCommandLine: true }));
    expect(events).toContainEqual(expect.objectContaining({ msg: 'api key revoked', keyId, byCommandLine: true }));
    expect(`${made.stderr}${revoked.stderr}`).not.toContain(apiKey);
  });

  it('lists the platforms with the id create-api-key takes, oldest first', async () => {
    const other = await cli('create-platform', '--name', 'Globex "East"', '--admin-email', 'hank@example.com');
    expect(other.code, other.stderr).toBe(0);
    const otherId = /Platform (\w{21})/.exec(other.stdout)?.[1] ?? '';
    const listed = await cli('list-platforms');
    expect(listed.code, listed.stderr).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      new RegExp(`^${platformId}  created \\d{4}-\\d{2}-\\d{2}T.*  "Acme"  admin ada@example.com$`),
    );
    expect(lines[1]).toMatch(new RegExp(`^${otherId}  created .*  "Globex \\\\"East\\\\""  admin hank@example.com$`));
    const made = await cli('create-api-key', '--platform', lines[1]?.split(' ')[0] ?? '', '--name', 'By its old flag');
    expect(made.code, made.stderr).toBe(0);
    expect(made.stdout).toContain(`platform ${otherId}`);
    expect(made.stdout).toContain('"By its old flag"');
  });

  it('makes an ADMIN key by default, as it always did', async () => {
    const made = await cli('create-api-key', '--platform', platformId);
    expect(made.code, made.stderr).toBe(0);
    expect(await principalOf(made.stdout.split(/\s+/).find(isApiKey) ?? '')).toMatchObject({ role: 'ADMIN' });
    expect((await principalOf(made.stdout.split(/\s+/).find(isApiKey) ?? ''))?.projectIds).toBeUndefined();
  });

  it.each([
    [['--role', 'OWNER'], /--role: 'OWNER' is not ADMIN, EDITOR, VIEWER or ENGINE/],
    [['--role', 'EDITOR', '--expires', '2020-01-01T00:00:00Z'], /--expires: must be in the future/],
    [['--role', 'EDITOR', '--expires', 'soon'], /--expires: 'soon' is neither a time/],
    [['--role', 'EDITOR', '--project', 'AAAAAAAAAAAAAAAAAAAAA'], /--project: is not a project of this platform/],
    [['--role', 'EDITOR', '--project', 'nope'], /--project: 'nope' is not an id/],
    [['--project', 'PROJECT'], /--project: must be left out for an ADMIN key/],
    [['--display-name', ''], /--display-name: 1 to 255 characters/],
    [['--name', ''], /--display-name: 1 to 255 characters/],
    [['--name', 'A', '--display-name', 'B'], /--display-name and --name are the same option/],
  ])('refuses %j with exit code 2, and makes no key', async (args, says) => {
    const before = (await cli('list-api-keys')).stdout;
    const refused = await cli(
      'create-api-key',
      '--platform',
      platformId,
      ...args.map((arg) => (arg === 'PROJECT' ? projectId : arg)),
    );
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(says);
    expect((await cli('list-api-keys')).stdout).toBe(before);
  });

  it('answers an unknown key id with exit code 1, and a malformed one with 2', async () => {
    const unknown = await cli('revoke-api-key', 'AAAAAAAAAAAAAAAAAAAAA');
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/no API key AAAAAAAAAAAAAAAAAAAAA/);
    const malformed = await cli('revoke-api-key', 'nope');
    expect(malformed.code).toBe(2);
    expect(malformed.stderr).toMatch(/'nope' is not a key id/);
  });
});
