// A session put to sleep leaves behind its store's serialized image, a Buffer of about 480 KB whose
// memory is freed only when V8 collects it. An idle sandbox allocates nothing else, so nothing made
// V8 collect: 500 sleeping sessions kept about 170 MB of such garbage resident. After a sweep puts
// sessions to sleep, the sandbox asks V8 for a minor collection (a scavenge: about a millisecond),
// which frees them. V8's gc() is reached as jest's leak detector reaches it.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options: { type: 'minor' | 'major' }) => void;

let collect: Collect | undefined;

/** Collects the young generation's garbage now (a no-op should V8 not offer gc()). */
export function collectYoungGarbage(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    const found: unknown = runInNewContext('typeof gc === "function" ? gc : undefined');
    collect = typeof found === 'function' ? (found as Collect) : () => undefined;
  }
  collect({ type: 'minor' });
}
