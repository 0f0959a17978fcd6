// `npm run build:client`: the client package in dist/client-package/ (then `npm pack` there gives
// the tarball a frontend team installs), and the size a browser app pays for the client.
import { join } from 'node:path';
import { buildClientPackage, measureClientSize, SIZE_BUDGET_BYTES } from './client/package';

const started = Date.now();
const built = await buildClientPackage();
const size = await measureClientSize(join(built.dir, 'dist', 'src', 'client', 'index.js'));
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
process.stdout.write(
  `Built ${built.name}@${built.version} in ${built.dir} (${built.files.length} files) in ${Date.now() - started} ms.\n` +
    `Client JavaScript for a browser app (index with openapi-fetch, minified): ${kib(size.minified)}, ` +
    `gzip ${kib(size.gzip)} (${size.gzip} bytes; budget ${kib(SIZE_BUDGET_BYTES)}).\n` +
    `Tarball: cd ${built.dir} && npm pack\n`,
);
if (size.gzip > SIZE_BUDGET_BYTES) {
  process.stderr.write(`The client is over its size budget: ${size.gzip} > ${SIZE_BUDGET_BYTES} bytes gzipped.\n`);
  process.exit(1);
}
