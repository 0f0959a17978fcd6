// Runs started by schedules (issue 43): each trigger of the reference's schedule piece shows its
// schedule (triggerSource.schedule); an enabled flow with a scheduled published version has a next
// due time, which a disable clears; the scheduler queues one run of a due flow (tagged `schedule`,
// the due time in its payload), once however many instances fire at the same time, and once for a
// missed period after downtime; the server's own ticker does it. On every store.
import { describe, expect, it } from 'vitest';
import { type Schemas, unwrap } from '../../src/client';
import { fireDueSchedules, SCHEDULE_TAG } from '../../src/flow-runs/scheduler';
import { storeKinds } from '../support/backend';
import { givenProject } from '../support/builders';
import { useBackend } from '../support/suite';

type TriggerInput = Schemas['FlowTriggerInput'];

function scheduleTrigger(triggerName: string, input: Record<string, unknown>): TriggerInput {
  return {
    type: 'PIECE_TRIGGER',
    name: 'trigger',
    displayName: 'On a schedule',
    valid: true,
    settings: {
      pieceName: '@activepieces/piece-schedule',
      pieceVersion: '~0.1.5',
      triggerName,
      input,
      propertySettings: {},
    },
  } as TriggerInput;
}

const EVERY_FIVE_MINUTES = scheduleTrigger('cron_expression', { cronExpression: '*/5 * * * *', timezone: 'UTC' });

describe.each(storeKinds)('scheduled flows on %s', (kind) => {
  // The server's own ticker off: each test fires the schedules itself, when it means to.
  const backend = useBackend(kind, { SCHEDULE_POLL_MS: '0' });

  async function scheduledFlow(trigger: TriggerInput, status: 'ENABLED' | 'DISABLED' = 'ENABLED') {
    const projectId = await givenProject(backend, { displayName: 'Scheduled' });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Nightly' } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: trigger });
    return apply({ type: 'LOCK_AND_PUBLISH', request: { status } });
  }

  const nextFireOf = async (flowId: string) =>
    (
      await backend.store.db
        .selectFrom('flows')
        .select('schedule_next_at')
        .where('id', '=', flowId)
        .executeTakeFirstOrThrow()
    ).schedule_next_at;
  const makeDue = (flowId: string, at: string) =>
    backend.store.db.updateTable('flows').set({ schedule_next_at: at }).where('id', '=', flowId).execute();
  const scheduledRuns = async (flow: Schemas['Flow']) =>
    (
      await unwrap(
        backend.client.GET('/v1/flow-runs', {
          params: { query: { projectId: flow.projectId, flowId: [flow.id], tags: [SCHEDULE_TAG] } },
        }),
      )
    ).data;

  it.each([
    ['every_x_minutes', { minutes: 15 }, '*/15 * * * *', 'UTC'],
    ['every_hour', {}, '0 * * * *', 'UTC'],
    [
      'every_day',
      { hour_of_the_day: 8, timezone: 'Europe/Berlin', run_on_weekends: false },
      '0 8 * * 1-5',
      'Europe/Berlin',
    ],
    [
      'every_day',
      { hour_of_the_day: 8, timezone: 'Europe/Berlin', run_on_weekends: true },
      '0 8 * * *',
      'Europe/Berlin',
    ],
    ['every_week', { day_of_the_week: 1, hour_of_the_day: 9, timezone: 'Asia/Tokyo' }, '0 9 * * 1', 'Asia/Tokyo'],
    ['every_month', { day_of_the_month: 15, hour_of_the_day: 6, timezone: 'UTC' }, '0 6 15 * *', 'UTC'],
    [
      'cron_expression',
      { cronExpression: '30 7 * * 1-5', timezone: 'America/New_York' },
      '30 7 * * 1-5',
      'America/New_York',
    ],
  ])(
    'shows %s %j as the schedule %s in %s, and fires next on it',
    async (triggerName, input, cronExpression, timezone) => {
      const flow = await scheduledFlow(scheduleTrigger(triggerName, input));
      expect(flow.triggerSource).toEqual({ schedule: { type: 'CRON_EXPRESSION', cronExpression, timezone } });
      const next = await nextFireOf(flow.id);
      expect(next).not.toBeNull();
      expect(Date.parse(next ?? '')).toBeGreaterThan(Date.now() - 1000);
    },
  );

  it.each([
    ['a time zone longer than Schedule.timezone takes', { cronExpression: '0 8 * * *', timezone: 'x'.repeat(65) }],
    ['a control character in the expression', { cronExpression: '0 8 * * *\n', timezone: 'UTC' }],
    ['an expression of six fields (seconds)', { cronExpression: '* * * * * *', timezone: 'UTC' }],
  ])('shows no schedule, and fires none, for %s', async (_case, input) => {
    const flow = await scheduledFlow(scheduleTrigger('cron_expression', input));
    if (input.cronExpression.split(' ').length === 6)
      expect(flow.triggerSource?.schedule.cronExpression).toBe('* * * * * *');
    else expect(flow.triggerSource).toBeUndefined();
    expect(await nextFireOf(flow.id)).toBeNull();
  });

  it('has a next due time only while enabled, and one after now when enabled again', async () => {
    const flow = await scheduledFlow(EVERY_FIVE_MINUTES, 'DISABLED');
    expect(await nextFireOf(flow.id)).toBeNull();
    const status = (to: 'ENABLED' | 'DISABLED') =>
      unwrap(
        backend.client.POST('/v1/flows/{id}', {
          params: { path: { id: flow.id } },
          body: { type: 'CHANGE_STATUS', request: { status: to } },
        }),
      );
    await status('ENABLED');
    const next = await nextFireOf(flow.id);
    expect(Number(next?.slice(14, 16)) % 5).toBe(0);
    await status('DISABLED');
    expect(await nextFireOf(flow.id)).toBeNull();
    // Disabled, it is not fired, even with a due time left behind.
    await makeDue(flow.id, '2020-01-01T00:00:00.000Z');
    await fireDueSchedules(backend.store);
    expect(await scheduledRuns(flow)).toEqual([]);
  });

  it('queues one run of a flow due three hours ago, with the due time in its payload, and its next due time after now', async () => {
    const flow = await scheduledFlow(EVERY_FIVE_MINUTES);
    const dueAt = new Date(Date.now() - 3 * 3600_000).toISOString();
    await makeDue(flow.id, dueAt);
    const fired = await fireDueSchedules(backend.store);
    const runs = await scheduledRuns(flow);
    expect(runs).toHaveLength(1);
    expect(fired).toContain(runs[0]?.id);
    expect(runs[0]).toMatchObject({
      status: 'QUEUED',
      environment: 'PRODUCTION',
      flowVersionId: flow.publishedVersionId,
    });
    expect(Date.parse((await nextFireOf(flow.id)) ?? '')).toBeGreaterThan(Date.now() - 1000);
    // Nothing more is due: firing again queues nothing.
    await fireDueSchedules(backend.store);
    expect(await scheduledRuns(flow)).toHaveLength(1);

    const engineKey = await unwrap(
      backend.client.POST('/v1/api-keys', {
        body: { displayName: 'Engine', role: 'ENGINE', projectIds: [flow.projectId] },
      }),
    );
    const leased = await unwrap(backend.clientWith(engineKey.key).POST('/v1/flow-runs/lease', { body: { limit: 10 } }));
    expect(leased.data.map((lease) => [lease.run.id, lease.payload])).toEqual([
      [runs[0]?.id, { scheduledFor: dueAt, cronExpression: '*/5 * * * *', timezone: 'UTC' }],
    ]);
  });

  it('counts consecutive failed scheduled runs in failureCount, and a success sets it back to 0', async () => {
    const flow = await scheduledFlow(EVERY_FIVE_MINUTES);
    const engineKey = await unwrap(
      backend.client.POST('/v1/api-keys', {
        body: { displayName: 'Engine', role: 'ENGINE', projectIds: [flow.projectId] },
      }),
    );
    const engine = backend.clientWith(engineKey.key);
    const failureCount = async () =>
      (
        await backend.store.db
          .selectFrom('flows')
          .select('schedule_failure_count')
          .where('id', '=', flow.id)
          .executeTakeFirstOrThrow()
      ).schedule_failure_count;
    const fireAndEnd = async (status: 'FAILED' | 'SUCCEEDED' | 'CANCELED') => {
      await makeDue(flow.id, new Date(Date.now() - 60_000).toISOString());
      await fireDueSchedules(backend.store);
      const [lease] = (await unwrap(engine.POST('/v1/flow-runs/lease', { body: { limit: 1 } }))).data;
      if (!lease) throw new Error('no scheduled run to lease');
      await unwrap(
        engine.POST('/v1/flow-runs/{id}', {
          params: { path: { id: lease.run.id } },
          body: { status, leaseToken: lease.lease.token },
        }),
      );
      return failureCount();
    };
    expect(await failureCount()).toBe(0);
    expect(await fireAndEnd('FAILED')).toBe(1);
    expect(await fireAndEnd('FAILED')).toBe(2);
    // A cancel is a person's choice, not a failure of the schedule.
    expect(await fireAndEnd('CANCELED')).toBe(2);
    expect(await fireAndEnd('SUCCEEDED')).toBe(0);
  });

  it('fires a due flow once when eight schedulers fire at the same time', async () => {
    const flow = await scheduledFlow(EVERY_FIVE_MINUTES);
    await makeDue(flow.id, new Date(Date.now() - 60_000).toISOString());
    const fired = (await Promise.all(Array.from({ length: 8 }, () => fireDueSchedules(backend.store)))).flat();
    const runs = await scheduledRuns(flow);
    expect(runs).toHaveLength(1);
    expect(fired.filter((runId) => runId === runs[0]?.id)).toHaveLength(1);
  });
});

