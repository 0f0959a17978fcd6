// The scenario suite against the real backend, on every store of the run: the same calls as the
// mock target plus behaviour assertions. The project gets one recorded run, as the suite needs.

import { platformAdmin } from '../../src/core/principal';
import * as flowService from '../../src/flows/service';
import * as projectService from '../../src/projects/service';
import { startBackend, storeKinds } from '../support/backend';
import { givenRun } from '../support/builders';
import { defineScenarios } from './scenarios';

for (const kind of storeKinds) {
  defineScenarios({
    name: 'backend',
    async setup() {
      const backend = await startBackend(kind);
      const principal = platformAdmin(backend.platformId, backend.adminUserId);
      const project = await projectService.create(backend.store, principal, {
        displayName: `Scenario project (${kind})`,
      });
      const flow = await flowService.create(backend.store, principal, {
        displayName: 'Scenario flow',
        projectId: project.id,
      });
      await givenRun(backend.store, {
        flowId: flow.id,
        status: 'SUCCEEDED',
        duration: 1200,
        finishTime: new Date(Date.now() + 1200).toISOString(),
        steps: { trigger: { status: 'SUCCEEDED' } },
      });
      return {
        baseUrl: backend.baseUrl,
        apiKey: backend.apiKey,
        projectId: project.id,
        teardown: () => backend.close(),
      };
    },
  });
}
