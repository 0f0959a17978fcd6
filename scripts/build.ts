// `npm run build`, also run by `npm install` and `npm ci` (the `prepare` script), so `npm start`
// works on a fresh clone: compiles src/ to dist/src/ and builds the docs page the backend serves.
import { buildDocsPage, compile } from './compile';

const milliseconds = await compile();
process.stdout.write(`Compiled src/ to dist/src/ in ${milliseconds} ms.\n`);
if (!buildDocsPage())
  process.stdout.write('Docs page not built: @redocly/cli is not installed (development dependencies omitted).\n');
