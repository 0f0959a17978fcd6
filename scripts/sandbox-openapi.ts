// `tsx scripts/sandbox-openapi.ts`: writes openapi/workflows/sandbox.openapi.json, the OpenAPI
// document of the sandbox's own endpoints (src/sandbox/openapi.ts), which the sandbox-session
// workflow names as its second source description. Run it after changing src/sandbox/schemas.ts
// or the endpoints; test/workflows/sandbox.test.ts fails while the file is out of date.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../src/core/bundle-file';
import { sandboxOpenApi } from '../src/sandbox/openapi';

export const sandboxOpenApiPath = join(projectRoot, 'openapi', 'workflows', 'sandbox.openapi.json');
export const sandboxOpenApiText = (): string => `${JSON.stringify(sandboxOpenApi(), null, 2)}\n`;

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(sandboxOpenApiPath, sandboxOpenApiText());
  console.log(`wrote ${sandboxOpenApiPath}`);
}
