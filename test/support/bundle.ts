// The contract walker and the committed bundle, for tests that inspect the contract itself: a
// re-export of src/core (one copy for the scripts, the client and the tests).
export { bundlePath, loadBundle, projectRoot } from '../../src/core/bundle-file';
export {
  type Bundle,
  basePathOf,
  deref,
  HTTP_METHODS,
  type HttpMethod,
  isObject,
  type JsonObject,
  listOperations,
  type OperationEntry,
  resolvePointer,
} from '../../src/core/contract';
