// The contract walker and the committed bundle, for tests that inspect the contract itself: a
// re-export of src/core (one copy for the scripts, the client and the tests).
export { bundlePath, loadBundle, projectRoot } from '../../src/core/bundle-file';
export {
  HTTP_METHODS,
  basePathOf,
  deref,
  isObject,
  listOperations,
  resolvePointer,
  type Bundle,
  type HttpMethod,
  type JsonObject,
  type OperationEntry,
} from '../../src/core/contract';
