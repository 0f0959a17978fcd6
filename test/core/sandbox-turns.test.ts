// The sandbox's turns (src/sandbox/turns.ts): at most `capacity` requests served at once; a free
// turn goes to the next session in rotation, so a session's flood never keeps another waiting for
// more than about one turn; a paused turn (a forced delay) is given back meanwhile.
import { describe, expect, it } from 'vitest';
import { type Turn, Turns } from '../../src/sandbox/turns';

function recorder(turns: Turns) {
  const started: string[] = [];
  const held = new Map<string, Turn>();
  const take = (owner: object, name: string) => {
    held.set(
      name,
      turns.take(owner, () => started.push(name)),
    );
  };
  const done = (name: string) => held.get(name)?.done();
  return { started, take, done, held };
}

describe('Turns', () => {
  it('serves `capacity` at once, and then the sessions waiting in rotation', () => {
    const turns = new Turns(2);
    const flooding = {};
    const other = {};
    const { started, take, done } = recorder(turns);
    for (let index = 1; index <= 5; index += 1) take(flooding, `flood ${index}`);
    take(other, 'other 1');
    take(other, 'other 2');
    expect(started).toEqual(['flood 1', 'flood 2']);
    expect(turns.queued).toBe(5);
    done('flood 1');
    done('flood 2');
    expect(started).toEqual(['flood 1', 'flood 2', 'flood 3', 'other 1']);
    done('flood 3');
    done('other 1');
    expect(started.slice(4)).toEqual(['flood 4', 'other 2']);
    done('flood 4');
    done('other 2');
    done('flood 5');
    expect(started.slice(6)).toEqual(['flood 5']);
    expect(turns.queued).toBe(0);
  });

  it('counts a turn once however often it is done, and skips one whose request ended while it waited', () => {
    const turns = new Turns(1);
    const session = {};
    const { started, take, done } = recorder(turns);
    take(session, 'first');
    take(session, 'gone');
    take(session, 'third');
    done('gone');
    done('first');
    done('first');
    expect(started).toEqual(['first', 'third']);
    expect(turns.queued).toBe(0);
    take(session, 'fourth');
    expect(started).toEqual(['first', 'third']);
    done('third');
    expect(started).toEqual(['first', 'third', 'fourth']);
  });

  it('gives a paused turn back while its wait runs, and takes one again after it', async () => {
    const turns = new Turns(1);
    const { started, take, held, done } = recorder(turns);
    const delayed = {};
    const other = {};
    take(delayed, 'delayed');
    let release: () => void = () => undefined;
    const waiting = new Promise<void>((resolve) => {
      release = resolve;
    });
    const resumed = held.get('delayed')?.pause(waiting);
    take(other, 'other');
    expect(started).toEqual(['delayed', 'other']);
    let back = false;
    void resumed?.then(() => {
      back = true;
    });
    release();
    await waiting;
    await new Promise((resolve) => setImmediate(resolve));
    expect(back).toBe(false);
    done('other');
    await resumed;
    expect(back).toBe(true);
    done('delayed');
    expect(turns.queued).toBe(0);
  });
});
