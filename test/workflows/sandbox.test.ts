// The Arazzo workflows against a sandbox session (`npm run sandbox`, compiled, in its own process):
// a frontend team's test double must behave as the backend does, so every workflow passes there
// too, with the session's ADMIN key (the MCP one with the session's own MCP token), and the session
// keeps no record the workflows made. The sandbox's own workflow (a
// session's life: sandbox-session.arazzo.yaml) runs there too, with the sandbox endpoints'
// OpenAPI document as its second source, which must be what src/sandbox/openapi.ts builds.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RespectRun, runWorkflows, sandboxWorkflowFiles, workflowFiles } from '../../scripts/conformance/respect';
import { sandboxOpenApiPath, sandboxOpenApiText } from '../../scripts/sandbox-openapi';
import { type SandboxProcess, startSandboxProcess } from '../support/process';
import { type Receiver, startReceiver } from '../support/webhook-receiver';

interface Session {
  id: string;
  baseUrl: string;
  keys: { ADMIN: string };
}

async function json(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok)
    throw new Error(`${init?.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

describe('the Arazzo workflows against a sandbox session', () => {
  let sandbox: SandboxProcess;
  let receiver: Receiver;
  let session: Session;
  let projectsBefore: unknown;
  let run: RespectRun;
  let sandboxRun: RespectRun;

  beforeAll(async () => {
    sandbox = await startSandboxProcess();
    receiver = await startReceiver();
    // The `empty` fixture: a platform, its admin and one project, the user's own.
    session = (await json(`${sandbox.baseUrl}/sandbox/sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ fixture: 'empty' }),
    })) as Session;
    projectsBefore = await projectIds(session);
    [run, sandboxRun] = await Promise.all([
      runWorkflows({
        files: workflowFiles(),
        serverUrl: session.baseUrl,
        inputs: { apiKey: session.keys.ADMIN, receiverUrl: receiver.url },
      }),
      runWorkflows({
        files: sandboxWorkflowFiles(),
        serverUrl: sandbox.baseUrl,
        sandboxUrl: sandbox.baseUrl,
        inputs: { apiKey: session.keys.ADMIN },
      }),
    ]);
  }, 180_000);
  afterAll(async () => {
    await receiver?.close();
    await sandbox?.stop();
  });

  async function projectIds(of: Session): Promise<string[]> {
    const page = (await json(`${of.baseUrl}/v1/projects?limit=100`, {
      headers: { authorization: `Bearer ${of.keys.ADMIN}` },
    })) as { data: { id: string }[] };
    return page.data.map((project) => project.id).sort();
  }

  it('passes every workflow it runs', () => {
    const failures = run.results.flatMap((result) =>
      result.failures.map((failure) => `${result.workflowId} › ${failure.stepId}: ${failure.criterion}`),
    );
    expect(failures).toEqual([]);
    expect(run.results.map((result) => result.passed)).toEqual(workflowFiles().map(() => true));
    expect(run.exitCode, run.output).toBe(0);
  });

  it("leaves the session's projects as they were", async () => {
    expect(await projectIds(session)).toEqual(projectsBefore);
  });

  it("runs a session's life (sandbox-session.arazzo.yaml) with the sandbox endpoints' document", async () => {
    expect(sandboxWorkflowFiles().map((file) => file.split('/').at(-1))).toEqual(['sandbox-session.arazzo.yaml']);
    const failures = sandboxRun.results.flatMap((result) =>
      result.failures.map((failure) => `${result.workflowId} › ${failure.stepId}: ${failure.criterion}`),
    );
    expect(failures).toEqual([]);
    expect(sandboxRun.results.map((result) => [result.workflowId, result.passed])).toEqual([['sandboxSession', true]]);
    expect(sandboxRun.exitCode, sandboxRun.output).toBe(0);
    const sessions = (await json(`${sandbox.baseUrl}/sandbox/sessions`)) as { data: { id: string }[] };
    expect(sessions.data.map((other) => other.id)).toEqual([session.id]);
  });

  it('keeps openapi/workflows/sandbox.openapi.json as src/sandbox/openapi.ts builds it (tsx scripts/sandbox-openapi.ts)', () => {
    expect(readFileSync(sandboxOpenApiPath, 'utf8')).toBe(sandboxOpenApiText());
  });
});
