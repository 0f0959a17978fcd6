// Webhooks: what the service delivers to an endpoint verifies with the endpoint's secret (the
// test event, an event of the subscribed project, and after a rotation the new secret), and a
// delivery whose body was changed does not: the check could fail. Needs the run's own receiver,
// reachable by the server (see scripts/conformance.ts: --listen, --receiver-url).
import { type Api, stringField } from '../http';
import { marked } from '../leftovers';
import { type Delivery, eventTypeOf, type RunReceiver, signatureProblem } from '../receiver';
import type { CheckRun, Expectations } from './check';
import { makeFlow, makeProject } from './fixtures';

/** How long a delivery may take to arrive: the service delivers from a queue, in the background. */
const DELIVERY_WAIT_MS = 30_000;

function expectSigned(expect: Expectations, delivery: Delivery | undefined, secret: string, what: string): void {
  if (!expect.that(delivery !== undefined, `${what} did not arrive within ${DELIVERY_WAIT_MS / 1000} s`) || !delivery)
    return;
  const problem = signatureProblem(delivery, secret);
  expect.that(problem === undefined, `${what}: ${problem}`);
  const tampered = signatureProblem({ ...delivery, body: `${delivery.body} ` }, secret);
  expect.that(tampered !== undefined, `${what}: a changed body still verifies, so the signature checks nothing`);
}

export async function webhookChecks(
  run: CheckRun,
  api: Api,
  receiver: RunReceiver,
  receiverUrl: string,
): Promise<void> {
  let endpointId: string;
  let secret: string;
  let projectId: string;
  try {
    projectId = await makeProject(api, 'webhooks');
    const endpoint = await api.must(201, 'POST', '/v1/webhook-endpoints', {
      json: {
        url: receiverUrl,
        eventTypes: ['flow.created'],
        projectIds: [projectId],
        description: marked('webhooks'),
      },
    });
    endpointId = stringField(endpoint, 'id');
    secret = stringField(endpoint, 'secret');
  } catch (error) {
    await run.check('webhooks', 'setting up a project and an endpoint at the receiver', async () => {
      throw error;
    });
    return;
  }
  await run.check('webhooks', "the test event verifies with the endpoint's secret", async (expect) => {
    // The receiver may hold the webhook workflow's test event too: this endpoint's is the one.
    const sent = await api.call('POST', `/v1/webhook-endpoints/${endpointId}/test`);
    if (!expect.status(sent, 201)) return;
    const delivery = await receiver.waitFor(
      (candidate) => eventTypeOf(candidate) === 'webhook_endpoint.test' && candidate.body.includes(endpointId),
      DELIVERY_WAIT_MS,
    );
    expectSigned(expect, delivery, secret, 'the test event');
  });
  await run.check(
    'webhooks',
    "an event of the subscribed project verifies with the endpoint's secret",
    async (expect) => {
      const flowId = await makeFlow(api, projectId);
      const delivery = await receiver.waitFor(
        (candidate) => eventTypeOf(candidate) === 'flow.created' && candidate.body.includes(flowId),
        DELIVERY_WAIT_MS,
      );
      expectSigned(expect, delivery, secret, `flow.created of flow ${flowId}`);
    },
  );
  await run.check('webhooks', 'after a rotation, deliveries verify with the new secret', async (expect) => {
    const rotated = await api.call('POST', `/v1/webhook-endpoints/${endpointId}/rotate-secret`);
    if (!expect.status(rotated, 200)) return;
    const newSecret = stringField(rotated, 'secret');
    expect.that(newSecret !== secret, 'the rotation answered the same secret');
    const before = receiver.deliveries.length;
    const flowId = await makeFlow(api, projectId, 'After the rotation');
    const delivery = await receiver.waitFor(
      (candidate) => receiver.deliveries.indexOf(candidate) >= before && candidate.body.includes(flowId),
      DELIVERY_WAIT_MS,
    );
    expectSigned(expect, delivery, newSecret, `flow.created of flow ${flowId} after the rotation`);
  });
}
