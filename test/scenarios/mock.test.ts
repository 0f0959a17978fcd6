// The scenario suite against the Prism mock of the contract (started by mock-global-setup.ts):
// shape-level checks only, as the mock keeps no state.
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { defineScenarios } from './scenarios';

/** A well-formed API key (`sk-` + 61 characters of 0-9A-Za-z); the mock accepts any bearer token. */
function randomApiKey(): string {
  const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
  return `sk-${Array.from(randomBytes(61), (byte) => alphabet[byte % alphabet.length]).join('')}`;
}

defineScenarios({
  name: 'mock',
  async setup() {
    return {
      baseUrl: inject('mockBaseUrl'),
      apiKey: randomApiKey(),
      // Any well-formed id works on the mock; this is the project of the contract's examples.
      projectId: 'tIGxaT6wLuyI20pyiBGVC',
      async teardown() {},
    };
  },
});
