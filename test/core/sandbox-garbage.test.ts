// The sandbox frees what sleeping sessions leave behind at once (src/sandbox/garbage.ts): after
// collectYoungGarbage, large buffers nobody holds any more no longer take memory.
import { describe, expect, it } from 'vitest';
import { collectYoungGarbage } from '../../src/sandbox/garbage';

const MIB = 1024 * 1024;

describe('collectYoungGarbage', () => {
  it('frees the memory of buffers nobody holds, without waiting for V8 to need it', async () => {
    const before = process.memoryUsage().arrayBuffers;
    (() => {
      // As a sleeping session's serialized images: 50 of 512 KiB, dropped at once.
      for (let index = 0; index < 50; index += 1) Buffer.alloc(512 * 1024, index);
    })();
    expect(process.memoryUsage().arrayBuffers - before).toBeGreaterThan(20 * MIB);
    collectYoungGarbage();
    // Their memory is released by a task after the collection.
    for (let turn = 0; turn < 50 && process.memoryUsage().arrayBuffers - before > 5 * MIB; turn += 1)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(5 * MIB);
  });
});
