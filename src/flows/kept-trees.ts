// The trees of the drafts this process changed last, by version id, each frozen and with its stored
// text (src/flows/operations/kept-tree.ts). An editor sends one operation after another on one
// draft: each starts from the tree the last one left instead of parsing the stored text again. The
// text is the proof: a kept tree is used only for the very text read in the operation's own
// transaction, so a change made by another instance, or by any other writer, is parsed afresh.
import { deepFrozen } from '../store/reading/json';
import type { Step } from './operations/tree';

/** At most this much stored text is kept (a 50-step flow's is about 12.5 KB; its tree takes a little more). */
const KEPT_TEXT_LENGTH = 2 * 1024 * 1024;

const kept = new Map<string, { text: string; tree: Step }>();
let keptLength = 0;

function forget(versionId: string): void {
  const entry = kept.get(versionId);
  if (entry === undefined) return;
  kept.delete(versionId);
  keptLength -= entry.text.length;
}

/** The version's tree for its stored `text`, frozen: the one kept, or the text parsed (and kept). */
export function keptTreeOf(versionId: string, text: string): Step {
  const entry = kept.get(versionId);
  if (entry !== undefined && entry.text === text) {
    // The most recently used last: the first forgotten are the oldest.
    kept.delete(versionId);
    kept.set(versionId, entry);
    return entry.tree;
  }
  const tree = JSON.parse(text) as Step;
  keepTree(versionId, text, tree);
  return tree;
}

/** Keeps `tree`, frozen, as the version's tree for its stored `text`. */
export function keepTree(versionId: string, text: string, tree: Step): void {
  deepFrozen(tree);
  forget(versionId);
  if (text.length > KEPT_TEXT_LENGTH / 8) return;
  kept.set(versionId, { text, tree });
  keptLength += text.length;
  for (const [oldest] of kept) {
    if (keptLength <= KEPT_TEXT_LENGTH) break;
    forget(oldest);
  }
}