describe.each(storeKinds)('the scheduler of a running server on %s', (kind) => {
  const backend = useBackend(kind, { SCHEDULE_POLL_MS: '50' });

  it('queues the run of a due flow by itself', async () => {
    const projectId = await givenProject(backend, { displayName: 'Ticking' });
    const flow = await unwrap(backend.client.POST('/v1/flows', { body: { projectId, displayName: 'Ticking' } }));
    const apply = (body: Schemas['FlowOperationRequest']) =>
      unwrap(backend.client.POST('/v1/flows/{id}', { params: { path: { id: flow.id } }, body }));
    await apply({ type: 'UPDATE_TRIGGER', request: EVERY_FIVE_MINUTES });
    await apply({ type: 'LOCK_AND_PUBLISH', request: { status: 'ENABLED' } });
    await backend.store.db
      .updateTable('flows')
      .set({ schedule_next_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', flow.id)
      .execute();
    let runs: Schemas['FlowRunSummary'][] = [];
    // Bounded against a hang, not a budget: the ticker fires every 50 ms.
    for (let waited = 0; runs.length === 0 && waited < 600; waited += 1) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      runs = (
        await unwrap(
          backend.client.GET('/v1/flow-runs', {
            params: { query: { projectId, flowId: [flow.id], tags: [SCHEDULE_TAG] } },
          }),
        )
      ).data;
    }
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'QUEUED', tags: [SCHEDULE_TAG] });
  });
});
