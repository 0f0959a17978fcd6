// The requests the bench measures on a store's demo data, shared by the full run, --stores and
// --instances so that their figures are of the same requests.
import type { BenchCase } from './load';

export interface BenchCases {
  reads: BenchCase[];
  writes: BenchCase[];
  /** upsertAppConnection's body: its connection is made before the load, so every measured upsert replaces it. */
  upsertBody: Record<string, unknown>;
}

export function benchCasesOf(data: { projectId: string; flowId: string }): BenchCases {
  const upsertBody = {
    externalId: 'bench-openai',
    displayName: 'Bench OpenAI',
    pieceName: '@activepieces/piece-openai',
    projectId: data.projectId,
    type: 'SECRET_TEXT',
    value: { type: 'SECRET_TEXT', secret_text: 'sk-bench-0123456789' },
  };
  return {
    upsertBody,
    reads: [
      { name: 'listFlows', method: 'GET', path: `/v1/flows?projectId=${data.projectId}&limit=10`, expectedStatus: 200 },
      { name: 'getFlow', method: 'GET', path: `/v1/flows/${data.flowId}`, expectedStatus: 200 },
      { name: 'listFlowRuns', method: 'GET', path: `/v1/flow-runs?projectId=${data.projectId}`, expectedStatus: 200 },
    ],
    writes: [
      {
        name: 'createFlow',
        method: 'POST',
        path: '/v1/flows',
        body: { projectId: data.projectId, displayName: 'Benchmark flow' },
        expectedStatus: 201,
      },
      {
        name: 'createProject',
        method: 'POST',
        path: '/v1/projects',
        body: { displayName: 'Bench' },
        expectedStatus: 201,
      },
      // An identity provider's or a deployment's sync stores the same connection again and again: every
      // request replaces it (200), its value sealed anew; the connection is made before the load.
      {
        name: 'upsertAppConnection',
        method: 'POST',
        path: '/v1/app-connections',
        body: upsertBody,
        expectedStatus: 200,
      },
    ],
  };
}
