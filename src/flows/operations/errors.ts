// The problems a flow operation raises besides the schema's: a step that is not there (404), a
// place or value the flow cannot take (400 naming the field), a state that forbids it (409).
import { ApiError, invalid, notFound } from '../../core/errors';

/** A field of the body, as a JSON pointer (`/request/action/name`). */
export function badField(pointer: string, message: string): ApiError {
  return invalid('body', pointer, message);
}

export function noSuchStep(name: string): ApiError {
  return notFound('step', name);
}

/** 409: the flow's state does not allow the operation; `reason` is stable, `detail` for people. */
export function operationConflict(reason: string, detail: string, params: Record<string, string> = {}): ApiError {
  return new ApiError('FLOW_OPERATION_INVALID', detail, { params: { reason, ...params } });
}

export function nameTaken(name: string, pointer: string): ApiError {
  return operationConflict(
    'STEP_NAME_USED',
    `${pointer}: another step of the version is already named ${name}; step names are unique within a version.`,
    { stepName: name },
  );
}
