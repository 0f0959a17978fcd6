// The trees updateFlow keeps between operations on a draft (src/flows/kept-trees.ts): one is used
// only for the very text it was kept for, it is frozen, and the copies operations change share
// its data but none of its steps.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keepTree, keptTreeOf } from '../../src/flows/kept-trees';
import { draftCopy } from '../../src/flows/operations/kept-tree';
import { allSteps, type Step } from '../../src/flows/operations/tree';
import { deepFrozen } from '../../src/store/reading/json';

/** A stored text's tree, frozen as a kept one is. */
const parsedTree = (text: string): Step => deepFrozen(JSON.parse(text) as Step);

const step = (name: string, extra: Record<string, unknown> = {}): Step => ({
  type: 'CODE',
  name,
  displayName: name,
  valid: true,
  settings: { sourceCode: { code: 'export const code = async () => 1;', packageJson: '{}' }, input: { n: [name] } },
  ...extra,
});

/** A tree with every kind of chain: after a step, in a loop, in a router's branches, on success and on failure. */
function everyChain(): Step {
  return {
    ...step('trigger', { type: 'EMPTY' }),
    nextAction: step('loop', {
      type: 'LOOP_ON_ITEMS',
      firstLoopAction: step('in_loop'),
      nextAction: step('router', {
        type: 'ROUTER',
        children: [step('branch_a'), null, step('branch_c')],
        nextAction: step('guarded', {
          continueOnFailureBranches: { onSuccess: step('on_success'), onFailure: step('on_failure'), note: { a: 1 } },
        }),
      }),
    }),
  };
}

/** Trees of steps of every kind with random data, `levels` of chains deep at most. */
function trees(levels: number): fc.Arbitrary<Step> {
  const below: fc.Arbitrary<Step | undefined> =
    levels === 0 ? fc.constant(undefined) : fc.option(trees(levels - 1), { nil: undefined });
  return fc
    .record({
      type: fc.constantFrom('CODE', 'PIECE', 'LOOP_ON_ITEMS', 'ROUTER', 'EMPTY'),
      name: fc.string({ maxLength: 6 }),
      settings: fc.dictionary(fc.string({ maxLength: 4 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
      nextAction: below,
      firstLoopAction: below,
      children: fc.option(
        fc.array(
          below.map((child) => child ?? null),
          { maxLength: 3 },
        ),
        { nil: undefined },
      ),
      continueOnFailureBranches: fc.option(fc.record({ onSuccess: below, onFailure: below }), { nil: undefined }),
    })
    .map((record) => JSON.parse(JSON.stringify(record)) as Step);
}

describe('draftCopy', () => {
  it('copies every step a walk of the tree reaches and shares every setting', () => {
    const kept = parsedTree(JSON.stringify(everyChain()));
    const copy = draftCopy(kept);
    expect(JSON.stringify(copy)).toBe(JSON.stringify(kept));
    const keptSteps = allSteps(kept);
    const copied = allSteps(copy);
    expect(copied.map((s) => s.name)).toEqual(keptSteps.map((s) => s.name));
    copied.forEach((s, index) => {
      expect(s).not.toBe(keptSteps[index]);
      expect(s.settings).toBe(keptSteps[index]?.settings);
    });
    expect(copy.nextAction?.nextAction?.children).not.toBe(kept.nextAction?.nextAction?.children);
  });

  it('leaves the kept tree as it was when the copy is changed, and refuses a change of what they share', () => {
    const text = JSON.stringify(everyChain());
    const kept = parsedTree(text);
    const copy = draftCopy(kept);
    const router = copy.nextAction?.nextAction as Step;
    router.children?.splice(0, 1, null);
    const guarded = router.nextAction as Step;
    delete guarded.continueOnFailureBranches?.onSuccess;
    delete router.nextAction;
    (copy.nextAction as Step).valid = false;
    (copy.nextAction as Step).firstLoopAction = undefined;
    expect(JSON.stringify(kept)).toBe(text);
    expect(() => {
      (copy.nextAction as Step).settings.items = 'changed';
    }).toThrow(TypeError);
    expect(() => {
      ((copy.nextAction as Step).settings.input as { n: string[] }).n.push('x');
    }).toThrow(TypeError);
  });

  it('gives a copy that serialises as the tree does and shares no step with it, for any tree', () => {
    fc.assert(
      fc.property(trees(3), (tree) => {
        const kept = parsedTree(JSON.stringify(tree));
        const copy = draftCopy(kept);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(tree));
        const keptSteps = new Set(allSteps(kept));
        for (const copied of allSteps(copy)) expect(keptSteps.has(copied)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });
});

describe('keptTreeOf', () => {
  it('gives the kept tree for the text it was kept for only', () => {
    const text = JSON.stringify(everyChain());
    const tree = parsedTree(text);
    keepTree('version-a', text, tree);
    // The same characters read again from the store: a string of its own, equal to the kept one.
    expect(keptTreeOf('version-a', text.slice(0, -1) + text.slice(-1))).toBe(tree);
    const changed = text.replace('"displayName":"in_loop"', '"displayName":"changed elsewhere"');
    const parsed = keptTreeOf('version-a', changed);
    expect(parsed).not.toBe(tree);
    expect(JSON.stringify(parsed)).toBe(changed);
    // And the one kept now is the tree of the text last read.
    expect(keptTreeOf('version-a', changed)).toBe(parsed);
    expect(keptTreeOf('version-a', text)).not.toBe(tree);
  });

  it('gives a frozen tree, kept or parsed', () => {
    const text = JSON.stringify(everyChain());
    expect(Object.isFrozen(keptTreeOf('version-b', text))).toBe(true);
    const tree = { ...everyChain() };
    keepTree('version-c', JSON.stringify(tree), tree);
    expect(Object.isFrozen(tree.nextAction?.settings)).toBe(true);
    expect(keptTreeOf('version-c', JSON.stringify(tree))).toBe(tree);
  });

  it('keeps at most 2 MB of text, forgetting the least recently used first', () => {
    const long = (n: number) => JSON.stringify({ ...step(`s${n}`), padding: 'x'.repeat(100_000) });
    const first = keptTreeOf('long-0', long(0));
    for (let n = 1; n < 30; n += 1) keptTreeOf(`long-${n}`, long(n));
    // 30 texts of 100 KB: the first ones are forgotten; the last is still kept.
    expect(keptTreeOf('long-0', long(0))).not.toBe(first);
    const last = keptTreeOf('long-29', long(29));
    expect(keptTreeOf('long-29', long(29))).toBe(last);
    // A text over a eighth of the bound is never kept.
    const huge = JSON.stringify({ ...step('huge'), padding: 'x'.repeat(300_000) });
    expect(keptTreeOf('huge', huge)).not.toBe(keptTreeOf('huge', huge));
  });
});
