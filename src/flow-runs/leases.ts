// Whether a request holds a run's lease (src/flow-runs/queue.ts), and what ending a lease does to a
// run's job: the checks updateFlowRun and heartbeatFlowRun make inside their writes, so that an
// engine whose lease expired or was superseded cannot overwrite the run another engine now holds.
import { ApiError } from '../core/errors';
import type { FlowRunJobRow } from './queue-queries';

/** Why a request does not hold the lease: `missing`, none sent for a leased run; `none`, the run is not leased. */
export type LeaseLoss = 'expired' | 'superseded' | 'missing' | 'none';

/** What is wrong with the lease a request presents for a run whose job is `job`, at `at`; null when it holds it. */
export function leaseLoss(job: FlowRunJobRow | undefined, token: string | undefined, at: string): LeaseLoss | null {
  const leased = job !== undefined && job.lease_token !== null;
  if (!leased) return token === undefined ? null : 'none';
  if (token === undefined) return 'missing';
  if (token !== job.lease_token) return 'superseded';
  // A leased job's available_at is its lease's expiry.
  if (job.available_at === null || job.available_at <= at) return 'expired';
  return null;
}

const LOSS_DETAIL: Record<LeaseLoss, string> = {
  expired: 'expired; the run is offered to engines again, and this engine no longer holds it',
  superseded: 'was superseded by a newer lease; another engine holds the run now',
  missing: 'is required: the run is leased to an engine, and only its lease updates it',
  none: 'names no lease the run has: it is not leased to an engine',
};

export function leaseConflict(runId: string, loss: LeaseLoss): ApiError {
  const what = loss === 'missing' ? 'A lease' : `The lease presented for flow run ${runId}`;
  const detail =
    loss === 'missing' ? `${what} ${LOSS_DETAIL[loss]} (flow run ${runId}).` : `${what} ${LOSS_DETAIL[loss]}.`;
  return new ApiError('FLOW_RUN_LEASE_CONFLICT', detail, { params: { runId, lease: loss } });
}

/** An ISO time `seconds` after `at`. */
export function secondsAfter(at: string, seconds: number): string {
  return new Date(Date.parse(at) + seconds * 1000).toISOString();
}
