// The scenario suite against the Prism mock of the contract (started by mock-global-setup.ts):
// shape-level checks only, as the mock keeps no state.
import { inject } from 'vitest';
import { newApiKey } from '../../src/store/secrets/api-keys';
import { EXAMPLE_PROJECT_ID } from '../support/contract';
import { defineScenarios } from './scenarios';

defineScenarios({
  name: 'mock',
  async setup() {
    return {
      baseUrl: inject('mockBaseUrl'),
      // A well-formed key; the mock accepts any bearer token.
      apiKey: newApiKey(),
      // Any well-formed id works on the mock; this is the project of the contract's examples.
      projectId: EXAMPLE_PROJECT_ID,
      async teardown() {},
    };
  },
});
